"""Times as people write them: clock times ("9.30 a.m.", "21:00", "half past five", "noon"),
parts of an hour ("half an hour", "an hour and a half") and quarters of a year ("Q2", "the second
quarter"), read for :func:`lexguard.grounding.signals._lexical.numbers` as
:class:`~lexguard.grounding.signals._written.Written` values.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._spans import overlaps
from lexguard.grounding.signals._written import SMALL_NUMBERS as _HOURS
from lexguard.grounding.signals._written import Written

__all__ = ["duration_minutes", "durations", "hour_parts", "hours_of_duration", "quarters", "times"]


def _fmt(value: float) -> str:
    return f"{value:.6g}"


_PART_OF_HOUR = regex.compile(
    r"\b(?:(?P<half>half)(?:\s++an|-)?\s*+hour|(?:a\s++)?(?P<quarter>quarter)\s++of\s++an\s++hour"
    r"|(?P<three>three[\s-]++quarters)\s++of\s++an\s++hour|(?P<and_half>an|one)\s++hour\s++and\s++a\s++half"
    r"|(?P<and_quarter>an|one)\s++hour\s++and\s++a\s++quarter"
    r"|(?P<and_three>an|one)\s++hour\s++and\s++three[\s-]++quarters)\b",
    regex.IGNORECASE,
)
_HOUR_PART_MINUTES = {"half": 30, "quarter": 15, "three": 45, "and_half": 90, "and_quarter": 75, "and_three": 105}
_HOURS_AND_MINUTES = regex.compile(
    r"\b(\d+)\s*(?:hours?|hrs?|h)\s*(?:and\s+)?(\d{1,2})\s*(?:minutes?|mins?)\b", regex.IGNORECASE
)
"""A duration in two units ("2 hours 30 minutes", "1 hour and 15 minutes")."""


def duration_minutes(text: str) -> list[tuple[tuple[int, int], float]]:
    """Each length of time in hours and minutes, or in parts of an hour, with its span and its
    minutes: "2 hours 30 minutes" (150), "1 hour and 15 minutes" (75), "an hour and a quarter" (75).
    Such a length is one quantity, to be read whole in minutes or in hours.

    Example:
        >>> duration_minutes("It took 1 hour 15 minutes, or an hour and a quarter.")
        [((8, 25), 75.0), ((30, 51), 75.0)]
    """
    found = [(m.span(), float(int(m.group(1)) * 60 + int(m.group(2)))) for m in _HOURS_AND_MINUTES.finditer(text)]
    return sorted(found + [(w.span, float(w.key)) for w in hour_parts(text)])


def hours_of_duration(text: str, start: int) -> bool:
    """Whether the number starting at ``start`` gives only the hours of an hours-and-minutes length
    ("2" of "2 hours 30 minutes")."""
    return any(m.start(1) == start for m in _HOURS_AND_MINUTES.finditer(text))


_DURATION = regex.compile(
    r"(?<![\d:.])(?P<h>\d{1,2}):(?P<m>[0-5]\d):(?P<s>[0-5]\d)(?![\d:])"
    r"|(?<![\d.])(?P<h2>\d{1,2})\s*+(?:h|hr|hrs|hours?)\b\.?,?\s*+(?P<m2>\d{1,2})\s*+(?:m|min|mins|minutes?)\b\.?"
    r",?\s*+(?:and\s++)?(?P<s2>\d{1,2})\s*+(?:s|sec|secs|seconds?)\b\.?"
    r"|(?<![\d.])(?P<m3>\d{1,2})\s*+(?:min|mins)\b\.?,?\s*+(?P<s3>\d{1,2})\s*+(?:s|sec|secs)\b\.?",
    regex.IGNORECASE,
)


def durations(text: str) -> list[Written]:
    """Lengths of time to the second, as race results give them: "2:19:42" and "2hr 19min 42sec"
    ("2 hours 19 minutes and 42 seconds") share the key ``duration:`` and the seconds (8382), as
    "0:34:12" and "34min 12sec" (minutes and seconds abbreviated, as results give them) share 2052; the
    hours, minutes and seconds are also read as plain numbers. Read apart, a wrong minute
    ("2:18:42") passed wherever the sources held an 18. Hours and minutes alone ("2 hours 30
    minutes") are one quantity of the unit rules."""
    found = []
    for match in _DURATION.finditer(text):
        h = match.group("h") or match.group("h2") or "0"  # "34min 12sec": no hours
        m, sec = (match.group(a) or match.group(b) or match.group(c) for a, b, c in (("m", "m2", "m3"), ("s", "s2", "s3")))
        total = int(h) * 3600 + int(m) * 60 + int(sec)
        written = (h, m, sec) if int(h) else (m, sec)  # "0:34:12" states no hour
        parts = tuple(dict.fromkeys(_fmt(int(v)) for v in written))
        found.append(Written(match.span(), f"duration:{total}", (), parts))
    return found


def hour_parts(text: str) -> list[Written]:
    """Parts of an hour in words, as their minutes: "half an hour", "every half hour" (30), "a
    quarter of an hour" (15), "three quarters of an hour" (45), "an hour and a half" (90); the
    key is the minutes, and the phrase's last word ("hour", "half") tells no other unit."""
    return [Written(m.span(), _fmt(_HOUR_PART_MINUTES[m.lastgroup])) for m in _PART_OF_HOUR.finditer(text)]


_CLOCK_12 = regex.compile(
    r"(?<![\w.:])(?P<h>\d{1,2})(?:[:.](?P<m>[0-5]\d))?\s*(?P<half>[ap])\.?\s?m\b\.?", regex.IGNORECASE
)
_NOON = regex.compile(r"(?<![\w:.])(?:12\s*)?\b(noon|midday|midnight)\b", regex.IGNORECASE)
"""Noon and midnight ("closes at noon", "12 noon"): 12:00 and 00:00."""
_HOUR = r"(?:" + "|".join(_HOURS) + r"|1[0-2]|[1-9])"
_CLOCK_WORDS = regex.compile(
    rf"(?:(?<=\b(?:at|until|till|by|before|around|about|than)\s+)"
    rf"(?P<rel>half|(?:a\s+)?quarter|ten|five|twenty|twenty-five)\s+(?P<dir>past|after|to)\s+(?P<h>{_HOUR})\b"
    rf"|(?P<o>{_HOUR})\s+o['\u2019]clock"
    rf"|(?<=\b(?:at|until|till|by|before|after|around|about|from|to|and|between|than)\s+)(?P<p>{_HOUR})(?=\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night)\b))\b"
    r"(?:\s*(?P<half>[ap])\.?\s?m\b\.?|\s+(?P<part>in\s+the\s+(?:morning|afternoon|evening)|at\s+night))?",
    regex.IGNORECASE,
)
"""A time of day in words: "at half past five", "until a quarter to eight" (after a word that says
when: "within five to seven working days" is a range), "seven o'clock" ("in the evening"), "8 in
the morning", "one in the afternoon"."""
_MINUTES = {"half": 30, "quarter": 15, "ten": 10, "five": 5, "twenty": 20, "twenty-five": 25}


def _clock_words(match: regex.Match[str]) -> tuple[str, tuple[str, ...]]:
    """The key of a time in words, and the other half of the day when it says neither."""
    word = (match.group("h") or match.group("o") or match.group("p")).lower()
    hour = _HOURS.get(word) or int(word)
    minute = 0
    if match.group("rel"):
        minute = _MINUTES[match.group("rel").lower().split()[-1]]
        if match.group("dir").lower() == "to":
            hour, minute = hour - 1 or 12, 60 - minute
    part = (match.group("half") or match.group("part") or "").lower()
    later = part.startswith("p") or any(w in part for w in ("afternoon", "evening", "night"))
    if part:
        hour = hour % 12 + (12 if later else 0)
        return f"time:{hour:02d}:{minute:02d}", ()
    return f"time:{hour % 12:02d}:{minute:02d}", (f"time:{hour % 12 + 12:02d}:{minute:02d}",)


_CLOCK_24 = regex.compile(r"(?<![\w.:/])(?P<h>[01]?\d|2[0-4]):(?P<m>[0-5]\d|0)(?![\d:/])")  # "3:2" is a score
_CLOCK_DOT = regex.compile(
    r"(?<=\b(?:at|from|until|till|to|by|before|after|between|and|opens|closes)\s++)"
    r"(?P<h>[01]?\d|2[0-4])\.(?P<m>[0-5]\d)(?![\d\p{L}]|[.,]\d|\s*+(?:%|per\s*cent\b|percent\b|\p{Sc}))"
    r"(?!\s++(?!(?:every|each|on|daily|and|until|till|to|or|at|from|hrs|hours|local|sharp|the|in|when|for|with|but"
    r"|except|weekdays|weekends|mon|tue|wed|thu|fri|sat|sun)\w*\b)\p{L})",
    regex.IGNORECASE,
)
"""A time with a dot ("opens at 7.30", "until 21.00") after a word that says when, with no unit or
percent after it: a time, and the decimal it also is (an alternative reading)."""


_QUARTER = regex.compile(
    r"(?<![\w])(?:Q(?P<q>[1-4])|(?-i:Q)\x20(?P<spaced>[1-4])|(?P<n>[1-4])Q)(?![\w])"
    r"|\b(?P<w>first|second|third|fourth|1st|2nd|3rd|4th)[\s-]+(?:fiscal[\s-]+|financial[\s-]+)?quarter\b",
    regex.IGNORECASE,
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}


def quarters(text: str) -> list[Written]:
    """Quarters of a year: "Q2", "2Q", "the second quarter", "second-quarter revenue", "4th fiscal
    quarter" (key ``quarter:N``);
    "Q 2" too, as some sources space it (one reading of both: "the second quartile (Q2)" beside
    "Second quartile (Q 2)" was refused as another value)."""
    found = []
    for match in _QUARTER.finditer(text):
        digit = match.group("q") or match.group("spaced") or match.group("n")
        number = int(digit) if digit else _ORDINALS[match.group("w").lower()]
        found.append(Written(match.span(), f"quarter:{number}"))
    return found


def times(text: str) -> list[Written]:
    """Times of day: "9 pm", "9:00 PM", "9.30 a.m.", "21:00", "21:0" (as structured data writes it), "noon",
    "half past five", "a quarter to eight", "seven o'clock" (either half of the day, unless it says which).

    Keys are ``time:HH:MM`` on a 24-hour clock ("12 am" is 00:00, "24:00" is 00:00). A time
    without am / pm is read on the 24-hour clock ("9:00" is morning): an evening hour must say
    so. The hour and minutes are not also read as plain numbers.
    """
    found: list[Written] = [Written(m.span(), "time:00:00" if m.group(1).lower() == "midnight" else "time:12:00")
                            for m in _NOON.finditer(text)]
    for match in _CLOCK_WORDS.finditer(text):  # "half past five" is 05:30 or 17:30
        key, alts = _clock_words(match)
        found.append(Written(match.span(), key, alts))
    for match in _CLOCK_12.finditer(text):
        if overlaps(match.span(), [w.span for w in found]):
            continue
        hour, minute = int(match.group("h")), int(match.group("m") or 0)
        if hour > 12:
            continue
        hour = hour % 12 + (12 if match.group("half").lower() == "p" else 0)
        found.append(Written(match.span(), f"time:{hour:02d}:{minute:02d}"))
    for match in _CLOCK_24.finditer(text):
        if overlaps(match.span(), [w.span for w in found]):
            continue
        hour, minute = int(match.group("h")) % 24, int(match.group("m"))
        found.append(Written(match.span(), f"time:{hour:02d}:{minute:02d}"))
    for match in _CLOCK_DOT.finditer(text):
        if not overlaps(match.span(), [w.span for w in found]):
            hour, minute = int(match.group("h")) % 24, int(match.group("m"))
            found.append(Written(match.span(), f"time:{hour:02d}:{minute:02d}", (f"{float(match.group()):g}",)))
    return found
