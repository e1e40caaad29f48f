"""Training pairs for lexguard's claim verifier: RAGTruth claims plus rule-made pairs.

Used by ``scripts/train_verifier.py``. Every pair is ``(claim, evidence, label, kind)`` with
label 0 = supported, 1 = contradicted, 2 = not in the sources (baseless); the evidence is chosen
by :class:`lexguard.grounding.evidence._evidence.EvidenceUnits`, exactly as at run time.

Synthetic pairs are made from the *train* sources by rules (no model, no dev row):

- positives: extractive sentences, shortened sentences (a leading clause kept, a parenthetical
  or appositive dropped, intro phrase moved), small numbers written as words, framed restatements;
- contradictions: negation flips, antonym swaps, changed numbers / years, a name swapped for
  another name of the same document, subject/object swaps;
- baseless: the document's subject with a predicate taken from another document, a sentence of
  another document, generic invented statements about the document's subject.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from lexguard._models import Source
from lexguard.grounding.claims._claims import extract_claims
from lexguard.grounding.evidence._evidence import EVIDENCE_UNITS, EvidenceUnits, evidence_units
from lexguard.grounding.signals._lexical import strip_markdown
from lexguard.grounding.verify._stacker import verifier_claim_text

SUPPORTED, CONTRADICTED, BASELESS = 0, 1, 2

_AUX = re.compile(
    r"\b(is|was|are|were|has|have|had|can|will|could|would|should|does|did|do|may|must)\b(?! not\b|n't)"
)
_NEG = re.compile(r"\b(is|was|are|were|has|have|had|can|will|could|would|should|does|did|do) not\b|\bnever\b|n't\b")
_NUM = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w.]|\.\d)")
_PROPER = re.compile(r"(?<=[a-z,;:]\s)([A-Z][a-z]+(?:\s(?:[A-Z][a-z]+|of|de|van|the)){0,3}(?<!\sof)(?<!\sthe))")
_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}

_ANTONYMS = [
    ("increase", "decrease"), ("increased", "decreased"), ("rose", "fell"), ("higher", "lower"),
    ("more", "fewer"), ("larger", "smaller"), ("largest", "smallest"), ("before", "after"),
    ("first", "last"), ("won", "lost"), ("win", "lose"), ("open", "closed"), ("opened", "closed"),
    ("early", "late"), ("earlier", "later"), ("north", "south"), ("east", "west"),
    ("positive", "negative"), ("strong", "weak"), ("young", "old"), ("younger", "older"),
    ("accepted", "rejected"), ("approved", "rejected"), ("allowed", "banned"), ("supported", "opposed"),
    ("success", "failure"), ("successful", "unsuccessful"), ("rich", "poor"), ("cheap", "expensive"),
    ("easy", "difficult"), ("above", "below"), ("maximum", "minimum"), ("gained", "lost"),
    ("inside", "outside"), ("public", "private"), ("male", "female"), ("men", "women"),
    ("husband", "wife"), ("father", "mother"), ("son", "daughter"), ("brother", "sister"),
    ("arrested", "released"), ("guilty", "innocent"), ("alive", "dead"), ("started", "ended"),
    ("began", "ended"), ("entered", "left"), ("hired", "fired"), ("bought", "sold"), ("buy", "sell"),
    ("true", "false"), ("always", "rarely"), ("all", "none"), ("many", "few"), ("high", "low"),
    ("long", "short"), ("hot", "cold"), ("wet", "dry"), ("full", "empty"), ("safe", "dangerous"),
    ("legal", "illegal"), ("include", "exclude"), ("included", "excluded"), ("upper", "lower"),
    ("domestic", "foreign"), ("ancient", "modern"), ("indoor", "outdoor"), ("morning", "evening"),
]  # fmt: skip
_ANTONYM = {a: b for a, b in _ANTONYMS} | {b: a for a, b in _ANTONYMS}
_ANTONYM_RE = re.compile(r"\b(" + "|".join(sorted(_ANTONYM, key=len, reverse=True)) + r")\b")

_PREDICATES = [
    "was built by aliens", "is made entirely of wood", "was founded in {year}", "moved its headquarters to {place}",
    "won the Nobel Prize in {year}", "was destroyed by a fire in {year}", "is owned by {person}",
    "was designed by {person}", "received a $" "{n} million grant", "was banned in {place}",
    "has been closed since {year}", "employs {n},000 people", "was the first to reach {place}",
    "was born in {place}", "signed a contract with {org}", "is located underground",
    "was sold to {org} for ${n} million", "is the oldest of its kind in {place}", "filed for bankruptcy in {year}",
    "was declared a national holiday", "was awarded a gold medal", "denied all of the allegations",
    "will be replaced next year", "was written in {lang}", "has {n} floors", "is powered by solar panels",
    "was invented by {person}", "tripled its sales", "was cancelled after {n} days", "is illegal in {place}",
]  # fmt: skip
_FILL = {
    "year": ["1650", "1923", "1971", "2004", "2019", "1888"],
    "place": ["Brazil", "Norway", "Tokyo", "Kenya", "Canada", "Mars", "Peru"],
    "person": ["Napoleon", "Marie Curie", "a Dutch engineer", "Elon Musk", "Queen Victoria"],
    "org": ["Google", "the United Nations", "Siemens", "a Chinese firm", "NASA"],
    "lang": ["Latin", "Finnish", "Swahili"],
    "n": ["3", "12", "47", "250"],
}
_FRAMES = ["According to the text, {s}", "The passage says that {s}", "It is reported that {s}", "{S}"]
_META = [
    "Sure, here is a summary of the passages.", "Based on the provided passages, here is the answer.",
    "I hope this helps!", "Here are the key points:", "Let me know if you need anything else.",
]  # fmt: skip


def _lower_first(s: str) -> str:
    return s[0].lower() + s[1:] if s and not s[:2].isupper() else s


def _neg_flip(s: str, rng: random.Random) -> str | None:
    m = _NEG.search(s)
    if m:
        if m.group(0) == "never":
            return s[: m.start()] + "always" + s[m.end():] if rng.random() < 0.5 else None
        if m.group(0) == "n't":
            return s[: m.start()] + s[m.end():]
        return s[: m.start()] + m.group(1) + s[m.end():]
    m = _AUX.search(s)
    if m:
        return s[: m.end()] + " not" + s[m.end():]
    return None


def _antonym(s: str, rng: random.Random) -> str | None:
    hits = list(_ANTONYM_RE.finditer(s))
    if not hits:
        return None
    m = rng.choice(hits)
    return s[: m.start()] + _ANTONYM[m.group(1)] + s[m.end():]


def _change_number(s: str, rng: random.Random) -> str | None:
    hits = list(_NUM.finditer(s))
    if not hits:
        return None
    m = rng.choice(hits)
    raw = m.group(1).replace(",", "")
    value = float(raw)
    if 1800 <= value <= 2100 and "." not in raw:
        new = str(int(value) + rng.choice([-11, -3, -2, -1, 1, 2, 5, 13]))
    elif value == 0:
        new = str(rng.randint(1, 9))
    else:
        factor = rng.choice([0.5, 0.7, 1.3, 1.5, 2, 3, 10])
        new_value = value * factor
        new = f"{new_value:.1f}" if "." in raw else f"{max(1, round(new_value)):,}"
        if new.replace(",", "") == raw:
            new = str(int(value) + 1)
    return s[: m.start()] + new + s[m.end():]


def _names(text: str) -> list[str]:
    return [m.group(1) for m in _PROPER.finditer(text)]


def _swap_entity(s: str, doc_names: list[str], rng: random.Random) -> str | None:
    mine = _names(s)
    others = [n for n in doc_names if n not in s and all(n not in m and m not in n for m in mine)]
    if not mine or not others:
        return None
    target = rng.choice(mine)
    return s.replace(target, rng.choice(others), 1)


def _swap_roles(s: str) -> str | None:
    mine = list(dict.fromkeys(_names(s)))
    if len(mine) < 2 or mine[0] in mine[1] or mine[1] in mine[0]:
        return None
    a, b = mine[0], mine[1]
    return s.replace(a, "\x00").replace(b, a).replace("\x00", b)


def _shorten(s: str, rng: random.Random) -> str | None:
    no_paren = re.sub(r"\s*\([^)]{3,80}\)", "", s)
    if no_paren != s:
        return no_paren
    appos = re.sub(r", (?:which|who|whose|where)[^,]{5,80},", "", s)
    if appos != s:
        return appos
    intro = re.match(r"^((?:In|On|At|During|After|Before|By) [^,]{3,40}), (.+?)([.!?])?$", s)
    if intro:
        return f"{intro.group(2)[0].upper()}{intro.group(2)[1:]} {_lower_first(intro.group(1))}."
    parts = s.split(", ")
    if len(parts) >= 2 and len(parts[0].split()) >= 6 and rng.random() < 0.7:
        return parts[0].rstrip(".") + "."
    return None


def _number_words(s: str) -> str | None:
    hit = re.search(r"\b([2-9]|10)\b(?!\.\d|,\d|%)", s)
    if not hit:
        return None
    return s[: hit.start()] + _WORDS[int(hit.group(1))] + s[hit.end():]


_LEAD_AUX = re.compile(r"\b(?:is|was|are|were|has been|have been|had been)\s+(?=[a-z])")
_CUT = re.compile(r",|;|\.\s|\.$| and (?:is|was|are|were|has|have)\b| which\b| who\b")


def _fragment(s: str | None) -> str | None:
    """The predicate of ``s`` as a bullet-point fragment: "It was built in 1889 by X." -> "Built in 1889 by X"."""
    if not s:
        return None
    m = _LEAD_AUX.search(s)
    if not m or len(s[: m.start()].split()) > 8:
        return None
    rest = s[m.end():]
    cut = _CUT.search(rest)
    words = (rest[: cut.start()] if cut else rest).split()[:10]
    if not 2 <= len(words) <= 10:
        return None
    text = " ".join(words).rstrip(".")
    return text[0].upper() + text[1:]


def _changed_fragment(s: str, rng: random.Random) -> str | None:
    """The fragment of ``s`` with a number, an antonym or a negation changed inside it."""
    before = _fragment(s)
    after = _fragment(rng.choice([_change_number, _antonym, _neg_flip])(s, rng))
    return after if before and after and after != before else None


def _fragment_pred(rng: random.Random) -> str:
    """An invented predicate as a fragment ("Built by aliens", "Owned by Napoleon")."""
    return _fragment("It " + _invent("", rng).strip()) or "Made entirely of wood"


def _as_bullet(fragment: str | None, subject: str | None, rng: random.Random) -> str | None:
    """A fragment as lexguard reads a bullet: short ones carry a question about the subject."""
    if not fragment:
        return None
    if subject and len(fragment.split()) < 4 and rng.random() < 0.7:
        return f"{rng.choice(_QUESTIONS).format(x=subject)} {fragment}"
    return fragment


_QUESTIONS = ["Tell me about {x}.", "What do we know about {x}?", "What is {x}?", "Describe {x}."]


def _invent(subject: str, rng: random.Random) -> str:
    pred = rng.choice(_PREDICATES)
    for key, values in _FILL.items():
        pred = pred.replace("{" + key + "}", rng.choice(values))
    return f"{subject} {pred}."


def _transplant(s: str, subject: str) -> str | None:
    names = _names(" " + s)
    head = re.match(r"^([A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2})\b", s)
    target = head.group(1) if head else (names[0] if names else None)
    if not target or target == subject:
        return None
    return s.replace(target, subject, 1)


def _good_sentence(text: str) -> bool:
    words = text.split()
    return 7 <= len(words) <= 45 and not text.rstrip().endswith("?") and ":" not in text[:25]


def synthetic_pairs(
    doc_sources: list[Source], other_sentences: list[str], rng: random.Random, per_doc: int, k: int = EVIDENCE_UNITS
) -> Iterator[tuple[str, str, int, str]]:
    """Rule-made pairs for one document's sources (``k``: source units of evidence per claim)."""
    ev = evidence_units(doc_sources)
    sentences = [u.text.strip() for u in ev.units if _good_sentence(u.text.strip())]
    if not sentences:
        return
    doc_names = list(dict.fromkeys(n for s in sentences for n in _names(s)))
    subject = doc_names[0] if doc_names else None
    makers = [
        ("extractive", SUPPORTED, lambda s: s),
        ("shortened", SUPPORTED, lambda s: _shorten(s, rng)),
        ("number_words", SUPPORTED, _number_words),
        ("framed", SUPPORTED, lambda s: rng.choice(_FRAMES).format(s=_lower_first(s), S=s)),
        ("negation", CONTRADICTED, lambda s: _neg_flip(s, rng)),
        ("antonym", CONTRADICTED, lambda s: _antonym(s, rng)),
        ("number", CONTRADICTED, lambda s: _change_number(s, rng)),
        ("entity_swap", CONTRADICTED, lambda s: _swap_entity(s, doc_names, rng)),
        ("role_swap", CONTRADICTED, _swap_roles),
        ("transplant", BASELESS, lambda s: _transplant(rng.choice(other_sentences), subject) if subject else None),
        ("other_doc", BASELESS, lambda s: rng.choice(other_sentences)),
        ("invented", BASELESS, lambda s: _invent(subject or "It", rng)),
        # Bullet-point fragments without a subject ("- Built by aliens"): read as lexguard reads them.
        ("fragment", SUPPORTED, lambda s: _as_bullet(_fragment(s), subject, rng)),
        ("fragment_changed", CONTRADICTED, lambda s: _as_bullet(_changed_fragment(s, rng), subject, rng)),
        # (made a third as often as they could be: the two above succeed only for some sentences)
        ("fragment_invented", BASELESS, lambda s: None if rng.random() < 0.65 else _as_bullet(
            _fragment_pred(rng) if rng.random() < 0.6 else _fragment(rng.choice(other_sentences)), subject, rng)),
    ]
    made = 0
    for _ in range(per_doc * 4):
        if made >= per_doc:
            break
        kind, label, make = rng.choice(makers)
        s = rng.choice(sentences)
        claim = make(s)
        if not claim or (label != SUPPORTED and claim.strip() == s):
            continue
        yield claim, ev.text(ev.select(claim, k)), label, kind
        made += 1
    if rng.random() < 0.15:
        claim = rng.choice(_META)
        yield claim, ev.text(ev.select(claim, k)), SUPPORTED, "meta"


def _label_of(span: tuple[int, int], gold: list[list[int]], types: list[str]) -> int:
    hit = [t for (s, e), t in zip(gold, types + [""] * len(gold)) if span[0] < e and s < span[1]]
    if not hit:
        return SUPPORTED
    return CONTRADICTED if any("Conflict" in t for t in hit) else BASELESS


def ragtruth_pairs(row: dict, ev: EvidenceUnits, k: int = EVIDENCE_UNITS) -> Iterator[tuple[str, str, int, str]]:
    """Claims of one RAGTruth response with their gold label (span overlap, by span type)."""
    types = list(row.get("meta", {}).get("span_label_types") or [])
    for claim in extract_claims(row["answer"]):
        text = strip_markdown(claim.text).strip()
        if not text:
            continue
        text = verifier_claim_text(text, row.get("question") or None)  # as read at run time
        label = _label_of(claim.span, row["spans"], types)
        yield text, ev.text(ev.select(text, k)), label, f"ragtruth_{row['task']}"
