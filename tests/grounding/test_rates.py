"""A value's period: "£40 million a month" is not "£40 million a year" (the verifier read it as supported)."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._rates import period_of, rate_conflicts

SOURCE = "The chief executive said the move would save £40 million a year. Parking costs £12 per night."


@pytest.mark.parametrize(
    ("text", "period"),
    [("£40 million a year", "year"), ("£12 per night", "night"), ("£5 monthly", "month"), ("$3/hr", "hour"), ("£12", None)],
)
def test_the_period_named_after_a_value(text: str, period: str | None) -> None:
    assert period_of(text, numbers(text)[0]) == period


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("The move would save £40 million a month.", True),
        ("Parking costs £12 per week.", True),
        ("The move would save £40 million annually.", False),
        ("Parking costs £12 a night.", False),
        ("The move would save £40 million.", False),
    ],
)
def test_a_value_with_another_period_conflicts(claim: str, conflict: bool) -> None:
    assert bool(rate_conflicts(claim, [SOURCE])) is conflict


def test_the_checker_refuses_another_period() -> None:
    checker = SupportChecker()
    wrong = checker.check("The move would save £40 million a month.", [Source(id="s0", content=SOURCE)])
    right = checker.check("The move would save £40 million a year.", [Source(id="s0", content=SOURCE)])
    assert wrong.recommendation != "accept"
    assert [c.status for c in right.claims] == ["supported"]
