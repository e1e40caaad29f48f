"""Length-sorted batching of the ONNX backend (no model needed)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from lexguard.embeddings._onnx import _OnnxRuntime


def _batches(lengths: list[int], batch_size: int, max_batch_tokens: int) -> list[list[int]]:
    owner = SimpleNamespace(batch_size=batch_size, max_batch_tokens=max_batch_tokens)
    return [b.tolist() for b in _OnnxRuntime._batches(owner, np.array(lengths))]  # type: ignore[arg-type]


def test_rows_are_grouped_shortest_first_and_all_kept() -> None:
    batches = _batches([30, 5, 12, 6, 40], batch_size=2, max_batch_tokens=10_000)
    assert batches == [[1, 3], [2, 0], [4]]


def test_padded_token_budget_splits_batches() -> None:
    lengths = [10, 10, 10, 100, 100, 300]
    batches = _batches(lengths, batch_size=8, max_batch_tokens=200)
    assert sorted(i for b in batches for i in b) == list(range(6))
    for batch in batches:
        assert len(batch) == 1 or len(batch) * max(lengths[i] for i in batch) <= 200
    assert batches[-1] == [5]  # longer than the budget alone: still embedded, on its own
