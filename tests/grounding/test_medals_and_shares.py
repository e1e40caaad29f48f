"""A medal's colour read as a place, and a share said in words read against the percentage.

"Took the silver medal" beside "finished third" passed (0.89): the medal rule read only a medal
past third. "Failed to win a majority of the vote" beside "46% of the vote" was refused as an
overstated quantifier, and "won a majority" beside 46% failed for that reason only.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._medals import medal_conflict
from lexguard.grounding.signals._overstated import overstatement
from lexguard.grounding.signals._shares import share_conflict, share_reading, shares_as_written

RACE = "At the 2019 European Indoor Championships, Dutch sprinter Femke Aalders finished third in the women's 60 metres."
POLL = ("In the 2021 Ostrava-Lhota council election, Jana Vlkova was re-elected with 46 per cent of the vote, "
        "ahead of Tomas Rybar on 31 per cent.")


@pytest.mark.parametrize(
    ("claim", "conflicts"),
    [
        ("Femke Aalders took the bronze medal in the 60 metres at the 2019 European Indoor Championships.", False),
        ("Femke Aalders took the silver medal in the 60 metres at the 2019 European Indoor Championships.", True),
        ("Femke Aalders won gold in the 60 metres at the 2019 European Indoor Championships.", True),
        ("Femke Aalders was the bronze medallist in the 60 metres at the 2019 European Indoor Championships.", False),
        ("Femke Aalders won a medal in the 60 metres at the 2019 European Indoor Championships.", False),
    ],
)
def test_a_medals_colour_is_a_place(claim: str, conflicts: bool) -> None:
    assert (medal_conflict(claim, [RACE]) is not None) is conflicts


def test_a_place_beside_a_medals_colour() -> None:
    source = "Femke Aalders won the bronze medal in the women's 60 metres at the 2019 European Indoor Championships."
    assert medal_conflict("Femke Aalders finished second in the 60 metres at the 2019 championships.", [source])
    assert medal_conflict("Femke Aalders finished third in the 60 metres at the 2019 championships.", [source]) is None


@pytest.mark.parametrize(
    ("claim", "met"),
    [
        ("Jana Vlkova failed to win a majority of the vote in the 2021 Ostrava-Lhota council election.", True),
        ("Jana Vlkova fell short of a majority in the 2021 Ostrava-Lhota council election.", True),
        ("Jana Vlkova won a majority of the vote in the 2021 Ostrava-Lhota council election.", False),
        ("Jana Vlkova won more than half of the vote in the 2021 Ostrava-Lhota council election.", False),
        ("Tomas Rybar won less than half of the vote in the 2021 Ostrava-Lhota council election.", True),
    ],
)
def test_a_share_in_words_is_read_against_the_subjects_percentage(claim: str, met: bool) -> None:
    reading = share_reading(claim, [POLL])
    assert reading is not None and reading.met is met
    assert (share_conflict(claim, [POLL]) is not None) is (not met)
    assert overstatement(claim, [POLL]) is None  # "majority" is the share's, not a raised quantifier


def test_a_share_about_something_else_is_not_read() -> None:
    source = "The town's population of 21,000 is 70% black, but its council was mostly white until 2015."
    claim = "It was the first time in the town's history that the new council elected in 2015 had a majority of black members and a black mayor."
    assert share_reading(claim, [source]) is None


def test_a_met_share_is_written_as_the_percentage_for_the_models() -> None:
    claim = "Jana Vlkova failed to win a majority of the vote in the 2021 Ostrava-Lhota council election."
    assert shares_as_written(claim, [POLL]) == "Jana Vlkova won 46% of the vote in the 2021 Ostrava-Lhota council election."
    wrong = claim.replace("failed to win", "won")
    assert shares_as_written(wrong, [POLL]) == wrong  # a wrong share is never rewritten into a right one


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def test_the_checker_reads_a_share_both_ways(checker: SupportChecker) -> None:
    sources = [Source(id="s", content=POLL)]
    right = "Jana Vlkova failed to win a majority of the vote in the 2021 Ostrava-Lhota council election."
    wrong = "Jana Vlkova won a majority of the vote in the 2021 Ostrava-Lhota council election."
    assert checker.check(right, sources).claims[0].supported
    (refused,) = checker.check(wrong, sources).claims
    assert refused.status == "contradicted"


# A change word of one family beside a change of the other ("grew" beside "declined"),
# a shutting beside an opening, and a role said to go on ("still heads") beside one that ended.

SALES = "Sales of electric bikes at the Harrow store declined sharply in March."


@pytest.mark.parametrize(
    ("claim", "flipped"),
    [
        ("Sales of electric bikes at the Harrow store grew sharply in March.", True),
        ("Sales of electric bikes at the Harrow store climbed sharply in March.", True),
        ("Sales of electric bikes at the Harrow store dropped sharply in March.", False),
        ("Sales of electric bikes at the Harrow store fell sharply in March.", False),
    ],
)
def test_a_change_word_of_the_other_family_is_a_flip(claim: str, flipped: bool) -> None:
    from lexguard.grounding.signals._polarity import polarity_conflict

    assert (polarity_conflict(claim, [SALES]) is not None) is flipped


def test_a_shutting_beside_an_opening_is_a_flip() -> None:
    from lexguard.grounding.signals._polarity import polarity_conflict

    source = "The Mill Lane branch of the Ashby Public Library opened in 2009 despite budget cuts."
    assert polarity_conflict("Ashby's Mill Lane library branch shut in 2009.", [source]) is not None


@pytest.mark.parametrize(
    ("source", "ended"),
    [
        ("Ruth Okonjo was managing director of the Danish shipping firm Havlund until 2017.", True),
        ("Ruth Okonjo has been managing director of the Danish shipping firm Havlund since 2017.", False),
    ],
)
def test_still_doing_beside_a_role_that_ended(source: str, ended: bool) -> None:
    from lexguard.grounding.signals._current_roles import ended_conflict

    claim = "Ruth Okonjo still runs the Danish shipping firm Havlund."
    assert (ended_conflict(claim, [source]) is not None) is ended
    assert (ended_conflict(claim.replace("still runs", "still manages"), [source]) is not None) is ended
