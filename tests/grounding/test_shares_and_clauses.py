"""The twenty-ninth session's cases, written by hand after model-style news summaries: a share of
people read against the share the sources give of the same people, a value whose unit is left
out, a qualifier read within its own clause, an estimate's hedge, a cancelled plan, a clause
opened by "Because" before a name."""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._anchoring import candidates
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._overstated import overstatement

from ._accepting import refuses_nothing

CLINIC = ("Figures for March show the Harlow Road walk-in clinic treated 61.7% of its 4,210 patients within two "
          "hours, against a regional standard of 80%.")
TWO_SHARES = ("Patients at the Harlow Road walk-in clinic waited longer than two hours in nearly two fifths of cases "
              "last month. Figures released on Monday by the Fenbridge Health Board show that 61.7% of the 4,210 "
              "patients who came in March were treated within two hours.")
FERRY = ("The new ferries cross the firth in about 35 minutes, compared with an estimated 50 minutes for the old "
         "boats. The first sailing leaves Carrick pier on March 3, about 12 weeks later than planned.")
POOL = ("The pool will now open until 9 p.m. three evenings a week, up from one, and on Saturdays from 8 a.m. "
        "to 1 p.m. for the first time.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("answer", "refused"), [
    ("Just under two thirds of March's patients were treated within two hours.", False),
    ("Well over half of the clinic's patients were treated within two hours.", False),
    ("Just under half of March's patients were treated within two hours.", True),
    ("Fewer than half of the patients were treated within two hours.", True),
    ("More than 70% of the patients were treated within two hours.", True),
])
def test_a_share_is_read_against_the_share_of_the_same_people(checker: SupportChecker, answer: str,
                                                              refused: bool) -> None:
    """"Fewer than half" beside "61.7% of its 4,210 patients" passed: the words after the share
    were cut at the comma inside "4,210", and the base's number stood where the patients are."""
    assert refuses_nothing(checker, answer, CLINIC) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Well over half of March's patients were treated within two hours.", False),
    ("Nearly two fifths of patients waited longer than two hours last month.", False),
    ("Just under half of March's patients were treated within two hours.", True),
])
def test_a_share_is_read_in_its_own_statement(checker: SupportChecker, answer: str, refused: bool) -> None:
    """A value the claim also gives ("two hours") no longer cuts the words that anchor a share;
    the names of the board that published the figures ("... show that 61.7%") are no rival place;
    the share of another statement, given in the claim's words, does not decide for the share
    the claim's statement has."""
    assert refuses_nothing(checker, answer, TWO_SHARES) is not refused


def test_a_value_set_against_another_takes_its_unit(checker: SupportChecker) -> None:
    """"in about 35 minutes instead of about 50" read 50 as a count, anchored to the day of
    "March 3" (itself read as a count), and refused it."""
    good = "The new ferries leave about 12 weeks late and cross the firth in roughly 35 minutes instead of about 50."
    wrong = "The new ferries leave about 12 weeks late and cross the firth in roughly 35 minutes instead of about 70."
    assert refuses_nothing(checker, good, FERRY)
    assert not refuses_nothing(checker, wrong, FERRY)
    claim = "They cross in 35 minutes, against 50."
    assert [m.text for m in numbers(claim)] == ["35", "50"]
    found, _ = candidates(claim, numbers(claim)[1], ["It sails on March 3 with 50 crew."])
    assert [c.text for c in found if c.text.startswith("March")] == []


def test_an_estimated_value_keeps_the_statement_certain() -> None:
    """"an estimated 50 minutes" hedged the whole sentence, so a claim giving "about 50" was
    read as dropping a hedge."""
    assert overstatement("The ferries cross in about 35 minutes instead of about 50, so the crossing is "
                         "quicker.", [FERRY]) is None
    assert overstatement("The council approved the rail link.",
                         ["The council is expected to approve the rail link."]) is not None


