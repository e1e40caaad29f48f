"""The guard's audit hook: record a finished run and stamp the audit id into the report."""

from __future__ import annotations

import os
import threading
import warnings
from collections.abc import Mapping
from typing import Any

from lexguard._models import ValidationReport
from lexguard.audit._record import AuditWarning, record_report
from lexguard.audit._store import AuditStore, SQLiteAuditStore

__all__ = ["attach_audit", "resolve_audit_store"]

_stores: dict[str, SQLiteAuditStore] = {}
_stores_lock = threading.Lock()


def resolve_audit_store(value: AuditStore | str | os.PathLike[str] | None) -> AuditStore | None:
    """Accept a store, a database path or ``None``; one shared store per path.

    Raises:
        TypeError: If ``value`` is none of these.
    """
    if value is None or isinstance(value, AuditStore):
        return value
    if isinstance(value, str | os.PathLike):
        key = os.path.abspath(os.fspath(value)) if os.fspath(value) != ":memory:" else ":memory:"
        with _stores_lock:
            if key not in _stores:
                _stores[key] = SQLiteAuditStore(key)
            return _stores[key]
    raise TypeError(
        f"audit= got {type(value).__name__}; pass a database path or an AuditStore "
        "(e.g. lexguard.audit.SQLiteAuditStore('audit.db'))"
    )


def _from_config(config: Mapping[str, Any] | None, *keys: str) -> str | None:
    if not config:
        return None
    for section in ("metadata", "configurable"):
        values = config.get(section) or {}
        for key in keys:
            if values.get(key) is not None:
                return str(values[key])
    return None


def attach_audit(
    store: AuditStore | str | os.PathLike[str] | None,
    report: ValidationReport,
    *,
    query: str | None = None,
    config: Mapping[str, Any] | None = None,
    run_id: Any = None,
    processing_time: float | None = None,
) -> ValidationReport:
    """Record ``report`` and return it with ``metadata["audit_id"]`` set. Never raises.

    Session id, response id and model version come from the LangChain ``config``
    (``metadata`` or ``configurable``: ``session_id``/``thread_id``, ``response_id``,
    ``model_version``/``ls_model_name``); the response id defaults to the run id.

    Args:
        store: The guard's ``audit`` setting: a store, a database path, or ``None`` (no-op).
        report: The finished report.
        query: The user question.
        config: The ``RunnableConfig`` of the run.
        run_id: The LangChain run id.
        processing_time: Wall-clock seconds of the run.
    """
    if store is None:
        return report
    try:
        resolved = resolve_audit_store(store)
        audit_id = record_report(
            resolved,
            report,
            query=query,
            session_id=_from_config(config, "session_id", "thread_id"),
            response_id=_from_config(config, "response_id")
            or (str(run_id) if run_id is not None else None),
            model_version=_from_config(config, "model_version", "ls_model_name"),
            processing_time=processing_time,
        )
    except Exception as exc:  # the audit must never break the guard
        warnings.warn(
            f"audit hook failed ({type(exc).__name__}: {exc})", AuditWarning, stacklevel=2
        )
        return report
    if audit_id is None:
        return report
    return report.model_copy(update={"metadata": {**report.metadata, "audit_id": audit_id}})
