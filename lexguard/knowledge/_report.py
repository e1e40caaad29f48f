"""The knowledge report: findings, score, status and user message of one validated text."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from lexguard._models import Claim, Finding, Severity, Status
from lexguard._value import ValueModel
from lexguard.knowledge._context import Entity
from lexguard.knowledge._linking import EntityMention

__all__ = [
    "KnowledgeReport",
    "SuggestedFix",
    "knowledge_score",
    "knowledge_status",
    "knowledge_message",
    "is_error",
]

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


class SuggestedFix(ValueModel):
    """A replacement the validator proposes for one span of the validated text.

    Attributes:
        span: ``(start, end)`` in the validated (original) text.
        original: The text at ``span``.
        replacement: The proposed replacement.
        confidence: The fix confidence, 0..1 (``Finding.fix_confidence``).
        auto_applied: True when ``validate_and_fix`` applied it (confidence above the
            threshold); False when it is a suggestion for a person to review.
        kind: The finding kind it fixes (``contradicted_value``, ``unknown_entity``, ...).
        message: The finding's message.
    """

    span: tuple[int, int]
    original: str
    replacement: str
    confidence: float = Field(ge=0.0, le=1.0)
    auto_applied: bool = False
    kind: str
    message: str = ""


class KnowledgeReport(ValueModel):
    """What the knowledge checks found out about one text.

    After ``validate_and_fix`` the report keeps the verdict of the text as given (``status``,
    ``score``, ``findings`` and ``text`` describe the original) and puts the corrected content
    beside it: ``corrected_text``, the fixes in ``applied_fixes`` / ``suggested_fixes`` and the
    re-validation of the corrected text in ``corrected``.

    Attributes:
        status: ``valid``, ``valid_with_warnings``, ``invalid`` or ``inconclusive`` (of ``text``).
        score: 0..1, see :func:`knowledge_score`.
        text: The text the findings' spans refer to (the text as given, also after
            ``validate_and_fix``).
        findings: The problems found, in text order.
        claims: The claims the text was cut into.
        mentions: Every entity mention found, known or not.
        verified_entities: Known entities the text mentions, in order of first mention.
        user_message: A short message for end users.
        reason: Why the report is inconclusive or partial.
        partial: True when the time budget ran out before every claim was checked.
        checked_claims: How many claims were checked.
        original_text: The text before fixes (``validate_and_fix`` only; equals ``text``).
        corrected_text: The fixed text when fixes were applied, else ``None``.
        applied_fixes: The findings whose fixes were applied (spans refer to ``original_text``).
        corrected: The report of the corrected text, when fixes were applied.
    """

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
    corrected: KnowledgeReport | None = None

    @property
    def is_valid(self) -> bool:
        """True only for ``valid`` (``valid_with_warnings`` is not valid: it needs a look)."""
        return self.status == Status.VALID

    @property
    def valid(self) -> bool:
        """Alias of :attr:`is_valid`: True only for ``valid``."""
        return self.is_valid

    @property
    def hallucinations(self) -> tuple[Finding, ...]:
        """Statements the knowledge graph contradicts or does not know: the error findings
        (unknown entities close to a known name, contradicted values, unsupported relations)."""
        return tuple(f for f in self.findings if is_error(f))

    @property
    def warnings(self) -> tuple[Finding, ...]:
        """Findings that are not errors (e.g. figures the graph cannot confirm)."""
        return tuple(f for f in self.findings if not is_error(f))

    @property
    def suggested_fixes(self) -> tuple[SuggestedFix, ...]:
        """Every fix proposed for ``text``, applied or not, in text order."""
        applied = {(f.span, f.suggested_fix) for f in self.applied_fixes}
        return tuple(
            SuggestedFix(
                span=f.span,
                original=self.text[f.span[0] : f.span[1]],
                replacement=f.suggested_fix,
                confidence=f.fix_confidence if f.fix_confidence is not None else 0.0,
                auto_applied=(f.span, f.suggested_fix) in applied,
                kind=f.kind,
                message=f.message,
            )
            for f in self.findings
            if f.span is not None and f.suggested_fix is not None
        )

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
