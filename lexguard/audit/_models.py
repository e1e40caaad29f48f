"""Audit value objects: one record per guard run, and the rejection response shape."""

from __future__ import annotations

import math
import re
import uuid
from datetime import UTC, datetime
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, model_validator

from lexguard._models import Citation, Claim, Status, ValidationReport, Verdict
from lexguard._value import ValueModel

__all__ = [
    "AuditStatus",
    "AuditLabel",
    "ClaimAudit",
    "AuditRecord",
    "LabelValue",
    "RejectionResponse",
    "audit_status",
    "citation_entry",
    "json_safe",
]

LabelValue = Literal["correct", "hallucinated"]
"""A person's judgement of an audited answer."""


class AuditStatus(StrEnum):
    """The audited decision.

    * ``PASS``: the answer was accepted and is ``valid``;
    * ``REVIEW``: it was accepted with warnings, or handed on unverified (verdict ``flag``): a
      person should look;
    * ``REJECT``: the guard did not accept it (fallback) or it is ``invalid``.
    """

    PASS = "PASS"
    REVIEW = "REVIEW"
    REJECT = "REJECT"


def audit_status(report: ValidationReport) -> AuditStatus:
    """Map a report to PASS / REVIEW / REJECT (the decision policy's ``audit_level``; a flagged
    answer, handed on unverified, needs a REVIEW)."""
    from lexguard._policy_report import audit_level

    return AuditStatus(audit_level(report))


_SURROGATE = re.compile("[\ud800-\udfff]")


def json_safe(value: Any, _depth: int = 0) -> Any:
    """``value`` made JSON-serialisable: lone surrogates replaced by U+FFFD, non-finite floats
    by ``None``, unknown objects by their ``str``, depth bounded. Never raises."""
    try:
        if isinstance(value, str):
            return _SURROGATE.sub("\ufffd", value)
        if value is None or isinstance(value, bool | int):
            return value
        if isinstance(value, float):
            return value if math.isfinite(value) else None
        if _depth > 32:
            return "[too deep]"
        if isinstance(value, dict):
            return {str(json_safe(k, _depth + 1)): json_safe(v, _depth + 1) for k, v in value.items()}
        if isinstance(value, list | tuple | set | frozenset):
            return [json_safe(v, _depth + 1) for v in value]
        if isinstance(value, BaseModel):
            return json_safe(value.model_dump(mode="json"), _depth + 1)
        if isinstance(value, datetime):
            return value.isoformat()
        return json_safe(str(value), _depth + 1)
    except Exception:  # noqa: BLE001 - a broken __str__ must not fail the audit
        return "[unserialisable]"


def _line_range(metadata: dict[str, Any]) -> list[int] | None:
    raw = metadata.get("line_range") or metadata.get("lines")
    if raw is None and metadata.get("start_line") is not None:
        raw = (metadata.get("start_line"), metadata.get("end_line") or metadata.get("start_line"))
    try:
        start, end = (int(x) for x in raw)  # type: ignore[union-attr]
    except (TypeError, ValueError):
        return None
    return [start, end]


def citation_entry(citation: Citation, supported: bool | None) -> dict[str, Any]:
    """The audit entry of one citation: ids, score, method, ``line_range`` and ``validation_status``.

    ``validation_status`` is ``valid`` when the cited claim was found supported, ``invalid``
    when it was found unsupported, ``unverified`` when it was not checked. ``line_range`` is
    ``[start, end]`` (1-based) when the citation's metadata carries lines, else ``None``.
    """
    status = "unverified" if supported is None else ("valid" if supported else "invalid")
    return {
        "claim_index": citation.claim_index,
        "source_id": citation.source_id,
        "chunk_id": citation.chunk_id,
        "score": citation.score,
        "method": citation.method,
        "line_range": _line_range(dict(citation.metadata)),
        "validation_status": status,
    }


def _new_id() -> str:
    return uuid.uuid4().hex


def _now() -> datetime:
    return datetime.now(UTC)


def _as_utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


_UTCDateTime = Annotated[datetime, AfterValidator(_as_utc)]
"""A datetime stored in UTC; a naive one is taken as UTC."""


