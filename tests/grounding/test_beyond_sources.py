"""Claims that say more than any source sentence (``signals/_beyond_sources.py``): a first, a
record or a never-before the sources do not state (``_firsts.py``), and an "every <noun>" of
another noun than the source's (``_scope.py``). Cases written by hand after model-style summaries
that called a by-election winner "the first independent ever to win" beside an article saying
only that independents rarely win, and put otters in "every river" for "every county"."""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._firsts import unfounded_first
from lexguard.grounding.signals._scope import scope_moved

from ._accepting import is_refused

VOTE = ("Retired teacher Marian Oduya has won the Hollins Cross council seat as an independent, with 2,904 votes. "
        "Independents seldom win seats on the council. Turnout was 31%.")
BRIDGE = ("The Carrow footbridge was opened on Saturday by the mayor. It took 14 months to build and cost £3.1m. "
          "It is the first bridge in the county to be lit by solar panels.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize("claim", [
    "Marian Oduya is the first independent ever to win a seat on the council.",
    "Marian Oduya became the first retired teacher to win the Hollins Cross seat.",
    "For the first time, an independent has won the Hollins Cross seat.",
    "Oduya's win, with 2,904 votes, is the council's first-ever independent victory.",
    # a record (thirty-sixth session, a blind FaithBench-style trial: "a league-record 12 assists" for a season high)
    "Marian Oduya won the Hollins Cross seat with a record 2,904 votes.",
    "Oduya took the Hollins Cross seat on a record-breaking turnout of 31%.",
    "Oduya set a new record for the Hollins Cross seat with 2,904 votes.",
])
def test_a_first_no_source_states_is_refused(checker: SupportChecker, claim: str) -> None:
    assert unfounded_first(claim, [VOTE]) is not None
    assert is_refused(checker, claim, [VOTE])


@pytest.mark.parametrize("claim", [
    "Marian Oduya won the Hollins Cross seat as an independent with 2,904 votes.",
    "The first step to winning, Oduya said, was listening.",  # no first of a kind claimed
    "Independents seldom win council seats, but Oduya won Hollins Cross.",
    "Allow the first coat to dry for an hour before the second.",  # an order of steps
    "The first passage explains how to count the votes.",
    "Oduya, a retired teacher with a long track record in the town, won with 2,904 votes.",
    "Oduya's campaign song was released on a record label in the town.",
])
def test_a_claim_that_calls_nothing_a_first_is_not_read_as_one(claim: str) -> None:
    assert unfounded_first(claim, [VOTE]) is None


@pytest.mark.parametrize("claim", [
    "The Carrow footbridge is the first bridge in the county to be lit by solar panels.",
    "The £3.1m Carrow footbridge, the county's first-ever solar-lit bridge, opened on Saturday.",
])
def test_a_first_the_sources_state_is_left_to_the_other_checks(checker: SupportChecker, claim: str) -> None:
    assert unfounded_first(claim, [BRIDGE]) is None
    assert not is_refused(checker, claim, [BRIDGE])


BEES = ("Hedge bees declined in the 1990s because of habitat loss, but numbers have recovered and the bees are now "
        "recorded in every parish of Dorset. A survey counted 412 nests at Ashmore.")


@pytest.mark.parametrize(("claim", "moved"), [
    ("Hedge bees, which declined in the 1990s, are now recorded in every garden of Dorset.", True),
    ("Hedge bees are now recorded in every parish of Dorset.", False),
    ("A survey counted 412 nests at Ashmore.", False),
    ("All the nests at Ashmore were counted.", False),  # "all" over no source quantifier
    ("All the ones in it.", False),  # no content word to share: no division by zero
])
def test_every_noun_of_another_noun(checker: SupportChecker, claim: str, moved: bool) -> None:
    assert (scope_moved(claim, [BEES]) is not None) is moved
    if moved:
        assert is_refused(checker, claim, [BEES])
