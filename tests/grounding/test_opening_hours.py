"""Opening hours a claim states, read against a record's table of hours.

The verifier cannot read ``'hours': {'Monday': '9:0-17:30', ...}`` against "open from 9 am to
5:30 pm, Monday to Friday" (it read such pairs as contradicted whether the hours were right or
wrong), so right hours were refused and wrong ones caught only by its habit of doubting them.
"""

from __future__ import annotations

import ast

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._opening_hours import hours_tables, read_hours
from lexguard.grounding.signals._record_reading import RecordReading
from tests.claim_statuses import statuses

_WEEK = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _record(hours: dict[str, str] | None, **more: object) -> str:
    fields = {"name": "Marlowe's Bakehouse", "address": "12 Quarry Lane", "city": "Ashby", "hours": hours, **more}
    return repr(fields)


BAKERY = _record({"Monday": "7:30-17:0", "Tuesday": "7:30-17:0", "Wednesday": "7:30-17:0",
                  "Thursday": "7:30-17:0", "Friday": "7:30-19:0", "Saturday": "8:0-15:0"})
"""Closed on Sundays (no Sunday in the table), late on Fridays, short on Saturdays."""
ALL_DAY = _record(dict.fromkeys(_WEEK, "0:0-0:0"))
MONDAY_UNCLEAR = _record({"Monday": "0:0-0:0", **dict.fromkeys(_WEEK[1:], "10:0-22:0")})


def _read(claim: str, record: str = BAKERY) -> RecordReading:
    return read_hours(claim, hours_tables(ast.literal_eval(record)), frozenset(content_words("Marlowe's Bakehouse")))


def _checked(reading: RecordReading) -> bool:
    return reading.ok and not reading.left


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    "claim",
    [
        "Marlowe's Bakehouse is open from 7:30 AM to 5:00 PM Monday to Thursday, until 7 PM on Fridays and from 8 AM to 3 PM on Saturdays.",
        "It opens at 7:30 am on weekdays and is closed on Sundays.",
        "The bakery is open Monday through Saturday and closed on Sundays.",
        "On Saturdays it opens at 8:00 and closes at 15:00.",
        "Opening hours are 7.30am to 5pm from Monday to Thursday; on Friday it stays open until 7pm.",
        "It is open every day except Sunday.",
        "It isn't open on Sundays.",
        "It closes between 5 pm and 7 pm on weekdays.",
        "It is open from 7:30 am to 5 pm Monday to Thursday and 8 am to 3 pm on Saturdays.",
        "On weekdays it opens at 7:30 am and closes at 5 pm, while on Fridays it stays open until 7 pm.",
    ],
)
def test_hours_as_the_table_gives_them_are_checked(claim: str) -> None:
    reading = _read(claim)
    assert reading.conflict is None and _checked(reading)


@pytest.mark.parametrize(
    "claim",
    [
        "Marlowe's Bakehouse is open from 7:30 AM to 5:00 PM every day.",  # no Sunday; other Friday and Saturday hours
        "It is open seven days a week.",
        "It is open from 7:30 am to 7 pm, Monday to Friday.",  # closes at 5 pm but on Fridays
        "On Saturdays it opens at 9:00 and closes at 15:00.",
        "The bakery is open Monday through Saturday, from 7:30 am to 5 pm, except on Saturdays when it closes at 4 pm.",
        "It is closed on Fridays.",
        "It is not open on Saturdays.",
        "It is open every day except Monday.",  # Monday has hours, Sunday none
        "It is open from 7:30 AM to 5:00 PM on weekdays.",  # Fridays until 7 pm
        "It closes between 5 pm and 6 pm on Saturdays.",
    ],
)
def test_other_hours_or_days_conflict_with_the_table(claim: str) -> None:
    reading = _read(claim)
    assert reading.conflict is not None and reading.conflict.startswith("hours: Monday 7:30-17:0")
    assert not reading.ok


@pytest.mark.parametrize(
    "claim",
    [
        "It is open from 7:30 AM to 5:00 PM Monday to Thursday and has a cosy seating area.",  # another statement
        "Saturday has the shortest opening hours, from 8 am to 3 pm.",  # a comparison the table does not give
        "One customer said it closes at 4 pm on Saturdays.",  # what someone said: a review may say so
        "It serves breakfast from 8 am to 11 am on Saturdays.",  # not when it opens
        "It opens at 7:30 am on weekdays, with shorter hours on Saturdays.",  # a comparison
        "It is open from 7:30 am to 5 pm Monday to Thursday, and on Fridays, from 7:30 am to 7 pm.",  # read two ways
        "On Saturdays it doesn't open until 8 am.",  # read by no rule here
        "The kitchen closes at 2 pm on weekdays.",  # not the opening hours
        "Happy hour runs from 4 pm to 6 pm, Monday to Friday.",
        "It opens later on Saturdays.",  # a comparison the table is not read for
        "It used to open on Sundays.",  # another time than the table's
        "In summer it stays open until 9 pm on Saturdays.",
        "It is open from 7:30 to 17:00 from Monday to Thursday, and has 12 tables.",  # a number that is no hour
    ],
)
def test_claims_of_more_than_hours_are_not_checked_by_the_table(claim: str) -> None:
    reading = _read(claim)
    assert not _checked(reading)
    assert reading.conflict is None


