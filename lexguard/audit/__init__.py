"""Durable audit trail: one record per guard run, retained for a set time.

* :class:`SQLiteAuditStore` is the embedded default (WAL mode, thread- and process-safe);
  :class:`PostgresAuditStore` is the store many processes and machines share. Either is chosen
  by a URL: ``Guard(audit="postgresql://...")``, ``Guard(audit="audit.db")`` or
  ``$LEXGUARD_AUDIT_URL`` (see :func:`open_store`). Implement :class:`AuditStore` for another
  database.
* :func:`record_report` writes a report's record and never raises: if the store fails, the
  record goes to a fallback JSONL file (:func:`recover_fallback`, ``lexguard audit recover``,
  moves it back later).
* :func:`export_jsonl` exports records; ``purge`` removes records older than
  ``LEXGUARD_AUDIT_RETENTION_DAYS`` (or the design's ``AUDIT_RETENTION_DAYS``; default 90).
* :func:`label_record` attaches a person's ``correct`` / ``hallucinated`` label to a record;
  :func:`labelled_rows` returns the labelled records as evaluation rows for calibration.
* :class:`RejectionResponse` is the documented shape for answers that are not given.
"""

from lexguard.audit._fallback import (
    FallbackRecovery,
    fallback_files,
    read_fallback,
    recover_fallback,
    recover_records,
    write_fallback,
)
from lexguard.audit._hook import (
    attach_audit,
    audit_target,
    check_audit_environment,
    open_store,
    resolve_audit_store,
)
from lexguard.audit._labels import label_record, labelled_rows
from lexguard.audit._models import (
    AuditLabel,
    AuditRecord,
    AuditStatus,
    ClaimAudit,
    LabelValue,
    RejectionResponse,
    audit_status,
)
from lexguard.audit._postgres import PostgresAuditStore
from lexguard.audit._record import (
    AuditWarning,
    build_record,
    export_jsonl,
    record_report,
)
from lexguard.audit._sqlite import SQLiteAuditStore
from lexguard.audit._store import (
    AuditStore,
    AuditStoreError,
    LabelledAuditStore,
    RecordQuery,
    Redactor,
)
from lexguard._lazy import publish_all

__all__ = [
    "AuditLabel",
    "AuditRecord",
    "AuditStatus",
    "AuditStore",
    "AuditStoreError",
    "AuditWarning",
    "ClaimAudit",
    "FallbackRecovery",
    "LabelValue",
    "LabelledAuditStore",
    "PostgresAuditStore",
    "RecordQuery",
    "Redactor",
    "RejectionResponse",
    "SQLiteAuditStore",
    "attach_audit",
    "audit_status",
    "audit_target",
    "build_record",
    "check_audit_environment",
    "export_jsonl",
    "fallback_files",
    "label_record",
    "labelled_rows",
    "open_store",
    "read_fallback",
    "record_report",
    "recover_fallback",
    "recover_records",
    "resolve_audit_store",
    "write_fallback",
]

publish_all(__name__, globals())
