"""Size limits and the validation budget (issue 13 item 4)."""

from __future__ import annotations

import asyncio
import time

import pytest

from lexguard import Guard, GuardConfig, InputError, build_guard_graph
from lexguard._limits import (
    BudgetExceededError,
    Deadline,
    LimitsConfig,
    check_limits,
    current_deadline,
    remaining_time,
    validation_budget,
)
from lexguard._models import CheckOutcome, Source, Verdict
from lexguard._streaming import SentenceStreamer
from lexguard.checks import BaseCheck, build_checks
from lexguard.nodes import PrepareNode
from tests.fakes import SubstringChecker


def test_check_limits_names_the_limit_and_how_to_raise_it():
    limits = LimitsConfig(max_answer_chars=10, max_sources=1, max_source_chars=5,
                          max_total_source_chars=8)
    with pytest.raises(InputError, match=r"max_answer_chars=10.*raise limits\.max_answer_chars"):
        check_limits("x" * 11, [], limits)
    with pytest.raises(InputError, match="max_sources=1"):
        check_limits("x", [Source(content="a"), Source(content="b")], limits)
    with pytest.raises(InputError, match="max_source_chars=5"):
        check_limits("x", [Source(id="s", content="abcdef")], limits)
    with pytest.raises(InputError, match="max_total_source_chars=8"):
        check_limits("x", [Source(content="abcde"), Source(content="abcde")],
                     LimitsConfig(max_total_source_chars=8))
    check_limits("x" * 10, [Source(content="abcde")], limits)


def test_an_oversized_answer_is_a_clear_fallback_not_a_hang():
    guard = Guard(checker=SubstringChecker(), limits=LimitsConfig(max_answer_chars=1_000))
    report = guard.invoke({"answer": "The tower is tall. " * 100, "sources": ["The tower is tall."]})
    assert report.verdict == Verdict.FALLBACK
    assert "max_answer_chars=1000" in (report.reason or "")


def test_an_oversized_source_is_a_clear_fallback():
    guard = Guard(checker=SubstringChecker(), limits=LimitsConfig(max_source_chars=100))
    report = guard.invoke({"answer": "The tower is tall.", "sources": ["The tower is tall. " * 10]})
    assert report.verdict == Verdict.FALLBACK
    assert "max_source_chars=100" in (report.reason or "")


def test_deadline_caps_and_expires():
    deadline = Deadline(0.0)
    assert deadline.expired and deadline.remaining() == 0.0
    with pytest.raises(BudgetExceededError, match="time budget"):
        deadline.check("the knowledge check")
    assert Deadline(None).cap(3.0) == 3.0 and not Deadline(None).expired
    assert Deadline(100.0).cap(3.0) == 3.0


def test_validation_budget_is_current_inside_and_nested_budgets_only_shorten():
    assert current_deadline() is None and remaining_time(5.0) == 5.0
    with validation_budget(10.0) as outer:
        assert current_deadline() is outer
        with validation_budget(1000.0) as inner:
            assert inner is outer  # the earlier deadline wins
        assert remaining_time(50.0) <= 10.0
    assert current_deadline() is None


def test_the_guard_makes_its_budget_current_for_the_checks():
    seen = []

    class Spy(SubstringChecker):
        def check(self, answer, sources, question=None):
            seen.append(current_deadline())
            return super().check(answer, sources, question)

    guard = Guard(checker=Spy(), limits=LimitsConfig(time_budget_s=42.0))
    guard.invoke({"answer": "A.", "sources": ["a"]})
    asyncio.run(guard.ainvoke({"answer": "A.", "sources": ["a"]}))
    assert len(seen) == 2 and all(d is not None and d.budget == 42.0 for d in seen)


# -- the graph and the stream enforce the same limits and budget ----------------------------------


class _Slow(BaseCheck):
    """A check that takes longer than the tiny budgets below."""

    name = "slow"

    def check(self, answer, context):
        time.sleep(0.2)
        return self.passed()


