"""The thirty-third session's cases for short encyclopedic claims, written by hand after the
blind contrastive trials: a contest's outcome said of one party, an offer the sources say was
turned down, and a citizenship said as the sources' nationality."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._citizens import citizens_as_people
from lexguard.grounding.signals._converse import outcome_conflict
from lexguard.grounding.signals._declined import declined_conflict

ELECTION = "In the 2021 election for mayor of Harwick, incumbent Ansel Brode lost to challenger Mira Tolland."
FINAL = "Kestrel Rovers beat Holm Athletic 3-1 in the county cup final on Saturday."
TRANSFER = ("In 2016 the striker Dario Menzel turned down an offer from Sporting Lindau and signed with "
            "Eintracht Harzburg instead.")
ACTOR = "Tomasz Wielgosz (born 1970) is a Polish stage actor who has worked mostly in Krakow."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _supported(checker: SupportChecker, claim: str, source: str) -> bool:
    return checker.check(claim, [Source(id="s", content=source)]).claims[0].supported


@pytest.mark.parametrize(("claim", "source", "supported"), [
    ("Ansel Brode won the 2021 election.", ELECTION, False),  # supported 0.98 before
    ("Mira Tolland won the 2021 election.", ELECTION, True),
    ("Ansel Brode lost the 2021 election.", ELECTION, True),
    ("Kestrel Rovers lost the county cup final.", FINAL, False),
    ("Holm Athletic won the cup final.", FINAL, False),
    ("Kestrel Rovers won the county cup final.", FINAL, True),
])
def test_one_partys_outcome_of_a_contest(checker: SupportChecker, claim: str, source: str, supported: bool) -> None:
    assert _supported(checker, claim, source) is supported


def test_an_outcome_of_another_contest_is_not_read_against_this_one() -> None:
    assert outcome_conflict("Ansel Brode won the 2017 election.", [ELECTION]) is None
    assert outcome_conflict("Ansel Brode lost his seat.", [ELECTION]) is None
    assert outcome_conflict("Ansel Brode won the 2021 election.", [ELECTION]) == ELECTION


@pytest.mark.parametrize(("claim", "supported"), [
    ("Dario Menzel signed with Sporting Lindau in 2016.", False),  # supported 0.98 before
    ("Dario Menzel joined Sporting Lindau.", False),
    ("Dario Menzel signed with Eintracht Harzburg in 2016.", True),
])
def test_an_offer_turned_down_is_not_taken(checker: SupportChecker, claim: str, supported: bool) -> None:
    assert _supported(checker, claim, TRANSFER) is supported


def test_a_refusal_in_other_words_and_a_step_the_sources_also_give() -> None:
    rejected = "The band rejected a lucrative deal with Sony Music and signed to Rough Trade."
    assert declined_conflict("The band signed with Sony Music.", [rejected]) == rejected
    assert declined_conflict("The band signed to Rough Trade.", [rejected]) is None
    assert declined_conflict("Sartre accepted the Nobel Prize.", ["Sartre declined the Nobel Prize in 1964."])
    both = ["He turned down Kaizer Rovers in 2010.", "In 2012 he joined Kaizer Rovers."]
    assert declined_conflict("He joined Kaizer Rovers.", both) is None


@pytest.mark.parametrize("claim", [
    "Tomasz Wielgosz is a citizen of Poland.",  # unsupported 0.66 before
    "Tomasz Wielgosz is a Polish citizen.",
    "Tomasz Wielgosz holds Polish citizenship.",
])
def test_a_citizenship_is_read_as_the_nationality_the_sources_give(checker: SupportChecker, claim: str) -> None:
    assert _supported(checker, claim, ACTOR)
    assert not _supported(checker, claim.replace("Poland", "Germany").replace("Polish", "German"), ACTOR)


def test_a_citizenship_the_sources_speak_of_is_compared_as_written() -> None:
    assert citizens_as_people("She is a French citizen.", "Born in Poland, she took French citizenship in 1990.") == (
        "She is a French citizen.")
    assert citizens_as_people("He is a citizen of the Netherlands.", "He is a Dutch cyclist.") == "He is Dutch."


SEAT = "In the 2019 general election, Iona Baird lost the Kilmory seat to the Liberal candidate by 412 votes."
MOVE = "Defender Tomás Ferrer left Club Atlético Sur in 2016 to join Deportivo Rana, where he stayed until 2020."
MAYOR = "Ravi Menon is an Indian politician who has served as Mayor of Kollam since 2014."


@pytest.mark.parametrize(("claim", "source", "supported"), [
    ("Iona Baird was elected in Kilmory at the 2019 general election.", SEAT, False),  # supported before
    ("Iona Baird was defeated in Kilmory at the 2019 general election.", SEAT, True),
    ("Tomás Ferrer left Deportivo Rana in 2016.", MOVE, False),  # supported 0.99 before
    ("Tomás Ferrer joined Club Atlético Sur in 2016.", MOVE, False),
    ("Tomás Ferrer joined Deportivo Rana in 2016.", MOVE, True),
    ("Ravi Menon is a former Mayor of Kollam.", MAYOR, False),  # supported 0.99 before
    ("Ravi Menon is the Mayor of Kollam.", MAYOR, True),
])
def test_an_outcome_a_move_or_a_role_given_the_other_way(checker: SupportChecker, claim: str, source: str,
                                                         supported: bool) -> None:
    assert _supported(checker, claim, source) is supported


def test_people_named_by_their_role_open_a_sentence_as_no_name() -> None:
    from lexguard.grounding.signals._entities import entities

    assert [e.text for e in entities("Councillors voted 6-3 on Monday night to end the contract.")] == []
    assert [e.text for e in entities("Firefighters rescued two people.")] == []
    assert [e.text for e in entities("Wales voted to leave.")] == ["Wales"]


def test_the_winner_of_a_contest_another_party_lost_is_no_antonym() -> None:
    from lexguard.grounding.signals._polarity import polarity_conflict

    source = "In the 2023 by-election for the Harbour ward, Councillor Joan Pryce lost to Tomasz Zielinski."
    assert polarity_conflict("Tomasz Zielinski won the 2023 Harbour ward by-election.", [source]) is None
    assert outcome_conflict("Joan Pryce won the 2023 by-election for the Harbour ward.", [source]) == source
