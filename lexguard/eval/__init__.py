"""Evaluation harness: run the support check over labelled data and report detection quality.

Response level: precision/recall/F1 of the hallucinated class, balanced accuracy and AUROC (the
score of a response is the chance that one of its claims is not supported, ``1 - prod(support)``).
Span level: character overlap micro precision/recall/F1. Per task and overall, with latency per
response.
"""

from lexguard.eval._baseline import CosineBaseline, WordOverlapBaseline
from lexguard.eval._data import EvalRow, load_probes, load_rows
from lexguard.eval._calibrate import Calibration, calibrate
from lexguard.eval._metrics import (
    ResponseMetrics,
    SpanMetrics,
    auroc,
    recall_at_false_alarm,
    response_metrics,
    span_metrics,
)
from lexguard.eval._runner import EvalReport, Prediction, TaskReport, evaluate, predict, summarize
from lexguard._lazy import publish_all

__all__ = [
    "Calibration",
    "CosineBaseline",
    "EvalReport",
    "EvalRow",
    "Prediction",
    "ResponseMetrics",
    "SpanMetrics",
    "TaskReport",
    "WordOverlapBaseline",
    "auroc",
    "calibrate",
    "evaluate",
    "load_probes",
    "load_rows",
    "predict",
    "recall_at_false_alarm",
    "response_metrics",
    "span_metrics",
    "summarize",
]

publish_all(__name__, globals())
