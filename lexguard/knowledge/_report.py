"""The knowledge report: findings, score, status and user message of one validated text."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from lexguard._models import Claim, Finding, Severity, Status
from lexguard.knowledge._context import Entity
from lexguard.knowledge._linking import EntityMention

__all__ = ["KnowledgeReport", "knowledge_score", "knowledge_status", "knowledge_message", "is_error"]

_ERROR_CONFIDENCE = 0.8
_BOOST_PER_ENTITY = 0.05
_MAX_BOOST = 0.2


def is_error(finding: Finding) -> bool:
    """True for an error: a hard/critical finding or a hallucination with confidence above 0.8."""
    return finding.severity.rank >= Severity.HARD.rank or (finding.confidence or 0.0) > _ERROR_CONFIDENCE


def knowledge_score(issues: int, claims: int, verified_entities: int) -> float:
    """``1 - min(issues / claims, 1)`` plus 0.05 per verified entity (boost capped at 0.2), capped at 1.

    With no claims the score is 1 when there are no issues and 0 otherwise (before the boost).
    """
    if claims <= 0:
        base = 1.0 if issues == 0 else 0.0
    else:
        base = 1.0 - min(issues / claims, 1.0)
    return round(min(1.0, base + min(_BOOST_PER_ENTITY * verified_entities, _MAX_BOOST)), 6)


def knowledge_status(findings: Sequence[Finding]) -> Status:
    """``invalid`` with any error (see :func:`is_error`), ``valid_with_warnings`` with any finding, else ``valid``."""
    if any(is_error(f) for f in findings):
        return Status.INVALID
    return Status.VALID_WITH_WARNINGS if findings else Status.VALID


def knowledge_message(status: Status, findings: Sequence[Finding]) -> str:
    """The end-user message of a status."""
    if status == Status.VALID:
        return "Content validated against knowledge graph"
    if status == Status.VALID_WITH_WARNINGS:
        return f"Content has {len(findings)} potential issues"
    if status == Status.INVALID:
        errors = sum(1 for f in findings if is_error(f))
        return f"Content has {errors} errors and {len(findings) - errors} unverified claims"
    return "Validation inconclusive"


class KnowledgeReport(BaseModel):
    """What the knowledge checks found out about one text.

    Attributes:
        status: ``valid``, ``valid_with_warnings``, ``invalid`` or ``inconclusive``.
        score: 0..1, see :func:`knowledge_score`.
        text: The text the findings' spans refer to (the fixed text after ``validate_and_fix``).
        findings: The problems found, in text order.
        claims: The claims the text was cut into.
        mentions: Every entity mention found, known or not.
        verified_entities: Known entities the text mentions, in order of first mention.
        user_message: A short message for end users.
        reason: Why the report is inconclusive or partial.
        partial: True when the time budget ran out before every claim was checked.
        checked_claims: How many claims were checked.
        original_text: The text before fixes (``validate_and_fix`` only).
        corrected_text: The fixed text when fixes were applied, else ``None``.
        applied_fixes: The findings whose fixes were applied (spans refer to ``original_text``).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    status: Status
    score: float = Field(ge=0.0, le=1.0)
    text: str
    findings: tuple[Finding, ...] = ()
    claims: tuple[Claim, ...] = ()
    mentions: tuple[EntityMention, ...] = ()
    verified_entities: tuple[Entity, ...] = ()
    user_message: str = ""
    reason: str | None = None
    partial: bool = False
    checked_claims: int = 0
    original_text: str | None = None
    corrected_text: str | None = None
    applied_fixes: tuple[Finding, ...] = ()

    @property
    def valid(self) -> bool:
        """True for ``valid`` and ``valid_with_warnings``."""
        return self.status in (Status.VALID, Status.VALID_WITH_WARNINGS)

    @property
    def errors(self) -> tuple[Finding, ...]:
        """Findings that count as errors (they make the status ``invalid``)."""
        return tuple(f for f in self.findings if is_error(f))

    def auto_fixable(self, min_confidence: float = 0.9) -> tuple[Finding, ...]:
        """Findings whose fix may be applied without asking anyone (``fix_confidence > min_confidence``)."""
        return tuple(
            f
            for f in self.findings
            if f.span is not None
            and f.suggested_fix is not None
            and f.fix_confidence is not None
            and f.fix_confidence > min_confidence
        )
