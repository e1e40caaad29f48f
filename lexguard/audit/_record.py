"""Turn a validation report into an audit record and write it without ever failing the run."""

from __future__ import annotations

import json
import logging
import os
import tempfile
import threading
import warnings
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from lexguard._models import FindingKind, ValidationReport
from lexguard.audit._models import AuditRecord, AuditStatus, ClaimAudit, audit_status
from lexguard.audit._store import AuditStore, Redactor

__all__ = [
    "AuditWarning",
    "FALLBACK_ENV",
    "build_record",
    "record_report",
    "write_fallback",
    "read_fallback",
    "recover_fallback",
    "export_jsonl",
]

FALLBACK_ENV = "LEXGUARD_AUDIT_FALLBACK"
_DEFAULT_FALLBACK = "lexguard-audit-fallback.jsonl"
_REDACTION_FAILED = "[redaction failed]"
_fallback_lock = threading.Lock()
_log = logging.getLogger("lexguard.audit")


class AuditWarning(UserWarning):
    """The audit store failed; the record went to the fallback file instead."""


def _redactor(redact: Redactor | None) -> Redactor:
    if redact is None:
        return lambda text: text

    def safe(text: str) -> str:
        try:
            return str(redact(text))
        except Exception as exc:  # never store unredacted text because the hook broke
            warnings.warn(
                f"audit redaction hook failed ({type(exc).__name__}: {exc}); text withheld",
                AuditWarning,
                stacklevel=3,
            )
            return _REDACTION_FAILED

    return safe


def build_record(
    report: ValidationReport,
    *,
    query: str | None = None,
    session_id: str | None = None,
    response_id: str | None = None,
    model_version: str | None = None,
    processing_time: float | None = None,
    redact: Redactor | None = None,
    metadata: dict[str, Any] | None = None,
) -> AuditRecord:
    """Build the :class:`AuditRecord` of one guard run.

    Args:
        report: The guard's report.
        query: The user question (defaults to ``report.question``).
        session_id: The caller's session id.
        response_id: The caller's response id.
        model_version: The generator's model version.
        processing_time: Seconds the run took; defaults to the sum of ``report.timings``.
        redact: Applied to the query, answer, claim texts and finding messages. If it raises,
            the text is replaced by ``[redaction failed]`` (never stored unredacted).
        metadata: Extra JSON-serialisable fields.
    """
    red = _redactor(redact)
    if processing_time is None and report.timings:
        processing_time = float(sum(report.timings.values()))
    extra = {"report_status": str(report.status), "attempts": report.attempts}
    extra.update(metadata or {})
    return AuditRecord(
        session_id=session_id,
        query=red(query if query is not None else report.question or ""),
        answer=red(report.answer),
        response_id=response_id,
        status=audit_status(report),
        verdict=str(report.verdict),
        confidence=report.confidence,
        citations_validated=len(report.citations),
        citations_failed=sum(1 for f in report.findings if f.kind == FindingKind.INVALID_CITATION),
        hallucinations_detected=len(report.unsupported_claims),
        claims=tuple(ClaimAudit.from_claim(c, red(c.text)) for c in report.claims),
        findings=tuple(
            {"kind": f.kind, "severity": str(f.severity), "message": red(f.message)}
            for f in report.findings
        ),
        reason=red(report.reason) if report.reason else None,
        processing_time=processing_time,
        model_version=model_version,
        metadata=extra,
    )


def _fallback_target(store: object | None, fallback_path: str | os.PathLike[str] | None) -> Path:
    if fallback_path is not None:
        return Path(fallback_path)
    attr = getattr(store, "fallback_path", None)
    if attr:
        return Path(attr)
    return Path(os.environ.get(FALLBACK_ENV) or _DEFAULT_FALLBACK)


