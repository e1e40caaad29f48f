"""Size limits and the validation budget (issue 13 item 4)."""

from __future__ import annotations

import asyncio

import pytest

from lexguard import Guard, InputError
from lexguard._limits import (
    BudgetExceededError,
    Deadline,
    LimitsConfig,
    check_limits,
    current_deadline,
    remaining_time,
    validation_budget,
)
from lexguard._models import Source, Verdict
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
