"""Times worked out: a time and a duration, and the span between two times.

"The 12:40 train reaches Marden at 13:55" beside "leaves at 12:40. The journey takes 1 hour 15
minutes" had been refused (13:55 is in no source); a wrong arrival still is.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._clock import timed
from lexguard.grounding.signals._lexical import numbers
from tests.claim_statuses import statuses

TRAINS = "Saturday trains from Kelby to Marden leave at 09:10 and 12:40. The journey takes 1 hour 15 minutes."
SERVICE = "Sunday timetable, service 8: buses leave the green at 10:20 and 13:20. Each bus reaches the park 15 minutes later."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _timed(claim: str, source: str) -> list[bool]:
    return [timed(claim, m, [source]) for m in numbers(claim)]


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TRAINS, "The 12:40 train reaches Marden at 13:55."),
        (SERVICE, "The 10:20 bus from the green reaches the park at 10:35."),
    ],
)
def test_a_time_worked_out_from_the_claims_own_time_is_supported(checker: SupportChecker, source: str, answer: str) -> None:
    assert statuses(checker, source, answer) == {"supported"}


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TRAINS, "The 12:40 train reaches Marden at 14:10."),
        (SERVICE, "The 10:20 bus from the green reaches the park at 10:50."),
    ],
)
def test_a_wrong_time_is_still_refused(checker: SupportChecker, source: str, answer: str) -> None:
    assert "supported" not in statuses(checker, source, answer)


def test_a_time_from_the_sources_values_alone_is_not_worked_out() -> None:
    # 9am and 60 (seats) would make 10am: no value of the claim's own is an operand
    assert _timed("The cafe opens at 10am.", "The cafe opens at 9am and has 60 seats.") == [False]
    # nor from a value of the claim that is no duration ("2 mph" beside "at 2:00 PM")
    assert _timed("At 4:00 PM the wind was 2 mph.", "At 2:00 PM the wind was 2 mph.") == [False, False]


def test_a_duration_is_the_span_between_two_times() -> None:
    assert _timed("It leaves at 18:15 and takes half an hour.", "Departs 18:15, arrives 18:45.")[-1] is True
    assert _timed("It leaves at 18:15 and takes 40 minutes.", "Departs 18:15, arrives 18:45.")[-1] is False
