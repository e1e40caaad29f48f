"""A count of a thing against the evidence's count of the same thing (``signals/_times_counted.py``)."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._times_counted import thing_counted_otherwise

RECIPE = "The pancake recipe calls for 200 g of flour, 2 eggs and 150 ml of milk."


@pytest.mark.parametrize(
    ("claim", "source", "otherwise"),
    [
        ("The recipe needs three eggs.", RECIPE, True),
        ("The recipe needs 3 large eggs.", RECIPE, True),
        ("The recipe needs two eggs.", RECIPE, False),
        ("The recipe has three ingredients.", RECIPE, False),
        ("You need 3 eggs in total.", "Use 2 eggs for the batter and 1 egg for the glaze.", False),
    ],
)
def test_a_count_of_a_thing(claim: str, source: str, otherwise: bool) -> None:
    """Found in a clean trial: "three eggs" beside "2 eggs" passed (three ingredients are listed)."""
    mention = numbers(claim)[0]
    assert thing_counted_otherwise(claim, mention, [source]) is otherwise


def test_the_checker_refuses_the_count() -> None:
    result = SupportChecker().check("You'll need flour, three eggs and some milk.", [Source(id="r", content=RECIPE)])
    assert result.claims[0].supported is False