def test_a_day_marked_all_day_among_days_with_hours_is_neither_open_nor_closed() -> None:
    for claim in ("The bar is open seven days a week.", "The bar is open from 10 am to 10 pm, Monday to Sunday."):
        reading = _read(claim, MONDAY_UNCLEAR)
        assert reading.conflict is None and not reading.ok  # neither
    assert _read("The bar is open from 10 am to 9 pm, Monday to Sunday.", MONDAY_UNCLEAR).conflict is not None
    assert _checked(_read("The bar is open from 10 am to 10 pm, Tuesday to Sunday.", MONDAY_UNCLEAR))


def test_a_table_of_all_day_reads_as_open_around_the_clock() -> None:
    assert _checked(_read("It is open 24 hours a day, seven days a week.", ALL_DAY))
    assert _read("It is open from 6 am to 11 pm every day.", ALL_DAY).conflict is not None


def test_two_tables_or_none_tell_nothing() -> None:
    tables = hours_tables([ast.literal_eval(BAKERY), ast.literal_eval(ALL_DAY)])
    assert len(tables) == 2
    assert read_hours("It is open seven days a week.", tables) == read_hours("", [])
    assert hours_tables({"hours": None, "name": "x"}) == []
    assert hours_tables({"hours": {"Monday": "late", "Tuesday": "9:0-17:0"}}) == []


def test_the_check_accepts_right_hours_and_refuses_wrong_ones(checker: SupportChecker) -> None:
    right = "Marlowe's Bakehouse is open from 7:30 AM to 5:00 PM Monday to Thursday and until 7 PM on Fridays."
    wrong = "Marlowe's Bakehouse is open from 7:30 AM to 5:00 PM Monday to Friday."
    assert statuses(checker, BAKERY, right) == {"supported"}
    assert statuses(checker, BAKERY, wrong) == {"contradicted"}


def test_a_table_checked_claim_still_fails_a_strict_rule(checker: SupportChecker) -> None:
    # a name the record does not hold is no word of the table's
    assert statuses(checker, BAKERY, "Hartley's Bakehouse is open from 8 AM to 3 PM on Saturdays.") != {"supported"}


def test_beside_other_sources_only_a_claim_naming_the_record_is_read() -> None:
    tables = hours_tables(ast.literal_eval(BAKERY))
    name = frozenset(content_words("Marlowe's Bakehouse"))
    assert read_hours("The museum is open every day.", tables, name, alone=False) == read_hours("", [])
    assert read_hours("Marlowe's is open every day.", tables, name, alone=False).conflict is not None
    assert not _checked(read_hours("The bakery is open every day except Sunday.", tables, name, alone=False))
    assert _checked(read_hours("The bakery is open every day except Sunday.", tables, name))


def test_a_word_of_the_record_name_is_no_other_hours() -> None:
    record = repr({"name": "Copper Kitchen", "hours": {"Monday": "9:0-17:0"}})
    name = frozenset(content_words("Copper Kitchen"))
    tables = hours_tables(ast.literal_eval(record))
    assert read_hours("Copper Kitchen is open on Mondays from 9 am to 6 pm.", tables, name).conflict is not None
    assert read_hours("The kitchen closes at 6 pm on Mondays.", tables, frozenset()) == read_hours("", [])


JSON_TAQUERIA = (
    '{"name": "Casa Pino", "hours": {"Monday": "11:00-22:00", "Tuesday": "11:00-22:00", "Wednesday": "11:00-22:00", '
    '"Thursday": "11:00-22:00", "Friday": "11:00-1:00", "Saturday": "11:00-1:00", "Sunday": "Closed"}}'
)
"""A JSON record (thirty-sixth session, a blind RAGTruth-style trial): "Closed" for a day, "22:00"."""


def _read_json(claim: str) -> RecordReading:
    import json

    return read_hours(claim, hours_tables(json.loads(JSON_TAQUERIA)), frozenset(content_words("Casa Pino")))


@pytest.mark.parametrize(("claim", "conflict"), [
    ("It opens at 11 a.m. daily, closing at 10 p.m. Monday through Thursday, 1 a.m. on Friday and Saturday, and it is "
     "closed on Sundays.", False),
    ("It is open from 11 a.m. to 10 p.m. Monday through Thursday, 11 a.m. to 1 a.m. on Friday and Saturday, "
     "and closed on Sunday.", False),
    ("It closes at 10 p.m. Monday through Thursday and 1 a.m. on Friday and Saturday.", False),
    ("It closes at 10 p.m. Monday through Thursday and midnight on Friday and Saturday.", True),
    ("It is open from 11 a.m. to 10 p.m. Monday through Thursday, 11 a.m. to 11 p.m. on Friday and Saturday.", True),
    ("It is open on Sundays.", True),
])
def test_a_json_record_and_a_list_of_times_after_their_days(claim: str, conflict: bool) -> None:
    reading = _read_json(claim)
    assert reading.named and (reading.conflict is not None) is conflict, reading
    if not conflict:
        assert reading.ok