@pytest.mark.parametrize(("answer", "refused"), [
    ("The pool is open until 9 p.m. three evenings a week and opening on Saturday mornings.", False),
    ("The pool is open until 9 p.m. on Saturdays.", True),
])
def test_a_qualifier_is_read_within_its_clause(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"Saturday" after "and opening" qualifies that clause, not the "9 p.m." before it."""
    assert refuses_nothing(checker, answer, POOL) is not refused


def test_a_cancelled_plan_is_no_hedge() -> None:
    source = "The club said it had been forced to cancel a planned spring tour and to sell its minibus."
    assert overstatement("The club cancelled a spring tour and sold its minibus.", [source]) is None
    assert overstatement("The stadium holds 30,000 fans.", ["A planned stadium would hold 30,000 fans."]) is not None


@pytest.mark.parametrize("opening", ["Because", "Even", "Whether", "Towards"])
def test_a_word_opening_a_clause_is_no_part_of_a_name(opening: str) -> None:
    assert [m.text for m in entities(f"{opening} Ostrowski was unlicensed, the fund pays nothing.")] == ["Ostrowski"]


PAINTER = ("Marit Solvang (1938-2011) was a Norwegian painter. Her first solo exhibition opened in Bergen in 1964, "
           "and she taught at the Oslo academy from 1972.")
REGATTA = "The Kessock Regatta was first held in 1971 and now draws crews from across Scotland every August."


@pytest.mark.parametrize(("answer", "refused"), [
    ("Solvang held her first solo exhibition before she turned 30.", False),
    ("Solvang held her first solo exhibition at the age of 26.", False),
    ("Solvang held her first solo exhibition before she turned 25.", True),
    ("Solvang held her first solo exhibition when she was 31.", True),
    ("Solvang's first solo exhibition opened less than three decades after her birth.", False),
    ("Solvang's first solo exhibition opened more than three decades after her birth.", True),
])
def test_an_age_is_read_from_the_birth_year(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"before she turned 30" is in no source: the birth year and the event's year tell it."""
    assert refuses_nothing(checker, answer, PAINTER) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("By 2020 the Kessock Regatta had been running for more than four decades.", False),
    ("By 2020 the Kessock Regatta had been running for almost 50 years.", False),
    ("By 2020 the Kessock Regatta had been running for more than five decades.", True),
    ("By 2020 the Kessock Regatta had been running for less than 40 years.", True),
])
def test_a_length_is_read_from_the_first_year_to_the_claims_year(checker: SupportChecker, answer: str,
                                                                 refused: bool) -> None:
    assert refuses_nothing(checker, answer, REGATTA) is not refused


BRIDGES = ("The Halvard Bridge, completed in 1932, has a main span of 448 metres. The newer Ostby Bridge, opened in "
           "1998, spans 512 metres and carries four lanes. Halvard carries about 40,000 vehicles a day, Ostby some "
           "65,000.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("The Ostby Bridge has a longer main span than the Halvard Bridge.", False),
    ("The Ostby Bridge carries more traffic than Halvard.", False),
    ("The Halvard Bridge has a longer main span than the Ostby Bridge.", True),
    ("The Halvard Bridge carries more vehicles than the Ostby Bridge.", True),
    ("The Ostby Bridge carries fewer vehicles than the Halvard Bridge.", True),
])
def test_a_comparison_is_read_against_the_values_of_both_things(checker: SupportChecker, answer: str,
                                                                refused: bool) -> None:
    """A comparison holds no number; the verifier read it as supported whichever way round."""
    assert refuses_nothing(checker, answer, BRIDGES) is not refused


@pytest.mark.parametrize(("claim", "source", "conflict"), [
    ("Membership of the Corran rowing club tripled between 2010 and 2020.",
     "Membership of the Corran rowing club rose from 140 in 2010 to 290 in 2020.", True),
    ("Membership of the Corran rowing club doubled between 2010 and 2020.",
     "Membership of the Corran rowing club rose from 140 in 2010 to 290 in 2020.", False),
    ("Membership of the Corran rowing club more than doubled.",
     "Membership of the Corran rowing club rose from 140 to 260.", True),
    ("The Corran club halved its annual fees.", "The Corran club cut its annual fees from £60 to £45.", True),
    ("The Corran club did not double its annual fees.", "The Corran club raised its annual fees from £60 to £70.", False),
])
def test_a_change_said_as_a_multiple_is_read_against_the_values(claim: str, source: str, conflict: bool) -> None:
    from lexguard.grounding.signals._multiplied import multiplied_conflict

    assert (multiplied_conflict(claim, [source]) is not None) is conflict


