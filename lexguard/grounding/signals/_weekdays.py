"""Weekdays a statement names: "6 a.m. Tuesday" is not "6 a.m. Monday".

A weekday is a value the number rules do not read (a closed day is often simply absent from
structured opening hours, so a day the sources never name proves nothing). Beside a source
statement that says the same thing of another day, it is a conflict:
:func:`names_another_day`. A span of days ("Monday through Friday", "Tue-Sun") names every day
inside it.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.signals._excepted import EXCEPTION

__all__ = ["SCHEDULING", "day_mentions", "day_spans", "days_named", "names_another_day", "open_weekdays"]

_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_FULL = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?"
_SHORT = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?"
_DAY = regex.compile(rf"\b{_FULL}\b", regex.IGNORECASE)
_SPAN = regex.compile(
    rf"\b(?P<a>{_FULL}|{_SHORT})\s*(?:-|\u2013|(?:right\s+)?through(?:\s+to)?|to|thru|until|till|up\s+to)\s*(?P<b>{_FULL}|{_SHORT})(?!\w)",
    regex.IGNORECASE,
)
"""Two days joined as a span. Short forms ("Mon-Fri") count only here: alone, "sat", "sun" and
"wed" are other words."""
_EVERY_DAY = regex.compile(
    r"\b(?:every\s+day|daily|seven\s+days\s+a\s+week|7\s+days\s+a\s+week|all\s+week)\b", regex.IGNORECASE
)
"""Every day of the week: with an exception ("daily except Mondays"), every day but those."""


SCHEDULING = frozenset({"take", "place", "hold", "happen", "occur", "run", "schedule"})
"""Words that say only that something is on ("Yoga classes *take place* on Mondays" is "Yoga
classes are on Mondays"), as :func:`~lexguard.grounding.signals._polarity._words` writes them."""


def _number(word: str) -> int:
    word = word.lower()
    return next(i for i, name in enumerate(_NAMES) if name.startswith(word[:3]))


def days_named(text: str) -> set[int]:
    """The weekdays ``text`` names (0 is Monday), every day of a span included.

    Examples:
        >>> sorted(days_named("Open Tuesday through Sunday; closed on Mondays."))
        [0, 1, 2, 3, 4, 5, 6]
        >>> sorted(days_named("Open Fri-Mon"))
        [0, 4, 5, 6]
        >>> sorted(days_named("Open every day except Monday"))
        [1, 2, 3, 4, 5, 6]
    """
    days: set[int] = set()
    for match in _SPAN.finditer(text):
        a, b = _number(match.group("a")), _number(match.group("b"))
        days |= {(a + i) % 7 for i in range((b - a) % 7 + 1)}
    days |= {_number(m.group()) for m in _DAY.finditer(text)}
    if _EVERY_DAY.search(text):
        excepted = {d for m in EXCEPTION.finditer(text) for d in days_named(m.group("excepted"))}
        if excepted:  # "open daily except Mondays": the other six
            days = (days - excepted) | (set(range(7)) - excepted)
    return days


def day_spans(text: str) -> list[frozenset[int]]:
    """The days inside each span of days ``text`` gives ("Monday through to Saturday": 0 to 5)."""
    out = []
    for match in _SPAN.finditer(text):
        a, b = _number(match.group("a")), _number(match.group("b"))
        out.append(frozenset((a + i) % 7 for i in range((b - a) % 7 + 1)))
    return out


def day_mentions(text: str) -> list[tuple[tuple[int, int], frozenset[int]]]:
    """Each weekday or span of weekdays ``text`` names, in order, with its characters and days."""
    found = [(m.span(), frozenset((_number(m.group("a")) + i) % 7
                                  for i in range((_number(m.group("b")) - _number(m.group("a"))) % 7 + 1)))
             for m in _SPAN.finditer(text)]
    inside = {i for (a, b), _ in found for i in (a, b - 1)}  # a day word is a span's first or last
    found += [(m.span(), frozenset({_number(m.group())})) for m in _DAY.finditer(text)
              if m.start() not in inside and m.end() - 1 not in inside]
    return sorted(found)


def names_another_day(claim: str, source: str) -> bool:
    """Whether the claim names a weekday the source statement does not, and the source one the
    claim does not: "closed until 6 a.m. Tuesday" beside "closed until 6 a.m. Monday", "open on
    Mondays" beside "open Tuesday through Sunday" (but not beside "Monday to Friday")."""
    ours, theirs = days_named(claim), days_named(source)
    return bool(ours - theirs) and bool(theirs - ours)


_PIECE = regex.compile(r"[;\n]+|(?<=[.!?])\s+(?=\p{Lu})(?<!\b(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\.\s+)")
"""Sentence ends (not the full stop of "Mon. - Sat.") and lines."""
_CLOSED = regex.compile(r"\bclos(?:ed|es|e|ing)\b", regex.IGNORECASE)


def open_weekdays(texts: Iterable[str]) -> frozenset[int]:
    """The weekdays ``texts`` name outside any sentence that says "closed" ("open Monday to
    Saturday. Closed on Sundays." names six), for a count of days a week. A piece of text that
    names a closed day is left out whole, so a day count is never derived from it."""
    days: set[int] = set()
    for text in texts:
        for piece in _PIECE.split(text):
            if not _CLOSED.search(piece):
                days |= days_named(piece)
    return frozenset(days)
