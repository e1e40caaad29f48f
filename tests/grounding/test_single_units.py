"""One of a unit written as a word is a value: "for one year" beside "for two years".

"one" and "a" were never numbers, so a wrong duration written with them held no value to check
and passed as supported (the twenty-third session's "left alone" list).
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from tests.grounding._accepting import refuses_nothing
from lexguard.grounding.signals._lexical import numbers

SOURCE = (
    "The warranty covers the bike for two years from the date of purchase. Returns are accepted "
    "within 30 days. The guided ride takes about an hour. Delivery takes one week."
)


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("for one year from the date", ["1"]),
        ("within a month", ["1"]),
        ("takes about an hour", ["1"]),
        ("in less than a day", []),  # a comparison with "a" is an idiom
        ("takes about one hour", ["1"]),
        ("a one-year warranty", ["1"]),
        ("One day, she left", []),  # a time told by its place, no quantity
        ("twice a day", []),  # a rate
        ("a year ago", []),
        ("one of the best", []),
        ("for a second car", []),  # "a second" is no unit
        ("a quarter of a litre", ["0.25"]),  # the fraction, not one litre
        ("divides the data into two equal halves", []),  # a count its own noun gives
    ],
)
def test_one_of_a_unit_is_read_where_it_measures(text: str, keys: list[str]) -> None:
    assert [m.key for m in numbers(text)] == keys


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("The warranty covers the bike for one year from the date of purchase.", False),
        ("The warranty covers the bike for a year.", False),
        ("The bike has a one-year warranty.", False),
        ("The bike has a two-year warranty.", True),
        ("The guided ride takes an hour.", True),
        ("The guided ride takes about 60 minutes.", True),
        ("Delivery takes a week.", True),
        ("Delivery takes seven days.", True),
    ],
)
def test_the_checker_reads_one_of_a_unit(checker: SupportChecker, answer: str, accepted: bool) -> None:
    assert refuses_nothing(checker, answer, SOURCE) is accepted
