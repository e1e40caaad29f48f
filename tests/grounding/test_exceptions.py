"""What a sentence states of all but one thing is denied of that thing ("open every day except
Monday"): the polarity rule reads the exception, the weekday rules read the other days."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._excepted import excepted_statements
from lexguard.grounding.signals._polarity import polarity_conflict
from lexguard.grounding.signals._restatement import polarity_restatement
from lexguard.grounding.signals._weekdays import days_named

MUSEUM = "The Harbour Museum is open every day except Monday. Entry is free for children under 12."


@pytest.mark.parametrize(
    ("sentence", "denied"),
    [
        ("The Harbour Museum is open every day except Monday.", [("The Harbour Museum is open Monday", "Monday")]),
        ("All members except Smith voted for the bill.", [("Smith voted for the bill", "Smith")]),
        ("All members but Smith voted for the bill.", [("Smith voted for the bill", "Smith")]),
        ("The shop opens at 9 except on Sundays.", [("The shop opens at 9 Sundays", "Sundays")]),
        ("Every player scored except Jones, who was injured.", [("Jones scored", "Jones")]),
    ],
)
def test_what_an_exception_denies(sentence: str, denied: list[tuple[str, str]]) -> None:
    assert excepted_statements(sentence) == denied


@pytest.mark.parametrize(
    "sentence",
    [
        "Excluding fuel, prices rose.",  # what the statement leaves out, not that it is false of it
        "Profit rose 5% excluding one-off costs.",
        "No one may vote except the chair.",  # a negation turns it round: the chair may
        "The plan is fine except that it costs too much.",  # a condition, not a thing
    ],
)
def test_exceptions_that_deny_nothing(sentence: str) -> None:
    assert excepted_statements(sentence) == []


@pytest.mark.parametrize("claim", ["The Harbour Museum is open on Mondays.", "The Harbour Museum opens on Monday."])
def test_a_claim_about_the_excepted_thing_is_contradicted(claim: str) -> None:
    assert polarity_conflict(claim, [MUSEUM]) is not None


@pytest.mark.parametrize(
    "claim",
    [
        "The Harbour Museum is open.",  # names no day: the exception denies nothing of it
        "The Harbour Museum is open on Tuesdays.",
        "The Harbour Museum is closed on Mondays.",
        "The Harbour Museum is not open on Mondays.",
        "The Harbour Museum is open every day but Monday.",
    ],
)
def test_claims_the_exception_does_not_deny(claim: str) -> None:
    assert polarity_conflict(claim, [MUSEUM]) is None


@pytest.mark.parametrize(
    "claim",
    ["The Harbour Museum is closed on Mondays.", "The Harbour Museum is not open on Mondays.",
     "The Harbour Museum is open every day but Monday."],
)
def test_claims_that_restate_the_exception(claim: str) -> None:
    assert polarity_restatement(claim, [MUSEUM]) is not None


def test_every_day_but_one_names_the_other_six() -> None:
    assert days_named("Open daily except Mondays") == {1, 2, 3, 4, 5, 6}
    assert days_named("Open every day") == set()  # no exception: nothing said of a given day


def test_a_span_of_days_may_run_right_through_to_its_last_day() -> None:
    assert days_named("from Monday right through to Friday") == {0, 1, 2, 3, 4}
    assert days_named("Tuesday through to Thursday") == {1, 2, 3}


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("answer", "question", "accepted"),
    [
        ("The Harbour Museum is open on Mondays.", None, False),
        ("Yes.", "Is the Harbour Museum open on Mondays?", False),
        ("Yes, it is open on Mondays.", "Is the Harbour Museum open on Mondays?", False),
        ("The Harbour Museum is open on Tuesdays.", None, True),
        ("The Harbour Museum is closed on Mondays.", None, True),
        ("The Harbour Museum is not open on Mondays.", None, True),
        ("The Harbour Museum is open every day but Monday.", None, True),
        ("No.", "Is the Harbour Museum open on Mondays?", True),
    ],
)
def test_the_checker_reads_the_exception(checker: SupportChecker, answer: str, question: str | None,
                                         accepted: bool) -> None:
    result = checker.check(answer, [Source(id="museum", content=MUSEUM)], question)
    assert (result.recommendation == "accept") is accepted, [(c.text, c.status, c.support) for c in result.claims]