def _append(path: Path, line: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with _fallback_lock, path.open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def write_fallback(record: AuditRecord, path: str | os.PathLike[str]) -> Path | None:
    """Append ``record`` as one JSON line to ``path``; if that fails, to the temp folder.

    Returns:
        The file written, or ``None`` when neither could be written (the record is then
        logged at ERROR level on the ``lexguard.audit`` logger, so it still is not lost).
    """
    line = record.model_dump_json()
    for target in (Path(path), Path(tempfile.gettempdir()) / _DEFAULT_FALLBACK):
        try:
            _append(target, line)
            return target
        except OSError:
            continue
    _log.error("audit record could not be written anywhere: %s", line)
    return None


def record_report(
    store: AuditStore | None,
    report: ValidationReport,
    *,
    query: str | None = None,
    session_id: str | None = None,
    response_id: str | None = None,
    model_version: str | None = None,
    processing_time: float | None = None,
    redact: Redactor | None = None,
    fallback_path: str | os.PathLike[str] | None = None,
    metadata: dict[str, Any] | None = None,
) -> str | None:
    """Record one guard run in ``store``. Never raises.

    If building the record or writing it fails, an :class:`AuditWarning` is issued and the
    record goes to the fallback file: ``fallback_path``, else the store's ``fallback_path``
    attribute, else ``$LEXGUARD_AUDIT_FALLBACK``, else ``./lexguard-audit-fallback.jsonl``
    (and the temp folder as a last resort). :func:`recover_fallback` moves such records back.

    Args:
        store: The audit store; ``None`` records nothing.
        report: The guard's report.
        query: The user question (defaults to ``report.question``).
        session_id: The caller's session id.
        response_id: The caller's response id.
        model_version: The generator's model version.
        processing_time: Seconds the run took (defaults to the sum of ``report.timings``).
        redact: Redaction hook; defaults to the store's ``redact`` attribute.
        fallback_path: Overrides the fallback file.
        metadata: Extra JSON-serialisable fields.

    Returns:
        The audit id when the record was written (to the store or the fallback file),
        ``None`` when there was no store or nothing could be written.
    """
    if store is None:
        return None
    try:
        record = build_record(
            report,
            query=query,
            session_id=session_id,
            response_id=response_id,
            model_version=model_version,
            processing_time=processing_time,
            redact=redact if redact is not None else getattr(store, "redact", None),
            metadata=metadata,
        )
    except Exception as exc:
        warnings.warn(
            f"could not build the audit record ({type(exc).__name__}: {exc}); nothing recorded",
            AuditWarning,
            stacklevel=2,
        )
        return None
    try:
        return str(store.write(record))
    except Exception as exc:
        target = write_fallback(record, _fallback_target(store, fallback_path))
        warnings.warn(
            f"audit store {store!r} failed ({type(exc).__name__}: {exc}); record "
            f"{record.audit_id} written to {target}",
            AuditWarning,
            stacklevel=2,
        )
        return record.audit_id if target is not None else None


def read_fallback(path: str | os.PathLike[str]) -> list[AuditRecord]:
    """Read the records of a fallback file (a torn last line, from a crash, is skipped)."""
    file = Path(path)
    if not file.exists():
        return []
    records: list[AuditRecord] = []
    for line in file.read_text(encoding="utf-8").splitlines():
        if line.strip():
            try:
                records.append(AuditRecord.model_validate_json(line))
            except ValueError:
                _log.warning("skipping an unreadable line of %s", file)
    return records


def recover_fallback(store: AuditStore, path: str | os.PathLike[str]) -> int:
    """Move the records of a fallback file into ``store``.

    Records already in the store are skipped. The file is renamed to ``<name>.recovered``
    once every record is in; if a write fails, the file stays and the error propagates.

    Returns:
        How many records were written.
    """
    file = Path(path)
    written = 0
    for record in read_fallback(file):
        if store.get(record.audit_id) is None:
            store.write(record)
            written += 1
    if file.exists():
        file.replace(file.with_name(file.name + ".recovered"))
    return written


def export_jsonl(
    store: AuditStore,
    destination: str | os.PathLike[str] | TextIO,
    *,
    session_id: str | None = None,
    status: AuditStatus | str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> int:
    """Write the matching records, oldest first, one JSON object per line.

    Args:
        store: The store to export.
        destination: A file path (overwritten) or an open text file.
        session_id: Only this session.
        status: Only this status.
        since: Only records at or after this time.
        until: Only records before this time.

    Returns:
        How many records were written.
    """
    records = store.query(session_id=session_id, status=status, since=since, until=until)
    if isinstance(destination, str | os.PathLike):
        with Path(destination).open("w", encoding="utf-8") as handle:
            return _dump(records, handle)
    return _dump(records, destination)


def _dump(records: Iterable[AuditRecord], handle: TextIO) -> int:
    n = 0
    for record in records:
        handle.write(json.dumps(record.model_dump(mode="json"), ensure_ascii=False) + "\n")
        n += 1
    return n
