"""A change given the other direction (issue 25: antonyms; a hostile trial's "rose 6%" beside
"fell 6% on Wednesday after the company lowered its production forecast", accepted at 0.97)."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._directions import direction_conflict

SHARES = "Shares in Corlan Steel fell 4% on Tuesday after the company cut its profit forecast. They had risen 25% since March."


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("Shares in Corlan Steel rose 4% on Tuesday.", True),
        ("Corlan Steel's shares were up 4% on Tuesday.", True),
        ("Since March the shares had fallen 25%.", True),
        ("Shares in Corlan Steel fell 4% on Tuesday.", False),
        ("The shares had risen 25% since March.", False),
        ("Shares in Corlan Steel rose 3% on Tuesday.", False),  # another amount: the value rules read it
    ],
)
def test_a_change_given_the_other_way_conflicts(claim: str, conflict: bool) -> None:
    assert (direction_conflict(claim, [SHARES]) is not None) is conflict


def test_a_source_that_gives_the_amount_both_ways_is_left_to_the_other_rules() -> None:
    assert direction_conflict("Costs rose 6%.", ["Sales rose 6% and costs fell 6%."]) is None


def test_the_checker_contradicts_the_change_given_the_other_way() -> None:
    result = SupportChecker().check("Shares in Corlan Steel rose 4% on Tuesday.", [Source(id="s", content=SHARES)])
    assert [c.status for c in result.claims] == ["contradicted"]


FLU = "The Brookvale ward reported 12 cases of flu this week, down from 19 last week. Revenue was £4.1m, up from £3.2m."


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("Flu cases rose to 12 this week.", True),
        ("Flu cases fell to 12 this week.", False),
        ("Revenue dropped to £4.1m.", True),
        ("Revenue rose to £4.1m.", False),
    ],
)
def test_an_amount_reached_by_a_change_stated_after_it_has_that_direction(claim: str, conflict: bool) -> None:
    """"12 cases this week, down from 19" gives the change after the amount: "rose to 12" was
    accepted (0.87), and "Yes" to "Did flu cases rise?" with it."""
    assert (direction_conflict(claim, [FLU]) is not None) is conflict
