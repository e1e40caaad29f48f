"""The decision policy: check results -> verdict, status, confidence, reason and user message.

This is the one place that says whether an answer is accepted and how sure the guard is (the
report of a decision reads by :mod:`lexguard._policy_report`). The graph (``decide`` and the
terminal nodes), streaming, the agent middleware and the audit record all call it, so they
cannot disagree.

Decision rules for one attempt, in order:

1. a blocking finding of a check whose ``on_fail`` is ``raise`` -> ``fallback`` and raise;
2. a critical finding (a check reports that no retry can help: the parser's rejections, the
   gate's critical rules, the support check's Self-RAG ``reject``), or a blocking finding of a
   check whose ``on_fail`` is ``refuse`` -> ``fallback`` (no retry can help);
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

Confidence (``_policy_report.report_confidence``): the lowest confidence of the conclusive checks that measure
one. An answer with no checked claim never shows more than ``confidence_threshold`` (the bar it
had to meet), and an answer that is not accepted shows at most half the threshold (and at most
``1 - confidence`` of its surest blocking finding), so a rejected answer never reads as a
confident one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pydantic import BaseModel, ConfigDict

from lexguard._config import GuardConfig
from lexguard._enums import CheckOutcome, FailureAction, Severity, Verdict
from lexguard._models import CheckResult, Citation, Claim, Finding
from lexguard.knowledge._fixes import fixes_cover

__all__ = [
    "Decision",
    "attempt_confidence",
    "blocking_findings",
    "claims_of",
    "citations_of",
    "decide",
    "describe_problems",
    "failed_checks",
    "findings_of",
    "refuses",
    "refusing_checks",
    "unsettled_checks",
    "unsettled_failures",
]


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


def refuses(finding: Finding) -> bool:
    """True when ``finding`` refuses the answer: no retry can help, the attempt goes to the fallback.

    A critical finding refuses: the parser's rejections, the gate's critical rules, an input that
    cannot be read or checked, a generator that failed, and the support check's Self-RAG
    ``reject`` (its ``low_confidence`` finding). This is the one place that says so: :func:`decide`
    (rule 2), the graph (a check that stops the attempt, the attempts the ``best_attempt``
    fallback may hand on) and streaming (a sentence whose support is not checked) ask it.
    """
    return finding.severity == Severity.CRITICAL


def refusing_checks(results: Iterable[CheckResult]) -> list[CheckResult]:
    """The results with a blocking finding that :func:`refuses` the answer (a ``record`` check's
    findings never block, so they never refuse either)."""
    return [r for r in results if any(refuses(f) for f in r.blocking)]


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


def failed_checks(results: Sequence[CheckResult]) -> list[CheckResult]:
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


def unsettled_checks(results: Sequence[CheckResult]) -> list[CheckResult]:
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
    failed = failed_checks(results)
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
    critical = refusing_checks(results)
    if critical:
        return Decision(verdict=Verdict.FALLBACK, confidence=confidence,
                        reason=f"a critical finding forbids retrying ({_describe(critical)})")
    refusing = [r for r in results if r.action == FailureAction.REFUSE and r.blocking]
    if refusing:
        return Decision(verdict=Verdict.FALLBACK, confidence=confidence,
                        reason=f"{_describe(refusing)} (on_fail='refuse')")
    failed = failed_checks(results)
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
    inconclusive = unsettled_checks(results)
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
