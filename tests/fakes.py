"""Shared test fakes (owned by the lead; engineers may append small, reusable fakes)."""

from __future__ import annotations

import asyncio
import hashlib
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import regex

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field, PrivateAttr

__all__ = ["FakeStructuredChatModel", "RecordingGenerator", "SubstringChecker"]


class FakeStructuredChatModel(BaseChatModel):
    """Chat model fake whose replies are tool calls, so ``with_structured_output`` works on it.

    Each reply is taken from ``responder(messages, tool_name)`` when given, else from
    ``by_tool[tool_name]``, else from ``responses`` (each list is cycled through in order).
    A reply that is a ``dict`` becomes a tool call of the bound schema with those arguments, a
    ``str`` becomes a plain text message (no tool call: "malformed" for structured output) and
    an exception instance is raised.

    Attributes:
        delay: Seconds each call waits before replying (``asyncio.sleep`` on the async path), so
            that concurrent calls overlap.
        calls: ``(tool_name, messages)`` of every call, in order of arrival.
        max_in_flight: The most calls that were in progress at the same time.
    """

    responses: list[Any] = Field(default_factory=list)
    by_tool: dict[str, list[Any]] = Field(default_factory=dict)
    responder: Callable[[list[BaseMessage], str | None], Any] | None = None
    delay: float = 0.0
    calls: list[tuple[str | None, list[BaseMessage]]] = Field(default_factory=list)
    max_in_flight: int = 0
    _in_flight: int = PrivateAttr(0)
    _positions: dict[str, int] = PrivateAttr(default_factory=dict)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def _llm_type(self) -> str:
        return "fake-structured-chat-model"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Runnable:  # type: ignore[override]
        names = [convert_to_openai_tool(tool)["function"]["name"] for tool in tools]
        kwargs.pop("tool_choice", None)
        return self.bind(tool_name=names[0] if names else None, **kwargs)

    def _next(self, messages: list[BaseMessage], tool_name: str | None) -> Any:
        with self._lock:
            self.calls.append((tool_name, list(messages)))
            if self.responder is not None:
                return self.responder(messages, tool_name)
            key, queue = "", self.responses
            if tool_name is not None and self.by_tool.get(tool_name):
                key, queue = tool_name, self.by_tool[tool_name]
            if not queue:
                raise AssertionError(f"FakeStructuredChatModel has no response for {tool_name!r}")
            position = self._positions.get(key, 0)
            self._positions[key] = position + 1
            return queue[position % len(queue)]

    def _reply(self, response: Any, tool_name: str | None) -> ChatResult:
        if isinstance(response, BaseException):
            raise response
        if isinstance(response, dict):
            call = {"name": tool_name or "tool", "args": response, "id": f"call_{len(self.calls)}"}
            message = AIMessage(content="", tool_calls=[call])
        else:
            message = AIMessage(content=str(response))
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _enter(self) -> None:
        with self._lock:
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)

    def _leave(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        tool_name: str | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self._enter()
        try:
            response = self._next(messages, tool_name)
            if self.delay:
                time.sleep(self.delay)
            return self._reply(response, tool_name)
        finally:
            self._leave()

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        tool_name: str | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self._enter()
        try:
            response = self._next(messages, tool_name)
            if self.delay:
                await asyncio.sleep(self.delay)
            return self._reply(response, tool_name)
        finally:
            self._leave()


class SubstringChecker:
    """Deterministic stand-in for ``SupportChecker``: a sentence is supported when its text
    (lower-cased, without the final period) appears in some source.

    Attributes:
        calls: How many answers were checked.
        error: When set, ``check`` raises it (to exercise the graph's error handling).
    """

    def __init__(self, error: Exception | None = None) -> None:
        self.calls = 0
        self.error = error

    def check(self, answer: str, sources: Sequence[Any], question: str | None = None) -> Any:
        import re

        from lexguard._models import Citation, Claim, Finding, Severity
        from lexguard.grounding import SupportResult

        self.calls += 1
        if self.error is not None:
            raise self.error
        claims, citations, findings = [], [], []
        for index, match in enumerate(re.finditer(r"[^.!?]+[.!?]?", answer)):
            text = match.group().strip()
            if not text:
                continue
            start = match.start() + match.group().index(text)
            key = text.rstrip(".!?").lower()
            source = next((s for s in sources if key in s.content.lower()), None)
            cites = ()
            if source is not None:
                cite = Citation(claim_index=len(claims), claim=text, source_id=source.id,
                                chunk_id=f"{source.id}#0", score=1.0, method="exact", quote=source.content)
                cites = (cite,)
                citations.append(cite)
            else:
                findings.append(Finding(kind="unsupported", severity=Severity.HARD, span=(start, start + len(text)),
                                        message=f"Not supported by the sources: {text!r}", stage="support_check"))
            claims.append(Claim(index=len(claims), text=text, span=(start, start + len(text)),
                                support=1.0 if source else 0.0, supported=source is not None, citations=cites))
        rate = sum(not c.supported for c in claims) / len(claims) if claims else 0.0
        return SupportResult(
            claims=tuple(claims), citations=tuple(citations), findings=tuple(findings),
            confidence=1.0 - rate, hallucination_rate=rate,
            recommendation="accept" if rate == 0 else "regenerate",
            inconclusive_reason=None if claims else "no claims",
        )

    async def acheck(self, answer: str, sources: Sequence[Any], question: str | None = None) -> Any:
        return self.check(answer, sources, question)


class RecordingGenerator:
    """A generator Runnable factory: returns ``replies`` in turn and records every input."""

    def __init__(self, replies: Sequence[Any]) -> None:
        self.replies = list(replies)
        self.inputs: list[Any] = []

    def _next(self, value: Any) -> Any:
        self.inputs.append(value)
        reply = self.replies[min(len(self.inputs) - 1, len(self.replies) - 1)]
        if isinstance(reply, BaseException):
            raise reply
        return AIMessage(content=reply) if isinstance(reply, str) else reply

    def runnable(self) -> Runnable:
        from langchain_core.runnables import RunnableLambda

        async def _anext(value: Any) -> Any:
            return self._next(value)

        return RunnableLambda(self._next, afunc=_anext, name="fake_generator")


class CountingEncoder:
    """Deterministic hashed bag-of-words encoder that records every text it embeds (no cache)."""

    name = "counting-fake"

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim
        self.calls: list[list[str]] = []

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        self.calls.append(list(texts))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in regex.findall(r"\w+", text.lower()):
                out[row, int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms > 0, norms, 1.0)

    def count(self, text: str) -> int:
        """How many times ``text`` was embedded."""
        return sum(call.count(text) for call in self.calls)

    def embedded(self, texts: Sequence[str]) -> int:
        """How many times texts of ``texts`` were embedded."""
        wanted = set(texts)
        return sum(1 for call in self.calls for t in call if t in wanted)

    def distinct(self, texts: Sequence[str]) -> int:
        """How many of ``texts`` were embedded at all."""
        seen = {t for call in self.calls for t in call}
        return len(set(texts) & seen)


class ManualClock:
    """``time`` for :mod:`lexguard._limits` that moves only when a test moves ``now``."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def time(self) -> float:
        return self.now
