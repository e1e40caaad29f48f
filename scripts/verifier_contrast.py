"""Contrast pairs for a refining pass of lexguard's claim verifier (``train_verifier.py train --init-from``).

The verifier of 2026-11-26 read near-copies of a source sentence as contradicted: its contradiction
pairs were mostly minimal edits of a source sentence, and its supported pairs rarely near-copies.
This script makes, from the *train* sources of RAGTruth (the stacker's held-out documents and the
dev documents excluded), groups of pairs that differ in one edit and share their evidence: the
sentence itself or a near-copy (supported) beside one edit of it, so that the edit, not the
likeness, decides the label. The edits are the kinds users and the probe suite found passing:

- an invented clause at the end of a true sentence ("..., and it was built by aliens"): baseless;
- a value moved within the document (a year or number that sits in another sentence): contradicted;
- two noun phrases or names swapped (who did what to whom): contradicted;
- a name from another document: contradicted;
- a hedge made certain ("may", "suggests" -> "proves"), a quantifier made universal: baseless;
- a claim that the evidence mentions only to refute it ("It is a myth that ..."): contradicted;
- antonyms, negation: contradicted;
- a word swapped for its sibling ("lunch" for "dinner", "CFO" for "CEO", "up" for "down"): contradicted;
- an invented qualifier on a true verb ("was arrested" -> "was violently arrested"): baseless.

A sentence with a relative clause that holds a negation ("The driver, who was not injured, was
taken ...") has the clause dropped for its near-copy, so that the negation of the clause is not
read as denying the rest.

It writes ``pairs.jsonl`` under ``--work`` (these pairs plus a ``--keep-old`` share of the first
pass's pairs, so the refining pass does not forget them) and copies ``holdout_ids.json`` and
``data.json`` from ``--base``, so that ``stack`` later fits on the same held-out documents::

    python scripts/verifier_contrast.py --base ~/.cache/lexguard-train/verifier \
        --work ~/.cache/lexguard-train/verifier3
    python scripts/train_verifier.py train --work ~/.cache/lexguard-train/verifier3 \
        --init-from ~/.cache/lexguard-train/verifier/checkpoint.pt --lr 3e-5 --max-len 128
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

from train_verifier import ROOT, read_jsonl
from verifier_data import (
    BASELESS,
    CONTRADICTED,
    SUPPORTED,
    _NUM,
    _antonym,
    _good_sentence,
    _invent,
    _names,
    _neg_flip,
    _shorten,
    _swap_roles,
)

from lexguard._models import Source
from lexguard.grounding.evidence._evidence import EVIDENCE_UNITS, evidence_units

_CLAUSES = [
    "and it was built by aliens", "which is made of pure gold", "and it was later banned in Norway",
    "although it was never finished", "and it won a Nobel Prize in 1923", "which made it the largest in the world",
    "and it was funded by NASA", "after a fire destroyed the original", "and it is now owned by Google",
    "which doubled its sales", "and the decision was reversed a week later", "making it illegal in most countries",
    "and he was later knighted", "which was cancelled after three days", "and she later became prime minister",
]  # fmt: skip
_HEDGES = [
    (r"\bmay have been\b", "was"), (r"\bmight have been\b", "was"), (r"\bmay be\b", "is"), (r"\bmight be\b", "is"),
    (r"\bcould be\b", "is"), (r"\bis likely to\b", "will"), (r"\bare likely to\b", "will"), (r"\bpossibly\s", ""),
    (r"\bprobably\b", "certainly"), (r"\bsuggests that\b", "proves that"), (r"\bsuggested that\b", "proved that"),
    (r"\bappears to\b", "is known to"), (r"\bseems to\b", "is known to"), (r"\ballegedly\s", ""),
    (r"\breportedly\s", ""), (r"\bis believed to\b", "is known to"), (r"\bwere believed to\b", "were known to"),
    (r"\bsometimes\b", "always"), (r"\boften\b", "always"),
]  # fmt: skip
_QUANTIFIERS = [
    (r"\bsome\b", "all"), (r"\bSome\b", "All"), (r"\bmany\b", "all"), (r"\bMany\b", "All"), (r"\bseveral\b", "all"),
    (r"\bmost\b", "all"), (r"\bMost\b", "All"), (r"\ba few\b", "all"), (r"\bpart of\b", "all of"),
    (r"\bat least\b", "exactly"), (r"\bup to\b", "exactly"), (r"\bnearly\b", "more than"), (r"\balmost\b", "over"),
]  # fmt: skip
_REFUTING = [
    "It is a common myth that {c}", "Contrary to popular belief, it is not true that {c}",
    "Early reports claimed that {c}, but this was later shown to be false", "Critics have alleged that {c}, a claim "
    "the investigation rejected", "The rumour that {c} has been debunked", "It was once thought that {c}, but this "
    "is now known to be wrong", "The newspaper retracted its story that {c}", "There is no truth to the claim that {c}",
]  # fmt: skip
_REPORTING = [  # the same frames, affirming: the claim is supported
    "It is well documented that {c}", "Investigators confirmed that {c}", "Records show that {c}",
]
_SIBLINGS = [  # words of one kind that name different things: one for another is contradicted
    ("breakfast", "lunch", "dinner"), ("CEO", "CFO", "COO", "CTO"), ("up", "down"),
    ("spring", "summer", "autumn", "winter"), ("gold", "silver", "bronze"), ("red", "blue", "green", "yellow"),
    ("uncle", "aunt", "cousin", "nephew", "niece"), ("second", "third", "fourth"), ("morning", "evening", "afternoon"),
    ("senator", "governor", "mayor"), ("president", "vice president", "chairman"), ("plane", "train", "bus"),
    ("football", "basketball", "baseball", "tennis"), ("doctor", "nurse", "lawyer", "teacher"),
    ("cat", "dog", "horse"), ("car", "truck", "motorcycle"), ("daily", "weekly", "monthly", "annual"),
]  # fmt: skip
_SIBLING = {w: [o for o in group if o != w] for group in _SIBLINGS for w in group}
_SIBLING_RE = re.compile(r"\b(" + "|".join(sorted(_SIBLING, key=len, reverse=True)) + r")\b")
_AMOUNT = re.compile(r" (?:by )?[$€£]?\d")
_QUALIFIERS = [
    "violently", "secretly", "illegally", "unanimously", "reluctantly", "deliberately", "briefly", "twice",
    "repeatedly", "quietly", "publicly", "wrongly", "narrowly", "permanently", "temporarily", "voluntarily",
]  # fmt: skip
_PASSIVE = re.compile(r"\b(was|were|is|are|has been|had been|have been) (?!(?:not|never|also)\b)([a-z]{3,}ed)\b")
_REL_NEG = re.compile(r", (?:who|which|whose|where) [^,]{0,60}\b(?:not|never|no)\b[^,]{0,60},")
_NP = re.compile(r"\b(?:[Tt]he|[Aa]n?|[Ii]ts|[Tt]heir|[Hh]is|[Hh]er)\s+(?!(?:the|a|an|of|and|or)\b)[a-z]{3,}\b")


def _lower(s: str) -> str:
    return s[0].lower() + s[1:] if s and not s[:2].isupper() else s


def _drop_tail(s: str) -> str | None:
    """A near-copy: the sentence up to its last comma or "and" clause (the rest dropped)."""
    cut = max(s.rfind(", "), s.rfind(" and "))
    head = s[:cut].strip() if cut > 0 else ""
    return head.rstrip(",;") + "." if len(head.split()) >= 6 else None


def _append_clause(s: str, rng: random.Random) -> str:
    return s.rstrip(" .!") + ", " + rng.choice(_CLAUSES) + "."


def _swap_in_doc(s: str, doc_numbers: list[str], rng: random.Random) -> str | None:
    """A number of ``s`` replaced by another number of the same document (a year by a year)."""
    hits = list(_NUM.finditer(s))
    if not hits:
        return None
    m = rng.choice(hits)
    year = lambda v: re.fullmatch(r"1[5-9]\d\d|20\d\d", v) is not None  # noqa: E731
    others = [n for n in doc_numbers if n != m.group(1) and year(n) == year(m.group(1)) and n not in s]
    if not others:
        return None
    return s[: m.start()] + rng.choice(others) + s[m.end():]


def _swap_phrases(s: str) -> str | None:
    """Two determiner phrases of ``s`` swapped, one word after the determiner ("the farmer feeds the
    horses" -> "the horses feeds the farmer"; "the frontend service sends requests to the backend
    service" -> "the backend service ... the frontend service"), else two names.

    The refining passes of 2026-11-26 (verifier3, verifier4) were made with a looser pattern (up
    to three words after a lower-case determiner, as in commit 73a08a0), whose swaps
    were often not sentences: role swaps were under-taught (docs/detection.md, known blind spots).
    """
    phrases = list(dict.fromkeys(m.group(0) for m in _NP.finditer(s)))
    pair = next(((a, b) for a in phrases for b in phrases
                 if a.split()[-1].lower() != b.split()[-1].lower() and phrases.index(a) < phrases.index(b)), None)
    if pair is not None:
        a, b = pair
        as_a, as_b = _case_of(a, b), _case_of(b, a)  # "The frontend" at the start, "the backend" inside
        return s.replace(a, "\x00", 1).replace(b, as_b, 1).replace("\x00", as_a, 1)
    return _swap_roles(s)


def _case_of(place: str, phrase: str) -> str:
    """``phrase`` with the first letter's case of the phrase whose place it takes."""
    return (phrase[0].upper() if place[0].isupper() else phrase[0].lower()) + phrase[1:]


def _foreign_name(s: str, foreign: list[str], rng: random.Random) -> str | None:
    mine = _names(s)
    if not mine or not foreign:
        return None
    name = rng.choice(foreign)
    return None if name in s else s.replace(rng.choice(mine), name, 1)


def _sibling(s: str, rng: random.Random) -> str | None:
    """One word of ``s`` replaced by a sibling of its kind that ``s`` does not hold."""
    hits = [m for m in _SIBLING_RE.finditer(s) if not any(o in s for o in _SIBLING[m.group(1)])
            and (m.group(1) not in ("up", "down") or _AMOUNT.match(s, m.end()))]  # "up 12%", not "set up"
    if not hits:
        return None
    m = rng.choice(hits)
    return s[: m.start()] + rng.choice(_SIBLING[m.group(1)]) + s[m.end():]


def _qualify(s: str, rng: random.Random) -> str | None:
    """An invented qualifier on a passive verb of ``s`` ("was arrested" -> "was violently arrested")."""
    hits = list(_PASSIVE.finditer(s))
    if not hits:
        return None
    m = rng.choice(hits)
    return s[: m.start(2)] + rng.choice(_QUALIFIERS) + " " + s[m.start(2):]


def _near_copy(s: str, rng: random.Random) -> str:
    """A near-copy of ``s``: itself, shortened or cut at its last clause; a relative clause holding a
    negation is always dropped, so that its negation is learned not to deny the rest."""
    if _REL_NEG.search(s) and rng.random() < 0.7:
        return _REL_NEG.sub("", s, count=1)
    return rng.choice([s, s, _shorten(s, rng), _drop_tail(s)]) or s


def _rewrite(s: str, table: list[tuple[str, str]], rng: random.Random) -> str | None:
    hits = [(p, r) for p, r in table if re.search(p, s)]
    if not hits:
        return None
    pattern, repl = rng.choice(hits)
    return re.sub(pattern, repl, s, count=1).replace("  ", " ")


def contrast_pairs(
    sources: list[Source], foreign: list[str], rng: random.Random, groups: int, k: int = EVIDENCE_UNITS
) -> Iterator[tuple[str, str, int, str]]:
    """``groups`` contrast groups of one document: a near-copy (supported) and edits of one sentence."""
    ev = evidence_units(sources)
    sentences = [u.text.strip() for u in ev.units if _good_sentence(u.text.strip())]
    if not sentences:
        return
    doc_numbers = list(dict.fromkeys(m.group(1) for s in sentences for m in _NUM.finditer(s)))
    edits = [
        ("c_clause", BASELESS, lambda s: _append_clause(s, rng)),
        ("c_value_swap", CONTRADICTED, lambda s: _swap_in_doc(s, doc_numbers, rng)),
        ("c_role_swap", CONTRADICTED, _swap_phrases),
        ("c_foreign_name", CONTRADICTED, lambda s: _foreign_name(s, foreign, rng)),
        ("c_hedge", BASELESS, lambda s: _rewrite(s, _HEDGES, rng)),
        ("c_quantifier", BASELESS, lambda s: _rewrite(s, _QUANTIFIERS, rng)),
        ("c_antonym", CONTRADICTED, lambda s: _antonym(s, rng)),
        ("c_negation", CONTRADICTED, lambda s: _neg_flip(s, rng)),
        ("c_sibling", CONTRADICTED, lambda s: _sibling(s, rng)),
        ("c_qualifier", BASELESS, lambda s: _qualify(s, rng)),
    ]
    for _ in range(groups):
        s = rng.choice(sentences)
        near = _near_copy(s, rng)
        yield near, ev.text(ev.select(near, k)), SUPPORTED, "c_near_copy"
        tried = rng.sample(edits, 3)
        for kind, label, make in tried:
            claim = make(s)
            if claim and claim.strip() != s:
                yield claim, ev.text(ev.select(claim, k)), label, kind
                break
        if rng.random() < 0.35:  # a mention that refutes: the same sentence, framed as a myth
            frame = rng.choice(_REFUTING).format(c=_lower(s.rstrip(" .!")))
            yield s, frame + ".", CONTRADICTED, "c_refuted"
            if rng.random() < 0.5:
                yield s, rng.choice(_REPORTING).format(c=_lower(s.rstrip(" .!"))) + ".", SUPPORTED, "c_reported"
        if rng.random() < 0.15:
            claim = _invent(_names(" " + s)[0] if _names(" " + s) else "It", rng)
            yield claim, ev.text(ev.select(claim, k)), BASELESS, "c_invented"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--train", default=str(ROOT.parent / "shared/bench/ragtruth_train.jsonl.gz"))
    p.add_argument("--exclude", default=str(ROOT.parent / "shared/bench/ragtruth_dev.jsonl"))
    p.add_argument("--base", default=str(Path.home() / ".cache/lexguard-train/verifier"))
    p.add_argument("--work", default=str(Path.home() / ".cache/lexguard-train/verifier3"))
    p.add_argument("--groups-per-doc", type=int, default=8)
    p.add_argument("--keep-old", type=float, default=0.4, help="share of the base run's pairs mixed in")
    p.add_argument("--keep-kind", action="append", default=[], metavar="PREFIX=SHARE",
                   help="share of the base run's pairs of kinds starting with PREFIX (overrides --keep-old)")
    p.add_argument("--seed", type=int, default=29)
    args = p.parse_args()
    rng = random.Random(args.seed)
    base, work = Path(args.base), Path(args.work)
    hold = set(json.loads((base / "holdout_ids.json").read_text()))
    excluded = {r["id"] for r in read_jsonl(args.exclude)}
    k = json.loads((base / "data.json").read_text())["evidence_units"]
    docs: dict[str, dict] = {}
    for r in read_jsonl(args.train):
        if r["id"] not in hold and r["id"] not in excluded and r["task"] != "data2text":
            docs.setdefault(json.dumps(r["sources"])[:2000], r)
    held_docs = {json.dumps(r["sources"])[:2000] for r in read_jsonl(args.train) if r["id"] in hold}
    rows = [r for key, r in docs.items() if key not in held_docs]
    names = list(dict.fromkeys(n for r in rows[:600] for n in _names(" ".join(r["sources"])[:3000])))
    pairs: list[tuple[str, str, int, str]] = []
    for n, r in enumerate(rows):
        sources = [Source(id=f"s{i}", content=c) for i, c in enumerate(r["sources"])]
        foreign = [x for x in rng.sample(names, min(40, len(names))) if x not in " ".join(r["sources"])]
        pairs += contrast_pairs(sources, foreign, rng, args.groups_per_doc, k)
        if n % 500 == 0:
            print(f"  {n}/{len(rows)} documents, {len(pairs)} pairs", flush=True)
    shares = [(k, float(v)) for k, v in (item.split("=", 1) for item in args.keep_kind)]
    old = []
    for line in open(base / "pairs.jsonl", encoding="utf-8"):
        row = json.loads(line)
        share = next((v for k, v in shares if row.get("kind", "").startswith(k)), args.keep_old)
        if rng.random() < share:
            old.append(row)
    out = [{"claim": c, "evidence": e, "label": lab, "kind": kind} for c, e, lab, kind in pairs] + old
    rng.shuffle(out)
    work.mkdir(parents=True, exist_ok=True)
    with open(work / "pairs.jsonl", "w", encoding="utf-8") as f:
        for row in out:
            f.write(json.dumps(row) + "\n")
    for name in ("holdout_ids.json", "data.json"):
        shutil.copy(base / name, work / name)
    stats: dict[str, int] = {}
    for c, e, lab, kind in pairs:
        stats[kind] = stats.get(kind, 0) + 1
    print(json.dumps({"pairs": len(out), "contrast": len(pairs), "old": len(old), "by_kind": stats}, indent=1))


if __name__ == "__main__":
    main()
