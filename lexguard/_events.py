"""Custom callback events: what the guard decided, visible in LangSmith and ``astream_events``.

Every event name starts with ``lexguard.``. Events are dispatched with
``langchain_core.callbacks.dispatch_custom_event``; outside a run (no parent run id) they are
silently dropped, so emitting never fails the guard.

Inside a LangGraph run every event is also written to the graph's stream writer
(``get_stream_writer``) as ``{"event": <name>, "data": <payload>}``, so it shows under
``stream_mode="custom"`` (in subgraphs and over LangGraph Server too).

Event names and payloads (all JSON-serialisable dicts):

``lexguard.decision``
    The ``decide`` node's verdict: ``attempt``, ``verdict``, ``reason``, ``confidence``,
    ``findings`` (count per severity), ``checks`` (outcome per check).
``lexguard.sentence``
    One streamed sentence was checked: ``index``, ``text``, ``span``, ``supported``,
    ``support``, ``severity`` (worst finding or ``None``), ``findings``, ``halted``.
``lexguard.halt``
    A stream was halted: ``index`` of the offending sentence, ``reason``, ``fallback`` text.
``lexguard.middleware``
    The agent middleware checked a final answer: ``attempt``, ``action`` (``accept`` /
    ``retry`` / ``fallback``), ``status``, ``confidence``.
"""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from lexguard._models import Finding

__all__ = [
    "DECISION_EVENT",
    "HALT_EVENT",
    "MIDDLEWARE_EVENT",
    "SENTENCE_EVENT",
    "aemit_event",
    "emit_event",
    "finding_counts",
]

DECISION_EVENT = "lexguard.decision"
SENTENCE_EVENT = "lexguard.sentence"
HALT_EVENT = "lexguard.halt"
MIDDLEWARE_EVENT = "lexguard.middleware"


def finding_counts(findings: Any) -> dict[str, int]:
    """Count findings per severity (``{"soft": 1, "hard": 0, "critical": 0}``)."""
    counts = {"soft": 0, "hard": 0, "critical": 0}
    for finding in findings or ():
        if isinstance(finding, Finding):
            counts[finding.severity.value] += 1
    return counts


def _write_stream(name: str, data: dict[str, Any]) -> None:
    """Write the event to the running graph's custom stream (no-op outside a graph run)."""
    try:
        from langgraph.config import get_stream_writer

        writer = get_stream_writer()
    except Exception:  # noqa: BLE001 - not inside a graph node: nobody streams custom data
        return
    if writer is not None:
        writer({"event": name, "data": data})


def emit_event(name: str, data: dict[str, Any], config: RunnableConfig | None = None) -> bool:
    """Dispatch a custom callback event; return False (and do nothing) outside a run.

    Args:
        name: Event name (``lexguard.*``).
        data: JSON-serialisable payload.
        config: The config of the running node or runnable (carries the parent run).
    """
    from langchain_core.callbacks import dispatch_custom_event

    _write_stream(name, data)
    try:
        dispatch_custom_event(name, data, config=config)
    except RuntimeError:  # no parent run: nobody is listening
        return False
    return True


async def aemit_event(name: str, data: dict[str, Any], config: RunnableConfig | None = None) -> bool:
    """Async :func:`emit_event` (use it on async paths so async handlers are awaited)."""
    from langchain_core.callbacks import adispatch_custom_event

    _write_stream(name, data)
    try:
        await adispatch_custom_event(name, data, config=config)
    except RuntimeError:
        return False
    return True
