"""A lexical (BM25) index over a source index's chunks: cheap candidate evidence per claim.

The support check reads each claim against a handful of source chunks. Rather than embedding
every chunk of every source before any claim is looked at, the claim's candidates are chosen
first by BM25 over the chunks' content words (``bm25s``, sparse matrices; built once per
source index and kept with it), and only those candidates are embedded
(:mod:`lexguard.grounding._retrieval`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

__all__ = ["ChunkLexicon"]


class ChunkLexicon:
    """BM25 over chunks given as their content words (each word counted once per chunk).

    Args:
        chunk_words: The content words of each chunk (``LexicalProfile([chunk.text]).words``).
        source_of: The source id of each chunk (for :meth:`top_per_source`).
    """

    def __init__(self, chunk_words: Sequence[Iterable[str]], source_of: Sequence[str]) -> None:
        import bm25s

        self.size = len(chunk_words)
        self.source_of = list(source_of)
        corpus = [sorted(words) or ["\x00"] for words in chunk_words]  # sorted: a stable vocabulary
        self._bm25 = bm25s.BM25()
        if corpus:
            self._bm25.index(corpus, show_progress=False)

    def scores(self, words: Iterable[str]) -> np.ndarray:
        """BM25 score of every chunk for a query of content words (0 where none is shared)."""
        query = sorted(set(words))
        if not self.size or not query:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._bm25.get_scores(query), dtype=np.float32)

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
