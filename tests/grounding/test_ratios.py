"""A share written as a ratio ("three in four voters", "nine out of ten dentists") is one value, the
share, read against the sources' percentage; a count over a span or a score is no ratio."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import LexicalProfile, numbers

VOTE = "In the 2014 cantonal vote, 75 percent of voters backed the Orlen tram plan."


@pytest.mark.parametrize(("text", "keys"), [
    ("Three in four voters backed it.", [("0.75", ("75",))]),
    ("Nearly one in five adults smoke.", [("0.2", ("20",))]),
    ("Nine out of 10 dentists agree.", [("0.9", ("90",))]),
    ("One in a hundred people carry it.", [("0.01", ("1",))]),
    ("He scored 5 in 10 matches.", [("5", ()), ("10", ())]),  # a count over a span
    ("It has a rating of 4 out of 5 stars.", [("4", ()), ("5", ())]),  # a score
    ("It has a 3 out of 5 star rating.", [("3", ()), ("5", ())]),
    ("Step 3\nIn a 10 inch pan, heat the oil.", [("3", ()), ("10", ())]),  # no ratio across lines
])
def test_a_ratio_is_read_as_a_share(text: str, keys: list[tuple[str, tuple[str, ...]]]) -> None:
    assert [(m.key, m.alts) for m in numbers(text)] == keys


def test_a_sources_ratio_also_gives_its_two_numbers() -> None:
    profile = LexicalProfile(["On average, one out of 200 patients experiences paralysis."])
    assert {"0.005", "1", "200"} <= profile.numbers


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("claim", "supported"), [
    ("Three in four voters backed the Orlen tram plan in the 2014 cantonal vote.", True),
    ("One in three voters backed the Orlen tram plan in the 2014 cantonal vote.", False),
])
def test_the_checker_reads_a_ratio_against_a_percentage(checker: SupportChecker, claim: str, supported: bool) -> None:
    result = checker.check(claim, [Source(id="s", content=VOTE)])
    assert all(c.supported is supported for c in result.claims)
