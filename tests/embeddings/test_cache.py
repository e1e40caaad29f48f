"""The shared LRU text cache and the batching/de-duplication of CachedEncoder."""

from __future__ import annotations

import numpy as np
import pytest

from lexguard.embeddings import CachedEncoder, EmbeddingCache


class CountingEncoder(CachedEncoder):
    """Deterministic fake backend that records every batch it is asked to embed."""

    name = "fake"
    backend = "fake"

    def __init__(self, cache_size: int = 100) -> None:
        super().__init__(cache_size=cache_size)
        self.batches: list[list[str]] = []

    @property
    def dimension(self) -> int:
        return 4

    def _embed(self, texts: list[str]) -> np.ndarray:
        self.batches.append(list(texts))
        out = np.array([[len(t), t.count("a"), t.count("e"), 1.0] for t in texts], dtype=np.float32)
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def test_one_backend_call_per_encode_with_duplicates_removed() -> None:
    enc = CountingEncoder()
    out = enc.encode(["aa", "bee", "aa", "c"])
    assert enc.batches == [["aa", "bee", "c"]]
    assert out.shape == (4, 4)
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out[0], out[2])


def test_cached_texts_are_not_embedded_again() -> None:
    enc = CountingEncoder()
    first = enc.encode(["source one", "source two", "claim"])
    second = enc.encode(["source two", "new claim", "source one"])
    assert enc.batches == [["source one", "source two", "claim"], ["new claim"]]
    np.testing.assert_array_equal(second[0], first[1])
    np.testing.assert_array_equal(second[2], first[0])
    info = enc.cache_info()
    assert (info.hits, info.misses, info.size) == (2, 4, 4)


def test_lru_evicts_least_recently_used() -> None:
    enc = CountingEncoder(cache_size=2)
    enc.encode(["a", "b"])
    enc.encode(["a"])  # a is now most recent
    enc.encode(["c"])  # evicts b
    enc.batches.clear()
    enc.encode(["a", "b", "c"])
    assert enc.batches == [["b"]]


def test_cache_size_zero_disables_caching() -> None:
    enc = CountingEncoder(cache_size=0)
    enc.encode(["x", "y"])
    enc.encode(["x", "y"])
    assert enc.batches == [["x", "y"], ["x", "y"]]
    assert enc.cache_info().size == 0


def test_clear_cache_forces_re_embedding_and_resets_counters() -> None:
    enc = CountingEncoder()
    enc.encode(["x"])
    enc.clear_cache()
    assert enc.cache_info().misses == 0
    enc.encode(["x"])
    assert enc.batches == [["x"], ["x"]]


def test_empty_input_returns_empty_matrix_of_the_right_width() -> None:
    enc = CountingEncoder()
    out = enc.encode([])
    assert out.shape == (0, 4)
    assert enc.batches == []


def test_negative_cache_size_is_rejected() -> None:
    with pytest.raises(ValueError, match="max_size"):
        EmbeddingCache(-1)
