"""Refusals are claims about the sources: "The context does not say X" is false when it does.

"I don't know. The provided context does not say." scored as a supported fact, or skipped as a
meta statement, let a model withhold an answer the sources give. A refusal names what it says is
missing (:func:`~lexguard.grounding.claims._meta_split.refusal_topic`), or, naming nothing, refers to
the question; :func:`refuted_refusals` looks for it in the sources: when one passage holds all
the words of the topic (at least :data:`MIN_COVERAGE` of a long one; a passage is a chunk or two
neighbouring chunks of one source), the refusal is
unsupported, with that passage as evidence.
"""

from __future__ import annotations

from collections.abc import Sequence

from lexguard._models import Claim
from lexguard.grounding.claims._meta_split import is_refusal, refusal_topic
from lexguard.grounding.evidence._index import SourceIndex
from lexguard.grounding.reflect._self_rag import is_real_question
from lexguard.grounding.signals._lexical import content_words

__all__ = ["MIN_COVERAGE", "REFUTED_REASON", "refuted_refusals"]

MIN_COVERAGE = 0.8
"""Share of a topic's content words one passage must hold for the sources to "say" it (all of
them for a topic of four words or fewer)."""

REFUTED_REASON = "a refusal, but the sources do give it"

_QUESTION_WORDS = frozenset({"what", "which", "who", "whom", "whose", "when", "where", "why", "how", "much", "many",
                             "tell", "explain", "describe", "list", "give", "know", "please"})


def _topic_words(text: str, question: str | None) -> list[str]:
    """The content words of what the refusal says is missing (the question's when it names nothing)."""
    words = content_words(refusal_topic(text))
    if not words and is_real_question(question):
        words = [w for w in content_words(question or "") if w not in _QUESTION_WORDS]
    return list(dict.fromkeys(words))


def _covering_passage(words: list[str], index: SourceIndex) -> str | None:
    """The passage (a chunk, or two neighbouring chunks of one source) holding the most of
    ``words``, when it holds enough of them."""
    need = len(words) if len(words) <= 4 else MIN_COVERAGE * len(words)
    best, best_hits = None, 0
    chunks, profiles = index.chunks, index.chunk_profiles
    for ci in range(len(chunks)):
        spans = [ci] + ([ci + 1] if ci + 1 < len(chunks) and chunks[ci + 1].source_id == chunks[ci].source_id else [])
        held = set().union(*(profiles[j].words for j in spans))
        hits = sum(1 for w in words if w in held)
        if hits > best_hits:
            best, best_hits = " ".join(chunks[j].text for j in spans), hits
    return best if best is not None and best_hits >= need else None


def refuted_refusals(
    claims: Sequence[Claim], texts: Sequence[str], index: SourceIndex, question: str | None
) -> dict[int, str]:
    """The refusals among ``claims`` whose topic a source passage holds.

    Args:
        claims: The answer's claims.
        texts: The claims' texts as read (markup stripped), in the same order.
        index: The sources' chunk index.
        question: The user question (what a refusal that names nothing refers to).

    Returns:
        ``{claim index: the passage that gives what the refusal says is missing}``.
    """
    out: dict[int, str] = {}
    for claim, text in zip(claims, texts, strict=True):
        if not is_refusal(text):
            continue
        words = _topic_words(text, question)
        if not words:
            continue
        passage = _covering_passage(words, index)
        if passage is not None:
            out[claim.index] = passage
    return out
