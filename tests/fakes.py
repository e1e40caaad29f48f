"""Shared test fakes (owned by the lead; engineers may append small, reusable fakes)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field, PrivateAttr

__all__ = ["FakeStructuredChatModel"]


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
