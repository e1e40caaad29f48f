"""The plain support check the seeds describe, and small statistics helpers for the benchmarks.

Plain method: for every claim, embed the claim together with every source sentence
(sentence-transformers on torch, no batching across claims, no cache) and call the claim
supported when its best cosine similarity is at least 0.8.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["PlainChecker", "bucket_table", "f1_report", "percentile"]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")


class PlainChecker:
    """Embed each source sentence for every claim and compare by cosine.

    Args:
        model_path: A sentence-transformers model (folder or name).
        threshold: A claim is supported when its max cosine is at least this.
    """

    def __init__(self, model_path: str, threshold: float = 0.8) -> None:
        from sentence_transformers import SentenceTransformer

        self.model = SentenceTransformer(model_path, device="cpu")
        self.threshold = threshold

    def check(self, claims: Sequence[str], sources: Sequence[str]) -> list[bool]:
        """Return, per claim, whether some source sentence has cosine >= threshold."""
        sentences = [s.strip() for src in sources for s in _SENTENCE_END.split(src) if s.strip()]
        supported = []
        for claim in claims:
            vectors = self.model.encode(
                [claim, *sentences], normalize_embeddings=True, show_progress_bar=False
            )
            best = float((vectors[1:] @ vectors[0]).max()) if sentences else 0.0
            supported.append(best >= self.threshold)
        return supported


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) of ``values``; NaN when empty."""
    return float(np.percentile(values, q)) if len(values) else float("nan")


def f1_report(gold: Sequence[bool], predicted: Sequence[bool]) -> str:
    """Precision / recall / F1 of the positive (hallucinated) class as a short string."""
    tp = sum(g and p for g, p in zip(gold, predicted, strict=True))
    fp = sum((not g) and p for g, p in zip(gold, predicted, strict=True))
    fn = sum(g and not p for g, p in zip(gold, predicted, strict=True))
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return f"P {precision:.2f} / R {recall:.2f} / F1 {f1:.2f} (n={len(gold)})"


def bucket_table(
    records: Sequence[dict[str, Any]], key: str, label: str, columns: Sequence[tuple[str, str]]
) -> str:
    """Markdown table of median latencies per quartile of ``records[key]``."""
    values = np.array([r[key] for r in records], dtype=float)
    edges = np.unique(np.percentile(values, [0, 25, 50, 75, 100]).round())
    lines = [
        f"| {label} | n | " + " | ".join(title for _, title in columns) + " |",
        "|---|---:|" + "---:|" * len(columns),
    ]
    for low, high in zip(edges[:-1], edges[1:], strict=True):
        last = high == edges[-1]
        rows = [r for r in records if low <= r[key] < high or (last and r[key] == high)]
        if not rows:
            continue
        cells = [f"{statistics.median(r[col] for r in rows) * 1000:.0f}" for col, _ in columns]
        lines.append(f"| {int(low)}-{int(high)} | {len(rows)} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
