"""A recipe's values in their place: an oven's degrees and a measure of another kind.

"Preheat the oven to 200C" beside "Preheat the oven to 180C. Mix 200 g of flour ..." passed:
"200C" was read as an item's code ("Flat 3C"), no value; "Mix 150 g of flour" beside "200 g of
flour ... 150 ml of milk" passed: 150 is in the sources, and a number the sources give only with
units of another kind was left to the other rules, which found the flour's sentence holding 150.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from tests.grounding._accepting import refuses_nothing
from lexguard.grounding.signals._statements import coded_words

RECIPE = ("Preheat the oven to 180C. Mix 200 g of flour with 2 eggs and 150 ml of milk. Bake for 25 minutes, "
          "then leave to cool for 10 minutes before slicing. Serves four.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("text", "coded"),
    [
        ("Preheat the oven to 180C.", set()),  # degrees
        ("It hit 30C in Madrid.", set()),
        ("She lives in Flat 3C.", {"3c"}),  # an item's code after its name
        ("Row 12F is by the window.", {"12f"}),
    ],
)
def test_degrees_are_no_items_code(text: str, coded: set[str]) -> None:
    assert coded_words(text) == coded


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("Preheat the oven to 180C.", True),
        ("Preheat the oven to 200C.", False),
        ("Mix 200 g of flour with 150 ml of milk.", True),
        ("Mix 150 g of flour with 2 eggs.", False),
        ("Use 200 ml of milk.", False),
        ("Bake for 25 min.", True),
    ],
)
def test_a_recipes_values_are_read_in_their_place(checker: SupportChecker, answer: str, accepted: bool) -> None:
    assert refuses_nothing(checker, answer, RECIPE) is accepted
