"""``ExtractiveChatModel``: a deterministic, offline chat model for demos, graphs and notebooks.

It needs no network and no weights: it answers with the context sentences that share the most
words with the question. With tools bound and no tool result yet in the current turn, it first
calls the first tool with the question. Swap in a real chat model for real answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import regex
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool

__all__ = ["ExtractiveChatModel"]

_WORD = regex.compile(r"\p{L}[\p{L}\p{N}'-]*|\p{N}+")
_STOP = frozenset("a an the of to in on at is are was were be by for and or what which who how when where does do did it its".split())


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)} - _STOP


class ExtractiveChatModel(BaseChatModel):
    """Offline chat model that quotes the best-matching context sentences.

    Attributes:
        max_sentences: How many context sentences an answer quotes.
        extra: Text appended to every first answer of a turn (e.g. an unsupported sentence, to
            demonstrate the guard's self-correction); answers after feedback leave it out.
    """

    max_sentences: int = 2
    extra: str = ""

    @property
    def _llm_type(self) -> str:
        return "lexguard-extractive"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Runnable:  # type: ignore[override]
        specs = [convert_to_openai_tool(tool)["function"] for tool in tools]
        kwargs.pop("tool_choice", None)
        return self.bind(tool_specs=specs, **kwargs)

    @staticmethod
    def _turn(messages: list[BaseMessage]) -> tuple[str, list[BaseMessage]]:
        for index in range(len(messages) - 1, -1, -1):
            message = messages[index]
            if isinstance(message, HumanMessage) and message.name != "lexguard_feedback":
                return str(message.content), messages[index:]
        return "", messages

    def _answer(self, messages: list[BaseMessage], question: str, turn: list[BaseMessage]) -> str:
        from lexguard.grounding import split_sentences

        context = " ".join(
            str(m.content) for m in [*messages, *turn] if isinstance(m, SystemMessage | ToolMessage)
        )
        if not context.strip():
            return "I don't have any sources to answer from."
        sentences = [context[s:e] for s, e in split_sentences(context)]
        wanted = _words(question)
        ranked = sorted(range(len(sentences)), key=lambda i: (-len(_words(sentences[i]) & wanted), i))
        picked = sorted(ranked[: self.max_sentences])
        answer = " ".join(sentences[i] for i in picked)
        retried = any(isinstance(m, HumanMessage) and m.name == "lexguard_feedback" for m in turn)
        has_feedback = any("did not pass validation" in str(m.content) for m in turn if isinstance(m, HumanMessage))
        if self.extra and not (retried or has_feedback):
            answer = f"{answer} {self.extra}"
        return answer

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        tool_specs: list[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        question, turn = self._turn(messages)
        if tool_specs and not any(isinstance(m, ToolMessage) for m in turn):
            spec = tool_specs[0]
            params = list((spec.get("parameters") or {}).get("properties") or {"query": {}})
            call = {"name": spec["name"], "args": {params[0]: question}, "id": f"call_{len(messages)}"}
            message = AIMessage(content="", tool_calls=[call])
        else:
            message = AIMessage(content=self._answer(messages, question, turn))
        return ChatResult(generations=[ChatGeneration(message=message)])
