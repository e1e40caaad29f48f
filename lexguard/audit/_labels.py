"""People's labels on audit records, and the labelled records as rows for calibration."""

from __future__ import annotations

import warnings
from typing import Any

from lexguard.audit._models import AuditLabel, AuditRecord, LabelValue
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


def _labelled_answer(record: AuditRecord) -> str | None:
    """The model's answer a label is about, or ``None`` when the record cannot tell.

    Records written before ``original_answer`` existed only hold the answer handed on: it is the
    model's own when the guard accepted or flagged the first attempt as it was; after a
    fallback (a refusal or best attempt) or a retry (a repair) it may not be.
    """
    if record.original_answer is not None:
        return record.original_answer
    attempts = record.metadata.get("attempts", 1)
    if record.verdict == "fallback" or (isinstance(attempts, int) and attempts > 1):
        return None
    return record.answer


def labelled_rows(store: object, *, limit: int | None = None) -> list[dict[str, Any]]:
    """The labelled audit records as evaluation rows, for threshold calibration.

    Each row has the keys of a ``lexguard.eval`` row (``EvalRow.model_validate(row)`` works):
    ``id`` (the audit id), ``task`` (``"audit"``), ``question``, ``sources`` (source texts as
    recorded), ``answer`` (the model's original answer, the text the label is about; not the
    refusal or repair the guard handed on), ``label`` (``"hallucinated"``, or ``"supported"`` for a record
    labelled correct), ``spans`` (``[]``: labels are per answer), and ``meta`` with the
    person's ``note``, the raw ``human_label``, the guard's ``status`` and ``confidence`` at
    the time, the ``answer_handed_on`` and the record's ``timestamp``. Oldest record first.

    Records written before the audit kept the original answer, whose stored answer may be a
    refusal or a repair (verdict ``fallback`` or more than one attempt), are left out with a
    ``UserWarning`` naming how many: calibrating on them would learn from the wrong text.

    Args:
        store: A :class:`LabelledAuditStore`.
        limit: At most this many rows.

    Raises:
        AuditStoreError: If the store keeps no labels or the database fails.
    """
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    for record, label in _labelled(store).labelled(limit=limit):
        answer = _labelled_answer(record)
        if answer is None:
            skipped.append(record.audit_id)
            continue
        rows.append(
            {
                "id": record.audit_id,
                "task": "audit",
                "question": record.query,
                "sources": [str(s.get("content", "")) for s in record.sources],
                "answer": answer,
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
                    "answer_handed_on": record.answer,
                },
            }
        )
    if skipped:
        shown = ", ".join(skipped[:3]) + (", ..." if len(skipped) > 3 else "")
        warnings.warn(
            f"{len(skipped)} labelled audit record(s) left out ({shown}): written before the audit kept the "
            "model's original answer, they hold only the refusal or repair handed on; label newer records",
            UserWarning,
            stacklevel=2,
        )
    return rows
