"""Response-level and span-level metrics for hallucination detection."""

from __future__ import annotations

from collections.abc import Sequence

from lexguard._value import ValueModel

__all__ = [
    "ResponseMetrics",
    "SpanMetrics",
    "auroc",
    "merge_spans",
    "recall_at_false_alarm",
    "response_metrics",
    "span_metrics",
]


class ResponseMetrics(ValueModel):
    """Response-level detection quality (positive class: hallucinated)."""

    n: int
    positives: int
    precision: float
    recall: float
    f1: float
    balanced_accuracy: float
    auroc: float | None
    false_alarm_rate: float = 0.0
    recall_at_5_far: float | None = None
    recall_at_10_far: float | None = None


class SpanMetrics(ValueModel):
    """Character-overlap micro precision/recall/F1 of predicted vs gold hallucinated spans."""

    precision: float
    recall: float
    f1: float
    predicted_chars: int
    gold_chars: int


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def auroc(truth: Sequence[bool], scores: Sequence[float]) -> float | None:
    """Area under the ROC curve (Mann-Whitney, ties count half); ``None`` with one class only."""
    pos = [s for t, s in zip(truth, scores, strict=True) if t]
    neg = [s for t, s in zip(truth, scores, strict=True) if not t]
    if not pos or not neg:
        return None
    ranked = sorted((s, i) for i, s in enumerate([*pos, *neg]))
    ranks = [0.0] * len(ranked)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[ranked[k][1]] = (i + j) / 2 + 1
        i = j + 1
    rank_sum = sum(ranks[: len(pos)])
    return (rank_sum - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))


def recall_at_false_alarm(truth: Sequence[bool], scores: Sequence[float], max_false_alarm: float) -> float | None:
    """Best recall reachable by a score threshold that flags at most ``max_false_alarm`` of negatives.

    Args:
        truth: Gold labels (``True`` = hallucinated).
        scores: Hallucination scores (higher = more likely hallucinated).
        max_false_alarm: Largest allowed share of supported responses flagged (0..1).

    Returns:
        The recall, or ``None`` with one class only.
    """
    pos = sorted((s for t, s in zip(truth, scores, strict=True) if t), reverse=True)
    neg = sorted((s for t, s in zip(truth, scores, strict=True) if not t), reverse=True)
    if not pos or not neg:
        return None
    allowed = int(max_false_alarm * len(neg) + 1e-9)
    # Flag scores strictly above the (allowed+1)-th highest negative score.
    cut = neg[allowed] if allowed < len(neg) else float("-inf")
    return sum(1 for s in pos if s > cut) / len(pos)


def response_metrics(truth: Sequence[bool], predicted: Sequence[bool], scores: Sequence[float]) -> ResponseMetrics:
    """P/R/F1 of the hallucinated class, balanced accuracy, AUROC, and recall at 5% / 10% false alarms."""
    tp = sum(1 for t, p in zip(truth, predicted, strict=True) if t and p)
    fp = sum(1 for t, p in zip(truth, predicted, strict=True) if not t and p)
    fn = sum(1 for t, p in zip(truth, predicted, strict=True) if t and not p)
    tn = len(truth) - tp - fp - fn
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    tnr = tn / (tn + fp) if tn + fp else 0.0
    positives = tp + fn
    balanced = (recall + tnr) / 2 if positives and tn + fp else (recall if positives else tnr)
    return ResponseMetrics(
        n=len(truth),
        positives=positives,
        precision=precision,
        recall=recall,
        f1=_f1(precision, recall),
        balanced_accuracy=balanced,
        auroc=auroc(truth, scores),
        false_alarm_rate=fp / (fp + tn) if fp + tn else 0.0,
        recall_at_5_far=recall_at_false_alarm(truth, scores, 0.05),
        recall_at_10_far=recall_at_false_alarm(truth, scores, 0.10),
    )


def merge_spans(spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sort and merge overlapping or touching spans."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if end <= start:
            continue
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def _length(spans: list[tuple[int, int]]) -> int:
    return sum(e - s for s, e in spans)


def _overlap(a: list[tuple[int, int]], b: list[tuple[int, int]]) -> int:
    total = 0
    for s1, e1 in a:
        for s2, e2 in b:
            total += max(0, min(e1, e2) - max(s1, s2))
    return total


def span_metrics(
    gold: Sequence[Sequence[tuple[int, int]]], predicted: Sequence[Sequence[tuple[int, int]]]
) -> SpanMetrics:
    """Micro-averaged character-overlap P/R/F1 over responses."""
    tp = pred_chars = gold_chars = 0
    for g, p in zip(gold, predicted, strict=True):
        gm, pm = merge_spans(g), merge_spans(p)
        tp += _overlap(gm, pm)
        pred_chars += _length(pm)
        gold_chars += _length(gm)
    precision = tp / pred_chars if pred_chars else 0.0
    recall = tp / gold_chars if gold_chars else 0.0
    return SpanMetrics(
        precision=precision,
        recall=recall,
        f1=_f1(precision, recall),
        predicted_chars=pred_chars,
        gold_chars=gold_chars,
    )
