"""Run a checker over labelled rows and compute the metrics, per task and overall."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import Field

from lexguard._models import Source
from lexguard._value import ValueModel
from lexguard.eval._data import EvalRow
from lexguard.grounding._pipeline import FAILED_PREFIX
from lexguard.eval._metrics import ResponseMetrics, SpanMetrics, response_metrics, span_metrics

__all__ = ["Prediction", "EvalReport", "TaskReport", "evaluate", "predict", "summarize"]


class Prediction(ValueModel):
    """What a method predicted for one row."""

    id: str
    task: str
    hallucinated: bool
    predicted: bool
    score: float
    gold_spans: list[tuple[int, int]]
    spans: list[tuple[int, int]]
    seconds: float
    error: str | None = None


class TaskReport(ValueModel):
    """Metrics of one task (or of all rows)."""

    task: str
    response: ResponseMetrics
    span: SpanMetrics
    latency_mean_s: float
    latency_p50_s: float
    latency_p95_s: float


class EvalReport(ValueModel):
    """Metrics per task and overall."""

    method: str
    file: str = ""
    overall: TaskReport
    tasks: dict[str, TaskReport] = Field(default_factory=dict)
    errors: int = 0


def predict(checker: Any, row: EvalRow) -> Prediction:
    """Run ``checker.check`` on one row and read its verdict, score and hallucinated spans.

    The response counts as hallucinated when any claim is unsupported; its predicted spans are
    the spans of the findings inside unsupported claims (the unsupported words), or the whole
    unsupported claims when there are no such findings (the baseline). A check that broke (it
    raised, or its result says the model failed) is recorded as the row's error and counted as
    flagged, as the guard refuses such an answer: a crash is never scored as a pass.
    """
    sources = [Source(id=f"source-{i}", content=text) for i, text in enumerate(row.sources)]
    started = time.perf_counter()
    error = None
    try:
        is_baseline = checker.__class__.__name__ in ("CosineBaseline", "WordOverlapBaseline")
        result = checker.check(row.answer, row.sources if is_baseline else sources, row.question or None)
        claims = list(result.claims)
        findings = [] if is_baseline else [f for f in getattr(result, "findings", ()) if f.span]
        score = float(result.hallucination_score)
        reason = getattr(result, "inconclusive_reason", None) or ""
        if reason.startswith(FAILED_PREFIX):
            error = reason  # the check broke: counted, and refused as the guard refuses it (fails closed)
    except Exception as exc:  # noqa: BLE001 - one broken row must not stop the run
        claims, findings, score, error = [], [], 1.0, f"{type(exc).__name__}: {exc}"
    seconds = time.perf_counter() - started
    unsupported = [c.span for c in claims if c.supported is False]
    # The support check's findings point at the unsupported part of each unsupported claim;
    # the baseline (and a checker without findings) flags whole claims.
    spans = []
    for start, end in unsupported:
        inside = [f.span for f in findings if start <= f.span[0] and f.span[1] <= end]
        spans += inside or [(start, end)]
    return Prediction(
        id=row.id,
        task=row.task,
        hallucinated=row.hallucinated,
        predicted=bool(unsupported) or error is not None,
        score=1.0 if error is not None else score,
        gold_spans=[tuple(s) for s in row.spans],
        spans=spans,
        seconds=seconds,
        error=error,
    )


def _task_report(task: str, preds: Sequence[Prediction]) -> TaskReport:
    seconds = sorted(p.seconds for p in preds)
    return TaskReport(
        task=task,
        response=response_metrics([p.hallucinated for p in preds], [p.predicted for p in preds], [p.score for p in preds]),
        span=span_metrics([p.gold_spans for p in preds], [p.spans for p in preds]),
        latency_mean_s=statistics.fmean(seconds) if seconds else 0.0,
        latency_p50_s=seconds[len(seconds) // 2] if seconds else 0.0,
        latency_p95_s=seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))] if seconds else 0.0,
    )


def evaluate(
    checker: Any,
    rows: Sequence[EvalRow],
    *,
    method: str = "lexguard",
    file: str = "",
    on_row: Callable[[Prediction], None] | None = None,
) -> tuple[EvalReport, list[Prediction]]:
    """Evaluate ``checker`` (anything with ``check(answer, sources, question)``) on ``rows``.

    Args:
        checker: A :class:`~lexguard.grounding.SupportChecker` or a baseline.
        rows: Labelled rows.
        method: Name shown in the report.
        file: The benchmark file, for the report.
        on_row: Called after each row (progress bars).

    Returns:
        The report and the per-row predictions.
    """
    preds: list[Prediction] = []
    for row in rows:
        pred = predict(checker, row)
        preds.append(pred)
        if on_row is not None:
            on_row(pred)
    return summarize(preds, method=method, file=file), preds


def summarize(preds: Sequence[Prediction], *, method: str = "lexguard", file: str = "") -> EvalReport:
    """The report of predictions made elsewhere (e.g. by ``lexguard.bulk.predict_rows`` on Ray)."""
    tasks = sorted({p.task for p in preds})
    return EvalReport(
        method=method,
        file=file,
        overall=_task_report("overall", preds),
        tasks={t: _task_report(t, [p for p in preds if p.task == t]) for t in tasks},
        errors=sum(1 for p in preds if p.error),
    )
