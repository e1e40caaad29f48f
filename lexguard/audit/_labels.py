"""People's labels on audit records, and the labelled records as rows for calibration."""

from __future__ import annotations

from typing import Any

from lexguard.audit._models import AuditLabel, LabelValue
from lexguard.audit._store import AuditStoreError, LabelledAuditStore

__all__ = ["label_record", "labelled_rows"]


def _labelled(store: object) -> LabelledAuditStore:
    if not isinstance(store, LabelledAuditStore):
        raise AuditStoreError(
            f"{type(store).__name__} keeps no labels; use SQLiteAuditStore or PostgresAuditStore "
            "(or implement label/get_label/labelled)"
        )
    return store


def label_record(
    store: object, audit_id: str, label: LabelValue, *, note: str | None = None
) -> AuditLabel:
    """Attach a person's label to an audit record (a later label replaces an earlier one).

    Args:
        store: A :class:`LabelledAuditStore` (both built-in stores are).
        audit_id: The record (``report.metadata["audit_id"]``).
        label: ``correct`` or ``hallucinated``.
        note: Free text, e.g. which statement was wrong.

    Raises:
        AuditStoreError: If the store keeps no labels, the record does not exist or the
            database fails.
    """
    return _labelled(store).label(audit_id, label, note=note)


def labelled_rows(store: object, *, limit: int | None = None) -> list[dict[str, Any]]:
    """The labelled audit records as evaluation rows, for threshold calibration.

    Each row has the keys of a ``lexguard.eval`` row (``EvalRow.model_validate(row)`` works):
    ``id`` (the audit id), ``task`` (``"audit"``), ``question``, ``sources`` (source texts as
    recorded), ``answer``, ``label`` (``"hallucinated"``, or ``"supported"`` for a record
    labelled correct), ``spans`` (``[]``: labels are per answer), and ``meta`` with the
    person's ``note``, the raw ``human_label``, the guard's ``status`` and ``confidence`` at
    the time, and the record's ``timestamp``. Oldest record first.

    Args:
        store: A :class:`LabelledAuditStore`.
        limit: At most this many rows.

    Raises:
        AuditStoreError: If the store keeps no labels or the database fails.
    """
    rows: list[dict[str, Any]] = []
    for record, label in _labelled(store).labelled(limit=limit):
        rows.append(
            {
                "id": record.audit_id,
                "task": "audit",
                "question": record.query,
                "sources": [str(s.get("content", "")) for s in record.sources],
                "answer": record.answer,
                "label": "hallucinated" if label.label == "hallucinated" else "supported",
                "spans": [],
                "meta": {
                    "human_label": label.label,
                    "note": label.note,
                    "labelled_at": label.labelled_at.isoformat(),
                    "status": str(record.status),
                    "confidence": record.confidence,
                    "timestamp": record.timestamp.isoformat(),
                    "session_id": record.session_id,
                },
            }
        )
    return rows
