"""A value given the qualifier of another value of its sentence.

"The museum opens at 9am on weekdays and at 11am on Sundays": "On Sundays the museum opens at 9am"
holds only words and values the sentence holds, and the verifier read it as supported (0.99).
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._segments import crossed_value

MUSEUM = "The museum opens at 9am on weekdays and at 11am on Sundays."
OHIO = "The company employs 1,200 people in Ohio and 300 in Texas."
PIZZA = "The small pizza costs $8, the medium $11 and the large $14."
TICKETS = "Tickets cost £15 for members and £22 for non-members."
HOURS = "It is open between 9am and 5pm on weekdays and 10am to 2pm on Saturdays."
TURNOUT = "Turnout in the Marsden by-election was 31.4%, down from 58% at the general election."
PERMITS = "Permits cost £90 a year for the first car and £150 for a second car."
CONCERT = "Tickets are £18, or £12 for students, and can be bought at the door."
PROBATION = "Probation lasts six months for office staff and three months for warehouse staff."
PENSION = PROBATION + " You can join the pension scheme after three months."
SHOW = "Entry to the Marlow Vintage Show is £9 for adults and £4 for children aged 4 to 12."
BINS = "Food waste caddies cost £12 a year for one caddy, or £20 a year for two caddies."
HEIGHT = "The average height of a 10-year-old boy is 138.4 cm; for a girl of that age it is a little more, at 138.9 cm."


def _crossed(source: str, claim: str) -> bool:
    return any(crossed_value(claim, m, [source]) is not None for m in numbers(claim))


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        (MUSEUM, "On Sundays the museum opens at 9am."),
        (OHIO, "The company employs 1,200 people in Texas."),
        (PIZZA, "The large pizza costs $11."),
        (TICKETS, "Members pay £22 per ticket."),
        (HOURS, "On Saturdays it opens at 9am."),
        (TURNOUT, "Turnout in the Marsden by-election was 58%."),
        (PERMITS, "A second-car permit costs £90 a year."),
        (CONCERT, "Tickets are £12."),
        # two values swapped in one claim; ";" ends the first value's segment; "boys" is "boy"
        (MUSEUM, "The museum opens at 11am on weekdays and at 9am on Sundays."),
        (HEIGHT, "At 10, the average height is 138.9 cm for boys and 138.4 cm for girls."),
        # values in words; a sentence that holds the value alone but says nothing of the claim's statement
        (PROBATION, "Probation lasts three months for office staff."),
        (PENSION, "For office staff, probation lasts three months."),
        # a number word that is no value of the kind compared tells the item ("two caddies")
        (BINS, "Two food waste caddies cost £12 a year."),
        # the ages the claim gives are no rival of the £4 ("children" is "child")
        (SHOW, "A ticket for a child aged 4 to 12 costs £9."),
    ],
)
def test_a_value_with_another_values_qualifier_is_crossed(source: str, claim: str) -> None:
    assert _crossed(source, claim)


@pytest.mark.parametrize(
    ("source", "claim"),
    [
        (MUSEUM, "The museum opens at 11am on Sundays."),
        (MUSEUM, "On weekdays the museum opens at 9am."),
        (MUSEUM, "The museum opens at 9am, and on Sundays at 11am."),
        (OHIO, "The company employs 300 people in Texas."),
        (PIZZA, "The medium pizza costs $11."),
        (TICKETS, "Non-members pay £22 per ticket."),
        (HOURS, "It opens at 9am on weekdays."),
        (HOURS, "It closes at 2pm on Saturdays."),
        (TURNOUT, "Turnout was 31.4%, down from 58% at the general election."),
        (TURNOUT, "Turnout at the general election had been 58%."),
        (PERMITS, "A permit for a second car costs £150."),
        (CONCERT, "Tickets cost £18 (students £12)."),
        (CONCERT, "Student tickets cost £12."),
        (HEIGHT, "At 10, the average height is 138.4 cm for boys and 138.9 cm for girls."),
        (PROBATION, "Probation lasts three months for warehouse staff."),
        (PENSION, "You can join the pension scheme after three months."),
        (BINS, "Two food waste caddies cost £20 a year."),
        (SHOW, "A ticket for a child aged 4 to 12 costs £4."),
        (PROBATION + " Office staff probation can end early, after three months.", "Office staff probation can last three months."),
        # values the claim lists side by side, and a footnote mark before what a value counts
        ("The club gave his age as 31, but other reports say he was 32.", "His age was reported as either 31 or 32."),
        ("On larger loans this can be extended to 48 or 60* months.", "For larger loans, the term can be extended to 48 or 60 months."),
        ("The population grew from 10,000 in 1990 to 15,000 in 2000.", "The population was 15,000 in 2000."),
        ("The drug helped 64% of patients, compared with 41% in the placebo group.", "The drug helped 64% of patients."),
    ],
)
def test_a_value_in_its_own_segment_is_not_crossed(source: str, claim: str) -> None:
    assert not _crossed(source, claim)


def test_the_checker_refuses_a_crossed_value_and_accepts_the_right_one() -> None:
    checker = SupportChecker()
    wrong = checker.check("On Sundays the museum opens at 9am.", [Source(id="s0", content=MUSEUM)])
    right = checker.check("On Sundays the museum opens at 11am.", [Source(id="s0", content=MUSEUM)])
    assert [c.status for c in wrong.claims] == ["contradicted"]
    assert wrong.recommendation != "accept"
    assert [c.status for c in right.claims] == ["supported"]



@pytest.mark.parametrize(
    ("source", "claim", "crossed"),
    [
        ("Tickets are £18, or £12 for students.", "Student tickets cost £18.", True),
        ("The first floor has 12 rooms and the second floor has 20 rooms.", "The second floor has 12 rooms.", True),
        ("Dwarf bananas reach between 4 to 7 feet, while taller varieties grow 12 to 18 feet tall.",
         "Dwarf bananas differ from taller cousins in height, with dwarf bananas reaching between 4 to 7 feet.", False),
        ("It reported a net loss of $585 million in the second quarter, a stark increase from the $343 million loss a year earlier.",
         "The company reported a net loss of $585 million, a significant increase.", False),
        ("On the 2008 campaign trail, Obama promised to use the word, a pledge made in 1915 terms.",
         "His stance has changed since his 2008 campaign.", False),
    ],
)
def test_the_first_value_clauses_years_and_comparisons(source: str, claim: str, crossed: bool) -> None:
    assert _crossed(source, claim) is crossed


def test_a_value_of_another_passage_does_not_misanchor_the_claims_value() -> None:
    """Found on held-out RAGTruth rows: "22.1 for girls" (the source's "for a girl of the same age
    it's slightly higher, at 22.1") was read as misanchored, its rival an "average BMI of 18.3"
    of another passage about 8-year-olds; and every sentence after a decimal point ("17.9, ...
    18.3. By the age of 12, ...") was read as one statement."""
    sources = [
        Source(id="s0", content="The average BMI for an 8-year-old boy is 17.9, and girls of the same age have an "
                                "average BMI of 18.3. By the age of 12, the average BMI for both is 21.3."),
        Source(id="s1", content="The average BMI for a 13-year-old boy is 21.9; for a girl of the same age it's "
                                "slightly higher, at 22.1."),
    ]
    checker = SupportChecker()
    right = checker.check("For 13-year-olds, the average BMI is 21.9 for boys and 22.1 for girls.", sources)
    swapped = checker.check("For 13-year-olds, the average BMI is 22.1 for boys and 21.9 for girls.", sources)
    assert [c.status for c in right.claims] == ["supported"]
    assert [c.status for c in swapped.claims] == ["contradicted"]


TRIAL = ("In the trial, 61% of participants who took the supplement reported improved sleep, compared with 38% "
         "in the placebo group.")


@pytest.mark.parametrize(("claim", "crossed"), [
    ("In the trial, 38% of those taking the supplement reported better sleep, versus 61% on placebo.", True),
    ("In the trial, 61% of those taking the supplement reported better sleep, versus 38% on placebo.", False),
    ("38% of the placebo group reported improved sleep.", False),
])
def test_two_values_swapped_between_long_segments_are_crossed(claim: str, crossed: bool) -> None:
    """The supplement's segment holds more words than parallel values do, so the swap passed (a
    hostile trial): a claim that gives each value with the other's qualifiers swaps them."""
    mention = next(m for m in numbers(claim) if m.key == "38")
    assert (crossed_value(claim, mention, [TRIAL]) is not None) is crossed
