"""Audit value objects: one record per guard run, and the rejection response shape."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from lexguard._models import Claim, ValidationReport

__all__ = ["AuditStatus", "ClaimAudit", "AuditRecord", "RejectionResponse", "audit_status"]

_FROZEN = ConfigDict(frozen=True, extra="forbid")


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
    from lexguard._policy import audit_level

    return AuditStatus(audit_level(report))


def _new_id() -> str:
    return uuid.uuid4().hex


def _now() -> datetime:
    return datetime.now(UTC)


class ClaimAudit(BaseModel):
    """One claim of the audited answer with its citations.

    Attributes:
        index: Position of the claim.
        text: The claim text (redacted like the answer when a redaction hook is set).
        supported: Whether it counted as supported (``None``: not checked).
        support: Its support probability, when checked.
        citations: ``{"source_id", "chunk_id", "score", "method"}`` per citation.
    """

    model_config = _FROZEN

    index: int
    text: str
    supported: bool | None = None
    support: float | None = None
    citations: tuple[dict[str, Any], ...] = ()

    @classmethod
    def from_claim(cls, claim: Claim, text: str | None = None) -> ClaimAudit:
        """Build from a report claim; ``text`` overrides the (possibly redacted) claim text."""
        return cls(
            index=claim.index,
            text=claim.text if text is None else text,
            supported=claim.supported,
            support=claim.support,
            citations=tuple(
                {
                    "source_id": c.source_id,
                    "chunk_id": c.chunk_id,
                    "score": c.score,
                    "method": c.method,
                }
                for c in claim.citations
            ),
        )


class AuditRecord(BaseModel):
    """Everything retained about one guard run.

    Attributes:
        audit_id: Unique id (uuid4 hex), returned to the caller.
        timestamp: When the run was recorded (timezone-aware UTC).
        session_id: The caller's session, when given.
        query: The user question (after redaction).
        answer: The answer handed on (after redaction).
        response_id: The caller's response id, when given.
        status: PASS / REVIEW / REJECT.
        verdict: The guard's verdict (``accept`` / ``fallback``).
        confidence: The report's confidence.
        citations_validated: Citations behind supported claims.
        citations_failed: Invalid-citation findings.
        hallucinations_detected: Claims the support check found unsupported.
        claims: Per-claim citations.
        findings: ``{"kind", "severity", "message"}`` per finding (messages redacted).
        reason: Why the answer was rejected, when it was.
        processing_time: Seconds the run took, when known.
        model_version: Model (or pipeline) version, when given.
        metadata: Free-form extras.
    """

    model_config = _FROZEN

    audit_id: str = Field(default_factory=_new_id, min_length=1)
    timestamp: datetime = Field(default_factory=_now)
    session_id: str | None = None
    query: str = ""
    answer: str = ""
    response_id: str | None = None
    status: AuditStatus
    verdict: str | None = None
    confidence: float | None = None
    citations_validated: int = 0
    citations_failed: int = 0
    hallucinations_detected: int = 0
    claims: tuple[ClaimAudit, ...] = ()
    findings: tuple[dict[str, Any], ...] = ()
    reason: str | None = None
    processing_time: float | None = None
    model_version: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("timestamp")
    @classmethod
    def _utc(cls, value: datetime) -> datetime:
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class RejectionResponse(BaseModel):
    """What a caller can return instead of a rejected (or held-for-review) answer.

    Attributes:
        status: ``REJECT`` or ``REVIEW`` (``PASS`` when built from an accepted report).
        reason: Why the answer was not given.
        suggestion: What the user can do next.
        partial_response: The supported part of the answer, when any claim was supported.
        audit_id: The audit record of the run, when one was written.
    """

    model_config = _FROZEN

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
