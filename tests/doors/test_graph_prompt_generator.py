"""``build_guard_graph(generator=prompt | llm)``: a LangGraph app's own chain retries (issue 24, 1)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.messages import BaseMessage
from langchain_core.prompts import ChatPromptTemplate

from lexguard import ConfigurationError, GuardConfig, LexguardWarning, Verdict, build_guard_graph
from tests.fakes import SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."]
GOOD = "The bridge opened in 1932. It is 503 metres long."
BAD = "The bridge opened in 1932. It was painted gold in 1990."


class RecordingChat(FakeListChatModel):
    """A fake chat model that keeps the messages of every call."""

    seen: list[list[BaseMessage]] = []

    def _call(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> str:
        self.seen.append(list(messages))
        return super()._call(messages, *args, **kwargs)


def _graph(prompt: ChatPromptTemplate, llm: RecordingChat, **kwargs: Any):
    return build_guard_graph(GuardConfig(), generator=prompt | llm, checker=SubstringChecker(), **kwargs)


def test_prompt_llm_generator_retries_with_the_prompt_rendered_from_the_state() -> None:
    prompt = ChatPromptTemplate.from_messages([("system", "Answer only from:\n{context}"), ("human", "{question}")])
    llm = RecordingChat(responses=[GOOD], seen=[])
    with warnings.catch_warnings():
        warnings.simplefilter("error", LexguardWarning)  # every variable is in the state: no warning
        graph = _graph(prompt, llm)
    report = graph.invoke({"answer": BAD, "sources": SOURCES, "question": "Tell me about the bridge."})["report"]
    assert report.verdict == Verdict.ACCEPT, report.reason
    assert report.answer == GOOD and report.attempts == 2
    (messages,) = llm.seen
    assert messages[0].type == "system" and "503 metres" in messages[0].content  # the user's prompt, filled
    assert messages[1].content == "Tell me about the bridge."
    assert messages[-2].content == BAD and "painted gold" in messages[-1].content  # answer + feedback


async def test_prompt_llm_generator_retries_async_with_a_feedback_variable() -> None:
    prompt = ChatPromptTemplate.from_messages(
        [("system", "Sources: {documents}"), ("human", "{query}\n\nEarlier: {previous_answer}\nFix: {feedback}")])
    llm = RecordingChat(responses=[GOOD], seen=[])
    report = (await _graph(prompt, llm).ainvoke(
        {"answer": BAD, "sources": SOURCES, "question": "Bridge?"}))["report"]
    assert report.verdict == Verdict.ACCEPT, report.reason
    (messages,) = llm.seen
    assert len(messages) == 2 and "painted gold" in messages[1].content and BAD in messages[1].content


def test_prompt_with_unknown_variables_warns_at_build_and_still_retries() -> None:
    prompt = ChatPromptTemplate.from_messages([("system", "You are {persona}. Use {context}"), ("human", "{question}")])
    llm = RecordingChat(responses=[GOOD], seen=[])
    with pytest.warns(LexguardWarning, match="generator_input.*input_keys"):
        graph = _graph(prompt, llm)
    report = graph.invoke({"answer": BAD, "sources": SOURCES, "question": "Bridge?"})["report"]
    assert report.verdict == Verdict.ACCEPT, report.reason
    (messages,) = llm.seen  # a fresh prompt from question and sources
    assert "503 metres" in messages[0].content and "painted gold" in messages[-1].content


def test_prompt_with_unknown_variables_uses_the_wired_generator_input() -> None:
    prompt = ChatPromptTemplate.from_messages([("system", "You are {persona}. Use {context}"), ("human", "{question}")])
    llm = RecordingChat(responses=[GOOD], seen=[])
    with warnings.catch_warnings():
        warnings.simplefilter("error", LexguardWarning)
        graph = _graph(prompt, llm, input_keys={"generator_input": "prompt_input"})
    state = {"answer": BAD, "sources": SOURCES, "question": "Bridge?",
             "prompt_input": {"persona": "a bridge guide", "context": SOURCES[0], "question": "Bridge?"}}
    assert graph.invoke(state)["report"].verdict == Verdict.ACCEPT
    assert "a bridge guide" in llm.seen[0][0].content


def test_a_generator_that_is_not_a_runnable_is_refused_at_build() -> None:
    with pytest.raises(ConfigurationError, match="Runnable"):
        build_guard_graph(generator=lambda x: x)
