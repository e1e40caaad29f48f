"""The support check's pipelines, as factories for ``lexguard eval --checker``.

Usage (from the repository root, with ``PYTHONPATH=.``)::

    lexguard eval DATA.jsonl --checker benchmarks._pipelines:candidates   # the default
    lexguard eval DATA.jsonl --checker benchmarks._pipelines:baseline     # the pipeline before issue 26
    lexguard eval DATA.jsonl --checker benchmarks._pipelines:dense        # every chunk embedded, int8
    lexguard eval DATA.jsonl --checker benchmarks._pipelines:candidates_fp32
"""

from __future__ import annotations

from lexguard.grounding import GroundingConfig, SupportChecker

__all__ = ["baseline", "candidates", "candidates_fp32", "dense"]


def candidates() -> SupportChecker:
    """The default support check: each claim's BM25 candidates embedded, by the int8 encoder."""
    return SupportChecker(GroundingConfig(retrieval="candidates"))


def baseline() -> SupportChecker:
    """The pipeline before issue 26 (the full pipeline): every source chunk embedded before any
    claim is read, by the fp32 encoder."""
    return SupportChecker(GroundingConfig(retrieval="dense", embedding_backend="onnx"))


def dense() -> SupportChecker:
    """Every source chunk embedded, by the default (int8) encoder."""
    return SupportChecker(GroundingConfig(retrieval="dense"))


def candidates_fp32() -> SupportChecker:
    """Candidate retrieval with the fp32 encoder (the default of 2026-11-25)."""
    return SupportChecker(GroundingConfig(retrieval="candidates", embedding_backend="onnx"))