@pytest.mark.parametrize("use_async", [False, True])
def test_the_graph_on_its_own_refuses_an_oversized_answer_and_source(use_async):
    config = GuardConfig(limits=LimitsConfig(max_answer_chars=100, max_source_chars=100))
    graph = build_guard_graph(config, checker=SubstringChecker())

    def run(state):
        return asyncio.run(graph.ainvoke(state)) if use_async else graph.invoke(state)

    too_long = run({"answer": "The tower is tall. " * 10, "sources": ["The tower is tall."]})["report"]
    big_source = run({"answer": "The tower is tall.", "sources": ["The tower is tall. " * 10]})["report"]
    assert too_long.verdict == Verdict.FALLBACK and "max_answer_chars=100" in (too_long.reason or "")
    assert big_source.verdict == Verdict.FALLBACK and "max_source_chars=100" in (big_source.reason or "")
    assert run({"answer": "The tower is tall.", "sources": ["The tower is tall."]})["report"].accepted


@pytest.mark.parametrize("use_async", [False, True])
def test_the_graph_on_its_own_honours_the_time_budget(use_async):
    config = GuardConfig(limits=LimitsConfig(time_budget_s=0.05))
    checks = (_Slow(), *build_checks(config, checker=SubstringChecker()))
    graph = build_guard_graph(config, checks=checks)
    state = {"answer": "The tower is tall.", "sources": ["The tower is tall."]}
    report = (asyncio.run(graph.ainvoke(state)) if use_async else graph.invoke(state))["report"]
    assert not report.accepted
    late = [r for r in report.checks if r.check != "slow"]
    assert late and all(r.outcome == CheckOutcome.INCONCLUSIVE for r in late)
    assert "time budget of 0.05s" in late[0].reason


def test_a_retry_keeps_the_budget_and_a_new_validation_gets_a_new_one():
    config = GuardConfig(limits=LimitsConfig(time_budget_s=30.0))
    prepare = PrepareNode(config)
    first = prepare({"answer": "A.", "sources": []})
    retry = prepare({"answer": "B.", "attempt": 1, "verdict": "retry", "deadline": first["deadline"]})
    fresh = prepare({"answer": "C.", "attempt": 1, "verdict": "accept", "deadline": first["deadline"] - 100})
    assert "deadline" not in retry and fresh["deadline"] > first["deadline"] - 100


def test_a_stream_halts_on_input_over_the_limits():
    guard = Guard(checker=SubstringChecker(), sources=["The tower is tall."],
                  limits=LimitsConfig(max_answer_chars=40, max_source_chars=100))
    streamer = SentenceStreamer(guard)
    out = list(streamer.transform(iter(["The tower is tall. ", "The tower is tall. ", "The tower is tall."])))
    assert out == ["The tower is tall. ", guard.config.refusal_message]
    assert "max_answer_chars=40" in (streamer.summary(halted=True).reason or "")
    streamer = SentenceStreamer(guard)
    chunks = [{"sources": ["The tower is tall. " * 10]}, {"answer": "The tower is tall."}]
    assert list(streamer.transform(iter(chunks))) == [guard.config.refusal_message]
    assert "max_source_chars=100" in (streamer.summary(halted=True).reason or "")


def test_a_stream_halts_once_its_checks_spent_the_budget():
    class SlowChecker(SubstringChecker):
        def check(self, answer, sources, question=None):
            time.sleep(0.2)
            return super().check(answer, sources, question)

    guard = Guard(checker=SlowChecker(), sources=["The tower is tall."], limits=LimitsConfig(time_budget_s=0.05))
    streamer = SentenceStreamer(guard)
    out = list(streamer.transform(iter(["The tower is tall. ", "The tower is tall. ", "It is."])))
    assert out[-1] == guard.config.refusal_message and len(out) == 2
    report = streamer.summary(halted=True)
    assert report.verdict == Verdict.FALLBACK and "time budget of 0.05s" in (report.reason or "")
