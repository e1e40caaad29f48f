"""What each claim's evidence says: its features, and a conflict its question or its names show.

:func:`read_evidence` reads each claim against its best chunks (:func:`~lexguard.grounding.verify._features.claim_features`),
then reads two conflicts the chunks of the claim alone do not show: a short answer the sources give
another answer to (the question's statement, wherever it stands), and a name given another kind of
the thing the sources say it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lexguard.grounding.claims._antecedents import Meant
from lexguard.grounding.evidence._index import SourceIndex
from lexguard.grounding.reflect._self_rag import is_real_question
from lexguard.grounding.signals._answer_slot import rival_answer, unrelated_answer
from lexguard.grounding.signals._births import birth_conflict
from lexguard.grounding.signals._kinds import kind_conflict
from lexguard.grounding.signals._lexical import LexicalProfile
from lexguard.grounding.signals._supposed import supposed_values
from lexguard.grounding.verify._features import FEATURE_NAMES, ClaimEvidence, claim_features

__all__ = ["read_evidence"]


def _unread_evidence() -> ClaimEvidence:
    """The evidence of a claim the time budget left unread: none (no chunk, zero features)."""
    return ClaimEvidence(features=np.zeros(len(FEATURE_NAMES), dtype=np.float64), best_chunks=[], best_scores=[])


_ANSWER_CHUNKS = 200
"""Chunks read for the statement that answers the question a short answer answers (the answer's own
best chunks are what the sources say of its name, not of the question)."""
_WHOLE_SOURCE = 20_000
"""Longest source read whole for that statement (a short one names its subject once, and a
statement of it may leave the name out: "The screenplay was written by ..."); longer ones by chunk."""


def _question_passages(index: SourceIndex) -> list[str]:
    """The passages a question's statement is looked for in: each short source whole, else chunks."""
    if all(len(source.content) <= _WHOLE_SOURCE for source in index.sources):
        return [source.content for source in index.sources]
    return [c.text for c in index.chunks[:_ANSWER_CHUNKS]]


def read_evidence(
    plain: list[str],
    index: SourceIndex,
    scores: np.ndarray,
    ids: np.ndarray,
    question: str | None,
    unembedded: set[int],
    people: Sequence[Meant | None] = (),
    named: Sequence[str] = (),
) -> list[ClaimEvidence]:
    """Read each claim against its best chunks (:func:`claim_features`).

    A claim the budget left unread gets no features and no evidence: nothing downstream (the
    verifier, NLI, the judge) reads it, and it is reported not checked. A real question's words
    may carry a false premise: only a task instruction's words count as context. A short answer
    to a real question conflicts with the source statement that answers the question otherwise
    (:func:`~lexguard.grounding.signals._answer_slot.rival_answer`), and a claim that gives a name
    another kind of the thing the sources say it is (:func:`~lexguard.grounding.signals._kinds.kind_conflict`,
    read on ``named``: each claim as it reads with its pronouns' names and its question, as is a birth
    year given someone else: :func:`~lexguard.grounding.signals._births.birth_conflict`). ``people``:
    who each claim's "he" or "she" is, and what its "it" is."""
    asked = question if question and is_real_question(question) else None
    quoted = LexicalProfile([question]) if question else None  # a quotation of it quotes the user
    q_profile = quoted if asked is None else None
    supposed = supposed_values(question)  # "How much would 8 people pay?": the user's own case
    n = len(plain)
    evidence = [
        _unread_evidence()
        if i in unembedded
        else claim_features(
            plain[i], index=index, scores=scores[i], chunk_ids=ids[i], question=q_profile,
            position=i / (n - 1) if n > 1 else 0.0, asked=quoted, supposed=supposed, meant=(people or [None] * n)[i],
        )
        for i in range(n)
    ]
    passages = _question_passages(index) if asked is not None else []  # once, not per claim
    for text, said, ev in zip(plain, list(named) or plain, evidence, strict=True):
        chunks = [index.chunks[ci].text for ci in ev.best_chunks[:3]]  # "Saturn." to "Which planet ...?"
        if ev.conflict is None and chunks:  # "It's a medical drama" (Ember Road) beside "Ember Road is a war drama"
            read = passages + chunks
            ev.conflict = ((rival_answer(asked, text, read) or unrelated_answer(asked, text, read)) if asked is not None
                           else None) or kind_conflict(said, chunks) or (
                birth_conflict(said, chunks) if said != text else None)  # "He ... was born in 2016": his, by name
    return evidence
