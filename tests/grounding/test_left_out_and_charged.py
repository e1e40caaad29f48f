"""What the sources leave out of an offer, and what they charge for.

"The fare covers lunch" beside "Lunch is not included" and "comes with a wall charger" beside "A
wall charger is sold separately" were read as supported (0.99): :mod:`lexguard.grounding.signals._excluded`
fails them. "Dogs stay at no extra charge" beside "for a charge of £15 per night" was too:
:mod:`lexguard.grounding.signals._free`.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from tests.claim_statuses import statuses

COACH = ("The Harbury coach tour leaves the bus station at 8am. The £39 fare covers the coach and a guided walk "
         "around the abbey. Lunch is not included, and passengers should bring money for food.")
SPEAKER = ("The Lumo S3 speaker has a 12-hour battery. It comes with a charging cable in the box. A carry case is "
           "sold separately for £12.")
CLASS = ("Evening Watercolour runs for eight Tuesdays at the Mill Studio. The course fee is £95. Paper and brushes "
         "are included, but framing costs are charged separately at £6 per picture.")
HOSTEL = "The Quayside Hostel has 30 beds. There is a shared kitchen. Breakfast is not served, but there is a cafe opposite."
LODGE = ("Marsh End Lodge welcomes dogs in its garden rooms for a charge of £10 per night. Dogs are not allowed in "
         "the dining room. Parking is free for guests.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()



@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (COACH, "The Harbury coach tour fare covers lunch."),
        (COACH, "The £39 fare covers the coach, the guided walk and lunch."),
        (SPEAKER, "The Lumo S3 comes with a charging cable and a carry case in the box."),
        (CLASS, "The £95 fee covers paper, brushes and the framing of your pictures."),
        (HOSTEL, "Breakfast is served at the Quayside Hostel."),
        ("The Alder tablet ships with a stylus. A keyboard cover is available separately for £79.",
         "The Alder tablet ships with a stylus and a keyboard cover."),
        (LODGE, "Happy to help! Dogs are welcome in Marsh End Lodge's garden rooms at no extra charge."),
    ],
)
def test_a_thing_left_out_or_charged_for_is_contradicted(checker: SupportChecker, source: str, answer: str) -> None:
    assert "contradicted" in statuses(checker, source, answer, checked=True)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (COACH, "The £39 fare covers the coach and the guided walk, but lunch is extra."),
        (SPEAKER, "The Lumo S3 comes with a charging cable, and a carry case costs £12."),
        (CLASS, "The £95 fee includes paper and brushes."),
        (HOSTEL, "The Quayside Hostel has a shared kitchen, and there is a cafe opposite."),
        (LODGE, "Dogs are welcome in the garden rooms at Marsh End Lodge for £10 a night."),
        (LODGE, "Parking at Marsh End Lodge is free for guests."),
    ],
)
def test_a_claim_that_keeps_the_thing_out_or_pays_for_it_is_supported(
    checker: SupportChecker, source: str, answer: str
) -> None:
    assert statuses(checker, source, answer, checked=True) == {"supported"}


def test_a_no_whose_statement_keeps_the_thing_out_answers_the_question(checker: SupportChecker) -> None:
    """The question's statement ("the fare covers lunch") is contradicted, so "No" is right; it had
    been read as supported and the correct "No" refused."""
    question = "Does the Harbury coach tour fare include lunch?"
    answer = "No, the £39 fare covers the coach and the guided walk around the abbey."
    assert statuses(checker, COACH, answer, question, checked=True) == {"supported"}
    assert statuses(checker, COACH, "Yes, lunch is included in the fare.", question, checked=True) == {"contradicted"}


TWO_CLAUSES = ("The Harlow Canal boat trip takes 45 minutes. Prams go on board free, and wheelchairs can be taken "
               "for £2 each. Life jackets are provided for every passenger.")
HIRE = "Sun loungers are free for hotel guests, but parasols must be hired for £4 a day. The pool opens at 8am."


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TWO_CLAUSES, "Both prams and wheelchairs go on board free on the Harlow Canal boat trip."),
        (TWO_CLAUSES, "The boat trip takes 45 minutes, and wheelchairs can be taken on board free of charge."),
        (HIRE, "Hotel guests can use parasols and sun loungers at no extra cost."),
    ],
)
def test_a_thing_charged_for_beside_a_free_one_is_not_free(checker: SupportChecker, source: str, answer: str) -> None:
    assert "supported" not in statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TWO_CLAUSES, "Prams go on board free, and wheelchairs can be taken for £2 each."),
        (TWO_CLAUSES, "Prams travel free on the Harlow Canal boat trip."),
        (HIRE, "Sun loungers are free for hotel guests, with parasols at £4 a day."),
    ],
)
def test_the_free_thing_of_a_two_clause_sentence_is_free(checker: SupportChecker, source: str, answer: str) -> None:
    assert statuses(checker, source, answer) == {"supported"}


GALLERY = "Entry to the Marsh Lane Gallery is free. Special exhibitions cost £9 for adults, and under-12s go free."
SOLAR = ("A typical three-kilowatt system costs around £5,200 fitted. Customers get a free survey before any "
         "quote is given.")


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (GALLERY, "For special exhibitions, adults pay £9 and anyone under 12 gets in free."),
        (SOLAR, "A typical three-kilowatt system costs around £5,200 fitted, with a free survey before any quote."),
    ],
)
def test_a_claim_that_gives_the_price_itself_calls_nothing_charged_free(
    checker: SupportChecker, source: str, answer: str
) -> None:
    assert "contradicted" not in statuses(checker, source, answer)


MILL = ("The Abbotsford Mill tour costs £11 and includes a cream tea. The tour does not include a visit to the "
        "grain loft, which is closed for repairs.")


def test_a_visit_left_out_is_the_place_left_out(checker: SupportChecker) -> None:
    assert "supported" not in statuses(checker, MILL, "The £11 Abbotsford Mill tour includes a cream tea and a look around the grain loft.")
    assert statuses(checker, MILL, "The £11 tour includes a cream tea but not a visit to the grain loft.") == {"supported"}
    from lexguard.grounding.signals._excluded import _left_out

    assert _left_out("The tour does not include a visit to the grain loft, which is closed for repairs.") == [("grain", "loft")]


GUESTHOUSE = ("Rates at the Puffin Bay Guesthouse include a continental breakfast. A full cooked breakfast is available "
              "for an additional £6.50 per person. Wi-Fi is free throughout.")
AIRLINE = ("Tern Air fares include one personal item that fits under the seat. A 10 kg cabin bag costs £12 each way "
           "when added at booking. Checked bags start at £20.")
BIKES = "Bike hire at Kelder Woods costs £22 a day. Helmets are included. Child seats and trailers can be added for £7 each."


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (GUESTHOUSE, "The room rate at the Puffin Bay Guesthouse includes breakfast, including the full cooked breakfast."),
        (AIRLINE, "Tern Air fares include a personal item and a 10 kg cabin bag."),
        (BIKES, "Child seats are included in the £22 daily hire at Kelder Woods, along with helmets."),
    ],
)
def test_a_thing_priced_as_an_extra_is_not_included(checker: SupportChecker, source: str, answer: str) -> None:
    assert "supported" not in statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (GUESTHOUSE, "The room rate includes a continental breakfast; a full cooked breakfast is £6.50 extra."),
        (BIKES, "Helmets are included in the £22 daily hire, and child seats can be added for £7."),
    ],
)
def test_the_included_thing_beside_a_priced_extra_is_included(checker: SupportChecker, source: str, answer: str) -> None:
    assert statuses(checker, source, answer) == {"supported"}


CHALETS = ("Birchwood chalets include bed linen, towels and a log burner. Dogs are welcome in two chalets for £20 "
           "per stay. Firewood is sold at reception.")
FAIR = ("The Cobble Yard makers' fair runs on the first Sunday of each month. Stallholders pay £12 a pitch, and "
        "trestle tables are provided. Electricity is not available.")
INN = ("Rooms at the Anchor Inn include Wi-Fi and a hairdryer. Breakfast is served from 7am to 9:30am and costs "
       "£9.50 per person. Catering for functions is provided by local firms and is charged separately.")


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (CHALETS, "Towels aren't included in the Birchwood chalets, so bring your own; bed linen is provided."),
        (FAIR, "At the Cobble Yard makers' fair stallholders pay £12 a pitch but must bring their own trestle tables."),
    ],
)
def test_a_thing_included_said_left_out_is_contradicted(checker: SupportChecker, source: str, answer: str) -> None:
    assert "contradicted" in statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (CHALETS, "Birchwood chalets include towels and bed linen, but firewood is not included."),
        (FAIR, "Stallholders get a trestle table with their £12 pitch, but there is no electricity, so bring your own lights."),
    ],
)
def test_a_thing_left_out_that_no_source_includes_is_left_alone(source: str, answer: str) -> None:
    from lexguard import Source
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
    from lexguard.grounding.signals._excluded import withheld_thing

    sources = [Source(id="s", content=source)]
    assert withheld_thing(answer, SourceIndex(sources, chunk_sources(sources))) is None


@pytest.mark.parametrize(
    "answer",
    [
        "Rooms at the Anchor Inn include Wi-Fi, a hairdryer and breakfast, served from 7am to 9:30am.",
        "For function bookings you get the room and catering from local firms.",
    ],
)
def test_a_thing_charged_after_its_statement_is_not_included(checker: SupportChecker, answer: str) -> None:
    assert "supported" not in statuses(checker, INN, answer)


PROMS = ("Tickets for the Riverside Proms include entry to Abbey Meadow from 6 pm. Deckchairs can be hired on the "
         "night for £5 each. Picnics are welcome.")
MUSEUM = "Entry to the Dunsford Gallery is free. Audio guides can be borrowed for £2. Cloakroom use costs £1 per item."


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (PROMS, "No need — deckchairs are included with your ticket, and you're welcome to bring a picnic."),
        (MUSEUM, "Entry to the Dunsford Gallery and the cloakroom are both free, though audio guides cost £2."),
    ],
)
def test_a_thing_hired_or_its_use_charged_is_not_included_or_free(
    checker: SupportChecker, source: str, answer: str
) -> None:
    assert "supported" not in statuses(checker, source, answer)


def test_a_deckchair_you_hire_is_left_alone(checker: SupportChecker) -> None:
    answer = "Your ticket covers entry to Abbey Meadow from 6 pm; deckchairs cost £5 each to hire."
    assert "contradicted" not in statuses(checker, PROMS, answer)
