"""The thirty-second session's cases for short encyclopedic claims (the FEVER style of claim and
evidence), written by hand after a blind contrastive trial: a decade holds a birth year even
beside another number it is a sum of, and "one" after a bound word is a count."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import numbers

PLAYER = ("Ivo Marek (born 2 March 1975) is a Slovak table tennis player. He won the national title five times and "
          "played at four Olympic Games.")
WRITER = "Oona Petraitis is a Lithuanian poet. She has published only one novel, and four collections of poems."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("claim", "supported"), [
    ("Ivo Marek was born in the 1970s.", True),  # 1975 - 5 = 1970 made "1970s" read as worked out of other numbers
    ("Ivo Marek was born in the mid-1970s.", True),
    ("Ivo Marek was born in the 1960s.", False),
    ("Ivo Marek was born in the early 1970s.", False),
])
def test_a_decade_holds_the_year_it_is_about(checker: SupportChecker, claim: str, supported: bool) -> None:
    result = checker.check(claim, [Source(id="s", content=PLAYER)])
    assert result.claims[0].supported is supported


def test_one_after_a_bound_word_is_a_count() -> None:
    assert [m.key for m in numbers("only one novel")] == ["1"]
    assert [m.key for m in numbers("at least one way")] == ["1"]
    assert [m.key for m in numbers("one of the best")] == []
    assert [m.key for m in numbers("for at least one more year")] == []  # the sources' "one more year at least"


@pytest.mark.parametrize(("claim", "supported"), [
    ("Oona Petraitis has written more than one novel.", False),
    ("Oona Petraitis has published only one novel.", True),
])
def test_more_than_one_against_only_one(checker: SupportChecker, claim: str, supported: bool) -> None:
    result = checker.check(claim, [Source(id="s", content=WRITER)])
    assert result.claims[0].supported is supported
