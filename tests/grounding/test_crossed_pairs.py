"""A value taken from the sentence about another case, beside a value of the claim's own case.

"In 2024, 760 members renewed" beside "In 2023, 760 members renewed ... In 2024, 815 renewed" had
been read as supported: every value is in the sources. :func:`crossed_pairs` finds the value whose
sentence gives another case's value where the claim gives its own; an answer that joins what two
sentences say of one case, or says each case's values in its own statement, is left alone.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._crossed_pairs import crossed_pairs
from tests.claim_statuses import statuses

CLUB = ("In 2023, the Marlow Rowing Club had 760 members and won 12 regattas under coach Ines Varga. "
        "In 2024, it had 815 members, and the club won 9 regattas under coach Tobias Lindqvist.")
CLINICS = ("The Orchard Surgery holds a travel clinic on Mondays from 10:00 to 12:00, run by nurse Amira Kovac. "
           "The diabetes clinic is on Wednesdays from 15:00 to 17:00 with Dr Felix Hartmann.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("answer", "moved"),
    [
        ("In 2024, the Marlow Rowing Club had 760 members.", "760"),
        ("In 2024 the club won 12 regattas under coach Tobias Lindqvist.", "12"),
        ("The diabetes clinic is run by Amira Kovac on Wednesdays from 15:00.", "Amira Kovac"),
    ],
)
def test_a_value_from_another_cases_sentence_is_misplaced(checker: SupportChecker, answer: str, moved: str) -> None:
    source = CLUB if "club" in answer.lower() else CLINICS
    assert moved in [m.text for m, _ in crossed_pairs(answer, [source])]
    assert "supported" not in statuses(checker, source, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "In 2024, the Marlow Rowing Club had 815 members, up from 760 in 2023.",
        "In 2023 the club won 12 regattas under Ines Varga, and in 2024 it won 9 under Tobias Lindqvist.",
        "Amira Kovac runs the travel clinic on Mondays from 10:00, and Dr Felix Hartmann the diabetes clinic from 15:00.",
        "The Marlow Rowing Club had 760 members in 2023.",
    ],
)
def test_values_each_said_of_their_own_case_are_left_alone(answer: str) -> None:
    source = CLUB if "club" in answer.lower() or "2023" in answer else CLINICS
    assert crossed_pairs(answer, [source]) == []


def test_a_place_is_no_rival_of_a_person() -> None:
    # the surgery's name is in the first sentence only; the doctor is no other surgery
    assert crossed_pairs("The diabetes clinic at the Orchard Surgery is on Wednesdays from 15:00.", [CLINICS]) == []


def test_only_a_year_a_date_or_a_time_tells_a_case() -> None:
    # "$4 each" and "$400" are one example's: a price is no case of its own
    source = ("Say a shop sells 200 mugs at $5 each, and each mug cost it $2 to buy. Its sales are then $1,000 "
              "and its cost of sales $400.")
    assert crossed_pairs("The shop sells 200 mugs at $5 each, so its sales are $1,000.", [source]) == []


def test_the_value_is_read_as_the_sources_write_it() -> None:
    # the claim's "runners" are the sources' "finishers"; "Half" in the race's name is no value
    source = "In 2022 the Dunmore Half Marathon had 940 finishers. In 2023 it had 1,210 finishers."
    found = crossed_pairs("In 2023, 940 runners finished the Dunmore Half Marathon.", [source])
    assert [m.text for m, _ in found] == ["940"]
    assert crossed_pairs("In 2023 the Dunmore Half Marathon had 1,210 finishers, up from 940.", [source]) == []


def test_two_times_of_one_day_are_no_two_cases() -> None:
    source = "The Suds laundrette on Mill Road opens at 7.30 every morning. It closes at 21.00."
    assert crossed_pairs("The Suds laundrette opens at half past seven and stays open until nine in the evening.",
                         [source]) == []


def test_a_sentence_that_compares_two_cases() -> None:
    source = "Visitors to the Brackwater Show reached 9,400 in 2024, up from 8,100 in 2023."
    found = crossed_pairs("The Brackwater Show drew 9,400 visitors in 2023.", [source])
    assert [(m.text, text) for m, text in found] == [("9,400", source)]
    assert crossed_pairs("The Brackwater Show drew 9,400 visitors in 2024, up from 8,100 in 2023.", [source]) == []
    assert crossed_pairs("The Brackwater Show drew 8,100 visitors in 2023.", [source]) == []


def test_a_count_beside_a_bare_count_of_the_compared_year_is_crossed() -> None:
    # "1,310 in 2022" counts households too, though no noun follows it
    report = "In 2024 the Elmsford food bank supported 2,460 households, up from 1,975 in 2023."
    moved = crossed_pairs("In 2023 the Elmsford food bank supported 2,460 households.", [report])
    assert [m.text for m, _ in moved] == ["2,460"]
    assert crossed_pairs("In 2023 the Elmsford food bank supported 1,975 households.", [report]) == []


FAIR = ("Last year's Dunwell Craft Market drew 4,200 visitors to the quayside. This year's market, on 3 and 4 May, "
        "expects about 5,000 people. There will be 80 stands, up from 64 last year, and a new children's tent.")


@pytest.mark.parametrize(
    ("answer", "moved"),
    [
        ("Last year's Dunwell Craft Market had 80 stands.", "80"),
        ("This year the market will have 64 stands.", "64"),
    ],
)
def test_a_value_of_this_year_given_to_last_year_is_misplaced(checker: SupportChecker, answer: str, moved: str) -> None:
    assert moved in [m.text for m, _ in crossed_pairs(answer, [FAIR])]
    assert "supported" not in statuses(checker, FAIR, answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Last year's Dunwell Craft Market had 64 stands and drew 4,200 visitors.",
        "This year there will be 80 stands, up from 64 last year.",
        "The market will have 80 stands this year.",
    ],
)
def test_values_of_their_own_year_are_left_alone(answer: str) -> None:
    assert crossed_pairs(answer, [FAIR]) == []
