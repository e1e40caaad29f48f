"""Turn a validation report into an audit record and write it without ever failing the run."""

from __future__ import annotations

import json
import logging
import os
import warnings
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO, TypedDict, Unpack

from lexguard._models import FindingKind, Source, ValidationReport
from lexguard.audit._fallback import default_fallback_path, write_fallback
from lexguard.audit._models import (
    AuditRecord,
    AuditStatus,
    ClaimAudit,
    audit_status,
    citation_entry,
    json_safe,
)
from lexguard.audit._store import AuditStore, Redactor

__all__ = [
    "AuditWarning",
    "build_record",
    "code_citation_entry",
    "record_report",
    "export_jsonl",
]

_REDACTION_FAILED = "[redaction failed]"
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


def code_citation_entry(check: Any) -> dict[str, Any]:
    """The audit entry of one checked code citation (a ``lexguard.citations.SourceCheck``).

    ``line_range`` is the cited ``[start, end]``; ``validation_status`` the decision
    (``PASS`` / ``REVIEW`` / ``REJECT``).
    """
    citation = check.citation
    end = citation.end_line if citation.end_line is not None else citation.start_line
    return {
        "path": citation.path,
        "line_range": [citation.start_line, end],
        "validation_status": str(check.decision),
        "content_match": check.content_match,
        "alignment": check.alignment,
        "reasons": list(check.reasons),
    }


def _sources(sources: Any, red: Redactor) -> tuple[dict[str, Any], ...]:
    if not sources or isinstance(sources, str | bytes):
        sources = [sources] if isinstance(sources, str) and sources else []
    out = []
    for index, value in enumerate(sources if isinstance(sources, Sequence) else []):
        try:
            source = value if isinstance(value, Source) else Source.from_any(value, index)
            out.append({"id": source.id, "content": red(source.content)})
        except Exception:  # noqa: BLE001 - an odd source must not cost the record
            out.append({"id": f"source-{index}", "content": red(str(json_safe(value)))})
    return tuple(out)


def _original_answer(report: Any) -> str | None:
    """The answer the guard was given: ``report.original_answer``, else the first attempt's."""
    original = getattr(report, "original_answer", None)
    if isinstance(original, str) and original:
        return original
    history = getattr(report, "history", None) or ()
    first = getattr(history[0], "answer", None) if history else None
    if isinstance(first, str):
        return first
    return original if isinstance(original, str) else None


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
    sources: Any = None,
    code_citations: Iterable[Any] = (),
) -> AuditRecord:
    """Build the :class:`AuditRecord` of one guard run.

    Args:
        report: The guard's report.
        query: The user question (defaults to ``report.question``).
        session_id: The caller's session id.
        response_id: The caller's response id.
        model_version: The generator's model version.
        processing_time: Seconds the run took (stored in ms); defaults to the sum of
            ``report.timings``.
        redact: Applied to the query, answers (handed on, original, per attempt), sources,
            claim texts and finding messages. If
            it raises, the text is replaced by ``[redaction failed]`` (never stored
            unredacted).
        metadata: Extra fields (made JSON-safe).
        sources: The sources the answer was checked against (``Source``, strings, documents).
        code_citations: ``lexguard.citations.SourceCheck`` results to record beside the
            report's citations.
    """
    red = _redactor(redact)
    if processing_time is None and report.timings:
        processing_time = float(sum(report.timings.values()))
    return AuditRecord(
        **_redacted_texts(report, query, red),
        session_id=session_id,
        response_id=response_id,
        status=audit_status(report),
        verdict=str(report.verdict),
        confidence=report.confidence,
        citations_validated=len(report.citations),
        citations_failed=sum(1 for f in report.findings if f.kind == FindingKind.INVALID_CITATION),
        hallucinations_detected=len(report.unsupported_claims),
        citations=_citation_entries(report, code_citations),
        sources=_sources(sources, red),
        processing_time_ms=None if processing_time is None else 1000.0 * processing_time,
        model_version=model_version,
        metadata={"report_status": str(report.status), "attempts": report.attempts, **(metadata or {})},
    )


def _redacted_texts(report: ValidationReport, query: str | None, red: Redactor) -> dict[str, Any]:
    """The record's fields that hold text, each through ``red``: the query (``report.question``
    by default), the answers (handed on, original, per attempt), the claims, the findings'
    messages and the reason."""
    original = _original_answer(report)
    return {
        "query": red(query if query is not None else report.question or ""),
        "answer": red(report.answer),
        "original_answer": None if original is None else red(original),
        "attempt_answers": tuple(red(a.answer) for a in report.history),
        "claims": tuple(ClaimAudit.from_claim(c, red(c.text)) for c in report.claims),
        "findings": tuple(
            {"kind": f.kind, "severity": str(f.severity), "message": red(f.message)} for f in report.findings
        ),
        "reason": red(report.reason) if report.reason else None,
    }