class ClaimAudit(ValueModel):
    """One claim of the audited answer with its citations.

    Attributes:
        index: Position of the claim.
        text: The claim text (redacted like the answer when a redaction hook is set).
        supported: Whether it counted as supported (``None``: not checked).
        support: Its support probability, when checked.
        citations: Per citation: ``source_id``, ``chunk_id``, ``score``, ``method``,
            ``line_range`` and ``validation_status`` (see :func:`citation_entry`).
    """

    index: int
    text: str
    supported: bool | None = None
    support: float | None = None
    citations: tuple[dict[str, Any], ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _json_safe(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: json_safe(v) if k in ("text", "citations") else v for k, v in data.items()}
        return data

    @classmethod
    def from_claim(cls, claim: Claim, text: str | None = None) -> ClaimAudit:
        """Build from a report claim; ``text`` overrides the (possibly redacted) claim text."""
        return cls(
            index=claim.index,
            text=claim.text if text is None else text,
            supported=claim.supported,
            support=claim.support,
            citations=tuple(citation_entry(c, claim.supported) for c in claim.citations),
        )


class AuditRecord(ValueModel):
    """Everything retained about one guard run.

    Attributes:
        audit_id: Unique id (uuid4 hex), returned to the caller.
        timestamp: When the run was recorded (timezone-aware UTC).
        session_id: The caller's session, when given.
        query: The user question (after redaction).
        answer: The answer handed on (after redaction): the accepted answer, the repaired one,
            the best attempt or the refusal.
        original_answer: The answer the guard was given (the model's own text, before any
            retry, repair or refusal; redacted like ``answer``). This is the text a person's
            label is about. ``None`` on records written before this field.
        attempt_answers: The answer of each validated attempt, in order (redacted like
            ``answer``); ``()`` on records written before this field.
        response_id: The caller's response id, when given.
        status: PASS / REVIEW / REJECT.
        verdict: The guard's verdict (``accept`` / ``fallback``).
        confidence: The report's confidence.
        citations_validated: Citations behind supported claims.
        citations_failed: Invalid-citation findings.
        hallucinations_detected: Claims the support check found unsupported.
        claims: Per-claim citations.
        citations: Every citation of the report and every code citation checked, each with
            ``line_range`` and ``validation_status`` (see :func:`citation_entry`; code
            citations carry ``path`` and the PASS / REVIEW / REJECT decision).
        sources: ``{"id", "content"}`` of the sources the answer was checked against
            (redacted like the answer), so a labelled record can be re-validated later.
        findings: ``{"kind", "severity", "message"}`` per finding (messages redacted).
        reason: Why the answer was rejected, when it was.
        processing_time_ms: Milliseconds the run took, when known (records written before
            this field, with ``processing_time`` in seconds, are converted when read).
        model_version: Model (or pipeline) version, when given.
        metadata: Free-form extras.

    Every string is made JSON-safe on construction (lone surrogates become U+FFFD, unknown
    metadata values their ``str``), so a record can always be serialised.
    """

    audit_id: str = Field(default_factory=_new_id, min_length=1)
    timestamp: _UTCDateTime = Field(default_factory=_now)
    session_id: str | None = None
    query: str = ""
    answer: str = ""
    original_answer: str | None = None
    attempt_answers: tuple[str, ...] = ()
    response_id: str | None = None
    status: AuditStatus
    verdict: str | None = None
    confidence: float | None = None
    citations_validated: int = 0
    citations_failed: int = 0
    hallucinations_detected: int = 0
    claims: tuple[ClaimAudit, ...] = ()
    citations: tuple[dict[str, Any], ...] = ()
    sources: tuple[dict[str, Any], ...] = ()
    findings: tuple[dict[str, Any], ...] = ()
    reason: str | None = None
    processing_time_ms: float | None = None
    model_version: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _json_safe(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        legacy = data.pop("processing_time", None)
        if legacy is not None and data.get("processing_time_ms") is None:
            data["processing_time_ms"] = float(legacy) * 1000.0
        for key, value in data.items():
            if key not in ("timestamp", "status", "claims"):
                data[key] = json_safe(value)
        return data


class AuditLabel(ValueModel):
    """A person's label on an audit record (learning from user corrections).

    Attributes:
        audit_id: The labelled record.
        label: ``correct`` (the answer was right) or ``hallucinated``.
        note: Free text, e.g. what was wrong.
        labelled_at: When the label was set (UTC); a later label replaces an earlier one.
    """

    audit_id: str = Field(min_length=1)
    label: LabelValue
    note: str | None = None
    labelled_at: _UTCDateTime = Field(default_factory=_now)


class RejectionResponse(ValueModel):
    """What a caller can return instead of a rejected (or held-for-review) answer.

    Attributes:
        status: ``REJECT`` or ``REVIEW`` (``PASS`` when built from an accepted report).
        reason: Why the answer was not given.
        suggestion: What the user can do next.
        partial_response: The supported part of the answer, when any claim was supported.
        audit_id: The audit record of the run, when one was written.
    """

    status: AuditStatus
    reason: str
    suggestion: str
    partial_response: str | None = None
    audit_id: str | None = None

    @classmethod
    def from_report(
        cls, report: ValidationReport, *, audit_id: str | None = None
    ) -> RejectionResponse:
        """Build the response for ``report``; ``audit_id`` defaults to its metadata's."""
        status = audit_status(report)
        worst = sorted(report.findings, key=lambda f: -f.severity.rank)
        reason = report.reason or (worst[0].message if worst else None)
        if reason is None:
            reason = (
                "the answer could not be verified against the sources"
                if status != AuditStatus.PASS
                else "the answer passed validation"
            )
        fix = next((f.suggested_fix for f in worst if f.suggested_fix), None)
        if report.unsupported_claims:
            suggestion = (
                "Provide sources that cover the unsupported statements, or rephrase the "
                "question to what the sources cover."
            )
        elif fix:
            suggestion = f"Consider: {fix}"
        else:
            suggestion = "Rephrase the question or add sources, then ask again."
        supported = [c.text for c in report.claims if c.supported]
        return cls(
            status=status,
            reason=reason,
            suggestion=suggestion,
            partial_response=" ".join(supported) if supported else None,
            audit_id=audit_id if audit_id is not None else report.metadata.get("audit_id"),
        )
