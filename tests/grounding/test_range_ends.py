"""A range read whole: "aged 5 to 10" beside "aged 5 to 8" (a hostile trial; the 10 of "a 10-week
course" had let the wrong end pass)."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._ranges import range_conflicts

CLUB = "The junior chess club for children aged 7 to 11 meets on Wednesdays. A 12-week term costs £60."


@pytest.mark.parametrize(
    ("claim", "wrong"),
    [
        ("The club is for children aged 7 to 12.", ["12"]),
        ("The club is for children aged 6 to 11.", ["6"]),
        ("The club is for children aged 7 to 11.", []),
        ("Children aged 7-11 can join.", []),
    ],
)
def test_a_range_end_the_evidence_gives_otherwise(claim: str, wrong: list[str]) -> None:
    assert [m.key for m in range_conflicts(claim, [CLUB])] == wrong


def test_numbers_joined_by_and_are_a_range_only_after_between() -> None:
    assert [m.key for m in range_conflicts("It costs between £5 and £9.", ["It costs between £5 and £8."])] == ["9"]
    assert range_conflicts("Add 3 eggs and 2 cups of milk.", ["Add 3 eggs and 1 cup of milk."]) == []


def test_the_checker_refuses_the_wrong_end() -> None:
    checker = SupportChecker()
    wrong = checker.check("The junior chess club is for children aged 7 to 12.", [Source(id="s", content=CLUB)])
    right = checker.check("The junior chess club is for children aged 7 to 11.", [Source(id="s", content=CLUB)])
    assert wrong.recommendation != "accept"
    assert [c.status for c in right.claims] == ["supported"]


def test_an_end_the_sources_give_in_another_range_is_no_wrong_end() -> None:
    """Found on held-out RAGTruth rows: "closing between 21:30 and 22:30" gathers several days'
    closing times; "8:00 a.m. to 4:00 p.m. on Sunday" is Sunday's range, in a passage the claim's
    best evidence did not hold."""
    hours = "'Monday': '17:30-22:0', 'Friday': '17:30-22:30', 'Sunday': '17:30-21:30'"
    class _Index:  # the sources' passages; the claim's best evidence is one of them
        chunks = [type("Chunk", (), {"text": hours})()]

    assert range_conflicts("It closes between 21:30 and 22:30.", ["'Friday': '17:30-22:30'"], _Index()) == []
    assert [m.key for m in range_conflicts("It closes between 21:15 and 22:30.", [hours])] == ["time:21:15"]


def test_values_of_two_kinds_are_no_range() -> None:
    """Found in a hostile trial: "from 18,400 in 2011 to 21,900 in 2021" was read as a range from
    2011 to 21,900, so "Between 2011 and 2021 the town grew ..." had a wrong end."""
    source = "The village's population grew from 1,840 in 2001 to 2,190 in 2011."
    claim = "Between 2001 and 2011 the village grew from about 1.84 thousand to 2.19 thousand residents."
    assert range_conflicts(claim, [source]) == []
