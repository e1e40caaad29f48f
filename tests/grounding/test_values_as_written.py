"""Values the sources state as the claim writes them, read before a working that says otherwise;
ratios before a describing word; the day of a date; "have charged"; a left knee for a right one
(thirty-eighth session; the cases are written for these tests)."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._elapsed import elapsed_reading
from lexguard.grounding.signals._legal_stages import later_stage
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._polarity import polarity_conflict
from lexguard.grounding.signals._ratios import ratios
from lexguard.grounding.signals._segments import crossed_value
from lexguard.grounding.signals._stated_as_written import stated_as_written

GALLERY = (
    "The show brings together 38 quilts made between 1931 and 1968, including six that were never shown. "
    "Restorers spent about five months washing and mending the quilts before the opening. "
    "Marta Olsen taught sewing at the Dunmore Guild from 1947 to 1965. "
    "It will run from June 4 through October 12."
)


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def test_a_length_the_sources_state_is_not_read_against_another_span(checker: SupportChecker) -> None:
    claim = "Restorers spent about five months washing and mending the quilts."
    assert stated_as_written(claim, numbers(claim)[0], [GALLERY]) is not None
    result = checker.check(claim, [Source(id="s0", content=GALLERY)])
    assert result.claims[0].status == "supported"


def test_the_bound_words_must_match_too() -> None:
    claim = "Restorers spent more than five months washing and mending the quilts."
    assert stated_as_written(claim, numbers(claim)[0], [GALLERY]) is None


def test_a_length_read_in_the_sentence_that_shares_the_claim_words() -> None:
    claim = "Marta Olsen taught sewing at the Dunmore Guild for nearly two decades."
    assert elapsed_reading(claim, numbers(claim)[0], [GALLERY]) is True
    wrong = "Marta Olsen taught sewing at the Dunmore Guild for more than three decades."
    assert elapsed_reading(wrong, numbers(wrong)[0], [GALLERY]) is False


def test_the_day_of_a_date_is_no_count_of_another_statement() -> None:
    claim = "The quilt show runs from June 6 to October 12."
    day = next(m for m in numbers(claim) if m.key == "6")
    assert crossed_value(claim, day, [GALLERY]) is None
    right = "The quilt show runs from June 4 to October 12."
    day = next(m for m in numbers(right) if m.key == "4")
    assert crossed_value(right, day, [GALLERY]) is None


def test_a_ratio_before_a_describing_word_is_a_share() -> None:
    assert [w.alts for w in ratios("About six in ten vaccinated children stayed well.")] == [("60",)]
    assert ratios("He scored 6 in 10 home games.") == []


def test_charged_without_an_offence_is_a_charge() -> None:
    sources = ["Police arrested three men on suspicion of theft after a raid on a garage. All were bailed."]
    assert later_stage("Police have charged three men after a raid on a garage.", sources) == sources[0].split(" All")[0]
    assert later_stage("Police have arrested three men after a raid on a garage.", sources) is None


def test_demoted_for_promoted() -> None:
    source = ["In May the club replaced coach Ivo Brandt, who was promoted to a scouting role at the academy."]
    assert polarity_conflict("Ivo Brandt was demoted to a scouting role at the academy.", source) is not None
    assert polarity_conflict("Ivo Brandt was promoted to a scouting role at the academy.", source) is None


def test_left_and_right_are_no_opposites_of_a_statement() -> None:
    # "left" is also a verb, and a source's "very few players place the right hand first" is no denial of
    # "place your left hand first" (a held-out RAGTruth answer refused while the pair was read so)
    source = ["Always put your left hand on first. Very few good players place the right hand on the club first."]
    assert polarity_conflict("Place your left hand on the club first.", source) is None


def test_areas_and_volumes_are_units_of_their_own() -> None:
    from lexguard.grounding.signals._units import converted, unit_conflicts, units_by_number

    given = units_by_number(["The lake holds about 31 million cubic metres of water and covers 9 square miles."])
    litres = "The lake holds about 31 million litres of water."
    assert unit_conflicts(litres, given) == numbers(litres)
    billions = "The lake holds about 31 billion litres of water."
    assert converted(billions, numbers(billions)[0], given)
    area = "The lake covers about 23 square kilometres."
    assert converted(area, numbers(area)[0], given)
    assert unit_conflicts("The lake is 9 miles long.", given)


def test_an_opposite_in_the_source_sentence_own_words() -> None:
    from lexguard.grounding.signals._framed_opposites import framed_opposite

    source = ["The council said the bypass, which runs 6 km around Aldwick, will open in May 2027, "
              "five months later than first promised."]
    assert framed_opposite("The Aldwick bypass will open five months earlier than first promised.", source) == source[0]
    assert framed_opposite("The Aldwick bypass will open five months later than first promised.", source) is None
    assert framed_opposite("The Kelby bypass will open five months earlier than first promised.", source) is None
    both = ["Sales rose 4% in the north and fell 4% in the south, the company said."]
    assert framed_opposite("Sales fell 4% in the north.", both) is None


TOUR = ("Pop singer Mara Quill has called off the last 9 dates of her tour after fainting on stage during a concert "
        "in Porto. The dates left, which included shows in Seville, Turin and Graz, will not be rescheduled.")


@pytest.mark.parametrize(("claim", "status"), [
    ("Mara Quill fainted during a concert in Seville.", "contradicted"),
    ("Mara Quill fainted during a concert in Porto.", "supported"),
    ("The tour's remaining dates included shows in Seville and Turin.", "supported"),
])
def test_a_place_the_anchor_gives_otherwise(checker: SupportChecker, claim: str, status: str) -> None:
    assert checker.check(claim, [Source(id="s0", content=TOUR)]).claims[0].status == status


def test_two_credits_claimed_at_once(checker: SupportChecker) -> None:
    knowledge = [Source(id="k", content="Salt Meadow is a 2009 drama directed by Ilse Brandt. It was written by Tomas Reyes.")]
    question = "[Human]: Who wrote Salt Meadow?"
    assert checker.check("Ilse Brandt wrote and directed it.", knowledge, question).claims[0].status == "contradicted"
    assert checker.check("Ilse Brandt directed it, and Tomas Reyes wrote it.", knowledge, question).claims[0].status == "supported"


def test_a_change_against_another_period() -> None:
    from lexguard.grounding.signals._compared_periods import other_period

    source = ["Orlen Tools said sales were $58 million, up 9 percent from the prior quarter, on demand for drills."]
    assert other_period("Sales rose 9 percent from a year earlier to $58 million.", source) == source[0]
    assert other_period("Sales rose 9 percent from the previous quarter to $58 million.", source) is None
    measured = ["Its loss was $12 million in the second quarter of 2024, against $9 million in the same quarter last year."]
    assert other_period("Its loss of $12 million compared with $9 million a year earlier.", measured) is None


def test_a_medal_of_another_colour(checker: SupportChecker) -> None:
    games = [Source(id="s0", content="Ines Roldan is a Chilean rower. She won bronze in the single sculls at the 2019 Andes Games.")]
    assert checker.check("Ines Roldan won silver in the single sculls at the 2019 Andes Games.", games).claims[0].status == "contradicted"
    assert checker.check("Ines Roldan won bronze in the single sculls at the 2019 Andes Games.", games).claims[0].status == "supported"


def test_a_bound_that_rounds_a_stated_value(checker: SupportChecker) -> None:
    sources = [Source(id="s0", content=(
        "A former bank clerk who took more than £300,000 from customers was jailed on Friday. "
        "He moved a total of £318,400 into accounts he controlled."))]
    assert checker.check("The clerk took more than £318,000 from customers.", sources).claims[0].status == "supported"
    assert checker.check("The clerk took more than £350,000 from customers.", sources).claims[0].status != "supported"
