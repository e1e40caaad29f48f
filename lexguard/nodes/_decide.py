"""The ``decide`` node (the decision policy applied to the attempt) and the edges after it."""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.runnables import Runnable, RunnableConfig

from lexguard._coverage import decide_with_coverage
from lexguard._events import DECISION_EVENT, aemit_event, emit_event, finding_counts
from lexguard._config import GuardConfig
from lexguard._models import AttemptRecord, FailureAction, Verdict
from lexguard._policy import Decision, findings_of
from lexguard._state import GuardState
from lexguard.nodes._base import GuardNode

__all__ = ["DecideNode", "route_after_decide", "route_after_self_correct"]


class DecideNode(GuardNode):
    """Apply :func:`lexguard._policy.decide` to the attempt's check results, record the attempt
    in ``history`` and emit a ``lexguard.decision`` event."""

    name = "decide"

    def __init__(self, config: GuardConfig | None = None, *, generator: Runnable | None = None) -> None:
        super().__init__(config)
        self.generator = generator

    def _remedy_that_runs(self, decision: Decision) -> Decision:
        """A re-ask with no generator runs the text repair (``filter``): the decision says so, so
        the history names the remedy that ran."""
        if decision.verdict != Verdict.RETRY or decision.remedy != FailureAction.REASK:
            return decision
        if not self.config.repair_without_generator:
            return decision
        from lexguard.nodes._self_correct import run_generator

        if run_generator(self.generator) is not None:
            return decision
        reason = (decision.reason or "").replace(
            "; reask (", "; filter: no generator, the guard removes the rejected sentences (", 1)
        return decision.model_copy(update={"remedy": FailureAction.FILTER, "reason": reason})

    def _decide(self, state: GuardState) -> tuple[dict[str, Any], dict[str, Any]]:
        # sources given but checked by no support check: an inconclusive ``sources`` result says so
        attempt = int(state.get("attempt") or 1)
        decision, results = decide_with_coverage(list(state.get("results") or []), self.config, attempt=attempt,
                                                 n_sources=len(state.get("checked_sources") or []))
        decision = self._remedy_that_runs(decision)
        confidence = decision.confidence if decision.confidence is not None else 0.0
        record = AttemptRecord(
            attempt=attempt,
            answer=state.get("answer") if isinstance(state.get("answer"), str) else "",
            confidence=confidence,
            findings=tuple(findings_of(results)),
            decision=f"{decision.verdict.value}: {decision.reason}",
            checks=tuple(results),
        )
        event = {"attempt": attempt, "verdict": decision.verdict.value, "reason": decision.reason,
                 "confidence": decision.confidence, "findings": finding_counts(record.findings),
                 "checks": {r.check: r.outcome.value for r in results}}
        update = {"verdict": decision.verdict.value, "remedy": decision.remedy.value if decision.remedy else None,
                  "reason": decision.reason, "raise_error": decision.raise_error, "history": [record],
                  "results": results}
        return update, event

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        update, event = self._decide(state)
        emit_event(DECISION_EVENT, event, config)
        return update

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        update, event = self._decide(state)
        await aemit_event(DECISION_EVENT, event, config)
        return update


def route_after_decide(state: GuardState) -> Literal["finalize", "self_correct", "fallback"]:
    """Follow the verdict: ``accept`` / ``flag`` hand the answer on, ``retry`` corrects it."""
    verdict = state.get("verdict", "")
    if verdict in (Verdict.ACCEPT.value, Verdict.FLAG.value):
        return "finalize"
    return "self_correct" if verdict == Verdict.RETRY.value else "fallback"


def route_after_self_correct(state: GuardState) -> Literal["prepare", "fallback"]:
    """Check the corrected answer, unless self-correction gave up."""
    return "fallback" if state.get("verdict") == Verdict.FALLBACK.value else "prepare"
