"""A word that describes one of two things given to the other (``signals/_crossed_modifiers.py``)."""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._crossed_modifiers import crossed_modifier
from tests.claim_statuses import statuses

PARENTS = "The painter was born in Lyon to a Spanish father and an Italian mother."
HOTEL = "The hotel has a heated pool and a free gym. Breakfast is served until 10am."
HOUSE = "The house has a large kitchen and a small garden."


@pytest.mark.parametrize(
    ("source", "claim", "crossed"),
    [
        (PARENTS, "The painter's mother was Spanish.", True),
        (PARENTS, "The painter had a Spanish mother.", True),
        (PARENTS, "The painter had an Italian mother.", False),
        (PARENTS, "The painter's father was Spanish.", False),
        (HOTEL, "The pool is free.", True),
        (HOTEL, "The gym is heated.", True),
        (HOTEL, "The gym is free to use.", False),
        (HOUSE, "The garden is large.", True),
        (HOUSE, "The kitchen is large and the garden small.", False),
        ("The coffee shop and the book store are on Main Street.", "The book shop is on Main Street.", False),
    ],
)
def test_a_word_of_one_thing_given_to_the_other(source: str, claim: str, crossed: bool) -> None:
    """Found in a trial of contrastive claims: "The painter's mother was Spanish" beside "a
    Spanish father and an Italian mother" read as supported (0.97)."""
    assert (crossed_modifier(claim, [source]) is not None) is crossed


def test_a_sentence_that_puts_the_word_with_the_thing_too() -> None:
    source = HOTEL + " The pool is free for guests."
    assert crossed_modifier("The pool is free.", [source]) is None


def test_the_checker_refuses_the_crossed_claim() -> None:
    assert "supported" not in statuses(SupportChecker(), PARENTS, "The painter's mother was Spanish.")


def test_a_compound_word_describes_its_thing() -> None:
    source = "The cottage has a wood-burning stove and an electric oven."
    assert crossed_modifier("The cottage has an electric stove.", [source]) is not None
    assert crossed_modifier("The oven in the cottage is electric.", [source]) is None


def test_a_thing_of_two_words() -> None:
    source = "The cottage has a red front door and a blue garden gate."
    assert crossed_modifier("The cottage's garden gate is red.", [source]) is not None
    assert crossed_modifier("The front door is red.", [source]) is None


def test_a_list_of_words_before_one_thing_is_no_pair() -> None:
    """Found in the held-out dumps: "a traditional blue and green tartan kilt" was read as a
    traditional blue (thing) and a green kilt, so "wore a traditional tartan kilt" was refused."""
    source = "The champion donned a traditional blue and green tartan kilt, while his bride wore a vintage gown."
    assert crossed_modifier("The local hero wore a traditional tartan kilt.", [source]) is None
