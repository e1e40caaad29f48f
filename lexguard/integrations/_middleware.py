"""``GroundingMiddleware``: check an agent's final answer against the sources of the conversation.

For LangChain v1 agents (``langchain.agents.create_agent``; ``langchain`` is an optional
dependency). After the model answers without tool calls, the answer is validated by a
:class:`~lexguard.Guard` against the sources found in the current turn: the results of
retrieval tools (``ToolMessage`` content, or ``Document`` artifacts), sources in the agent state
(``sources`` key) or in the run-time context (a ``sources`` attribute or key), plus fixed
sources given to the middleware. When the answer fails, the middleware appends feedback and
jumps back to the model, at most ``max_retries`` times per turn. What is accepted, retried,
flagged or refused is decided by the guard's decision policy (:mod:`lexguard._policy`), the same
one the graph uses; then the fallback (the guard's one vocabulary) applies: ``refuse`` (the
answer is replaced by the refusal message), ``best_attempt`` (the answer is kept, not accepted)
or ``raise``. Every handed-on message carries the report in ``response_metadata["lexguard"]``;
the report of the last check is in the agent state under ``lexguard_report``.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any, Literal

try:
    from langchain.agents.middleware import AgentMiddleware, AgentState, hook_config
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "GroundingMiddleware needs LangChain v1 agents: pip install 'langchain>=1' "
        "(or use lexguard.Guard / build_guard_graph directly)"
    ) from exc
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage, ToolMessage
from typing_extensions import NotRequired

from lexguard._config import FallbackStrategy, GuardConfig
from lexguard._errors import ConfigurationError, ValidationFailedError
from lexguard._events import MIDDLEWARE_EVENT, aemit_event, emit_event
from lexguard._guard import Guard
from lexguard._inputs import coerce_answer, coerce_sources
from lexguard._models import ValidationReport, Verdict
from lexguard._policy import build_report, decide

__all__ = ["FEEDBACK_NAME", "GroundingMiddleware", "GroundingState"]

FEEDBACK_NAME = "lexguard_feedback"
"""``name`` of the feedback messages the middleware adds (how it counts retries per turn)."""


class GroundingState(AgentState):
    """Agent state with the keys the middleware reads and writes.

    Attributes:
        sources: Optional sources for the current question (str, Document, dict or Source).
        lexguard_report: The :class:`~lexguard.ValidationReport` of the last checked answer.
    """

    sources: NotRequired[list[Any]]
    lexguard_report: NotRequired[ValidationReport | None]


def _text(message: Any) -> str:
    try:
        return coerce_answer(message)
    except Exception:  # noqa: BLE001 - odd content blocks: best effort
        return str(getattr(message, "content", "") or "")


class GroundingMiddleware(AgentMiddleware):
    """Validate the agent's final answer; retry the model with feedback; fall back.

    Args:
        guard: The guard to validate with (its config, checker and default sources). Its own
            retries are not used: the middleware retries the *model*. Omit it and give
            ``GuardConfig`` settings as keywords instead (``confidence_threshold=0.8``).
        sources: Fixed sources, added to those found in the conversation.
        source_tools: Names of the tools whose results are sources (default: every tool).
        max_retries: How many times per turn the model is sent back with feedback.
        fallback: ``refuse`` (replace the answer by the refusal message), ``best_attempt``
            (keep the answer, not accepted, report attached) or ``raise``
            (``ValidationFailedError``); default: the guard's. ``"flag"`` is the old spelling
            of ``best_attempt``.
        refusal_message: Text of the ``refuse`` fallback (default: the guard's).
        context_key: Attribute / key of the run-time context holding sources.

    Example:
        >>> agent = create_agent(model, tools=[search_docs],  # doctest: +SKIP
        ...                      middleware=[GroundingMiddleware(max_retries=2)])
    """

    state_schema = GroundingState

    def __init__(
        self,
        guard: Guard | None = None,
        *,
        sources: Any = None,
        source_tools: Sequence[str] | None = None,
        max_retries: int = 2,
        fallback: FallbackStrategy | Literal["flag"] | None = None,
        refusal_message: str | None = None,
        context_key: str = "sources",
        **settings: Any,
    ) -> None:
        super().__init__()
        if max_retries < 0:
            raise ConfigurationError(f"max_retries must be >= 0, not {max_retries}")
        if fallback == "flag":
            warnings.warn("GroundingMiddleware(fallback='flag') is now spelled 'best_attempt'", DeprecationWarning,
                          stacklevel=2)
            fallback = "best_attempt"
        if fallback not in (None, "refuse", "best_attempt", "raise"):
            raise ConfigurationError(f"fallback must be 'refuse', 'best_attempt' or 'raise', not {fallback!r}")
        if guard is not None and settings:
            raise ConfigurationError("give either a guard or GuardConfig settings as keywords, not both")
        base = guard or Guard(**settings)
        self.policy_config: GuardConfig = base.config.model_copy(
            update={"max_retries": max_retries, **({"fallback": fallback} if fallback else {})}
        )
        config: GuardConfig = base.config.model_copy(
            update={"max_retries": 0, "repair_without_generator": False, "fallback": "best_attempt"}
        )
        self.guard = Guard(
            config=config, sources=list(base.sources), checker=base.checker, audit=base.audit, return_type="report"
        )
        self.sources = coerce_sources(sources)
        self.source_tools = set(source_tools) if source_tools is not None else None
        self.max_retries = max_retries
        self.fallback = self.policy_config.fallback
        self.refusal_message = refusal_message or base.config.refusal_message
        self.context_key = context_key

    # -- reading the conversation ----------------------------------------------------------------

    @staticmethod
    def _turn_start(messages: Sequence[AnyMessage]) -> int:
        for index in range(len(messages) - 1, -1, -1):
            message = messages[index]
            if isinstance(message, HumanMessage) and message.name != FEEDBACK_NAME:
                return index
        return 0

    def _tool_sources(self, messages: Sequence[AnyMessage]) -> list[Any]:
        found: list[Any] = []
        for message in messages:
            if not isinstance(message, ToolMessage) or message.status == "error":
                continue
            if self.source_tools is not None and message.name not in self.source_tools:
                continue
            artifact = message.artifact
            if isinstance(artifact, list | tuple) and artifact and all(hasattr(a, "page_content") for a in artifact):
                found.extend(artifact)
            elif text := _text(message).strip():
                found.append({"id": f"{message.name or 'tool'}:{message.tool_call_id}", "content": text})
        return found

    def _context_sources(self, runtime: Any) -> Any:
        context = getattr(runtime, "context", None)
        if isinstance(context, dict):
            return context.get(self.context_key)
        return getattr(context, self.context_key, None)

    def _payload(self, state: dict[str, Any], runtime: Any) -> tuple[dict[str, Any], AIMessage, int] | None:
        messages = state.get("messages") or []
        last = messages[-1] if messages else None
        if not isinstance(last, AIMessage) or last.tool_calls:
            return None  # not a final answer
        start = self._turn_start(messages)
        turn = messages[start:]
        retries = sum(1 for m in turn if isinstance(m, HumanMessage) and m.name == FEEDBACK_NAME)
        question = _text(messages[start]) if messages and isinstance(messages[start], HumanMessage) else None
        found = [*self.sources, *self._tool_sources(turn)]
        found += list(coerce_sources(state.get("sources")))
        found += list(coerce_sources(self._context_sources(runtime)))
        sources = coerce_sources(found) if found else list(self.guard.sources)
        return {"answer": _text(last), "sources": sources, "question": question}, last, retries

    # -- deciding ------------------------------------------------------------------------------------

    def _feedback(self, report: ValidationReport, answer: str, retries: int) -> str:
        from lexguard.nodes import build_retry_feedback

        return build_retry_feedback(
            {"answer": answer, "attempt": retries + 1, "findings": list(report.findings),
             "confidence": report.confidence},
            self.guard.config,
        )

    def _outcome(
        self, report: ValidationReport, last: AIMessage, retries: int
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        decision = decide(report.checks, self.policy_config, attempt=retries + 1)
        meta = {**report.metadata, "middleware_retries": retries}
        event = {"attempt": retries + 1, "action": decision.verdict.value, "reason": decision.reason}
        if decision.verdict == Verdict.RETRY:
            feedback = HumanMessage(content=self._feedback(report, _text(last), retries), name=FEEDBACK_NAME)
            report = report.model_copy(update={"verdict": Verdict.RETRY, "reason": decision.reason, "metadata": meta})
            event.update(status=report.status.value, confidence=report.confidence)
            return {"messages": [feedback], "jump_to": "model", "lexguard_report": report}, event
        verdict = decision.verdict
        if verdict == Verdict.FALLBACK and self.fallback == "refuse":
            answer = self.refusal_message
        else:
            answer = _text(last)
        if verdict == Verdict.FALLBACK:
            meta["fallback"] = self.fallback
        final = build_report(
            verdict=verdict, answer=answer, results=report.checks, config=self.policy_config,
            original_answer=report.original_answer, question=report.question, reason=decision.reason,
            history=report.history, timings=report.timings, n_sources=len({c.source_id for c in report.citations}),
            metadata=meta,
        ).model_copy(update={"attempts": retries + 1})
        event.update(status=final.status.value, confidence=final.confidence)
        if verdict == Verdict.FALLBACK and (self.fallback == "raise" or decision.raise_error):
            raise ValidationFailedError(
                f"lexguard rejected the agent's answer: {decision.reason}. Inspect err.report, or use "
                "fallback='refuse' / 'best_attempt'.", report=final)
        if verdict == Verdict.ACCEPT:
            return {"lexguard_report": final}, event
        replaced = last.model_copy(
            update={
                "content": answer,
                "tool_calls": [],
                "response_metadata": {**last.response_metadata, "lexguard": final.model_dump(mode="json")},
            }
        )  # same id: add_messages replaces the checked answer
        return {"messages": [replaced], "lexguard_report": final}, event

    # -- hooks -----------------------------------------------------------------------------------------

    @hook_config(can_jump_to=["model"])
    def after_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        """Validate a final answer; jump back to the model with feedback when it fails."""
        planned = self._payload(state, runtime)
        if planned is None:
            return None
        payload, last, retries = planned
        update, event = self._outcome(self.guard.invoke(payload), last, retries)
        emit_event(MIDDLEWARE_EVENT, event)
        return update

    @hook_config(can_jump_to=["model"])
    async def aafter_model(self, state: Any, runtime: Any) -> dict[str, Any] | None:
        """Async :meth:`after_model`."""
        planned = self._payload(state, runtime)
        if planned is None:
            return None
        payload, last, retries = planned
        update, event = self._outcome(await self.guard.ainvoke(payload), last, retries)
        await aemit_event(MIDDLEWARE_EVENT, event)
        return update
