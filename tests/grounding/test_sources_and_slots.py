"""The thirtieth session's cases, written by hand after model-style answers over several web
passages: two sources that disagree, a condition or a step after a comma read as a statement of its
own, a unit that names a kind of thing ("a day hike"), a year that dates a thing ("after the 1803
charter"), a length of time in hours and minutes, and a short answer read only where its
question asks for one."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._answer_slot import rival_answer
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._statement_clauses import clauses_of

from ._accepting import refuses_nothing

MAKER = ("Corvell Support - Cleaning the K9 kettle. The K9 shows a blue 'CLEAN' light after roughly 400 boils. "
         "Fill it with one Corvell descaling sachet in 1 litre of water and press Clean; the cycle then runs "
         "for about 20 minutes. Corvell recommends descaling every 4 months for average water.")
FORUM = ("KettleTalk forum - I've cleaned mine a few times. With very hard water I'd descale every six weeks "
         "regardless of the light. The whole job, including rinsing twice, took me around 35 minutes.")
REVIEW = "HomeKit review - We timed the K9's cleaning cycle at 17 minutes, plus a 5-minute rinse."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _refused(checker: SupportChecker, answer: str, sources: list[str], question: str | None = None) -> bool:
    result = checker.check(answer, [Source(id=f"s{i}", content=t) for i, t in enumerate(sources)], question)
    return any(c.supported is False for c in result.claims)


@pytest.mark.parametrize(("answer", "refused"), [
    ("Corvell recommends descaling every 4 months, or whenever the blue CLEAN light comes on.", False),
    ("Corvell recommends descaling every six weeks, or whenever the blue CLEAN light comes on.", True),
    ("With very hard water, one forum user descales every six weeks.", False),
])
def test_a_value_is_read_in_the_statement_before_an_or_and_its_condition(checker: SupportChecker, answer: str,
                                                                          refused: bool) -> None:
    """", or whenever the light comes on" is a statement of its own: read with it, the claim's
    interval was anchored by the light's sentence, which gives no interval, and a forum user's
    six weeks passed as the maker's advice."""
    assert _refused(checker, answer, [MAKER, FORUM, REVIEW]) is refused


def test_a_clause_after_which_is_a_statement_of_its_own() -> None:
    assert clauses_of("The cycle takes about 20 minutes, after which the kettle beeps twice.") == [
        "The cycle takes about 20 minutes", "after which the kettle beeps twice."]
    assert clauses_of("Descale every 4 months, or whenever the light comes on.") == [
        "Descale every 4 months", "whenever the light comes on."]


@pytest.mark.parametrize(("answer", "refused"), [
    ("The cycle takes about 20 minutes.", False),
    ("The cycle takes 17 minutes.", False),
    ("The cleaning cycle takes about 35 minutes on its own, after which you rinse the kettle.", True),
])
def test_a_value_one_source_gives_where_another_disagrees(checker: SupportChecker, answer: str, refused: bool) -> None:
    """The maker says about 20 minutes and a review timed 17: a claim that follows either source
    is no misplaced value (the tighter sentence of one no longer decides), while the forum's 35
    minutes for the whole job is no cycle's length."""
    assert _refused(checker, answer, [MAKER, FORUM, REVIEW]) is refused


@pytest.mark.parametrize(("text", "values"), [
    ("You don't need a permit for a day hike.", []),
    ("We went on a week course in Leeds.", []),
    ("The pass is valid for a day.", ["1"]),
    ("It takes an hour, then cools for a week.", ["1", "1"]),
])
def test_a_unit_that_names_a_kind_of_thing_counts_nothing(text: str, values: list[str]) -> None:
    """"for a day hike" was read as one day, which no source gave: a correct answer refused."""
    assert [m.key for m in numbers(text)] == values


CHARTER = ("The town received its charter in 1803. The spelling 'Ashwick' only became standard after the 1803 "
           "charter; earlier documents use several variants.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("The spelling 'Ashwick' became standard after the 1803 charter.", False),
    ("The spelling 'Ashwick' became standard after 1810.", True),
])
def test_a_year_that_dates_a_thing_is_no_bound(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"after the 1803 charter" is after the charter: read as "after 1803" it needed a later year
    than the one the sources give, and the claim that repeats them was refused."""
    assert refuses_nothing(checker, answer, CHARTER) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("The coach takes 1 hour 15 minutes.", False),
    ("The coach takes an hour and a quarter.", False),
    ("The coach takes 1 hour 25 minutes.", True),
    ("The ferry takes 1.5 hours.", False),
    ("The ferry takes 2.5 hours.", True),
])
def test_a_length_in_hours_and_minutes_is_read_whole(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"1 hour 15 minutes" beside "75 minutes" was read as a 1 and a 15 that no source gives."""
    source = "The coach to Brenfield takes 75 minutes. The ferry to the island takes an hour and a half."
    assert refuses_nothing(checker, answer, source) is not refused


PROFILE = ("Harwell Toys, the family-owned maker of wooden toys, was bought by Tolvik Play in 2017 for a reported "
           "24 million pounds, although the family kept a 15% stake.")


def test_a_number_answers_only_a_question_that_asks_for_one() -> None:
    """"the family keeps 15%." after "What is the history of ...?" was read as a short answer to
    it, and the profile's other numbers as the rival answer."""
    assert rival_answer("What is the history of Harwell Toys?", "the family keeps 15%.", [PROFILE]) is None
    assert rival_answer("In what year was Harwell Toys bought by Tolvik Play?", "2016.", [PROFILE]) is not None
    assert rival_answer("How much did Tolvik Play pay for Harwell Toys?", "30 million pounds.", [PROFILE]) is not None