@pytest.mark.parametrize(("answer", "refused"), [
    ("The Karsk volcano has erupted three times in the past 48 hours.", False),
    ("Ticket sales went past 7,000 on Friday.", False),
    ("Ticket sales went past 9,000 on Friday.", True),
])
def test_the_past_hours_are_no_bound(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"in the past 24 hours" read "past" as "more than", and 24 as a bound the evidence's 24 broke."""
    source = "The Karsk volcano erupted three times in 48 hours, officials said. Ticket sales went past 8,000 on Friday."
    assert refuses_nothing(checker, answer, source) is not refused


@pytest.mark.parametrize(("text", "names"), [
    ("Asymmetry of rights: In a futures contract, the buyer pays a margin.", []),
    ("Causative virus: The flu is caused by other viruses than a cold.", []),
    ("Lyon in spring: the city is full of markets.", ["Lyon"]),
])
def test_a_list_items_label_is_no_name(text: str, names: list[str]) -> None:
    assert [m.text for m in entities(text)] == names


@pytest.mark.parametrize(("answer", "refused"), [
    ("The alarm sounded about half an hour before the doors opened.", False),
    ("The alarm sounded about an hour before the doors opened.", True),
])
def test_about_an_hour_before_an_event_is_a_quantity(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"about an hour before landing" beside "about a half-hour before the flight landed" held no
    value and passed (0.98)."""
    assert refuses_nothing(checker, answer, "The alarm sounded about a half-hour before the doors opened.") is not refused


LOANS = "In 2012 the Carrow Street Library lent 90,000 items; by 2022 its yearly loans had risen to 135,000."


@pytest.mark.parametrize(("claim", "conflict"), [
    ("Yearly loans at the Carrow Street Library doubled between 2012 and 2022.", True),
    ("Yearly loans at the Carrow Street Library grew by 80 percent between 2012 and 2022.", True),
    ("Yearly loans at the Carrow Street Library grew by 50 percent between 2012 and 2022.", False),
])
def test_a_change_is_read_against_the_values_of_its_two_years(claim: str, conflict: bool) -> None:
    """"doubled between 2010 and 2020" beside a rise from 120,000 to 180,000 passed (0.96)."""
    from lexguard.grounding.signals._values import statement_conflicts

    assert (statement_conflicts(claim, [LOANS], [])["conflict"] is not None) is conflict


LAKES = "Lake Sorvan covers 84 square kilometres. The neighbouring Lake Ettry covers 38 square kilometres."


@pytest.mark.parametrize(("answer", "refused"), [
    ("Lake Sorvan is more than twice as large as Lake Ettry.", False),
    ("Lake Sorvan is more than three times as large as Lake Ettry.", True),
    ("Lake Ettry is more than twice as large as Lake Sorvan.", True),
])
def test_a_multiple_of_another_named_thing(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert refuses_nothing(checker, answer, LAKES) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Roughly a third of the footbridge's cost was paid by the regional fund.", False),
    ("Around one third of the footbridge's cost was paid by the regional fund.", False),
    ("Around half of the footbridge's cost was paid by the regional fund.", True),
    ("The choir has released fewer than ten studio albums.", False),
    ("The choir has released fewer than five studio albums.", True),
])
def test_a_share_said_alone_and_a_count_of_a_kind(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"roughly a third was met by a grant" read "third" as an ordinal; "seven studio albums" counted
    studios."""
    source = ("The Tarnby footbridge cost £2.4 million, of which roughly a third was met by the regional fund. "
              "The town choir has released seven studio albums.")
    assert refuses_nothing(checker, answer, source) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("More than a decade passed between the start and the end of work on the Orrin Dam.", False),
    ("Building the Orrin Dam took more than a decade.", False),
    ("Less than a decade passed between the start and the end of work on the Orrin Dam.", True),
    ("Building the Orrin Dam took less than a decade.", True),
])
def test_a_decade_passed_between_the_dates(checker: SupportChecker, answer: str, refused: bool) -> None:
    source = "Construction of the Orrin Dam began in 1951 and was completed in 1964."
    assert refuses_nothing(checker, answer, source) is not refused


def test_an_age_at_death_and_a_decade_of_life() -> None:
    from lexguard.grounding.signals._lifetimes import life_decade_conflict, lifetime_reading

    life = ["Petra Ossel (3 May 1902 - 9 October 1969) was a Kaldish engraver."]
    assert life_decade_conflict("Ossel died in her seventies.", life) is not None
    assert life_decade_conflict("Ossel died in her sixties.", life) is None
    assert life_decade_conflict("Ossel lived into her late sixties.", life) is None
    claim = "Ossel died at the age of 67."
    assert lifetime_reading(claim, numbers(claim)[0], life) is True
    claim = "Ossel died at the age of 71."
    assert lifetime_reading(claim, numbers(claim)[0], life) is False


@pytest.mark.parametrize("text", ["The list names 12 Premier", "It has seven studio", "Ranked 3 new"])
def test_a_count_at_the_end_of_the_text_is_read(text: str) -> None:
    """Found in the dev dump: a describing word after a count at the text's end crashed the count
    reader, and the whole support check of 99 answers came back inconclusive."""
    from lexguard.grounding.signals._statements import number_class

    assert isinstance(number_class(text, numbers(text)[0]), str)


def test_a_councillors_title_is_no_part_of_the_name(checker: SupportChecker) -> None:
    source = "Cllr Rhona Dallet, who voted against, said the plan was rushed."
    assert refuses_nothing(checker, "Councillor Rhona Dallet said the plan was rushed.", source)
    assert not refuses_nothing(checker, "Councillor Rhona Dalton said the plan was rushed.", source)


@pytest.mark.parametrize(("sentence", "parts"), [
    ("The Orrel Bakery will open a £9 million plant, offering posts to all 45 staff at Mill Street.", 2),
    ("The pines grow 2 feet a year, reaching heights of 90 feet at maturity.", 1),
    ("If an angle is 90 degrees, halving it will give you 45 degrees.", 1),
    ("The firm made £3 a unit, resulting in a profit of £300.", 1),
    ("Maya Orme is the new finance director, joining after 19 years at Halden Bank.", 1),
])
def test_a_participles_phrase_with_a_value_of_its_own_is_a_statement(sentence: str, parts: int) -> None:
    from lexguard.grounding.signals._statement_clauses import clauses_of

    assert len(clauses_of(sentence)) == parts
