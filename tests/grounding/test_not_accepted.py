"""A thing the sources refuse ("cash is not accepted"), offered by the claim ("you can pay in cash").

"Yes, you can pay online, by phone or in cash at the council offices" beside "Households can pay
online or by phone; cash is not accepted" had been accepted (0.97). :func:`refused_option` reads
what a source statement refuses and fails a claim whose clause offers it.
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._absent import thing_words
from lexguard.grounding.signals._not_accepted import _refused
from tests.claim_statuses import statuses

FEES = ("The Harrowgate parish hall can be hired for £18 an hour. Bookings can be paid online or by bank "
        "transfer; cash is not accepted.")
CAFE = ("The Fellside tea room is open daily from 10am. Dogs are not allowed inside, but are welcome on the "
        "terrace. We do not accept cheques.")
BEACH = "Sandby Cove is lifeguarded from June to August. No dogs allowed on the beach between June and August."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("cash is not accepted.", ["cash"]),
        ("We do not accept cheques or vouchers.", ["cheques", "vouchers"]),
        ("You cannot pay by card on the bus.", ["card"]),
        ("No dogs allowed on the beach.", ["dogs"]),
        ("Dogs are not allowed inside, but are welcome on the terrace.", []),
    ],
)
def test_what_a_statement_refuses(text: str, things: list[str]) -> None:
    assert [thing for thing, _ in _refused(text)] == [tuple(thing_words(t)) for t in things]


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (FEES, "In short, the hall costs £18 an hour, and you can pay online, by bank transfer or in cash."),
        (CAFE, "The Fellside tea room opens daily at 10am and accepts cheques."),
        (BEACH, "You can take your dog onto the beach at Sandby Cove in July."),
    ],
)
def test_a_refused_thing_offered_is_contradicted(checker: SupportChecker, source: str, answer: str) -> None:
    assert "supported" not in statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (FEES, "No, cash is not accepted: bookings are paid online or by bank transfer."),
        (FEES, "You can pay for the hall online or by bank transfer, but not in cash."),
        (CAFE, "Dogs are welcome on the terrace of the Fellside tea room."),
        (CAFE, "You can pay at the Fellside tea room by any means except cheques."),
    ],
)
def test_a_refusal_restated_is_left_alone(checker: SupportChecker, source: str, answer: str) -> None:
    assert "contradicted" not in statuses(checker, source, answer)


GP = ("Appointments at Marsh Road Practice can be booked online or by phone. Repeat medication requests must be made "
      "through the app or at the front desk. We do not accept repeat medication requests by phone.")


@pytest.mark.parametrize(
    ("answer", "refused"),
    [
        ("You can order repeat medication through the app, or just phone the practice.", True),
        ("Repeat medication requests can be made through the app, at the front desk or by email.", False),
        ("Order repeat medication through the app or at the front desk; phone requests are not accepted.", False),
        ("You can phone the practice to book an appointment.", False),  # appointments may be booked by phone
    ],
)
def test_a_way_of_asking_the_sources_refuse_is_not_offered(answer: str, refused: bool) -> None:
    from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
    from lexguard.grounding.signals._not_accepted import refused_channel

    sources = [Source(id="gp", content=GP)]
    assert (refused_channel(answer, SourceIndex(sources, chunk_sources(sources))) is not None) is refused


@pytest.mark.parametrize(
    ("text", "refused"),
    [
        ("Permit renewals cannot be made by phone.", [("phone", {"permit", "renewal"})]),
        ("Prescription requests are not accepted over the phone, but online.", [("phone", {"prescription", "request"})]),
        ("Repeat orders can't be placed by email.", [("mail", {"repeat", "order"})]),
        ("Renewals can be made online or by phone.", []),
    ],
)
def test_the_ways_a_statement_refuses(text: str, refused: list[tuple[str, set[str]]]) -> None:
    from lexguard.grounding.signals._not_accepted import _channels_refused

    assert [(way, set(what)) for way, what in _channels_refused(text)] == refused
