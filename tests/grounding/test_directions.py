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
