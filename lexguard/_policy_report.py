"""The report half of the decision policy: a verdict and the check results -> status,
confidence, user message and audit level of a :class:`~lexguard.ValidationReport`.

:mod:`lexguard._policy` decides what happens to an answer; this module says how the report of
that decision reads (the confidence rules are in :mod:`lexguard._policy`'s docstring), so the
graph, streaming, the agent middleware and the audit record cannot disagree about it either.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from lexguard._config import GuardConfig
from lexguard._enums import CheckOutcome, Severity, Status, Verdict
from lexguard._models import AttemptRecord, CheckResult, Finding, ValidationReport, VerifierStatus
from lexguard._policy import (
    attempt_confidence,
    blocking_findings,
    citations_of,
    claims_of,
    failed_checks,
    findings_of,
    unsettled_checks,
)
from lexguard.checks._builtin import report_mutations

__all__ = [
    "AuditLevel",
    "audit_level",
    "build_report",
    "report_confidence",
    "report_status",
    "user_message",
]

AuditLevel = Literal["PASS", "REVIEW", "REJECT"]


def report_status(verdict: Verdict, results: Sequence[CheckResult]) -> Status:
    """The status that goes with ``verdict`` (``invalid`` only when a check really failed)."""
    if verdict == Verdict.ACCEPT:
        return Status.VALID_WITH_WARNINGS if findings_of(results) else Status.VALID
    if verdict == Verdict.FLAG:
        return Status.INCONCLUSIVE
    if failed_checks(results):
        return Status.INVALID
    if unsettled_checks(results):
        return Status.INCONCLUSIVE
    return Status.INVALID


def report_confidence(verdict: Verdict, results: Sequence[CheckResult], threshold: float) -> float:
    """The confidence a report shows for ``verdict`` (rules in the module docstring)."""
    measured = attempt_confidence(results)
    value = threshold if measured is None else measured
    if not any(r.checked_claims for r in results):
        value = min(value, threshold)
    if verdict != Verdict.ACCEPT:
        blocking = blocking_findings(results)
        if blocking:
            worst = max(f.confidence if f.confidence is not None else 1.0 for f in blocking)
            value = min(value, 1.0 - worst, threshold / 2)
        elif unsettled_checks(results) or not any(r.outcome in (CheckOutcome.PASSED, CheckOutcome.FAILED) for r in results):
            value = min(value, threshold / 2)
        elif value >= threshold:  # not accepted for another reason (e.g. the call limit): below the bar
            value = min(value, threshold / 2)
    return round(min(max(value, 0.0), 1.0), 6)


def user_message(status: Status, verdict: Verdict, *, n_sources: int = 0, n_findings: int = 0,
                 handed_on: bool = False) -> str:
    """A short message for end users."""
    if verdict == Verdict.ACCEPT:
        if status == Status.VALID:
            return f"Answer verified against {n_sources} source(s)." if n_sources else "Answer passed all checks."
        return f"Answer accepted with {n_findings} warning(s)."
    if verdict == Verdict.FLAG or handed_on:
        return "This answer could not be fully verified; treat it with caution."
    return "The answer could not be verified and was not accepted."


def _judged_findings(
    verdict: Verdict, results: Sequence[CheckResult], best: AttemptRecord | None
) -> tuple[tuple[Finding, ...], Status]:
    """The report's findings and status: those of ``results``, or of ``best`` when its record
    kept no check results (then judged by its findings: any hard one makes it ``invalid``)."""
    status = report_status(verdict, results)
    if best is None or best.checks:
        return tuple(findings_of(results)), status
    findings = tuple(best.findings)
    if any(f.severity.rank >= Severity.HARD.rank for f in findings):
        status = Status.INVALID
    return findings, status


def _with_removed(
    findings: tuple[Finding, ...], status: Status, reason: str | None, removed: Sequence[Finding]
) -> tuple[tuple[Finding, ...], Status, str]:
    """Add the findings of the statements a repair removed: kept in the findings, named in the
    reason, and a clean ``valid`` becomes ``valid_with_warnings``."""
    status = Status.VALID_WITH_WARNINGS if status == Status.VALID else status
    why = ", ".join(f"{sum(f.kind == k for f in removed)} {k}" for k in dict.fromkeys(f.kind for f in removed))
    reason = (f"{reason or 'repaired'}; the guard removed the statements its checks rejected "
              f"({why}; see the findings marked removed)")
    return (*findings, *removed), status, reason


def _report_extras(verdict: Verdict, results: Sequence[CheckResult]) -> dict[str, Any]:
    """The report metadata the checks left in their data: the gate's mutations (approved only
    for an accepted answer) and the sources' quality scores (the last check that gave each)."""
    extra: dict[str, Any] = {}
    for r in results:
        if "mutations" in r.data:
            extra["mutations"] = r.data["mutations"]
        if r.data.get("source_quality"):
            extra["source_quality"] = r.data["source_quality"]
    if isinstance(extra.get("mutations"), dict):
        extra["mutations"] = report_mutations(extra["mutations"], accepted=verdict == Verdict.ACCEPT)
    return extra


