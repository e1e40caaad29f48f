"""The two retrievals of the support check, as factories for ``lexguard eval --checker``.

Usage (from the repository root)::

    lexguard eval DATA.jsonl --checker benchmarks._pipelines:candidates   # the default
    lexguard eval DATA.jsonl --checker benchmarks._pipelines:dense        # every chunk embedded
"""

from __future__ import annotations

from lexguard.grounding import GroundingConfig, SupportChecker

__all__ = ["candidates", "dense"]


def candidates() -> SupportChecker:
    """The default support check: each claim's BM25 candidates embedded (``retrieval="candidates"``)."""
    return SupportChecker(GroundingConfig(retrieval="candidates"))


def dense() -> SupportChecker:
    """The earlier pipeline: every source chunk embedded before any claim is read."""
    return SupportChecker(GroundingConfig(retrieval="dense"))
