"""A lexical (BM25) index over a source index's chunks: cheap candidate evidence per claim.

The support check reads each claim against a handful of source chunks. Rather than embedding
every chunk of every source before any claim is looked at, the claim's candidates are chosen
first by BM25 over the chunks' content words (built once per source index and kept with it),
and only those candidates are embedded (:mod:`lexguard.grounding.evidence._retrieval`).

Written on numpy: an inverted index of postings, Lucene's BM25 as ``bm25s`` scores it
(``k1=1.5``, ``b=0.75``), each word counted once per chunk; on random corpora its scores equal
``bm25s.BM25().get_scores``. ``bm25s`` itself imports scipy.sparse and tqdm: 1.4-1.9 s added to
the first check of a process on the reference machine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from lexguard.grounding.evidence._budget import INDEX_BATCH, check_budget

__all__ = ["ChunkLexicon"]

_K1 = 1.5
_B = 0.75


class ChunkLexicon:
    """BM25 over chunks given as their content words (each word counted once per chunk).

    Args:
        chunk_words: The content words of each chunk (``LexicalProfile([chunk.text]).words``).
        source_of: The source id of each chunk (for :meth:`top_per_source`).

    Raises:
        BudgetExceededError: If the time budget was spent while indexing (read before each
            :data:`~lexguard.grounding.evidence._budget.INDEX_BATCH` chunks after the first).
    """

    def __init__(self, chunk_words: Sequence[Iterable[str]], source_of: Sequence[str]) -> None:
        self.size = len(chunk_words)
        self.source_of = list(source_of)
        self._vocab: dict[str, int] = {}
        chunk_of: list[int] = []
        word_of: list[int] = []
        for i, words in enumerate(chunk_words):
            if i and i % INDEX_BATCH == 0:
                check_budget("indexing the sources for BM25")
            for word in sorted(set(words)):
                word_of.append(self._vocab.setdefault(word, len(self._vocab)))
                chunk_of.append(i)
        words_arr = np.asarray(word_of, dtype=np.int64)
        chunks_arr = np.asarray(chunk_of, dtype=np.int64)
        order = np.argsort(words_arr, kind="stable")
        self._postings = chunks_arr[order]  # chunk ids, grouped by word
        self._starts = np.searchsorted(words_arr[order], np.arange(len(self._vocab) + 1))
        df = np.diff(self._starts).astype(np.float64)
        self._idf = np.log1p((self.size - df + 0.5) / (df + 0.5))
        lengths = np.bincount(chunks_arr, minlength=self.size).astype(np.float64)
        average = float(lengths.mean()) if self.size and lengths.any() else 1.0
        self._tf = 1.0 / (1.0 + _K1 * (1.0 - _B + _B * lengths / average))  # term weight at tf = 1 (Lucene)

    def scores(self, words: Iterable[str]) -> np.ndarray:
        """BM25 score of every chunk for a query of content words (0 where none is shared)."""
        out = np.zeros(self.size, dtype=np.float64)
        for word in sorted(set(words)):  # a fixed order: the same sums in every process
            j = self._vocab.get(word)
            if j is not None:
                ids = self._postings[self._starts[j] : self._starts[j + 1]]
                out[ids] += self._idf[j] * self._tf[ids]
        return out

    def top(self, words: Iterable[str], k: int) -> list[int]:
        """The ``k`` best chunks sharing a word with the query, best first (ties: earlier first)."""
        scores = self.scores(words)
        hits = np.flatnonzero(scores > 0)
        if len(hits) > k:
            hits = hits[np.argpartition(-scores[hits], k - 1)[:k]]
        return sorted(hits.tolist(), key=lambda i: (-float(scores[i]), i))

    def top_per_source(self, words: Iterable[str], k: int) -> list[int]:
        """The ``k`` best chunks of each source for the query (only chunks sharing a word)."""
        scores = self.scores(words)
        best: dict[str, list[int]] = {}
        for i in sorted(np.flatnonzero(scores > 0).tolist(), key=lambda i: (-float(scores[i]), i)):
            picked = best.setdefault(self.source_of[i], [])
            if len(picked) < k:
                picked.append(i)
        return sorted(i for picked in best.values() for i in picked)