def build_report(
    *,
    verdict: Verdict,
    answer: str,
    results: Sequence[CheckResult],
    config: GuardConfig,
    original_answer: str = "",
    question: str | None = None,
    reason: str | None = None,
    history: Sequence[AttemptRecord] = (),
    timings: dict[str, float] | None = None,
    n_sources: int = 0,
    best: AttemptRecord | None = None,
    metadata: dict[str, Any] | None = None,
    removed: Sequence[Finding] = (),
) -> ValidationReport:
    """Assemble a :class:`~lexguard.ValidationReport` whose status, confidence and message follow
    the verdict.

    Args:
        verdict: ``accept``, ``flag`` or ``fallback``.
        answer: The text handed on (the answer, the best attempt or the refusal).
        results: The check results of the attempt the report describes.
        config: Guard settings (threshold).
        original_answer: The first answer the guard was given.
        question: The user question.
        reason: Why (the decision's reason).
        history: One record per attempt.
        timings: Seconds per step.
        n_sources: How many sources the answer was checked against.
        best: For the ``best_attempt`` fallback, the attempt handed on.
        metadata: Extras.
        removed: Findings of the statements the guard's repair removed (marked removed): kept
            in the report's findings, named in its reason; an accepted report is then
            ``valid_with_warnings``, never a clean ``valid``.
    """
    if best is not None:
        results = best.checks or results
    findings, status = _judged_findings(verdict, results, best)
    if removed:
        findings, status, reason = _with_removed(findings, status, reason, removed)
    handed_on = verdict == Verdict.FLAG or best is not None
    return ValidationReport(
        status=status, verdict=verdict, answer=answer, original_answer=original_answer, question=question,
        confidence=report_confidence(verdict, results, config.confidence_threshold),
        findings=findings, claims=claims_of(results), citations=citations_of(results),
        corrected_text=answer if verdict in (Verdict.ACCEPT, Verdict.FLAG) and answer != original_answer else None,
        user_message=user_message(status, verdict, n_sources=n_sources, n_findings=len(findings), handed_on=handed_on),
        reason=reason, attempts=len(history) or 1, history=tuple(history), checks=tuple(results),
        verifiers=tuple(VerifierStatus.model_validate(v) for r in results for v in r.data.get("verifiers", ())),
        timings=dict(timings or {}),
        metadata={**_report_extras(verdict, results), **(metadata or {})},
    )


def audit_level(report: ValidationReport) -> AuditLevel:
    """``PASS`` (accepted and valid), ``REVIEW`` (accepted with warnings, or flagged: handed on
    unverified) or ``REJECT`` (not handed on, or invalid)."""
    if report.verdict == Verdict.FLAG and report.status != Status.INVALID:
        return "REVIEW"
    if report.verdict != Verdict.ACCEPT or report.status == Status.INVALID:
        return "REJECT"
    if report.status in (Status.VALID_WITH_WARNINGS, Status.INCONCLUSIVE):
        return "REVIEW"
    return "PASS"
