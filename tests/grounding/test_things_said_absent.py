"""A claim that something is there which the sources say there is none of ("There is a water point
at the summit" beside "There are no toilets or water points along the route"): the verifier read
such pairs as supported (0.99); :mod:`lexguard.grounding.signals._absent` fails them."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from tests.claim_statuses import statuses
from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
from lexguard.grounding.signals._absent import denied_presence

TRAIL = ("The Hobb Edge walk is a circular route of nine kilometres. It starts and finishes at the church car "
         "park. The path climbs 300 metres to the trig point. There are no toilets or water taps along the route.")
FLAT = ("The flat on Dyer Street is let unfurnished. It has two bedrooms and a modern kitchen. There is no garden "
        "or balcony. The building does not have a lift.")
INN = ("The Tollgate Inn has six rooms. There is no parking on site, but a public car park is a short walk away. "
       "Oat milk is offered at no extra charge.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()



@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TRAIL, "There is a water tap at the trig point."),
        (TRAIL, "Sure! The walk is nine kilometres long. Hope that helps - there are toilets at the trig point."),
        (FLAT, "The flat on Dyer Street has two bedrooms, a modern kitchen and a small balcony."),
        (FLAT, "The building has a lift, and the flat has two bedrooms."),
    ],
)
def test_a_thing_the_sources_say_is_not_there_is_contradicted(checker: SupportChecker, source: str, answer: str) -> None:
    assert "contradicted" in statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TRAIL, "There are no toilets along the Hobb Edge walk."),
        (FLAT, "The flat on Dyer Street has two bedrooms but no garden."),
        (FLAT, "The flat has a modern kitchen."),
        (INN, "Guests can use the public car park a short walk from the Tollgate Inn."),
        (INN, "The Tollgate Inn offers oat milk at no extra charge."),
        # the claim keeps the denial in other words
        ("Fern care: keep ferns in bright light but no direct sun. Water them twice a week.",
         "Keep ferns in bright light but avoid direct sun."),
    ],
)
def test_a_claim_that_keeps_the_denial_or_names_what_is_there_is_supported(
    checker: SupportChecker, source: str, answer: str
) -> None:
    assert statuses(checker, source, answer) == {"supported"}


def _index(text: str) -> SourceIndex:
    sources = [Source(id="s0", content=text)]
    return SourceIndex(sources, chunk_sources(sources))


def test_a_denial_in_another_source_about_something_else_is_not_read() -> None:
    """The claim must share a word besides the thing with the source that denies it."""
    index = _index("There are no toilets or water taps along the route.")
    assert denied_presence("Toilets were installed in 1998.", index) is None
    assert denied_presence("There are toilets along the route.", index) is not None


def test_a_claim_that_says_the_thing_was_taken_out_keeps_the_denial() -> None:
    index = _index("The producers agreed. When the episode aired, there was no mention of the mayor's brother.")
    assert denied_presence("The producers agreed to remove any mention of the mayor's brother.", index) is None
    assert denied_presence("The episode included a mention of the mayor's brother.", index) is not None
