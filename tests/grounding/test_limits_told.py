"""The thirty-third session's cases for limits a source tells its reader ("Do not take more than
six tablets in 24 hours"), written by hand after a blind summary trial: a summary's "up to six
tablets" restates the limit, "more than six tablets" says its opposite, and a prohibition with a
condition ("Do not take it if ...") refuses nothing the claim offers."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._anchoring import bound_words

LEAFLET = ("Corvalin 200 mg tablets are for the short-term relief of mild pain. Adults may take one or two "
           "tablets every four to six hours as needed. Do not take more than six tablets in 24 hours. Do not "
           "take Corvalin if you have ever had a stomach ulcer.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("claim", "supported"), [
    ("Adults can take up to six tablets in 24 hours.", True),  # refused as a refused option before
    ("Adults can take more than six tablets in 24 hours.", False),
    ("Adults can take up to eight tablets in 24 hours.", False),
    ("Adults can take Corvalin for mild pain.", True),
])
def test_a_limit_told_to_the_reader(checker: SupportChecker, claim: str, supported: bool) -> None:
    result = checker.check(claim, [Source(id="leaflet", content=LEAFLET)])
    assert result.claims[0].supported is supported


def test_a_negation_a_few_words_before_a_bound_makes_it_a_limit() -> None:
    text = "Do not take more than six"
    assert bound_words(text, len(text) - len("six"))[0] == "limit"
    text = "You should never wait less than two"
    assert bound_words(text, len(text) - len("two"))[0] == "at_least"
