"""Times worked out: a time and a duration, and the span between two times.

"The 12:40 train reaches Portleven at 13:55" beside "leave at 09:10 and 12:40. The journey takes 1
hour 15 minutes", "Runners must finish within 3 hours of the 9am start, so by 12 noon" and "It
leaves at quarter past six and takes half an hour" beside "departs 18:15, arrives 18:45" give a
time or a duration no source writes: :func:`timed` reads it as worked out when one step of clock
arithmetic gives it, with at least one of the two values the claim's own, and a duration only a
value of time gives ("3 hours", "ten minutes", "half an hour"; not the "2" of "2 mph"): a time and
a duration the sources alone hold would make any time "derived" ("opens at 10am" beside "opens at
9am ... for 60 minutes").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import regex

from lexguard.grounding.signals._lexical import Mention, key_value, numbers
from lexguard.grounding.signals._statements import number_class

__all__ = ["timed"]

_TIME_KEY = regex.compile(r"time:(\d{2}):(\d{2})")
_DAY = 24 * 60
_UNIT_AFTER = regex.compile(r"\s*+-?\s*+(?P<unit>hours?|hrs?|minutes?|mins?)\b", regex.IGNORECASE)
_HOURS_THEN_MINUTES = regex.compile(r"\s*+(?:hours?|hrs?)\s*+(?:and\s++)?$", regex.IGNORECASE)


def _at(mention: Mention) -> int | None:
    """The minutes after midnight of a time ("time:18:15": 1095), else ``None``."""
    match = _TIME_KEY.fullmatch(mention.key)
    return int(match.group(1)) * 60 + int(match.group(2)) if match else None


def _minutes(text: str, mention: Mention) -> float | None:
    """The minutes a duration lasts ("3 hours": 180, "ten minutes": 10, "half an hour": 30), else ``None``."""
    value = key_value(mention.key)
    if value is None or value <= 0 or not number_class(text, mention).strip("[]").startswith("time"):
        return None
    if "hour" in mention.text.lower():
        return value  # a part of an hour, read as its minutes
    unit = _UNIT_AFTER.match(text, mention.span[1])
    if unit is None:
        return None
    return value * 60 if unit.group("unit").lower().startswith("h") else value


def _read(text: str, skip: Mention | None = None) -> tuple[set[int], set[float]]:
    """The times and the durations (in minutes) of ``text`` (``skip`` aside); an hour and its
    minutes in a row are one duration too ("1 hour 15 minutes": 75)."""
    times: set[int] = set()
    durations: set[float] = set()
    for mention, at, minutes, joined in _values(text):
        if mention == skip:
            continue
        if at is not None:
            times.add(at)
        if minutes is not None:
            durations.add(minutes)
        if joined is not None:
            durations.add(joined)
    return times, durations


@lru_cache(maxsize=256)
def _values(text: str) -> tuple[tuple[Mention, int | None, float | None, float | None], ...]:
    """Each value of ``text``: its time, its minutes as a duration, and with the hours before it
    ("1 hour | 15 minutes"); read once per text however many claim values ask."""
    found = numbers(text)
    out = []
    for n, m in enumerate(found):
        minutes = _minutes(text, m)
        before = found[n - 1] if n else None
        hours = _minutes(text, before) if before is not None and minutes is not None else None
        joined = hours + minutes if hours is not None and _HOURS_THEN_MINUTES.search(
            text, before.span[1], m.span[0]) else None
        out.append((m, _at(m), minutes, joined))
    return tuple(out)


def timed(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether a claim time is a time plus or minus a duration, or a claim duration the span
    between two times, with one of the two values the claim's own.

    Args:
        claim: The claim text.
        mention: One of its values: a time ("13:55") or a duration ("half an hour").
        texts: The claim's best evidence passages.
    """
    own_times, own_durations = _read(claim, mention)
    theirs = [_read(text) for text in texts]
    their_times = set().union(*(t for t, _ in theirs))
    their_durations = set().union(*(d for _, d in theirs))
    at = _at(mention)
    if at is not None:  # either half of the day a time in words may mean ("a quarter past five")
        ats = {at, *(a for alt in mention.alts if (a := _at(Mention(mention.text, mention.span, alt))) is not None)}
        pairs = [(own_times, own_durations | their_durations), (their_times, own_durations)]
        return any(abs((start + sign * step) % _DAY - when) < 1e-6 for when in ats
                   for starts, steps in pairs for start in starts for step in steps for sign in (1, -1))
    minutes = _minutes(claim, mention)
    if minutes is None or not own_times:
        return False
    return any(abs(abs(a - b) - minutes) < 1e-6 for a in own_times for b in own_times | their_times if a != b)
