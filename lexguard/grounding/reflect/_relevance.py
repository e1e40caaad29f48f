"""Offline Self-RAG reflection: ISREL (is each source relevant to the question) and ISUSE (does
the answer address the question), computed with the bundled MiniLM sentence encoder.

Both are cosine similarities mapped linearly onto 0..1 between a floor and a ceiling. The
defaults were read off RAGTruth dev (``qa`` task, 120 questions, each question against its own
three passages and against the passages of another question): question/own-passage cosines had
a 10th percentile of 0.45, question/foreign-passage cosines a 90th percentile of 0.13 (AUROC
0.999); answer/question cosines had a 10th percentile of 0.67 against 0.12 for another
question's answer (AUROC 0.98). A score of 0.5 (cosine 0.30 / 0.325) is the relevant/useful
cut. An LLM judge, when one is configured, refines these (see :func:`merge_judge`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
from pydantic import Field

from lexguard._models import Source
from lexguard._value import ValueModel
from lexguard.grounding.claims._questions import bare_polar_answer

__all__ = [
    "ISREL_SCALE",
    "ISUSE_SCALE",
    "RelevanceScale",
    "SourceRelevance",
    "source_relevance",
    "answer_usefulness",
    "aggregate_relevance",
    "merge_judge",
]

_MAX_CHARS = 2000


class RelevanceScale(ValueModel):
    """How a cosine similarity becomes a 0..1 score: ``(cos - floor) / (ceiling - floor)``, clipped.

    Attributes:
        floor: Cosine at and below which the score is 0.
        ceiling: Cosine at and above which the score is 1.
        cut: Score at and above which the verdict is positive (relevant / useful).
    """

    floor: float = Field(0.15, ge=-1.0, le=1.0)
    ceiling: float = Field(0.45, ge=-1.0, le=1.0)
    cut: float = Field(0.5, ge=0.0, le=1.0)

    def score(self, cosine: float) -> float:
        """Map one cosine similarity onto 0..1."""
        span = max(self.ceiling - self.floor, 1e-6)
        return float(min(1.0, max(0.0, (cosine - self.floor) / span)))


ISREL_SCALE = RelevanceScale(floor=0.15, ceiling=0.45)
"""Question/source scale (RAGTruth dev qa: relevant 10th pct 0.45, foreign 90th pct 0.13)."""

ISUSE_SCALE = RelevanceScale(floor=0.15, ceiling=0.50)
"""Question/answer scale (RAGTruth dev qa: own answer 5th pct 0.53, foreign 95th pct 0.20)."""


class SourceRelevance(ValueModel):
    """ISREL of one source.

    Attributes:
        source_id: The source's id.
        relevance: 0..1 relevance to the question.
        similarity: The raw best cosine similarity between the question and the source's chunks.
        relevant: ``relevance >= scale.cut``.
        chunk_id: The chunk that matched the question best.
    """

    source_id: str
    relevance: float = Field(ge=0.0, le=1.0)
    similarity: float
    relevant: bool
    chunk_id: str | None = None


def _encoder(encoder: Any | None) -> Any:
    if encoder is not None:
        return encoder
    from lexguard.embeddings import get_encoder

    return get_encoder()


def _unit(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)


def source_relevance(
    question: str,
    sources: Sequence[Any],
    *,
    encoder: Any | None = None,
    scale: RelevanceScale = ISREL_SCALE,
    chunk_sentences: int = 2,
    chunk_overlap: int = 1,
    chunk_ids: Collection[str] | None = None,
) -> tuple[SourceRelevance, ...]:
    """ISREL offline: how relevant each source is to ``question``.

    Each source is cut into the same sentence windows the support check uses (so the encoder's
    cache serves the embeddings the check already computed) and scored by its best chunk.

    Args:
        question: The user question.
        sources: Passages (``Source``, strings, LangChain ``Document`` or dicts).
        encoder: A sentence encoder with ``encode(texts) -> array``; the bundled MiniLM when
            ``None``.
        scale: Cosine-to-score mapping.
        chunk_sentences: Sentences per chunk (``GroundingConfig.chunk_sentences``).
        chunk_overlap: Sentences shared by consecutive chunks.
        chunk_ids: Score only these chunks (``"<source_id>#<n>"``; the support check passes the
            question's and the claims' candidates, which it has embedded); all when ``None``. A
            source none of whose chunks is named gets no relevance.

    Returns:
        One :class:`SourceRelevance` per source with text (and a scored chunk), in source
        order; empty without a question.
    """
    from lexguard.grounding.evidence._index import chunk_sources

    srcs = [Source.from_any(s, i) for i, s in enumerate(sources)]
    srcs = [s for s in srcs if s.content.strip()]
    if not question or not question.strip() or not srcs:
        return ()
    chunks = chunk_sources(srcs, sentences=chunk_sentences, overlap=chunk_overlap)
    if chunk_ids is not None:
        chunks = [c for c in chunks if c.id in chunk_ids]
    if not chunks:
        return ()
    vectors = _unit(_encoder(encoder).encode([question.strip()] + [c.text[:_MAX_CHARS] for c in chunks]))
    sims = vectors[1:] @ vectors[0]
    best: dict[str, tuple[float, str]] = {}
    for chunk, sim in zip(chunks, sims, strict=True):
        if chunk.source_id not in best or sim > best[chunk.source_id][0]:
            best[chunk.source_id] = (float(sim), chunk.id)
    out = []
    for source in srcs:
        if source.id not in best:
            continue
        sim, chunk_id = best[source.id]
        rel = scale.score(sim)
        out.append(SourceRelevance(source_id=source.id, relevance=round(rel, 4), similarity=round(sim, 4),
                                   relevant=rel >= scale.cut, chunk_id=chunk_id))
    return tuple(out)


def answer_usefulness(
    question: str | None,
    answer: str,
    *,
    encoder: Any | None = None,
    scale: RelevanceScale = ISUSE_SCALE,
) -> float | None:
    """ISUSE offline: how well ``answer`` addresses ``question`` (0..1), or ``None`` without one.

    The whole answer (its first 2,000 characters) is compared with the question; an answer
    about something else ("Paris has a tall tower." to a question about the Golden Gate Bridge)
    scores near 0 however well its sources support it. A bare "Yes." / "No." is read as the
    statement its yes/no question asks about: it answers it whole (compared as the word alone,
    "Yes." scored 0.70 of usefulness and was refused below the confidence bar).
    """
    if not question or not question.strip() or not answer.strip():
        return None
    stated = bare_polar_answer(answer, question) or answer.strip()[:_MAX_CHARS]
    vectors = _unit(_encoder(encoder).encode([question.strip(), stated]))
    return round(scale.score(float(vectors[0] @ vectors[1])), 4)


def aggregate_relevance(
    relevance: Sequence[SourceRelevance], claims: Sequence[Any] | None = None
) -> float | None:
    """The answer-level ISREL.

    With ``claims``: the relevance of the sources the supported claims cite, averaged over
    those claims (an answer grounded in an off-topic source is not made relevant by another
    source it never used). Without citing claims: the best source's relevance. ``None`` when
    no source has a relevance.
    """
    if not relevance:
        return None
    by_id = {r.source_id: r.relevance for r in relevance}
    used = [
        by_id[c.citations[0].source_id]
        for c in claims or ()
        if getattr(c, "supported", None) and c.citations and c.citations[0].source_id in by_id
    ]
    if used:
        return round(sum(used) / len(used), 4)
    return max(r.relevance for r in relevance)


def merge_judge(offline: float | None, judged: float | None, judge_weight: float = 0.5) -> float | None:
    """Refine an offline score with the LLM judge's, when the judge gave one.

    Args:
        offline: The offline score (0..1) or ``None``.
        judged: The judge's score (0..1) or ``None`` (judge absent or inconclusive).
        judge_weight: Weight of the judge's score (0..1).

    Returns:
        ``(1 - w) * offline + w * judged`` when both exist, else whichever exists.
    """
    if judged is None:
        return offline
    if offline is None:
        return judged
    return round((1.0 - judge_weight) * offline + judge_weight * judged, 4)
