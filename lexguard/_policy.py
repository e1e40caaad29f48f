"""The decision policy: check results -> verdict, status, confidence, reason and user message.

This is the one place that says whether an answer is accepted and how sure the guard is. The
graph (``decide`` and the terminal nodes), streaming, the agent middleware and the audit record
all call it, so they cannot disagree.

Decision rules for one attempt, in order:

1. a blocking finding of a check whose ``on_fail`` is ``raise`` -> ``fallback`` and raise;
2. a critical finding, or a blocking finding of a check whose ``on_fail`` is ``refuse`` ->
   ``fallback`` (no retry can help);
3. a failed check (a blocking finding; the parser's rejections are hard by default), or a
   confidence below ``confidence_threshold`` -> ``retry`` while retries are left (the remedy is
   ``fix`` when every blocking finding has a confident fix, ``filter`` when every failed check
   asks for it, else ``reask``), then ``fallback``;
4. an inconclusive check (it could not check all of the answer), a check that said ``failed``
   without a blocking finding (none, or soft ones only: see :func:`unsettled_failures`), or no
   check that examined the answer at all (none configured, every one skipped) -> ``flag`` or
   ``fallback``, as ``on_inconclusive`` says. Such an answer is never accepted;
5. otherwise -> ``accept``.

Blocking findings are hard or critical findings of checks whose ``on_fail`` is not ``record``.
Soft findings never block and never refuse: alone they give ``valid_with_warnings``, or, in a
result marked ``failed``, an inconclusive report.

Confidence (``report_confidence``): the lowest confidence of the conclusive checks that measure
one. An answer with no checked claim never shows more than ``confidence_threshold`` (the bar it
had to meet), and an answer that is not accepted shows at most half the threshold (and at most
``1 - confidence`` of its surest blocking finding), so a rejected answer never reads as a
confident one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from lexguard._config import GuardConfig
from lexguard._enums import CheckOutcome, FailureAction, Severity, Status, Verdict
from lexguard._models import (
    AttemptRecord,
    CheckResult,
    Citation,
    Claim,
    Finding,
    ValidationReport,
    VerifierStatus,
)
from lexguard.checks._builtin import report_mutations
from lexguard.knowledge._fixes import fixes_cover

__all__ = [
    "Decision",
    "attempt_confidence",
    "audit_level",
    "blocking_findings",
    "build_report",
    "claims_of",
    "citations_of",
    "decide",
    "describe_problems",
    "findings_of",
    "report_confidence",
    "report_status",
    "unsettled_failures",
    "user_message",
]

AuditLevel = Literal["PASS", "REVIEW", "REJECT"]


class Decision(BaseModel):
    """The policy's decision for one attempt.

    Attributes:
        verdict: ``accept``, ``retry``, ``flag`` or ``fallback``.
        reason: One line saying why (names the check and, for a retry, the remedy).
        remedy: For a retry: ``reask``, ``fix`` or ``filter``.
        raise_error: True when a check's ``on_fail="raise"`` asks to raise instead of falling back.
        confidence: The attempt's confidence (see :func:`attempt_confidence`); ``None`` when no
            check measured one.
    """

    model_config = ConfigDict(frozen=True)

    verdict: Verdict
    reason: str
    remedy: FailureAction | None = None
    raise_error: bool = False
    confidence: float | None = None


# -- reading results ----------------------------------------------------------------------------


def findings_of(results: Iterable[CheckResult]) -> list[Finding]:
    """Every finding of ``results``, in check order."""
    return [f for r in results for f in r.findings]


def blocking_findings(results: Iterable[CheckResult]) -> list[Finding]:
    """The findings that block acceptance (hard or critical, not from a ``record`` check)."""
    return [f for r in results for f in r.blocking]


def claims_of(results: Iterable[CheckResult]) -> tuple[Claim, ...]:
    """The claims of the first check that produced any (the support check)."""
    return next((r.claims for r in results if r.claims), ())


def citations_of(results: Iterable[CheckResult]) -> tuple[Citation, ...]:
    """The citations of the first check that produced any (the support check)."""
    return next((r.citations for r in results if r.citations), ())


def attempt_confidence(results: Iterable[CheckResult]) -> float | None:
    """The lowest confidence among conclusive checks that measure one (``None`` if none does)."""
    values = [
        r.confidence
        for r in results
        if r.confidence is not None
        and r.outcome in (CheckOutcome.PASSED, CheckOutcome.FAILED)
        and r.action != FailureAction.RECORD
    ]
    return min(values) if values else None


def _failed(results: Sequence[CheckResult]) -> list[CheckResult]:
    """The checks that failed the answer: a blocking finding, in a conclusive result."""
    return [r for r in results if r.blocking and r.outcome != CheckOutcome.INCONCLUSIVE]


def unsettled_failures(results: Iterable[CheckResult]) -> list[CheckResult]:
    """Checks that said ``failed`` without a blocking finding (none, or soft ones only), not
    ``record`` checks.

    Such a result contradicts itself: the check rejected the answer but named nothing that
    blocks it. The policy neither accepts the answer (a check said no: fail closed) nor refuses
    it on soft findings; it treats the result as *inconclusive* (``on_inconclusive``).
    """
    return [r for r in results
            if r.outcome == CheckOutcome.FAILED and not r.blocking and r.action != FailureAction.RECORD]


def _unsettled(results: Sequence[CheckResult]) -> list[CheckResult]:
    """The results that leave the answer not (fully) checked: inconclusive checks, and checks
    that failed without a blocking finding."""
    quiet = unsettled_failures(results)
    return [r for r in results if r.outcome == CheckOutcome.INCONCLUSIVE or r in quiet]


def _unsettled_reason(result: CheckResult) -> str:
    if result.outcome == CheckOutcome.INCONCLUSIVE:
        return f"{result.check}: {result.reason or 'not checked'}"
    soft = len(result.findings)
    what = f"only {soft} soft finding{'s' if soft != 1 else ''}" if soft else "no finding at all"
    said = f" ({result.reason})" if result.reason else ""
    return (f"{result.check}: failed{said} but gave no hard or critical finding ({what}), so its result "
            "does not settle the answer")


def _describe(results: Sequence[CheckResult]) -> str:
    parts = []
    for r in results:
        if r.outcome == CheckOutcome.INCONCLUSIVE and r.reason:
            parts.append(f"{r.check}: {r.reason}")
            continue
        counts: dict[str, int] = {}
        for f in r.blocking:
            counts[f.kind] = counts.get(f.kind, 0) + 1
        what = ", ".join(f"{n} {kind}" for kind, n in counts.items()) or (r.reason or "failed")
        parts.append(f"{r.check}: {what}")
    return "; ".join(parts)


def _remedy(failed: Sequence[CheckResult], config: GuardConfig) -> FailureAction:
    blocking = [f for r in failed for f in r.blocking]
    threshold = config.knowledge.auto_fix_threshold
    if blocking and fixes_cover(blocking, threshold):
        return FailureAction.FIX
    if failed and all(r.action == FailureAction.FILTER for r in failed):
        return FailureAction.FILTER
    return FailureAction.REASK


def _plural(n: int) -> str:
    return f"{n} retry" if n == 1 else f"{n} retries"


# -- the decision -------------------------------------------------------------------------------


def describe_problems(results: Sequence[CheckResult], config: GuardConfig) -> str:
    """Why the attempt cannot be accepted as it is: the failed checks, or the low confidence."""
    failed = _failed(results)
    if failed:
        return f"hard findings ({_describe(failed)})"
    confidence = attempt_confidence(results)
    if confidence is not None and confidence < config.confidence_threshold:
        digits = 2 if f"{confidence:.2f}" != f"{config.confidence_threshold:.2f}" else 3  # never "0.70 < 0.70"
        return f"confidence {confidence:.{digits}f} < {config.confidence_threshold:.{digits}f}"
    return "the answer did not pass validation"



def decide(results: Sequence[CheckResult], config: GuardConfig, *, attempt: int = 1) -> Decision:
    """Decide what to do with one attempt (rules in the module docstring).

    Args:
        results: The results of the checks that ran on the attempt.
        config: Guard settings (threshold, retries, ``on_inconclusive``, auto-fix threshold).
        attempt: Number of the attempt (1 for the first answer).
    """
    confidence = attempt_confidence(results)
    raising = [r for r in results if r.action == FailureAction.RAISE and r.blocking]
    if raising:
        return Decision(verdict=Verdict.FALLBACK, raise_error=True, confidence=confidence,
                        reason=f"{_describe(raising)} (on_fail='raise')")
    critical = [r for r in results if any(f.severity == Severity.CRITICAL for f in r.blocking)]
    if critical:
        return Decision(verdict=Verdict.FALLBACK, confidence=confidence,
                        reason=f"a critical finding forbids retrying ({_describe(critical)})")
    refusing = [r for r in results if r.action == FailureAction.REFUSE and r.blocking]
    if refusing:
        return Decision(verdict=Verdict.FALLBACK, confidence=confidence,
                        reason=f"{_describe(refusing)} (on_fail='refuse')")
    failed = _failed(results)
    low = confidence is not None and confidence < config.confidence_threshold
    if failed or low:
        why = describe_problems(results, config)
        retries = attempt - 1
        if retries < config.max_retries:
            remedy = _remedy(failed, config)
            return Decision(verdict=Verdict.RETRY, remedy=remedy, confidence=confidence,
                            reason=f"{why}; {remedy.value} (retry {retries + 1} of {config.max_retries})")
        if config.max_retries == 0:
            return Decision(verdict=Verdict.FALLBACK, confidence=confidence, reason=f"{why}; retries are off (max_retries=0)")
        return Decision(verdict=Verdict.FALLBACK, confidence=confidence, reason=f"{why} remain after {_plural(retries)}")
    inconclusive = _unsettled(results)
    examined = [r for r in results if r.outcome in (CheckOutcome.PASSED, CheckOutcome.FAILED)]
    if inconclusive or not examined:
        why = "; ".join(_unsettled_reason(r) for r in inconclusive) or (
            "no check examined the answer (" + ("every configured check was skipped" if results else "no check is configured")
            + ")"
        )
        if config.on_inconclusive == "fallback":
            return Decision(verdict=Verdict.FALLBACK, confidence=confidence, reason=f"inconclusive: {why}")
        return Decision(verdict=Verdict.FLAG, confidence=confidence,
                        reason=f"inconclusive: {why}; handed on unverified (on_inconclusive='flag')")
    # a check that did not run is named, so a setting that turned one off cannot hide behind
    # "every check passed" (grounding.enabled=False once read as a full pass)
    not_run = [r for r in results if r.outcome == CheckOutcome.SKIPPED]
    passed = "every check that ran passed" if not_run else "every check passed"
    if not_run:
        passed += " (not run: " + ", ".join(r.check for r in not_run) + "; see report.checks)"
    if confidence is None:
        return Decision(verdict=Verdict.ACCEPT, confidence=None, reason=passed)
    return Decision(verdict=Verdict.ACCEPT, confidence=confidence,
                    reason=f"{passed}; confidence {confidence:.2f} >= {config.confidence_threshold:.2f}")


# -- the report -----------------------------------------------------------------------------------


def report_status(verdict: Verdict, results: Sequence[CheckResult]) -> Status:
    """The status that goes with ``verdict`` (``invalid`` only when a check really failed)."""
    if verdict == Verdict.ACCEPT:
        return Status.VALID_WITH_WARNINGS if findings_of(results) else Status.VALID
    if verdict == Verdict.FLAG:
        return Status.INCONCLUSIVE
    if _failed(results):
        return Status.INVALID
    if _unsettled(results):
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
        elif _unsettled(results) or not any(r.outcome in (CheckOutcome.PASSED, CheckOutcome.FAILED) for r in results):
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
    findings = tuple(best.findings) if best is not None and not best.checks else tuple(findings_of(results))
    status = report_status(verdict, results)
    if best is not None and not best.checks:  # a record without results: judge by its findings
        status = Status.INVALID if any(f.severity.rank >= Severity.HARD.rank for f in findings) else status
    if removed:
        findings = (*findings, *removed)
        status = Status.VALID_WITH_WARNINGS if status == Status.VALID else status
        why = ", ".join(f"{sum(f.kind == k for f in removed)} {k}" for k in dict.fromkeys(f.kind for f in removed))
        reason = (f"{reason or 'repaired'}; the guard removed the statements its checks rejected "
                  f"({why}; see the findings marked removed)")
    handed_on = verdict == Verdict.FLAG or best is not None
    extra: dict[str, Any] = {}
    for r in results:
        if "mutations" in r.data:
            extra["mutations"] = r.data["mutations"]
        if r.data.get("source_quality"):
            extra["source_quality"] = r.data["source_quality"]
    if isinstance(extra.get("mutations"), dict):  # only an accepted answer's changes are approved
        extra["mutations"] = report_mutations(extra["mutations"], accepted=verdict == Verdict.ACCEPT)
    return ValidationReport(
        status=status,
        verdict=verdict,
        confidence=report_confidence(verdict, results, config.confidence_threshold),
        answer=answer,
        original_answer=original_answer,
        question=question,
        findings=findings,
        claims=claims_of(results),
        citations=citations_of(results),
        corrected_text=answer if verdict in (Verdict.ACCEPT, Verdict.FLAG) and answer != original_answer else None,
        user_message=user_message(status, verdict, n_sources=n_sources, n_findings=len(findings), handed_on=handed_on),
        reason=reason,
        attempts=len(history) or 1,
        history=tuple(history),
        checks=tuple(results),
        verifiers=tuple(VerifierStatus.model_validate(v) for r in results for v in r.data.get("verifiers", ())),
        timings=dict(timings or {}),
        metadata={**extra, **(metadata or {})},
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
