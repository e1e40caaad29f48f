"""``GroundingMiddleware``: check an agent's final answer against the sources of the conversation.

For LangChain v1 agents (``langchain.agents.create_agent``; ``langchain`` is an optional
dependency). Around each model call (``wrap_model_call``, the pattern of LangChain's ``ModelRetryMiddleware``):
when the model answers without tool calls, the answer is validated by a
:class:`~lexguard.Guard` against the sources found in the current turn: the results of
retrieval tools (``ToolMessage`` content, or ``Document`` artifacts), sources in the agent state
(``sources`` key) or in the run-time context (a ``sources`` attribute or key), plus fixed
sources given to the middleware. When the answer fails, the middleware calls the model again
within the same model call, with the draft and the feedback appended to that request only, at
most ``max_retries`` times, so the conversation keeps only the answer handed on. What is accepted, retried,
flagged or refused is decided by the guard's decision policy (:mod:`lexguard._policy`), the same
one the graph uses; then the fallback (the guard's one vocabulary) applies: ``refuse`` (the
answer is replaced by the refusal message), ``best_attempt`` (the answer is kept, not accepted)
or ``raise``. Every handed-on message carries the text that was checked (``report.answer``: what
the parser kept, never the raw model output) and the report in ``response_metadata["lexguard"]``;
the report of the last check is in the agent state under ``lexguard_report``.

Model call limits: LangChain's ``ModelCallLimitMiddleware`` counts one call per model node, so it
does not see retries made inside ``wrap_model_call``. Give it to the middleware as well
(``GroundingMiddleware(call_limit=limit)`` with ``limit`` also in the agent's middleware): no retry
is made that would pass its run or thread limit (the answer then gets the fallback, the reason
naming the limit), and the extra calls are added to its counters.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from lexguard._optional import require

require("langchain.agents.middleware", hint="GroundingMiddleware needs LangChain v1 agents: pip install "
        "'langchain>=1' (or use lexguard.Guard / build_guard_graph directly)")

from langchain.agents.middleware import AgentMiddleware, AgentState, ModelCallLimitMiddleware  # noqa: E402
from langchain.agents.middleware.types import ExtendedModelResponse, ModelResponse, PrivateStateAttr  # noqa: E402
from langchain_core.messages import AIMessage, AnyMessage, HumanMessage
from langgraph.channels.untracked_value import UntrackedValue
from langgraph.types import Command
from typing_extensions import NotRequired

from lexguard._config import FallbackStrategy, GuardConfig
from lexguard._errors import ConfigurationError, LexguardError, LexguardWarning, ValidationFailedError
from lexguard._events import MIDDLEWARE_EVENT, aemit_event, emit_event
from lexguard._guard import Guard
from lexguard._inputs import coerce_answer, coerce_sources
from lexguard._models import ValidationReport, Verdict
from lexguard._policy import Decision, decide, describe_problems
from lexguard._policy_report import build_report
from lexguard._wiring import checked_message, tool_sources

__all__ = ["FEEDBACK_NAME", "GroundingMiddleware", "GroundingState"]

FEEDBACK_NAME = "lexguard_feedback"
"""``name`` of the feedback messages the middleware adds (how it counts retries per turn)."""

_UNDECIDED = ("GroundingMiddleware's last retry made no decision; this is a lexguard bug, please report it "
              "with the middleware's settings")


class GroundingState(AgentState):
    """Agent state with the keys the middleware reads and writes.

    Attributes:
        sources: Optional sources for the current question (str, Document, dict or Source).
        lexguard_report: The :class:`~lexguard.ValidationReport` of the last checked answer.
        thread_model_call_count / run_model_call_count: ``ModelCallLimitMiddleware``'s counters
            (same channels), which the middleware raises by its extra calls.
    """

    sources: NotRequired[list[Any]]
    lexguard_report: NotRequired[ValidationReport | None]
    thread_model_call_count: NotRequired[Annotated[int, PrivateStateAttr]]
    run_model_call_count: NotRequired[Annotated[int, UntrackedValue, PrivateStateAttr]]


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
            (``ValidationFailedError``); default: the guard's.
        refusal_message: Text of the ``refuse`` fallback (default: the guard's).
        context_key: Attribute / key of the run-time context holding sources.
        call_limit: The agent's ``ModelCallLimitMiddleware`` (or several): retries never take the
            model past its limits, and count in its counters.

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
        fallback: FallbackStrategy | None = None,
        refusal_message: str | None = None,
        context_key: str = "sources",
        call_limit: ModelCallLimitMiddleware | Sequence[ModelCallLimitMiddleware] | None = None,
        **settings: Any,
    ) -> None:
        super().__init__()
        if max_retries < 0:
            raise ConfigurationError(f"max_retries must be >= 0, not {max_retries}")
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
        limits = [] if call_limit is None else list(call_limit) if isinstance(call_limit, list | tuple) else [call_limit]
        if not all(isinstance(limit, ModelCallLimitMiddleware) for limit in limits):
            raise ConfigurationError("call_limit takes the agent's ModelCallLimitMiddleware instance(s)")
        self.call_limits: tuple[ModelCallLimitMiddleware, ...] = tuple(limits)
        self._warned_uncounted = False

    # -- reading the conversation ----------------------------------------------------------------

    @staticmethod
    def _turn_start(messages: Sequence[AnyMessage]) -> int:
        for index in range(len(messages) - 1, -1, -1):
            message = messages[index]
            if isinstance(message, HumanMessage) and message.name != FEEDBACK_NAME:
                return index
        return 0

    def _tool_sources(self, messages: Sequence[AnyMessage]) -> list[Any]:
        return tool_sources(messages, self.source_tools)

    def _context_sources(self, runtime: Any) -> Any:
        context = getattr(runtime, "context", None)
        if isinstance(context, dict):
            return context.get(self.context_key)
        return getattr(context, self.context_key, None)

    def _payload(self, request: Any, last: AIMessage) -> dict[str, Any]:
        messages = [m for m in request.messages if not (isinstance(m, HumanMessage) and m.name == FEEDBACK_NAME)]
        start = self._turn_start(messages)
        turn = messages[start:]
        question = _text(messages[start]) if messages and isinstance(messages[start], HumanMessage) else None
        state = request.state or {}
        found = [*self.sources, *self._tool_sources(turn)]
        found += list(coerce_sources(state.get("sources")))
        found += list(coerce_sources(self._context_sources(request.runtime)))
        sources = coerce_sources(found) if found else list(self.guard.sources)
        return {"answer": _text(last), "sources": sources, "question": question}

    # -- model call limits --------------------------------------------------------------------------

    def _calls_left(self, state: Any, made: int) -> tuple[int | None, str]:
        """``(calls the limits still allow, the tightest limit)`` after ``made`` calls in this model
        call; ``(None, "")`` without limits."""
        run = int(state.get("run_model_call_count") or 0) + made
        thread = int(state.get("thread_model_call_count") or 0) + made
        left: int | None = None
        tightest = ""
        for limit in self.call_limits:
            for count, cap, scope in ((run, limit.run_limit, "run"), (thread, limit.thread_limit, "thread")):
                if cap is not None and (left is None or cap - count < left):
                    left, tightest = cap - count, f"{scope} limit {count}/{cap}"
        return left, tightest

    def _counters(self, state: Any, extra: int) -> dict[str, int]:
        """The call counters raised by this model call's ``extra`` calls (``ModelCallLimitMiddleware``
        adds the one call it sees itself)."""
        if not self.call_limits or extra <= 0:
            return {}
        return {key: int(state.get(key) or 0) + extra for key in ("run_model_call_count", "thread_model_call_count")}

    def _warn_uncounted(self, state: Any) -> None:
        if self.call_limits or self._warned_uncounted:
            return
        if "run_model_call_count" in state or "thread_model_call_count" in state:
            self._warned_uncounted = True
            warnings.warn(
                "this agent limits model calls (ModelCallLimitMiddleware), but GroundingMiddleware's retries "
                "happen inside one model call, which the limit counts once; pass the same instance as "
                "GroundingMiddleware(call_limit=...) so retries respect the limit and are counted",
                LexguardWarning, stacklevel=3)

    # -- deciding ------------------------------------------------------------------------------------

    def _feedback(self, report: ValidationReport, answer: str, retries: int) -> str:
        from lexguard.nodes import build_retry_feedback

        return build_retry_feedback(
            {"answer": answer, "attempt": retries + 1, "findings": list(report.findings),
             "confidence": report.confidence},
            self.guard.config,
        )

    def _outcome(
        self, report: ValidationReport, last: AIMessage, retries: int, state: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        decision = decide(report.checks, self.policy_config, attempt=retries + 1)
        meta = {**report.metadata, "middleware_retries": retries}
        if decision.verdict == Verdict.RETRY:
            left, tightest = self._calls_left(state or {}, retries + 1)
            if left is not None and left <= 0:  # another call would pass the agent's model call limit
                meta["call_limit"] = tightest
                decision = Decision(verdict=Verdict.FALLBACK, confidence=decision.confidence, reason=(
                    f"{describe_problems(report.checks, self.policy_config)}; not retried: the model call limit "
                    f"is reached ({tightest})"))
        event = {"attempt": retries + 1, "action": decision.verdict.value, "reason": decision.reason}
        if decision.verdict == Verdict.RETRY:
            feedback = HumanMessage(content=self._feedback(report, _text(last), retries), name=FEEDBACK_NAME)
            report = report.model_copy(update={"verdict": Verdict.RETRY, "reason": decision.reason, "metadata": meta})
            event.update(status=report.status.value, confidence=report.confidence)
            return {"messages": [feedback], "jump_to": "model", "lexguard_report": report}, event
        verdict = decision.verdict
        # the text handed on is the one that was checked (report.answer: parsed, cleaned), never
        # the raw model output; the refusal replaces it
        answer = self.refusal_message if verdict == Verdict.FALLBACK and self.fallback == "refuse" else report.answer
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
        # same id: add_messages replaces the checked answer
        return {"messages": [checked_message(final, last)], "lexguard_report": final}, event

    # -- the model call -------------------------------------------------------------------------------

    @staticmethod
    def _final(response: Any) -> tuple[int, AIMessage] | None:
        result = list(getattr(response, "result", None) or [])
        for index in range(len(result) - 1, -1, -1):
            if isinstance(result[index], AIMessage):
                message = result[index]
                return None if message.tool_calls else (index, message)
        return None

    def _step(self, request: Any, response: Any, report: ValidationReport, retries: int) -> tuple[Any, Any, dict]:
        """``(next request or None, result to return or None, event)`` after one check."""
        index, last = self._final(response)  # type: ignore[misc]
        state = request.state or {}
        update, event = self._outcome(report, last, retries, state)
        if "jump_to" in update:  # retry: ask the model again, the draft and feedback only in this request
            retry = request.override(messages=[*request.messages, last, *update["messages"]])
            return retry, None, event
        result = list(response.result)
        result[index] = update["messages"][0]
        final = ModelResponse(result=result, structured_response=getattr(response, "structured_response", None))
        command = Command(update={"lexguard_report": update["lexguard_report"], **self._counters(state, retries)})
        return None, ExtendedModelResponse(model_response=final, command=command), event

    def wrap_model_call(self, request: Any, handler: Any) -> Any:
        """Call the model; while its final answer fails validation, call it again with the draft and
        feedback appended (at most ``max_retries`` times). Only the answer handed on (accepted,
        flagged or the fallback) reaches the conversation, with the report in its metadata."""
        response = handler(request)
        for retries in range(self.max_retries + 1):
            final = self._final(response)
            if final is None:
                return response  # tool calls or no answer: nothing to check yet
            self._warn_uncounted(request.state or {})
            report = self.guard.invoke(self._payload(request, final[1]))
            request, result, event = self._step(request, response, report, retries)
            emit_event(MIDDLEWARE_EVENT, event)
            if result is not None:
                return result
            response = handler(request)
        raise LexguardError(_UNDECIDED)  # pragma: no cover - the last retry always decides

    async def awrap_model_call(self, request: Any, handler: Any) -> Any:
        """Async :meth:`wrap_model_call`."""
        response = await handler(request)
        for retries in range(self.max_retries + 1):
            final = self._final(response)
            if final is None:
                return response
            self._warn_uncounted(request.state or {})
            report = await self.guard.ainvoke(self._payload(request, final[1]))
            request, result, event = self._step(request, response, report, retries)
            await aemit_event(MIDDLEWARE_EVENT, event)
            if result is not None:
                return result
            response = await handler(request)
        raise LexguardError(_UNDECIDED)  # pragma: no cover - the last retry always decides
