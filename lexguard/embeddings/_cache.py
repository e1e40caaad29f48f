"""A bounded, thread-safe LRU cache of text embeddings shared by all encoder backends."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from lexguard._errors import ConfigurationError

__all__ = ["CacheInfo", "EmbeddingCache"]


@dataclass(frozen=True)
class CacheInfo:
    """Counters of an :class:`EmbeddingCache`.

    Attributes:
        hits: Texts served from the cache.
        misses: Texts that had to be embedded.
        size: Vectors held now.
        max_size: Capacity; 0 means the cache is disabled.
    """

    hits: int
    misses: int
    size: int
    max_size: int


class EmbeddingCache:
    """LRU map from text to its embedding vector.

    Args:
        max_size: How many vectors to keep; 0 disables caching (every text is embedded).
    """

    def __init__(self, max_size: int = 20_000) -> None:
        if max_size < 0:
            raise ConfigurationError("max_size must be >= 0; use 0 to disable the cache")
        self.max_size = max_size
        self._data: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self._hits = 0
        self._misses = 0

    def get_or_compute(
        self, texts: Sequence[str], compute: Callable[[list[str]], np.ndarray]
    ) -> np.ndarray:
        """Return the vectors of ``texts``, calling ``compute`` once for the unique missing ones.

        Args:
            texts: Texts to embed (duplicates allowed).
            compute: Embeds a list of distinct texts into a ``(n, dim)`` float32 array.

        Returns:
            A ``(len(texts), dim)`` float32 array in the order of ``texts``.
        """
        texts = list(texts)
        unique = list(dict.fromkeys(texts))
        with self._lock:
            found = {t: self._data[t] for t in unique if t in self._data}
        missing = [t for t in unique if t not in found]
        if missing:
            vectors = np.asarray(compute(missing), dtype=np.float32)
            found.update(zip(missing, vectors, strict=True))
        out = np.stack([found[t] for t in texts]) if texts else np.zeros((0, 0), np.float32)
        with self._lock:
            self._hits += len(texts) - len(missing)
            self._misses += len(missing)
            if self.max_size:
                for text in unique:
                    self._data[text] = found[text]
                    self._data.move_to_end(text)
                while len(self._data) > self.max_size:
                    self._data.popitem(last=False)
        return out

    def clear(self) -> None:
        """Drop every cached vector and reset the counters."""
        with self._lock:
            self._data.clear()
            self._hits = self._misses = 0

    def info(self) -> CacheInfo:
        """Current counters."""
        with self._lock:
            return CacheInfo(self._hits, self._misses, len(self._data), self.max_size)

    def __len__(self) -> int:
        return len(self._data)
