"""The thirty-first session's cases for news summaries, written by hand after model-style summaries
of invented articles: who tells a fact is no doer of it, "not ... until" denies nothing, a
former record's words, a name that describes a thing, statements after ", though" and ", which
the council ...", a length in two units, a share of a total, a role before a name."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._negation import negated
from lexguard.grounding.signals._statement_clauses import clauses_of
from lexguard.grounding.signals._value_classes import magnitude

from ._accepting import is_refused

FLOOD = ("Storm Berit brings record flooding to the Orrin valley\n\nMore than 400 people have left their homes after "
         "Storm Berit brought heavy rain to the Orrin valley. The weather service said 121mm of rain fell at Hatchley "
         "in the 24 hours to 06:00 on Friday. The river at Mossgate reached 3.92m, beating the previous record of "
         "3.70m set in 2009.")
COURT = ("A former post office manager who took £96,000 from customers' savings over three years has been jailed for "
         "four years and two months. Judge Anwen Price said the thefts were 'a cruel betrayal'.")
LEAK = ("Quillo, a budgeting app, said records of about 900,000 accounts were taken. Quillo has about 2.7 million "
        "users. The leak began on 2 May but was not found until 19 May, when an engineer saw unusual traffic.")
SCHOOL = ("A village school due to close has been saved after parents raised £64,000 and the council agreed a new "
          "plan. Under the plan the council will match the money raised. Brackwood School, which has 52 pupils, "
          "was to close because of a £110,000 repair bill for its boiler and windows.")
GALA = ("Singer Tova Renn has raised £52,000 for a children's charity by auctioning the gown she wore to the Harlow "
        "Awards. The silver gown, designed by the fashion house Marchetti, was bought by a private collector.")
MATCH = ("The defeat ends Elmfield's unbeaten run of nine games, but they remain top of the league, three points "
         "clear of Dunley.")
FIRM = ("Greyfield Foods was founded in 1979 by sisters Maura and Jenna Colley. Jenna Colley, who still holds about "
        "7% of the company, has said she will vote in favour of the sale.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("answer", "refused"), [
    ("Storm Berit dropped 121mm of rain on Hatchley in 24 hours.", False),
    ("Storm Berit dropped 131mm of rain on Hatchley in 24 hours.", True),
    ("More than 400 people left their homes, with a record level of 3.92m at Mossgate.", False),
    ("The river at Mossgate reached a record 3.70m.", True),
])
def test_who_tells_a_fact_and_a_former_record(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"The weather service said 121mm fell" made the service a rival doer of the storm; the
    record's words ("record") crossed into "the previous record of 3.70m"."""
    assert is_refused(checker, answer, [FLOOD]) is refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Judge Anwen Price jailed the former manager for more than four years.", False),
    ("The former manager was jailed for more than five years.", True),
])
def test_a_length_in_two_units_is_read_whole(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert is_refused(checker, answer, [COURT]) is refused


def test_a_length_in_two_units_has_one_magnitude() -> None:
    text = "jailed for four years and two months"
    assert magnitude(text, numbers(text)[0]) == pytest.approx(4 + 2 / 12)
    assert magnitude("four years old", numbers("four years old")[0]) == 4


def test_not_until_denies_nothing() -> None:
    assert not negated("The leak was not found until 19 May.")
    assert not negated("It didn't reopen until spring.")
    assert negated("The leak was not found.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("The leak began on 2 May but was only found on 19 May.", False),
    ("About a third of Quillo's 2.7 million users had records taken.", False),
])
def test_a_late_finding_and_a_share_of_a_total(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert is_refused(checker, answer, [LEAK]) is refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Brackwood School, a 52-pupil school, was saved when the community raised £64,000, which the council will "
     "match to pay for the repairs.", False),
    ("Brackwood School was saved when the community raised £71,000, which the council will match.", True),
    pytest.param("Brackwood School was saved when the community raised £110,000, which the council will match.", True,
                 marks=pytest.mark.xfail(reason="known gap: the repair bill's £110,000 stands in the one sentence naming "
                                                "the school, and the statement of the money raised names no school",
                                         strict=True)),
])
def test_a_which_clause_with_its_own_subject_is_a_statement(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert is_refused(checker, answer, [SCHOOL]) is refused


def test_statement_clauses_after_though_and_which() -> None:
    assert clauses_of("Elmfield's nine-game run is over, though they stay three points clear.") == [
        "Elmfield's nine-game run is over", "they stay three points clear."]
    assert len(clauses_of("It arrived in version 2.6, which was released in July.")) == 1


def test_a_name_that_describes_a_thing(checker: SupportChecker) -> None:
    assert not is_refused(checker, "Tova Renn raised £52,000 for a children's charity by auctioning the Marchetti gown "
                                 "she wore to the Harlow Awards.", [GALA])


def test_a_run_told_after_though(checker: SupportChecker) -> None:
    assert not is_refused(checker, "Elmfield's nine-game unbeaten run is over, though they stay three points clear at "
                                 "the top.", [MATCH])


def test_a_role_before_a_name_with_a_prefix() -> None:
    assert [e.text for e in entities("Co-founder Jenna Colley plans to vote for the sale.")] == ["Jenna Colley"]


TAKEOVER = ("Brightwell Dairies has agreed to be bought by Amberton Foods. Brightwell chair Ruth Okoro said the board "
            "had unanimously backed the offer. Tom Vance, an analyst at broker Fenwick Hale, said: 'Brightwell has "
            "struggled with rising feed and fuel costs for two years. This deal gives its shareholders certainty.'")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Chair Ruth Okoro said Brightwell had struggled with rising feed and fuel costs for two years.", True),
    ("Analyst Tom Vance said Brightwell had struggled with rising feed and fuel costs for two years.", False),
    ("Chair Ruth Okoro said the board had unanimously backed the offer.", False),
    ("Ruth Okoro said the board backed the offer, and analyst Tom Vance said the deal gives shareholders certainty.",
     False),
])
def test_reported_speech_is_given_to_whoever_said_it(checker: SupportChecker, answer: str, refused: bool) -> None:
    """An analyst's words, reported without quotation marks, given to the chair: every source
    sentence of speech that holds them is said by another person."""
    assert is_refused(checker, answer, [TAKEOVER]) is refused


STUDY = ("Badgers in suburban gardens spent longer at feeders than rural badgers, a study by Hollin University "
         "found. Dr Mara Quist said the study could not show whether suburban badgers were bolder.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("The researchers concluded that suburban badgers are bolder than rural ones.", True),
    ("Dr Mara Quist said the study could not show whether suburban badgers were bolder.", False),
    ("Suburban badgers spent longer at feeders than rural badgers.", False),
])
def test_a_question_the_sources_leave_open_is_not_settled(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert is_refused(checker, answer, [STUDY]) is refused
