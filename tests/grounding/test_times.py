"""A time of day is read as one value on a 24-hour clock, however it is written."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._lexical import LexicalProfile, numbers

HOURS = "{'name': 'Cafe Lune', 'hours': {'Monday': '11:0-21:0', 'Friday': '7:30-13:30', 'Saturday': '18:0-0:0'}}"


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("open from 11:00 AM to 9:00 PM", ["time:11:00", "time:21:00"]),
        ("from 7:30 am to 1:30 pm", ["time:07:30", "time:13:30"]),
        ("6 p.m. to 12 a.m.", ["time:18:00", "time:00:00"]),
        ("'11:0-21:0'", ["time:11:00", "time:21:00"]),
        ("at 9.30 a.m. sharp", ["time:09:30"]),
        ("The score was 3:2.", ["3", "2"]),  # a score, not a time
    ],
)
def test_times_are_read_as_one_value(text: str, keys: list[str]) -> None:
    assert [m.key for m in numbers(text)] == keys


@pytest.mark.parametrize(
    ("claim", "given"),
    [
        ("It is open from 11:00 AM to 9:00 PM on Mondays.", True),
        ("On Fridays it opens 7:30 am to 1:30 pm.", True),
        ("On Saturdays it opens 6 pm to midnight, 12 am.", True),
        ("It is open from 11:00 AM to 10:00 PM on Mondays.", False),  # a wrong closing hour
        ("It opens at 11 PM on Mondays.", False),  # the morning hour read as evening
        ("On Fridays it opens 7:30 pm.", False),
    ],
)
def test_a_time_is_given_only_at_the_same_hour(claim: str, given: bool) -> None:
    known = LexicalProfile([HOURS]).numbers
    assert all(m.key in known for m in numbers(claim) if m.key.startswith("time:")) is given


def test_the_checker_accepts_hours_written_another_way_and_fails_a_wrong_one() -> None:
    from lexguard import Source
    from lexguard.grounding import GroundingConfig, SupportChecker

    checker = SupportChecker(GroundingConfig())
    source = [Source(id="cafe", content=HOURS)]
    right = checker.check("Cafe Lune is open on Monday from 11:00 AM to 9:00 PM.", source)
    wrong = checker.check("Cafe Lune is open on Monday from 11:00 AM to 10:00 PM.", source)
    assert not any(f.kind == "contradicted_value" for f in right.findings)
    assert wrong.claims[0].supported is False


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("It shuts at half past five.", [("time:05:30", ("time:17:30",))]),
        ("Doors open at a quarter to eight in the evening.", [("time:19:45", ())]),
        ("It starts at seven o'clock.", [("time:07:00", ("time:19:00",))]),
        ("Meet at ten past 9 am.", [("time:09:10", ())]),
    ],
)
def test_a_time_in_words_is_a_time(text: str, keys: list[tuple[str, tuple[str, ...]]]) -> None:
    """Found in a hostile trial: "half past five" for 17:30 and "a quarter to eight" for 19:45 were
    refused ("five" and "eight" in no source); a time in words that says no half of the day is
    either."""
    assert [(m.key, m.alts) for m in numbers(text)] == keys


@pytest.mark.parametrize(
    ("claim", "given"),
    [("It closes at half past five.", True), ("It closes at half past six.", False),
     ("It closes at half past five in the morning.", False)],
)
def test_a_time_in_words_is_given_by_the_clock_time(claim: str, given: bool) -> None:
    profile = LexicalProfile(["The library is open from 9:00 to 17:30."])
    assert all({m.key, *m.alts} & profile.numbers for m in numbers(claim)) is given


@pytest.mark.parametrize("text", ["Refunds arrive within five to seven working days.", "It is open from five to seven."])
def test_numbers_joined_by_to_are_no_time_in_words(text: str) -> None:
    """Found in a hostile trial: "within five to seven working days" was read as 6:55."""
    assert [m.key for m in numbers(text)] == ["5", "7"]


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("The launderette opens at 7.30 every morning.", ["time:07:30"]),
        ("It closes at 21.00.", ["time:21:00"]),
        ("between 9.15 and 17.45 on weekdays", ["time:09:15", "time:17:45"]),
        ("at 2.50 euros a cup", ["2.5"]),  # an amount
        ("costs 7.30", ["7.3"]),  # no word that says when
        ("rose to 4.25 per cent", ["4.25"]),
    ],
)
def test_a_time_written_with_a_dot_after_a_word_that_says_when_is_a_time(text: str, keys: list[str]) -> None:
    assert [m.key for m in numbers(text)] == keys


def test_a_dotted_time_keeps_its_decimal_reading() -> None:
    (mention,) = numbers("It opens at 7.30 daily.")
    assert mention.alts == ("7.3",)
    source = LexicalProfile(["Doors open at 7.30 every morning and close at 21.00."])
    assert {"time:07:30", "time:21:00", "7.3"} <= source.numbers
    assert {m.key for m in numbers("It opens at half past seven and closes at nine in the evening.")} <= source.numbers
