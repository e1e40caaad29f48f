"""A relative clause the verifier reads on its own: "..., who was later named man of the match, ...".

The verifier reads a claim whole, and a false clause inside a long true sentence sways its verdict
little; the stacker then weighs that verdict with the words the sources hold, which the rest of the
sentence gives. A relative clause after a comma ("..., which was carrying a load of steel pipes,
...", "..., who works as a civil engineer in Utrecht, ...") says something of its own about the
name before it: :func:`doubted_clauses` reads each one again alone, and after the claim's opening
words, each with its own evidence. A clause both readings find unsupported (the better below
:data:`RELATIVE_DOUBT`) fails its claim, whatever the rest of the sentence scores, when it holds
:data:`MIN_NEW_WORDS` words no source holds: a clause of the sources' words was doubted for the
evidence chosen (a long passage read to its window's end), not for what it says.

A sentence that joins statements with their own subjects (", and the council's transport chief
promised compensation": :func:`~lexguard.grounding.claims._conjuncts.conjuncts`) has each
statement read so too: read whole, the true statements carried the false one.

On three news trials the relative clauses caught 5 of 68 wrong summaries the default passed and refused no correct
one; on RAGTruth dev it caught 3 more hallucinated answers, on 2,106 held-out RAGTruth train answers
1 more, and flagged 0 and 6 more correct ones (``docs/detection.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import regex

from lexguard.grounding.claims._conjuncts import conjuncts
from lexguard.grounding.claims._judgements import JUDGEMENT
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.verify._novel_parts import claim_pieces

__all__ = ["CLAUSE_REASON", "MIN_NEW_WORDS", "RELATIVE_DOUBT", "doubted_clauses", "relative_clauses"]

CLAUSE_REASON = "a clause of it, read on its own, is not supported by the sources"
"""``Claim.reason`` of a claim failed by :func:`doubted_clauses`."""

RELATIVE_DOUBT = 0.02
"""Supported probability below which the verifier's better reading of a relative clause fails its
claim. Chosen with :data:`MIN_NEW_WORDS` on RAGTruth dev, the 2,106 held-out RAGTruth train answers
and three news trials together: at 0.1 with one new word the held-out answers gained 1 catch and 10
false alarms; at 0.02 with two, 1 and 6 (dev 3 and 0, the trials 5 and 0)."""
MIN_NEW_WORDS = 2
"""Least content words of a clause that no source holds for its doubt to count."""

_RELATIVE = regex.compile(r"(?:who|which|whose|where)\b", regex.IGNORECASE)


_IMPRESSION = regex.compile(r"\w+\s+(?:\w+\s+)?(?:feels?|felt|seems?|seemed|sounds?|looks?)\b", regex.IGNORECASE)
"""A clause of how a thing strikes one ("which feels well deserved"): a judgement, not a fact."""


def relative_clauses(claim: str) -> list[str]:
    """The pieces of ``claim`` (cut at commas, semicolons, "and", "or": :func:`claim_pieces`) after
    its first that open with "who", "which", "whose" or "where", and state a fact: no judgement
    ("which feels well deserved", "who is brilliant in it") is read as one."""
    return [piece for piece in claim_pieces(claim)[1:]
            if _RELATIVE.match(piece) and not _IMPRESSION.match(piece) and not JUDGEMENT.search(piece)]


def doubted_clauses(stack: Any, texts: Sequence[str], index: Any, skip: Sequence[bool]) -> dict[int, str]:
    """The claims (by position) with a relative clause or a joined statement the verifier reads as
    unsupported, each with that clause. Claims marked in ``skip`` are not read; a clause the time budget leaves unread
    fails nothing (the claim's own reading is reported unread by
    :meth:`~lexguard.grounding.verify._stacker.VerifierStack.verify`).

    Args:
        stack: The :class:`~lexguard.grounding.verify._stacker.VerifierStack`.
        texts: The claims as the verifier reads them.
        index: The sources' index.
        skip: Per claim, whether it is not read.
    """
    head = getattr(stack.verifier, "head", None)
    if not callable(head):
        return {}
    units = stack.units_for(index)
    held = getattr(getattr(index, "profile", None), "words", frozenset())
    k = stack.verifier.evidence_units
    reads: list[tuple[int, str, list[tuple[str, str]]]] = []
    for i, text in enumerate(texts):
        if i < len(skip) and skip[i]:
            continue
        clauses = [(clause, head(text)) for clause in relative_clauses(text)]
        for clause, opening in clauses + [(statement, "") for statement in conjuncts(text)]:  # a subject of its own
            if sum(word not in held for word in content_words(clause)) < MIN_NEW_WORDS:
                continue  # the sources' words: a doubt is one of the evidence chosen, not of the clause
            readings = [clause, f"{opening} \u2026 {clause}"] if opening else [clause]
            reads.append((i, clause, [(r, units.text(units.select(r, k))) for r in readings]))
    if not reads:
        return {}
    known = stack.read_pairs([pair for _, _, pairs in reads for pair in pairs])
    out: dict[int, str] = {}
    for i, clause, pairs in reads:
        verdicts = [known.get(pair) for pair in pairs]
        if i not in out and all(v is not None for v in verdicts) and max(float(v[0]) for v in verdicts) < RELATIVE_DOUBT:
            out[i] = clause
    return out
