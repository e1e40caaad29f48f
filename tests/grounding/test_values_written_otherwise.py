"""Values a summary writes otherwise than its sources: an estimate of an estimate, a quarter
written with a hyphen, a month for 30 days, "No. 1" for "top", an age at a year for a birth year,
"two days" for "48 hours" where the sources' "two" counts years.

Found in a blind FaithBench-style trial, where each refused a faithful summary as a wrong value.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._ages import age_in_a_year, ages_as_births
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import numbers

SOURCE = (
    "The Tarn Valley Otters beat the Hillbrook Kites 64-60 on Friday, clinching the top seed in the Riverside "
    "League playoffs. Corvane Foods reported third-quarter revenue of $2.3 billion on Monday. The court ordered "
    "the council to publish the minutes of the March meeting within 30 days. In a parents' poll about "
    "two-thirds of families said they used the breakfast club. The poet Ilse Varga was born in 1961. "
    "The tram strike will last 48 hours, the first in two years."
)


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("claim", "supported"), [
    ("The Otters clinched the Riverside League's No. 1 playoff seed.", True),
    ("The Otters clinched the number one seed in the Riverside League.", True),
    ("The Otters clinched the Riverside League's No. 2 playoff seed.", False),
    ("Corvane Foods posted Q3 revenue of $2.3 billion.", True),
    ("Corvane Foods posted Q2 revenue of $2.3 billion.", False),
    ("The council must publish the minutes of the March meeting within a month.", True),
    ("The council must publish the minutes of the March meeting within two months.", False),
    ("Roughly 67% of families said they used the breakfast club.", True),
    ("Roughly 60% of families said they used the breakfast club.", False),
    ("The tram strike will last two days.", True),  # 48 hours, though the sources' "two" is of years
    ("The tram strike will last two weeks.", False),
])
def test_a_value_written_otherwise_is_read_as_the_sources_value(
    checker: SupportChecker, claim: str, supported: bool,
) -> None:
    (result,) = checker.check(claim, [Source(id="s", content=SOURCE)]).claims
    assert (result.status == "supported") is supported, (result.status, result.support)


def test_no_before_a_number_is_no_name() -> None:
    """"the Riverside League's No. 1 seed": "No." is the number's sign, not a word of the league's name."""
    assert [m.text for m in entities("They took the Riverside League's No. 1 seed.")] == ["Riverside League's"]


@pytest.mark.parametrize(("claim", "given"), [
    ("Varga, who turned 60 in 2021, still writes daily.", True),
    ("Varga turned sixty in 2021.", True),
    ("Varga was 60 in 2022.", True),  # a year either side: her birthday may not have come yet
    ("Varga, who turned 65 in 2021, still writes daily.", False),
    ("Varga turned 60 in 2022.", False),  # "turned" names the year of the birthday
])
def test_an_age_at_a_year_follows_from_a_birth_year(claim: str, given: bool) -> None:
    texts = [SOURCE]
    assert all(age_in_a_year(claim, m, texts) is given for m in numbers(claim))
    assert ("born in 1961" in ages_as_births(claim, texts)) is given
