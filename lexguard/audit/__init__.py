"""Durable audit trail: one record per guard run, retained for a set time.

* :class:`SQLiteAuditStore` is the default store (WAL mode, thread- and process-safe);
  implement :class:`AuditStore` for a server database.
* :func:`record_report` writes a report's record and never raises: if the store fails, the
  record goes to a fallback JSONL file (:func:`recover_fallback` moves it back later).
* :func:`export_jsonl` exports records; :meth:`SQLiteAuditStore.purge` removes records older
  than ``LEXGUARD_AUDIT_RETENTION_DAYS`` (default 90).
* :class:`RejectionResponse` is the documented shape for answers that are not given.
"""

from lexguard.audit._hook import attach_audit, resolve_audit_store
from lexguard.audit._models import (
    AuditRecord,
    AuditStatus,
    ClaimAudit,
    RejectionResponse,
    audit_status,
)
from lexguard.audit._record import (
    FALLBACK_ENV,
    AuditWarning,
    build_record,
    export_jsonl,
    read_fallback,
    record_report,
    recover_fallback,
    write_fallback,
)
from lexguard.audit._store import (
    DEFAULT_RETENTION_DAYS,
    RETENTION_ENV,
    AuditStore,
    AuditStoreError,
    Redactor,
    SQLiteAuditStore,
    retention_days_from_env,
)

__all__ = [
    "DEFAULT_RETENTION_DAYS",
    "FALLBACK_ENV",
    "RETENTION_ENV",
    "AuditRecord",
    "AuditStatus",
    "AuditStore",
    "AuditStoreError",
    "AuditWarning",
    "ClaimAudit",
    "Redactor",
    "RejectionResponse",
    "SQLiteAuditStore",
    "attach_audit",
    "audit_status",
    "build_record",
    "export_jsonl",
    "read_fallback",
    "record_report",
    "recover_fallback",
    "resolve_audit_store",
    "retention_days_from_env",
    "write_fallback",
]
