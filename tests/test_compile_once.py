"""The guard graph is compiled once per guard: ``wrap(chain).invoke`` compiles nothing per call,
and the generator of each run travels in the runtime context."""

from __future__ import annotations

from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langgraph.graph import StateGraph

from lexguard import Guard, Verdict
from tests.fakes import RecordingGenerator, SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long."]
GOOD = "The bridge opened in 1932."
BAD = "The bridge opened in 1932. It was painted gold in 1990."


def count_compiles(monkeypatch) -> list[int]:
    calls: list[int] = []
    original = StateGraph.compile

    def counting(self, *args, **kwargs):
        calls.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(StateGraph, "compile", counting)
    return calls


def test_wrap_invoke_compiles_nothing_per_call(monkeypatch):
    calls = count_compiles(monkeypatch)
    guard = Guard(checker=SubstringChecker(), sources=SOURCES)
    guard.graph_for()
    assert len(calls) == 1
    for _ in range(3):
        wrapped = guard.wrap(FakeListChatModel(responses=[BAD, GOOD]))
        assert wrapped.invoke("When did the bridge open?").verdict == Verdict.ACCEPT
    assert len(calls) == 1


def test_each_run_regenerates_with_its_own_generator(monkeypatch):
    calls = count_compiles(monkeypatch)
    guard = Guard(checker=SubstringChecker(), sources=SOURCES)
    first, second = RecordingGenerator([GOOD]), RecordingGenerator([GOOD])
    assert guard.wrap(first.runnable(), handles_feedback=True).invoke("q").answer == GOOD
    assert guard.wrap(second.runnable(), handles_feedback=True).invoke("q").answer == GOOD
    assert len(first.inputs) == 1 and len(second.inputs) == 1  # each retry went to its own chain
    assert len(calls) == 1


async def test_async_wrap_compiles_nothing_per_call(monkeypatch):
    calls = count_compiles(monkeypatch)
    guard = Guard(checker=SubstringChecker(), sources=SOURCES)
    for _ in range(2):
        report = await guard.wrap(FakeListChatModel(responses=[BAD, GOOD])).ainvoke("q")
        assert report.verdict == Verdict.ACCEPT and report.attempts == 2
    assert len(calls) == 1


def test_parallel_prompt_model_chain_gets_feedback_without_rerunning_the_retriever():
    from operator import itemgetter

    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.runnables import RunnableLambda

    retrieved = []

    def retrieve(question: str) -> str:
        retrieved.append(question)
        return SOURCES[0]

    model = RecordingGenerator([BAD, GOOD])
    prompt = ChatPromptTemplate.from_messages([("system", "Context: {context}"), ("human", "{question}")])
    chain = {"context": itemgetter("question") | RunnableLambda(retrieve), "question": itemgetter("question")} \
        | prompt | model.runnable()
    guard = Guard(checker=SubstringChecker(), repair_without_generator=False)
    report = guard.wrap(chain).invoke({"question": "When did the bridge open?"})
    assert report.verdict == Verdict.ACCEPT and report.attempts == 2
    assert len(retrieved) == 1  # the retriever ran once
    retry_messages = model.inputs[1].to_messages() if hasattr(model.inputs[1], "to_messages") else model.inputs[1]
    assert len(retry_messages) == 4  # system + question + previous answer + feedback
    assert "painted gold" in retry_messages[-1].content
    assert retry_messages[-2].content == BAD


def test_feedback_prompt_variable_works_on_the_first_call():
    from langchain_core.prompts import ChatPromptTemplate

    model = RecordingGenerator([BAD, GOOD])
    prompt = ChatPromptTemplate.from_messages([("system", "Answer from: {context}\n{feedback}"), ("human", "{question}")])
    guard = Guard(checker=SubstringChecker(), repair_without_generator=False)
    report = guard.wrap(prompt | model.runnable()).invoke({"question": "When?", "context": SOURCES[0]})
    assert report.accepted and report.attempts == 2
    first, retry = (value.to_messages() for value in model.inputs)
    assert first[0].content.endswith("\n")  # {feedback} was empty on the first call
    assert "painted gold" in retry[0].content  # and filled in on the retry
