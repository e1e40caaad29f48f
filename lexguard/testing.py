"""Offline demo assets: ``ExtractiveChatModel``, ``KeywordRetriever`` and a tiny corpus.

``ExtractiveChatModel`` is a deterministic, offline chat model for demos, graphs and notebooks.

It needs no network and no weights: it answers with the context sentences that share the most
words with the question. With tools bound and no tool result yet in the current turn, it first
calls the first tool with the question. Swap in a real chat model for real answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import regex
from langchain_core.documents import Document
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field

__all__ = ["DEMO_PASSAGES", "ExtractiveChatModel", "KeywordRetriever"]

_WORD = regex.compile(r"\p{L}[\p{L}\p{N}'-]*|\p{N}+")
_STOP = frozenset("a an the of to in on at is are was were be by for and or what which who how when where does do did it its".split())


def _is_feedback(message: BaseMessage) -> bool:
    """Feedback from the guard or the middleware (not a user question)."""
    return isinstance(message, HumanMessage) and (
        message.name == "lexguard_feedback" or "did not pass validation" in str(message.content)
    )


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
            if isinstance(message, HumanMessage) and not _is_feedback(message):
                return str(message.content), messages[index:]
        return "", messages

    def _answer(self, messages: list[BaseMessage], question: str, turn: list[BaseMessage]) -> str:
        from lexguard.grounding.claims._sentences import split_sentences

        context = " ".join(
            str(m.content) for m in [*messages, *turn] if isinstance(m, SystemMessage | ToolMessage)
        )
        if not context.strip():
            return "I don't have any sources to answer from."
        sentences = [context[s:e] for s, e in split_sentences(context)]
        wanted = _words(question)
        ranked = sorted(range(len(sentences)), key=lambda i: (-len(_words(sentences[i]) & wanted), i))
        if wanted and not _words(sentences[ranked[0]]) & wanted:
            return "The sources do not answer that question."  # quoting the instructions is no answer
        # feedback that the question went unanswered: one more sentence each time, as a model would add
        more = sum(1 for m in turn if _is_feedback(m) and "does not answer the question" in str(m.content))
        picked = sorted(ranked[: self.max_sentences + more])
        answer = " ".join(sentences[i] for i in picked)
        if self.extra and not any(_is_feedback(m) for m in turn):
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


DEMO_PASSAGES: tuple[dict[str, Any], ...] = (
    {"id": "golden-gate", "content": "The Golden Gate Bridge opened in 1937. Its main span is 1,280 metres long. "
     "It connects San Francisco to Marin County.", "metadata": {"title": "Golden Gate Bridge"}},
    {"id": "tower-bridge", "content": "Tower Bridge in London was completed in 1894. It is a combined bascule and "
     "suspension bridge over the River Thames.", "metadata": {"title": "Tower Bridge"}},
    {"id": "eiffel", "content": "The Eiffel Tower was completed in 1889 for the World's Fair. It is 330 metres "
     "tall and stands on the Champ de Mars in Paris.", "metadata": {"title": "Eiffel Tower"}},
)
"""A tiny offline corpus for the demo graphs and the notebook."""


class KeywordRetriever(BaseRetriever):
    """Offline retriever: ranks passages by words shared with the query (no embeddings).

    Attributes:
        passages: Dicts with ``id``, ``content`` and optional ``metadata`` (default: the demo corpus).
        k: How many passages to return.
    """

    passages: list[dict[str, Any]] = Field(default_factory=lambda: [dict(p) for p in DEMO_PASSAGES])
    k: int = 2

    def _get_relevant_documents(self, query: str, *, run_manager: Any = None) -> list[Document]:
        wanted = _words(query)
        scored = [(len(_words(p["content"]) & wanted), i, p) for i, p in enumerate(self.passages)]
        best = [p for score, _, p in sorted(scored, key=lambda t: (-t[0], t[1])) if score > 0][: self.k]
        return [Document(id=p["id"], page_content=p["content"], metadata={"id": p["id"], **p.get("metadata", {})})
                for p in best]
