"""Sources given but not checked: an unchecked answer never reads as verified.

A caller who passes sources expects the answer checked against them. When no support check
gated the answer (it is switched off, left out of ``checks``, set to ``on_fail="record"``, or
runs at a threshold that passes every claim), :func:`unchecked_sources` returns an
``inconclusive`` result named ``sources`` that says so. Added to the attempt's results, it makes
the policy flag the answer (or fall back, per ``on_inconclusive``): status ``inconclusive``,
no "verified" message, audit ``REVIEW``, never ``PASS``.
"""

from __future__ import annotations

from collections.abc import Sequence

from lexguard._config import GuardConfig
from lexguard._enums import CheckOutcome, FailureAction, FindingKind, Severity, Verdict
from lexguard._models import CheckResult, Finding
from lexguard._policy import Decision, decide
from lexguard.checks._builtin import ACCEPTS_EVERYTHING

__all__ = ["SOURCES_CHECK", "decide_with_coverage", "unchecked_sources"]

SOURCES_CHECK = "sources"
"""Name of the result that reports sources no check read."""

_SUPPORT = "support"


def _gates(result: CheckResult) -> bool:
    """Whether ``result`` checked the answer against the sources and can block it."""
    return (
        (result.check == _SUPPORT or bool(result.claims))
        and result.outcome in (CheckOutcome.PASSED, CheckOutcome.FAILED)
        and result.action != FailureAction.RECORD
        and not result.data.get(ACCEPTS_EVERYTHING)
    )


def _why(results: Sequence[CheckResult]) -> str:
    support = [r for r in results if r.check == _SUPPORT or r.claims]
    if not support:
        return "no support check is configured (add 'support' to checks)"
    r = support[0]
    if r.outcome == CheckOutcome.SKIPPED:
        return f"the support check did not run ({r.reason or 'skipped'})"
    if r.action == FailureAction.RECORD:
        return "the support check only records (on_fail='record'): its findings do not block"
    return f"the support check's settings pass every claim ({r.data.get(ACCEPTS_EVERYTHING)})"


def unchecked_sources(results: Sequence[CheckResult], n_sources: int) -> CheckResult | None:
    """The ``inconclusive`` ``sources`` result when sources were given and no check gated the
    answer against them; ``None`` when one did, when none were given, or when an inconclusive
    support result already says the answer was not (fully) checked.

    Args:
        results: The attempt's check results.
        n_sources: How many sources the caller gave.
    """
    if n_sources <= 0 or any(r.check == SOURCES_CHECK for r in results) or any(_gates(r) for r in results):
        return None
    if any((r.check == _SUPPORT or r.claims) and r.outcome == CheckOutcome.INCONCLUSIVE for r in results):
        return None
    why = _why(results)
    reason = f"the {n_sources} source(s) were not checked against the answer: {why}"
    finding = Finding(
        kind=FindingKind.NOT_CHECKED,
        severity=Severity.SOFT,
        message=f"The answer was not checked against its {n_sources} source(s): {why}. Turn the support check "
        "on (or remove the setting that disables it) to verify it.",
        rule_id="sources.not_checked",
        stage="decide",
    )
    return CheckResult(check=SOURCES_CHECK, outcome=CheckOutcome.INCONCLUSIVE, reason=reason, findings=(finding,),
                       action=FailureAction.RECORD)


def decide_with_coverage(
    results: Sequence[CheckResult], config: GuardConfig, *, attempt: int = 1, n_sources: int = 0
) -> tuple[Decision, list[CheckResult]]:
    """:func:`lexguard._policy.decide`, where an answer it would accept without having checked
    the given sources gets :func:`unchecked_sources`'s result and is decided again (flagged).

    Returns:
        The decision and the results it was made on (with the ``sources`` result when added).
    """
    results = list(results)
    decision = decide(results, config, attempt=attempt)
    if decision.verdict != Verdict.ACCEPT:
        return decision, results
    extra = unchecked_sources(results, n_sources)
    if extra is None:
        return decision, results
    results.append(extra)
    return decide(results, config, attempt=attempt), results
