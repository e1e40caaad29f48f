"""Dates read as the start of a range, and ordinals in digits beside ordinal words.

A range gives its year (and month) once, at its end ("from 23 February to 6 March 2011"): the
start was read without them, so "began on 23 February 2011" was refused as a value in no source.
"1st" was read as the number 1 while the source's "first" is no quantity, so "The 1st baseman"
was refused beside "The first baseman".
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import LexicalProfile, numbers


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _statuses(checker: SupportChecker, source: str, answer: str) -> set[str]:
    result = checker.check(answer, [Source(id="s0", content=source)])
    return {c.status or "" for c in result.claims}


def _keys(text: str) -> set[str]:
    return {k for m in numbers(text) for k in (m.key, *m.alts)}


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("from 23 February to 6 March 2011", "date:2011-02-23"),
        ("from 3 to 9 June 2024", "date:2024-06-03"),
        ("the 3-9 June 2024 festival", "date:2024-06-03"),
        ("from June 3 to June 9, 2024", "date:2024-06-03"),
        ("June 3-9, 2024", "date:2024-06-03"),
        ("from March to May 1999", "date:1999-03"),
        ("from 28 December to 3 January 2012", "date:2011-12-28"),
        ("on May 5 and May 9, 2020", "date:2020-05-05"),
        ("between 3 and 9 June", "date:--06-03"),
    ],
)
def test_the_start_of_a_range_is_read_with_the_year_and_month_of_its_end(text: str, start: str) -> None:
    assert start in _keys(text)


def test_a_bare_day_keeps_its_plain_number_and_a_score_is_no_date() -> None:
    assert {"3", "date:2024-06-03"} <= _keys("from 3 to 9 June 2024")
    assert not any(k.startswith("date:") for k in _keys("won 3-1 and 2-0"))


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        ("The championships took place from 23 February to 6 March 2011 in Oslo.",
         "The championships began on 23 February 2011."),
        ("The fair runs from 3 to 9 June 2024.", "The fair opens on 3 June 2024."),
        ("The fair runs June 3-9, 2024.", "The fair opens on June 3, 2024."),
        ("The exhibition ran from March to May 1999.", "The exhibition opened in March 1999."),
    ],
)
def test_a_claim_of_the_start_of_a_range_is_supported(checker: SupportChecker, source: str, answer: str) -> None:
    assert _statuses(checker, source, answer) == {"supported"}


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        ("The fair runs from 3 to 9 June 2024.", "The fair opens on 4 June 2024."),
        ("The fair runs June 3-9, 2024.", "The fair opens on June 4, 2024."),
        ("The exhibition ran from March to May 1999.", "The exhibition opened in March 1998."),
    ],
)
def test_another_start_is_still_refused(checker: SupportChecker, source: str, answer: str) -> None:
    assert "supported" not in _statuses(checker, source, answer)


def test_ordinal_words_give_their_position_and_digits_carry_it() -> None:
    assert {"ord:1", "ord:2"} <= LexicalProfile(["the first and second floors"]).numbers
    assert "ord:3" in _keys("she came 3rd")
    assert "ord:3" not in _keys("3 cats")


@pytest.mark.parametrize(
    ("source", "answer", "expected"),
    [
        ("The first baseman is catching the ball.", "The 1st baseman is catching the ball.", True),
        ("The office is on the second floor.", "The office is on the 2nd floor.", True),
        ("The office is on the second floor.", "The office is on the 3rd floor.", False),
        ("Our team came first in the regional league.", "Our team came 2nd in the regional league.", False),
    ],
)
def test_an_ordinal_in_digits_is_read_against_the_ordinal_word(
    checker: SupportChecker, source: str, answer: str, expected: bool
) -> None:
    assert (_statuses(checker, source, answer) == {"supported"}) is expected


@pytest.mark.parametrize(
    ("text", "key"),
    [("due on 31/10, while", "date:--10-31"), ("on 10/31", "date:--10-31"), ("a 3/4 share", None), ("24/7 support", None)],
)
def test_a_day_and_month_without_a_year(text: str, key: str | None) -> None:
    dates = {k for k in _keys(text) if k.startswith("date:")}
    assert dates == ({key} if key else set())


def test_a_short_date_is_supported_by_the_named_date(checker: SupportChecker) -> None:
    source = "The deadline for filing a paper return is 31 October."
    assert _statuses(checker, source, "Paper returns are due on 31/10.") == {"supported"}
    assert "supported" not in _statuses(checker, source, "Paper returns are due on 30/10.")


@pytest.mark.parametrize(("text", "found"), [
    ("She finished third in the final.", [("3", ("ord:3",))]),
    ("He came second behind Ruiz.", [("2", ("ord:2",))]),
    ("It was the first time.", []),
])
def test_a_place_in_a_contest_is_an_ordinal(text: str, found: list[tuple[str, tuple[str, ...]]]) -> None:
    """Found in a contrastive trial (twenty-seventh session): "finished second" beside "won the
    bronze medal" passed (a place after "finished" was no number) and "finished third" was
    refused (the medal gave no place)."""
    assert [(m.key, m.alts) for m in numbers(text)] == found


@pytest.mark.parametrize(("answer", "supported"), [
    ("Ilka Soren finished third in the 800 metres at the 2021 Nordic Championships.", True),
    ("Ilka Soren finished second in the 800 metres at the 2021 Nordic Championships.", False),
])
def test_a_medal_gives_a_place(answer: str, supported: bool) -> None:
    source = "Ilka Soren is a Finnish runner. At the 2021 Nordic Championships she won the bronze medal in the 800 metres."
    result = SupportChecker().check(answer, [Source(id="s", content=source)])
    assert all(c.supported for c in result.claims) is supported
