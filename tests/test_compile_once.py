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
    assert guard.wrap(first.runnable()).invoke("q").answer == GOOD
    assert guard.wrap(second.runnable()).invoke("q").answer == GOOD
    assert len(first.inputs) == 1 and len(second.inputs) == 1  # each retry went to its own chain
    assert len(calls) == 1


async def test_async_wrap_compiles_nothing_per_call(monkeypatch):
    calls = count_compiles(monkeypatch)
    guard = Guard(checker=SubstringChecker(), sources=SOURCES)
    for _ in range(2):
        report = await guard.wrap(FakeListChatModel(responses=[BAD, GOOD])).ainvoke("q")
        assert report.verdict == Verdict.ACCEPT and report.attempts == 2
    assert len(calls) == 1
