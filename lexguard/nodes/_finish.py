"""The terminal nodes: ``finalize`` (accept) and ``fallback`` (refuse, best attempt, or raise)."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.errors import NodeError
from langgraph.types import Command

from lexguard._errors import ValidationFailedError
from lexguard._models import AttemptRecord, Finding, FindingKind, Severity, Status, ValidationReport, Verdict
from lexguard._state import GuardState
from lexguard.nodes._base import GuardNode
from lexguard.nodes._report import INPUT_ERROR_RULES, build_report

__all__ = ["FinalizeNode", "FallbackNode", "handle_node_error"]


class FinalizeNode(GuardNode):
    """Accept the current attempt and write the final report."""

    name = "finalize"

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        answer = state.get("answer") if isinstance(state.get("answer"), str) else ""
        report = build_report(state, verdict=Verdict.ACCEPT, answer=answer)
        return {"report": report, "answer": report.answer}

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        return self.run(state, config)


def _best_attempt(history: list[AttemptRecord]) -> AttemptRecord | None:
    usable = [h for h in history if not any(f.severity == Severity.CRITICAL for f in h.findings) and h.answer]
    if not usable:
        return None
    return max(usable, key=lambda h: (-sum(f.severity.rank >= 1 for f in h.findings), h.confidence))


class FallbackNode(GuardNode):
    """Apply the configured fallback once retries are spent or a critical finding forbids retry.

    Strategies (``GuardConfig.fallback``):
        ``refuse``: return ``refusal_message``;
        ``best_attempt``: return the most confident attempt without critical findings, with its
        findings as warnings (refuses when there is none);
        ``raise``: raise :class:`~lexguard.ValidationFailedError` carrying the report.
    """

    name = "fallback"

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        history = list(state.get("history") or [])
        last = history[-1].decision if history else ""
        reason = last.split(": ", 1)[1] if ": " in last else (last or "the answer did not pass validation")
        findings = state.get("findings") or []
        if any(f.rule_id in INPUT_ERROR_RULES for f in findings) and state.get("inconclusive_reason"):
            reason = str(state["inconclusive_reason"])
        elif stage_error := [f for f in findings if f.stage == "self_correct"]:
            note = stage_error[-1]
            reason = note.message if note.kind == FindingKind.GENERATOR_ERROR else f"{reason}; {note.message}"
        strategy = self.config.fallback
        try:
            report = self._report(state, history, reason)
        except Exception as exc:  # noqa: BLE001 - the fallback must always produce a report
            report = ValidationReport(
                status=Status.INCONCLUSIVE,
                verdict=Verdict.FALLBACK,
                confidence=0.0,
                answer=self.config.refusal_message,
                reason=f"{reason}; the report could not be built: {type(exc).__name__}: {exc}",
                user_message="The answer could not be verified and was not accepted.",
                attempts=len(history) or 1,
                history=tuple(history),
            )
        if strategy == "raise":
            raise ValidationFailedError(
                f"lexguard rejected the answer: {reason}. Inspect err.report for the findings, or set "
                "fallback='refuse' / 'best_attempt' to get a report instead of an exception.",
                report=report,
            )
        return {"report": report, "answer": report.answer}

    def _report(self, state: GuardState, history: list[AttemptRecord], reason: str) -> ValidationReport:
        best = _best_attempt(history) if self.config.fallback == "best_attempt" else None
        if best is not None:
            return build_report(
                state,
                verdict=Verdict.FALLBACK,
                answer=best.answer,
                reason=reason,
                best=best,
                user_message="This answer could not be fully verified; treat it with caution.",
            )
        return build_report(state, verdict=Verdict.FALLBACK, answer=self.config.refusal_message, reason=reason)

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        return self.run(state, config)


def handle_node_error(state: GuardState, error: NodeError) -> Command:
    """Error handler of the guard's nodes: turn an unexpected exception into a fallback.

    The run ends in ``fallback`` with an ``inconclusive`` report naming the failed node, so a
    failure inside lexguard never crashes the caller's graph.
    """
    finding = Finding(
        kind=FindingKind.CHECK_ERROR,
        severity=Severity.CRITICAL,
        message=f"The {error.node} step failed with {type(error.error).__name__}: {error.error}",
        rule_id="graph.error",
        stage=error.node,
    )
    return Command(
        goto="fallback",
        update={
            "findings": [*(state.get("findings") or []), finding],
            "inconclusive_reason": f"{error.node} failed: {error.error}",
            "verdict": Verdict.FALLBACK.value,
            "history": [
                AttemptRecord(
                    attempt=int(state.get("attempt") or 1),
                    answer=state.get("answer") if isinstance(state.get("answer"), str) else "",
                    confidence=float(state.get("confidence") or 0.0),
                    findings=(finding,),
                    decision=f"fallback: {error.node} failed: {error.error}",
                )
            ],
        },
    )


