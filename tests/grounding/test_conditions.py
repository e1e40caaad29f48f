"""A condition the claim leaves out (``signals/_conditions.py``): "Delivery is free." beside
"Delivery is free on orders over 50 euros" was accepted at 0.997 in a hostile trial."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._conditions import dropped_condition, only_doer, widened_days

DELIVERY = "Delivery is free on orders over 50 euros; otherwise a flat fee of 4.95 euros applies."
PREGNANCY = "The medicine can be taken during pregnancy only if prescribed by a doctor."


@pytest.mark.parametrize(("claim", "source", "dropped"), [
    ("Delivery is free.", DELIVERY, True),
    ("Delivery is free on orders over 50 euros.", DELIVERY, False),
    ("The medicine can be taken during pregnancy.", PREGNANCY, True),
    ("The medicine can be taken during pregnancy if a doctor prescribes it.", PREGNANCY, False),
    ("You can take the medicine while pregnant, with a prescription.", PREGNANCY, False),
    ("A flat fee of 4.95 euros applies to smaller orders.", DELIVERY, False),  # another statement of the sentence
])
def test_a_claim_that_leaves_out_the_sources_condition_overstates_them(claim: str, source: str, dropped: bool) -> None:
    assert (dropped_condition(claim, [source]) is not None) is dropped


def test_the_checker_refuses_the_unconditional_answer() -> None:
    checker = SupportChecker()
    wrong = checker.check("Yes, delivery is free.", [Source(id="s", content=DELIVERY)], "Is delivery free?")
    assert wrong.recommendation != "accept"
    assert any(f.rule_id == "grounding.overstated" for f in wrong.findings)
    right = checker.check("Delivery is free on orders over 50 euros.", [Source(id="s", content=DELIVERY)])
    assert right.recommendation == "accept"


@pytest.mark.parametrize(("claim", "source"), [
    # "provided" as a verb is no condition
    ("The probe crashed into Mercury after running out of fuel, ending its 11-year journey.",
     "The probe crashed into Mercury on Thursday after running out of fuel, ending an 11-year journey that provided "
     "valuable data and thousands of photos."),
    # the condition restricts another clause of the sentence
    ("In Indiana, the law can be raised as a defense in private disputes.",
     "In Indiana, the law can be raised as a defense in private disputes, while the federal law applies only to "
     "government matters."),
])
def test_a_condition_of_another_clause_or_a_verb_is_no_condition_of_the_claim(claim: str, source: str) -> None:
    assert dropped_condition(claim, [source]) is None


LOAN = ("Members may borrow the club's kayaks for up to two days, provided they have passed the paddling "
        "assessment. Kayaks must be returned to the boathouse, not the slipway.")
ENTRY = "Parking is free for village residents who display a permit. All other drivers pay £3 a day."


@pytest.mark.parametrize(("claim", "source", "dropped"), [
    # "provided" without "that"; a statement of a longer claim drops the condition too
    ("Members can borrow kayaks for up to two days.", LOAN, True),
    ("Members can borrow kayaks for up to two days; they go back to the boathouse, not the slipway.", LOAN, True),
    ("Members who have passed the paddling assessment can borrow kayaks for up to two days.", LOAN, False),
    ("Members can borrow kayaks for up to two days; that depends on the paddling assessment.", LOAN, False),
    # who may have what is offered
    ("Parking is free for village residents.", ENTRY, True),
    ("Parking is free for village residents; other drivers pay £3 a day.", ENTRY, True),
    ("Parking is free for village residents with a permit.", ENTRY, False),
    ("Other drivers pay £3 a day.", ENTRY, False),
])
def test_conditions_written_with_provided_or_who(claim: str, source: str, dropped: bool) -> None:
    assert (dropped_condition(claim, [source]) is not None) is dropped


def test_a_lead_in_before_a_colon_drops_no_condition() -> None:
    source = "Note: You can use a Rover Week Ticket on the tram as long as it has been validated on a bus."
    assert dropped_condition("Use a Rover Week Ticket: tap the card on the reader by the driver.", [source]) is None


TYRES = "Kestrel Tyres gives drivers over 70 a 10% discount on fitting. The discount applies on weekdays only."
COURSE = ("The Marsh Lane bar is open every day from noon. The course can be played by visitors on weekdays for a "
          "green fee of £35. At weekends the course is reserved for members.")


@pytest.mark.parametrize(("claim", "source", "widened"), [
    ("Drivers over 70 get 10% off fitting at Kestrel Tyres any day of the week.", TYRES, True),
    ("Visitors can play the Marsh Lane course for a £35 green fee seven days a week.", COURSE, True),
    ("Drivers over 70 get 10% off fitting at Kestrel Tyres on weekdays.", TYRES, False),
    ("The Marsh Lane bar is open every day from noon.", COURSE, False),  # the sources say so of every day
    ("Visitors can play the course on weekdays for £35.", COURSE, False),
])
def test_a_claim_of_every_day_widens_a_statement_given_for_some_days(claim: str, source: str, widened: bool) -> None:
    assert (widened_days(claim, [source]) is not None) is widened


PLANTING = ("Sow the Morven runner beans in pots in April. Plant the beans out once the risk of frost has passed. "
            "Water them every evening when the weather is dry.")


@pytest.mark.parametrize(
    ("claim", "changed"),
    [
        ("Plant the beans out as soon as the seedlings have two leaves.", True),
        ("Water them every evening after the first pods form.", True),
        ("Plant the beans out once the risk of frost has passed.", False),
        ("Plant the beans out after the last frost has passed.", False),  # the same time in other words
        ("Sow the beans in pots in April.", False),
    ],
)
def test_a_time_condition_replaced_by_another(claim: str, changed: bool) -> None:
    from lexguard.grounding.signals._conditions import changed_condition

    assert (changed_condition(claim, [PLANTING]) is not None) is changed


@pytest.mark.parametrize(
    ("claim", "dropped"),
    [
        ("Parking at the Elm Park retail centre is free all day.", True),
        ("Parking at the Elm Park retail centre is free.", True),
        ("Parking at the Elm Park retail centre is free for the first two hours.", False),
        ("Parking at the Elm Park retail centre is free, but only for two hours.", False),
    ],
)
def test_free_for_the_first_hours_is_a_condition(claim: str, dropped: bool) -> None:
    source = ["Parking at the Elm Park retail centre is free for the first two hours; each extra hour costs £1.20."]
    assert (dropped_condition(claim, source) is not None) is dropped


HIRE = ("Fenn Valley Cycle Hire: hybrid bikes cost £20 a day and e-bikes £38 a day. Helmets are included with "
        "every hire, and child seats are available on hybrid bikes only.")
COTTAGES = "Rowan Cottage sleeps 4. Ash Cottage sleeps 6 and has a garden. Dogs are allowed in Rowan Cottage only."


@pytest.mark.parametrize(
    ("source", "claim", "moved"),
    [
        (HIRE, "E-bikes cost £38 a day, and child seats are available on e-bikes too.", True),
        (COTTAGES, "Ash Cottage sleeps 6 and has a garden, and dogs are allowed there.", True),
        (HIRE, "Child seats are available on hybrid bikes, which cost £20 a day.", False),
        (COTTAGES, "Ash Cottage sleeps 6; dogs are allowed in Rowan Cottage only.", False),
        (COTTAGES, "Dogs are not allowed in Ash Cottage.", False),
    ],
)
def test_a_restriction_to_one_item_moved_to_another(source: str, claim: str, moved: bool) -> None:
    from lexguard.grounding.signals._conditions import moved_restriction

    assert (moved_restriction(claim, [source]) is not None) is moved


def test_a_day_added_to_a_statement_that_no_statement_of_its_thing_names() -> None:
    # the pool's Sunday closing names Sunday, but says nothing of the family sessions
    from lexguard.grounding.signals._polarity import polarity_conflict

    timetable = ("Brookfield pool: lane swimming runs Monday to Friday from 6:30am. Family fun sessions with floats "
                 "are on Saturdays from 2pm to 4pm. The pool closes at 8pm on Sundays.")
    assert polarity_conflict("Family fun sessions with floats are on Saturdays and Sundays from 2pm to 4pm.",
                             [timetable]) is not None
    assert polarity_conflict("Family fun sessions with floats are on Saturdays from 2pm to 4pm.", [timetable]) is None


def test_a_restriction_read_after_its_only_and_in_a_huge_sentence() -> None:
    from lexguard.grounding.signals._conditions import _restricted, moved_restriction

    assert _restricted("Dogs are allowed only in Rowan Cottage and the garden.") == [("Dogs are allowed ", "Rowan Cottage")]
    assert moved_restriction("Ash Cottage has a garden, and dogs are allowed there too.",
                             ["Rowan Cottage sleeps 4. Ash Cottage sleeps 6. Dogs are allowed only in Rowan Cottage."])
    # thousands of "only"s in one sentence are each read in a bounded stretch
    assert moved_restriction("Child seats are available on e-bikes too.", ["only " * 20000]) is None


@pytest.mark.parametrize(
    ("claim", "source", "past"),
    [
        ("Members can book the squash courts from Monday through to Sunday.",
         "Members can book the squash courts Monday to Friday only. Guests pay £6.", True),
        ("The early-bird swim runs Mon-Sat.", "The early-bird swim runs only on weekdays, from 6:30am.", True),
        ("Members can book the squash courts from Monday to Wednesday.",
         "Members can book the squash courts Monday to Friday only. Guests pay £6.", False),
        ("The café is open Monday to Saturday.",
         "Members can book the squash courts Monday to Friday only. The café is open every day.", False),
    ],
)
def test_a_span_of_days_past_the_days_a_source_keeps_to_overstates_it(claim: str, source: str, past: bool) -> None:
    from lexguard.grounding.signals._conditions import days_past_only

    assert (days_past_only(claim, [source]) is not None) is past


@pytest.mark.parametrize(
    ("claim", "refused"),
    [
        ("Guests can book the courts online.", True),
        ("Anyone can book the courts online.", True),
        ("Members can book the courts online.", False),
        ("Only members can book the courts online.", False),
        ("Guests cannot book the courts online.", False),
        ("Guests must book the courts at reception.", False),
    ],
)
def test_only_some_can_do_it(claim: str, refused: bool) -> None:
    """Found in a trial of contrastive claims: "Guests can book the courts online" beside "Only
    members can book the courts online; guests must book at reception" read as supported (0.99)."""
    source = "Only members can book the courts online; guests must book at reception."
    assert (only_doer(claim, [source]) is not None) is refused


def test_only_some_can_do_it_extended_to_others() -> None:
    source = "Only residents of Fenwick County are eligible for the reduced ticket price at the county fair."
    assert only_doer("Visitors from outside Fenwick County can also get the reduced price.", [source]) is not None
    assert only_doer("Residents of Fenwick County get the reduced price.", [source]) is None
