"""The terminal nodes: ``finalize`` (accept or flag) and ``fallback`` (refuse, best attempt, raise)."""

from __future__ import annotations

import logging
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.errors import NodeError
from langgraph.types import Command

from lexguard._errors import ConfigurationError, ValidationFailedError
from lexguard._models import (AttemptRecord, CheckOutcome, CheckResult, Finding, FindingKind, Severity,
                              ValidationReport, Verdict)
from lexguard._policy import findings_of, refuses
from lexguard._policy_report import build_report
from lexguard._state import GuardState, question_of
from lexguard.nodes._base import GuardNode

__all__ = ["FallbackNode", "FinalizeNode", "best_attempt", "handle_node_error"]

logger = logging.getLogger("lexguard")


def _report_args(state: GuardState) -> dict[str, Any]:
    return {
        "results": list(state.get("results") or []),
        "original_answer": state.get("original_answer") or "",
        "question": question_of(state),
        "reason": state.get("reason"),
        "history": list(state.get("history") or []),
        "timings": dict(state.get("timings") or {}),
        "n_sources": len(state.get("checked_sources") or []),
        "removed": list(state.get("removed") or []),
    }


def explained(report: ValidationReport) -> ValidationReport:
    """``report`` with a finding that states its reason when no check's finding says why it was
    not accepted (a refusal for low confidence, an inconclusive check without a finding), so a
    refused or flagged answer never comes with ``findings=[]`` or only the retry's own note."""
    if any(f.severity.rank >= Severity.SOFT.rank and f.stage != "self_correct" for f in report.findings):
        return report
    finding = Finding(kind="not_accepted", severity=Severity.SOFT, rule_id="decision.reason", stage="decide",
                      message=f"The answer was not accepted: {report.reason or 'it did not pass validation'}.")
    return report.model_copy(update={"findings": (*report.findings, finding)})


class FinalizeNode(GuardNode):
    """Hand the current answer on: accepted, or flagged (``verdict="flag"``: not accepted, a check
    could not run; logged as a warning)."""

    name = "finalize"

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        answer = state.get("answer") if isinstance(state.get("answer"), str) else ""
        verdict = Verdict(state.get("verdict") or Verdict.ACCEPT.value)
        report = build_report(verdict=verdict, answer=answer, config=self.config,
                              metadata={"attempt_returned": int(state.get("attempt") or 1)}, **_report_args(state))
        if verdict == Verdict.FLAG:
            report = explained(report)
            logger.warning("lexguard: answer handed on unverified (%s)", report.reason)
        return {"report": report, "answer": report.answer}

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        return self.run(state, config)


def best_attempt(history: list[AttemptRecord]) -> AttemptRecord | None:
    """The attempt the ``best_attempt`` fallback hands on: no critical finding, fewest hard
    findings, then the highest confidence."""
    usable = [h for h in history if not any(refuses(f) for f in h.findings) and h.answer]
    if not usable:
        return None
    return max(usable, key=lambda h: (-sum(f.severity.rank >= 1 for f in h.findings), h.confidence))


class FallbackNode(GuardNode):
    """Apply the configured fallback once retries are spent or a failure forbids retrying.

    Strategies (``GuardConfig.fallback``): ``refuse`` returns ``refusal_message``;
    ``best_attempt`` returns the most confident attempt without critical findings, not accepted
    (refuses when there is none); ``raise`` raises :class:`~lexguard.ValidationFailedError`
    carrying the report. A check with ``on_fail="raise"`` raises whatever the strategy.
    """

    name = "fallback"

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        args = _report_args(state)
        args["reason"] = args["reason"] or "the answer did not pass validation"
        best = best_attempt(args["history"]) if self.config.fallback == "best_attempt" else None
        report = build_report(
            verdict=Verdict.FALLBACK,
            answer=best.answer if best is not None else self.config.refusal_message,
            config=self.config,
            best=best,
            metadata={"attempt_returned": best.attempt if best else int(state.get("attempt") or 1)},
            **args,
        )
        report = explained(report)
        if self.config.fallback == "raise" or state.get("raise_error"):
            raise ValidationFailedError(
                f"lexguard rejected the answer: {report.reason}. Inspect err.report for the findings, or set "
                "fallback='refuse' / 'best_attempt' (and no on_fail='raise') to get a report instead.",
                report=report,
            )
        return {"report": report, "answer": report.answer}

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        return self.run(state, config)


def handle_node_error(state: GuardState, error: NodeError) -> Command:
    """Error handler of the guard's nodes: an unexpected exception ends the run in ``fallback``
    with an ``inconclusive`` report naming the failed node, so a failure inside lexguard never
    crashes the caller's graph and never lets the answer through. A
    :class:`~lexguard.ConfigurationError` is raised instead: the guard is misconfigured and
    must be fixed."""
    if isinstance(error.error, ConfigurationError):
        raise error.error
    finding = Finding(
        kind=FindingKind.CHECK_ERROR,
        severity=Severity.CRITICAL,
        message=f"The {error.node} step failed with {type(error.error).__name__}: {error.error}",
        rule_id="graph.error",
        stage=error.node,
    )
    reason = f"{error.node} failed: {error.error}"
    failed = CheckResult(check=error.node, outcome=CheckOutcome.INCONCLUSIVE, findings=(finding,), reason=reason,
                         stop=True)
    results = [*(state.get("results") or []), failed]
    return Command(
        goto="fallback",
        update={
            "results": results,
            "reason": reason,
            "verdict": Verdict.FALLBACK.value,
            "history": [
                AttemptRecord(
                    attempt=int(state.get("attempt") or 1),
                    answer=state.get("answer") if isinstance(state.get("answer"), str) else "",
                    confidence=0.0,
                    findings=tuple(findings_of(results)),
                    decision=f"fallback: {reason}",
                    checks=tuple(results),
                )
            ],
        },
    )
