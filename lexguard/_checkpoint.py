"""Checkpoint-safe types: lexguard's value objects registered with LangGraph's serializer.

LangGraph deserialises only allow-listed types from checkpoints (all of them, with a warning,
unless ``LANGGRAPH_STRICT_MSGPACK=true``; only allow-listed ones when it is). A compiled guard
graph registers its state types itself under strict msgpack; for the default mode, or for a
parent graph's checkpointer, use :func:`checkpoint_serializer`::

    from langgraph.checkpoint.memory import InMemorySaver
    from lexguard import checkpoint_serializer

    graph = build_guard_graph(checkpointer=InMemorySaver(serde=checkpoint_serializer()))
"""

from __future__ import annotations

from typing import Any

import lexguard._models as _models

__all__ = ["CHECKPOINT_TYPES", "checkpoint_serializer"]

_STATE_TYPES = ("Severity", "Status", "Verdict", "FindingKind", "Source", "Citation", "Claim", "Finding",
                "CheckOutcome", "FailureAction", "CheckResult", "AttemptRecord", "ValidationReport")

CHECKPOINT_TYPES: tuple[tuple[str, str], ...] = (
    *((getattr(_models, name).__module__, name) for name in (*_STATE_TYPES, "VerifierStatus")),
    *(("lexguard.knowledge", name) for name in ("Entity", "KnowledgeContext", "Relationship")),
)
"""``(module, name)`` of every lexguard type that can sit in graph state, under the public module
that its ``__module__`` (and so a checkpoint) records."""


def checkpoint_serializer(extra: Any = ()) -> Any:
    """A LangGraph ``JsonPlusSerializer`` whose msgpack allowlist holds LangGraph's safe types,
    lexguard's :data:`CHECKPOINT_TYPES` and ``extra`` (more ``(module, name)`` pairs or types):
    reports round-trip with no "unregistered type" warning, strict or not."""
    from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

    return JsonPlusSerializer(allowed_msgpack_modules=(*CHECKPOINT_TYPES, *extra))