def _citation_entries(report: ValidationReport, code_citations: Iterable[Any]) -> tuple[dict[str, Any], ...]:
    """The report's citations (each with whether its claim was supported), then the code
    citations' entries."""
    supported = {c.index: c.supported for c in report.claims}
    citations = [citation_entry(c, supported.get(c.claim_index)) for c in report.citations]
    citations += [code_citation_entry(check) for check in code_citations]
    return tuple(citations)


def _minimal_record(report: Any, error: BaseException, **fields: Any) -> AuditRecord:
    """A record that can always be built: the decision and why the full record failed."""
    try:
        status = audit_status(report)
    except Exception:  # noqa: BLE001 - an unreadable report is audited as a rejection
        status = AuditStatus.REJECT
    return AuditRecord(
        status=status,
        session_id=json_safe(fields.get("session_id")),
        response_id=json_safe(fields.get("response_id")),
        verdict=json_safe(str(getattr(report, "verdict", None))),
        answer=_REDACTION_FAILED if fields.get("redact") else json_safe(getattr(report, "answer", "")),
        original_answer=_REDACTION_FAILED if fields.get("redact") else _safe_original(report),
        metadata={"audit_error": f"{type(error).__name__}: {error}", "partial": True},
    )


def _safe_original(report: Any) -> str | None:
    try:
        return json_safe(_original_answer(report))
    except Exception:  # noqa: BLE001 - the minimal record must always build
        return None


def _fallback_target(store: object | None, fallback_path: str | os.PathLike[str] | None) -> Path:
    if fallback_path is not None:
        return Path(fallback_path)
    attr = getattr(store, "fallback_path", None)
    if attr:
        return Path(attr)
    return default_fallback_path()


class RecordFields(TypedDict, total=False):
    """The optional fields of an audit record (:func:`build_record`'s keywords but ``redact``)."""

    query: str | None
    session_id: str | None
    response_id: str | None
    model_version: str | None
    processing_time: float | None
    metadata: dict[str, Any] | None
    sources: Any
    code_citations: Iterable[Any]


def record_report(
    store: AuditStore | None,
    report: ValidationReport,
    *,
    redact: Redactor | None = None,
    fallback_path: str | os.PathLike[str] | None = None,
    **fields: Unpack[RecordFields],
) -> str | None:
    """Record one guard run in ``store``. Never raises; returns the id of a record kept.

    If building the full record fails, a minimal record (decision, answer, the error) is
    written instead. If the store fails, an :class:`AuditWarning` is issued and the record
    goes to the fallback file: ``fallback_path``, else the store's ``fallback_path``
    attribute, else :func:`~lexguard.audit._fallback.default_fallback_path` (a few roll-over parts when
    the file cannot grow, its temp-folder twin when its folder cannot be written; see
    :mod:`lexguard.audit._fallback`). :func:`~lexguard.audit.recover_records`
    (``lexguard audit recover``) moves such records back. A record no file could take whole is
    logged at ERROR level and ``None`` is returned: it was not kept.

    Args:
        store: The audit store; ``None`` records nothing.
        report: The guard's report.
        redact: Redaction hook; defaults to the store's ``redact`` attribute.
        fallback_path: Overrides the fallback file.
        **fields: The record's fields, as :func:`build_record` takes them (``query``,
            ``session_id``, ``response_id``, ``model_version``, ``processing_time``,
            ``metadata``, ``sources``, ``code_citations``).

    Returns:
        The record's audit id, or ``None`` when ``store`` is ``None`` or the record could be
        written nowhere (then only the ERROR log holds it).
    """
    if store is None:
        return None
    redact = redact if redact is not None else getattr(store, "redact", None)
    try:
        record = build_record(report, redact=redact, **fields)
    except Exception as exc:  # noqa: BLE001
        warnings.warn(
            f"could not build the full audit record ({type(exc).__name__}: {exc}); a minimal "
            "record is written instead",
            AuditWarning,
            stacklevel=2,
        )
        record = _minimal_record(
            report, exc, session_id=fields.get("session_id"), response_id=fields.get("response_id"), redact=redact
        )
    try:
        return str(store.write(record))
    except Exception as exc:  # noqa: BLE001 - the audit never fails the run
        return _to_fallback(store, record, exc, fallback_path)


def _to_fallback(
    store: AuditStore, record: AuditRecord, exc: BaseException, fallback_path: str | os.PathLike[str] | None
) -> str | None:
    """Write ``record``, which ``store`` failed to take (``exc``), to the fallback file with an
    :class:`AuditWarning`; ``None`` when no file could take it whole (only the ERROR log holds it)."""
    target = write_fallback(record, _fallback_target(store, fallback_path))
    if target is None:
        warnings.warn(
            f"audit store {store!r} failed ({type(exc).__name__}: {exc}) and no fallback file could take "
            f"record {record.audit_id} whole: it is only in the ERROR log of the 'lexguard.audit' logger; "
            "free disk space or raise the file-size limit",
            AuditWarning,
            stacklevel=3,
        )
        return None
    warnings.warn(
        f"audit store {store!r} failed ({type(exc).__name__}: {exc}); record "
        f"{record.audit_id} written to {target}; replay it with `lexguard audit recover`",
        AuditWarning,
        stacklevel=3,
    )
    return record.audit_id


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
