"""Candidate retrieval: each claim's evidence chunks, embedding only what the claims need.

The support check's default retrieval (``GroundingConfig.retrieval="candidates"``). Each claim
gets its ``per_claim`` best chunks by BM25 over the chunks' content words
(:class:`~lexguard.grounding.evidence._lexicon.ChunkLexicon`); only those chunks are embedded (kept on
the source index, so a retry or a later request on the same sources re-embeds nothing, and the
encoder's text cache serves chunks shared by other sources), and every claim is then ranked
densely against all the candidates of the request (a paraphrase that shares no word with its
evidence still finds it among another claim's candidates). The cost follows the answer: a
source ten times longer costs one BM25 pass more, not ten times the embedding.

Embedding runs in batches under the validation's time budget
(:func:`lexguard._limits.current_deadline`), looked at before each batch; a claim whose vector
or candidates the budget left unembedded is returned unread, for the caller to report as not
checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from lexguard._errors import ConfigurationError
from lexguard._limits import current_deadline
from lexguard.grounding.evidence._index import SourceIndex
from lexguard.grounding.signals._lexical import content_words

__all__ = ["CHUNK_BATCH", "CLAIM_BATCH", "candidate_search", "question_chunks"]

CLAIM_BATCH = 256
"""Claims embedded between two looks at the time budget."""
CHUNK_BATCH = 32
"""Source chunks embedded between two looks at the time budget."""
QUESTION_CANDIDATES = 2
"""Chunks per source read for the question's relevance (ISREL), besides the claims' evidence."""


def _encode(encoder: Any, texts: list[str]) -> np.ndarray:
    vectors = np.asarray(encoder.encode(texts), dtype=np.float32)
    if vectors.ndim != 2 or len(vectors) != len(texts):
        raise ConfigurationError(
            f"the encoder returned {vectors.shape} for {len(texts)} texts; it must return one vector per text"
        )
    return vectors


def _expired() -> bool:
    deadline = current_deadline()
    return deadline is not None and deadline.expired


def _embed_chunks(encoder: Any, index: SourceIndex, ids: Sequence[int]) -> bool:
    """Embed the chunks ``ids`` not embedded yet, batch by batch; ``False`` if the budget ran out first."""
    with index.lock:
        todo = index.unembedded(ids)
    for first in range(0, len(todo), CHUNK_BATCH):
        if _expired():
            return False
        batch = todo[first : first + CHUNK_BATCH]
        vectors = _encode(encoder, [index.chunks[i].text for i in batch])
        with index.lock:
            index.store(batch, vectors)
    return True


def _candidates(index: SourceIndex, texts: Sequence[str], per_claim: int) -> list[list[int]]:
    """Each claim's BM25 candidates; the first chunks when no claim shares a word with any chunk."""
    lexicon = index.lexicon
    found = [lexicon.top(content_words(text), per_claim) for text in texts]
    if not any(found):
        return [list(range(min(per_claim, len(index.chunks)))) for _ in texts]
    return found


def _rank(claims: np.ndarray, pool: np.ndarray, pool_ids: list[int], k: int) -> tuple[np.ndarray, np.ndarray]:
    """Top-``k`` of ``pool`` per claim by inner product: ``(scores, chunk ids)``, ``-1`` padded."""
    n = len(claims)
    scores = np.zeros((n, k), dtype=np.float32)
    ids = np.full((n, k), -1, dtype=np.int64)
    if not len(pool_ids) or not n:
        return scores, ids
    sims = claims @ pool.T
    order = np.argsort(-sims, axis=1, kind="stable")[:, :k]  # ties: the earlier chunk first
    width = order.shape[1]
    scores[:, :width] = np.take_along_axis(sims, order, axis=1)
    ids[:, :width] = np.asarray(pool_ids, dtype=np.int64)[order]
    return scores, ids


def candidate_search(
    encoder: Any, index: SourceIndex, texts: list[str], *, k: int, per_claim: int
) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The best ``k`` chunks per claim, embedding only the claims' BM25 candidates.

    Args:
        encoder: The sentence encoder (``encode(texts) -> (n, dim)`` normalised rows).
        index: The sources' chunk index; the candidates' vectors are kept on it.
        texts: The claim texts.
        k: Chunks returned per claim (``-1`` padded where fewer candidates exist).
        per_claim: BM25 candidates embedded per claim.

    Returns:
        ``(scores, chunk_ids, unread)``: cosine similarities and chunk indices per claim, best
        first (the rows of unread claims are zeros and ``-1``), and the claims the time budget
        left unread.
    """
    n = len(texts)
    candidates = _candidates(index, texts, per_claim)
    claim_vectors: dict[int, np.ndarray] = {}
    read: list[int] = []
    for first in range(0, n, CLAIM_BATCH):
        group = list(range(first, min(n, first + CLAIM_BATCH)))
        if _expired():
            break
        claim_vectors.update(zip(group, _encode(encoder, [texts[i] for i in group]), strict=True))
        if not _embed_chunks(encoder, index, [c for i in group for c in candidates[i]]):
            with index.lock:
                read += [i for i in group if not index.unembedded(candidates[i])]
            break
        read += group
    pool_ids = sorted({c for i in read for c in candidates[i]})
    with index.lock:
        pool = index.vectors_of(pool_ids)
    if not pool_ids:  # a claim without candidates is read only against another claim's
        read = [i for i in read if candidates[i]]
    matrix = np.stack([claim_vectors[i] for i in read]) if read else np.zeros((0, 1), np.float32)
    top_scores, top_ids = _rank(matrix, pool, pool_ids, k)
    scores = np.zeros((n, k), dtype=np.float32)
    ids = np.full((n, k), -1, dtype=np.int64)
    scores[read], ids[read] = top_scores, top_ids
    unread = sorted(set(range(n)) - set(read))
    return scores, ids, unread


def question_chunks(index: SourceIndex, question: str, evidence: Sequence[Sequence[int]]) -> frozenset[str]:
    """Ids of the chunks read for the question's relevance (ISREL): the question's best
    ``QUESTION_CANDIDATES`` chunks of each source by BM25, and the claims' evidence chunks."""
    picked = set(index.lexicon.top_per_source(content_words(question), QUESTION_CANDIDATES))
    picked.update(i for ids in evidence for i in ids)
    return frozenset(index.chunks[i].id for i in picked)
