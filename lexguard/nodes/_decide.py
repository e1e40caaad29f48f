"""The ``decide`` node and the conditional edges of the guard graph.

Decision rules, in order:

1. a critical finding -> ``fallback`` (no retry can fix it);
2. no hard finding and the attempt is *inconclusive* (support could not be checked: no
   sources, no checkable claims, a model failure) -> ``accept`` or ``fallback`` as
   ``on_inconclusive`` says, whatever the confidence (a retry cannot make the check possible);
3. no hard finding and confidence >= ``confidence_threshold`` -> ``accept``;
4. retries left (``attempt - 1 < max_retries``) -> ``retry`` (the ``self_correct`` node);
5. otherwise -> ``fallback``.
"""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.runnables import RunnableConfig

from lexguard._config import GuardConfig
from lexguard._models import AttemptRecord, Severity, Verdict
from lexguard._state import GuardState
from lexguard.nodes._base import GuardNode

__all__ = ["DecideNode", "decide_verdict", "route_after_parse", "route_after_gate", "route_after_decide",
           "route_after_self_correct"]


def _has(state: GuardState, severity: Severity) -> bool:
    return any(f.severity.rank >= severity.rank for f in state.get("findings") or [])


def decide_verdict(state: GuardState, config: GuardConfig) -> tuple[Verdict, str]:
    """Return the verdict for the current attempt and a one-line reason."""
    confidence = float(state.get("confidence") or 0.0)
    attempt = int(state.get("attempt") or 1)
    if _has(state, Severity.CRITICAL):
        return Verdict.FALLBACK, "a critical finding forbids retrying"
    hard = _has(state, Severity.HARD)
    inconclusive = state.get("inconclusive_reason")
    if not hard and inconclusive:  # nothing to correct: a retry cannot make the check possible
        if config.on_inconclusive == "fallback":
            return Verdict.FALLBACK, f"inconclusive: {inconclusive}"
        return Verdict.ACCEPT, f"inconclusive ({inconclusive}); accepted as on_inconclusive='accept'"
    if not hard and confidence >= config.confidence_threshold:
        return Verdict.ACCEPT, f"confidence {confidence:.2f} >= {config.confidence_threshold:.2f}"
    if attempt - 1 < config.max_retries:
        why = "hard findings" if hard else f"confidence {confidence:.2f} < {config.confidence_threshold:.2f}"
        return Verdict.RETRY, f"{why}; retry {attempt} of {config.max_retries}"
    why = "hard findings remain" if hard else f"confidence {confidence:.2f} below threshold"
    return Verdict.FALLBACK, f"{why} after {config.max_retries} retries"


class DecideNode(GuardNode):
    """Record the attempt in ``history`` and decide: accept, retry or fall back."""

    name = "decide"

    def _decide(self, state: GuardState) -> tuple[dict[str, Any], dict[str, Any]]:
        from lexguard.integrations._events import finding_counts

        verdict, reason = decide_verdict(state, self.config)
        record = AttemptRecord(
            attempt=int(state.get("attempt") or 1),
            answer=state.get("answer") if isinstance(state.get("answer"), str) else "",
            confidence=float(state.get("confidence") or 0.0),
            findings=tuple(state.get("findings") or ()),
            decision=f"{verdict.value}: {reason}",
        )
        event = {"attempt": record.attempt, "verdict": verdict.value, "reason": reason,
                 "confidence": record.confidence, "findings": finding_counts(record.findings)}
        return {"verdict": verdict.value, "history": [record]}, event

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        from lexguard.integrations._events import DECISION_EVENT, emit_event

        update, event = self._decide(state)
        emit_event(DECISION_EVENT, event, config)  # a custom event per decision (no-op outside a run)
        return update

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        from lexguard.integrations._events import DECISION_EVENT, aemit_event

        update, event = self._decide(state)
        await aemit_event(DECISION_EVENT, event, config)
        return update


def route_after_parse(state: GuardState) -> Literal["gate", "decide"]:
    """Skip the other checks when the parser rejected the output."""
    if state.get("parse_ok", True) and not _has(state, Severity.CRITICAL):
        return "gate"
    return "decide"


def route_after_gate(state: GuardState) -> Literal["support_check", "decide"]:
    """Skip the support check when a critical rule already failed."""
    return "decide" if _has(state, Severity.CRITICAL) else "support_check"


def route_after_decide(state: GuardState) -> Literal["finalize", "self_correct", "fallback"]:
    """Follow the verdict of the ``decide`` node."""
    return {"accept": "finalize", "retry": "self_correct"}.get(state.get("verdict", ""), "fallback")  # type: ignore[return-value]


def route_after_self_correct(state: GuardState) -> Literal["parse", "fallback"]:
    """Validate the corrected answer, unless self-correction gave up."""
    return "fallback" if state.get("verdict") == Verdict.FALLBACK.value else "parse"
