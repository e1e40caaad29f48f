"""Dates as people write them, alone or as the start of a range.

"27 May 1937", "May 27, 1937", "May 1937", "27 May", "27/05/1937" and "1937-05-27" are read as
keys ``date:YYYY-MM-DD``, ``date:YYYY-MM`` or ``date:--MM-DD`` (:func:`dates`). A range gives its
year (and month) once, at its end: "from 23 February to 6 March 2011", "from 3 to 9 June 2024",
"from March to May 1999". Its start is read with them (:func:`_with_ranges`), so a claim
that the event began on "23 February 2011" is supported by that source and one of "23 February
2012" is not. :func:`stated_keys` gives what a *source* date also states (its month, its day of
the month).
"""

from __future__ import annotations

import calendar
import datetime

import regex

from lexguard.grounding.signals._written import Written

__all__ = ["dates", "is_calendar_key", "month_of", "month_spans", "months_named", "months_spanned", "stated_keys"]


def _fmt(value: float) -> str:
    return f"{value:.6g}"  # a plain number's key, as :mod:`._written` writes it

_MONTHS: dict[str, int] = {}
for _number in range(1, 13):
    _MONTHS[calendar.month_name[_number].lower()] = _number
    _MONTHS[calendar.month_abbr[_number].lower()] = _number
_MONTHS["sept"] = 9
_MONTH = r"(?P<month>" + "|".join(sorted((m.capitalize() for m in _MONTHS), key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>\d{4})"
_NAMED_DATES = [
    regex.compile(rf"(?<![\w.,]){_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?(?![\w])"),
    regex.compile(rf"(?<![\w]){_MONTH}\s+(?:(?P<first>[0-3]?\d)(?:st|nd|rd|th)?\s*[-\u2013]\s*)?{_DAY}(?:,?\s+{_YEAR})?(?![\w])"),
    regex.compile(rf"(?<![\w]){_MONTH},?\s+{_YEAR}(?![\w])"),
]
_SHORT_DATE = regex.compile(r"(?<![\w./$\u00a3\u20ac-])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![\w/%]|[.,]\d)")
"""A day and month without a year ("31/10"); read only when one of them is past 12 (else a fraction),
and never "24/7" (all day, every day)."""
_NUMERIC_DATE = regex.compile(
    r"(?<![\w./-])(?:(?P<y>\d{4})(?P<s>[-/.])(?P<a>\d{1,2})(?P=s)(?P<b>\d{1,2})"
    r"|(?P<a>\d{1,2})(?P<s>[-/.])(?P<b>\d{1,2})(?P=s)(?P<y>\d{4}))(?![\w]|[./-]\d)"
)


def _date_key(year: int | None, month: int, day: int | None) -> str | None:
    try:
        datetime.date(year or 2000, month, day or 1)  # 2000: a leap year, "29 February" stays valid
    except ValueError:
        return None
    if year is None:
        return f"date:--{month:02d}-{day:02d}"
    return f"date:{year:04d}-{month:02d}" + (f"-{day:02d}" if day is not None else "")


def dates(text: str) -> list[Written]:
    """Dates: "27 May 1937", "May 27, 1937", "May 1937", "27 May", "27/05/1937", "1937-05-27",
    "31/10", "June 3-9, 2024" (both days), and the ends of ranges (:func:`_with_ranges`).

    A numeric date whose day and month could be swapped ("05/06/1937") has both readings (the
    day-first one as ``key``); one that can be read only one way ("27/05/1937", "05/27/1937")
    has that one; a day and month without a year only when one of them is past 12 (else "3/4"
    is a fraction). Month names are read only capitalised ("may" is a verb).
    """
    found: list[Written] = []
    taken: list[tuple[int, int]] = []
    for match in _NUMERIC_DATE.finditer(text):
        year, a, b = int(match.group("y")), int(match.group("a")), int(match.group("b"))
        iso = len(match.group(0).split(match.group("s"))[0]) == 4
        readings = [(a, b)] if iso else [(b, a), (a, b)]  # (month, day): ISO is y-m-d, else day first
        keys = [k for k in dict.fromkeys(_date_key(year, m, d) for m, d in readings) if k]
        if not keys:
            continue
        day_known = len(keys) == 1
        day = int(keys[0][-2:])
        parts = (_fmt(year), _fmt(day)) if day_known else (_fmt(year),)
        found.append(Written(match.span(), keys[0], tuple(keys[1:]), parts))
        taken.append(match.span())
    for match in _SHORT_DATE.finditer(text):  # "31/10", "10/31": a day and a month, told apart by a day past 12
        a, b = int(match.group("a")), int(match.group("b"))
        key = _date_key(None, b, a) if a > 12 else _date_key(None, a, b) if b > 12 else None
        if key is not None and match.group() != "24/7" and not any(s < match.end() and match.start() < e for s, e in taken):
            found.append(Written(match.span(), key, parts=(_fmt(a if a > 12 else b),)))  # its day, as a named date's
            taken.append(match.span())
    for pattern in _NAMED_DATES:
        for match in pattern.finditer(text):
            if any(s < match.end() and match.start() < e for s, e in taken):
                continue
            groups = match.groupdict()
            month = _MONTHS[groups["month"].lower().rstrip(".")]
            year = int(groups["year"]) if groups.get("year") else None
            day = int(groups["day"]) if groups.get("day") else None
            key = _date_key(year, month, day)
            if key is None:
                continue
            parts = tuple(_fmt(v) for v in (year, day) if v is not None)
            span = match.span()
            if groups.get("first"):  # "June 3-9, 2024": the range's first day is a date of its own
                first = _date_key(year, month, int(groups["first"]))
                if first is not None:
                    found.append(Written(match.span("first"), first, (_fmt(int(groups["first"])),)))
                span = (match.start("day"), match.end())
            alts = (_fmt(day),) if groups.get("first") and day is not None else ()  # a range's end: its day too
            found.append(Written(span, key, alts, parts))
            taken.append(match.span())
    return _with_ranges(text, found, taken)


_RANGE_TO = regex.compile(r"(?:\s+(?:to|until|till|through|thru|and)\s+|\s*[-\u2013\u2014]\s*)$")
"""What joins the start of a range (or a list of two dates) to its end: "to", "until", "and", a dash."""
_BARE_DAY = regex.compile(r"(?<![\w.,:/$\u00a3\u20ac-])(?P<day>[0-3]?\d)(?:st|nd|rd|th)?$")
_BARE_MONTH = regex.compile(rf"(?<![\w]){_MONTH}$")


def _with_ranges(text: str, found: list[Written], taken: list[tuple[int, int]]) -> list[Written]:
    """``found`` with the start of each range read with the year (and month) given at its end.

    The start is a date without a year ("23 February" to "6 March 2011": 23 February 2011; a month
    after the end's is the year before: "28 December to 3 January 2012"), a bare day ("3 to 9 June
    2024": 3 June 2024, its day still a plain number too) or a bare month ("March to May 1999":
    March 1999). A date without a year keeps its own key and gains the dated one as another
    reading.
    """
    out = list(found)
    for end in found:
        year, month, day = _parts(end.key)
        joint = _RANGE_TO.search(text, max(0, end.span[0] - 12), end.span[0])
        if joint is None:
            continue
        cut = joint.start()
        start = next((w for w in out if w.span[1] == cut and w.key.startswith("date:--")), None)
        if start is not None:
            s_month, s_day = int(start.key[7:9]), int(start.key[10:12])
            dated = _date_key(year - (s_month > month), s_month, s_day) if year is not None else None
            if dated is not None:
                out[out.index(start)] = Written(start.span, start.key, (*start.alts, dated), start.parts)
            continue
        head = text[max(0, cut - 12):cut]
        bare_day = _BARE_DAY.search(head) if day is not None else None
        bare_month = _BARE_MONTH.search(head) if day is None else None
        if bare_day is not None:
            span = (cut - len(head) + bare_day.start(), cut)
            key = _date_key(year, month, int(bare_day.group("day")))
            parts = alts = (_fmt(int(bare_day.group("day"))),)
        elif bare_month is not None and year is not None:
            span = (cut - len(head) + bare_month.start(), cut)
            key = _date_key(year, _MONTHS[bare_month.group("month").lower().rstrip(".")], None)
            parts = alts = ()
        else:
            continue
        if key is not None and not any(s < span[1] and span[0] < e for s, e in taken):
            out.append(Written(span, key, alts, parts))
            taken.append(span)
    out += _range_ends(text, out, taken)
    out.sort(key=lambda w: w.span)
    return out


_END_DAY = regex.compile(r"\s*(?:-|\u2013|\u2014|to|until|till|through|and|&)\s*(?P<day>[0-3]?\d)(?:st|nd|rd|th)?\b"
                         r"(?!\s*(?:[:.,]\d|%|[ap]\.?m\b|(?:st|nd|rd|th)\b|\p{L}{1,3}\b(?<!and|or|in|at|on|to)))",
                         regex.IGNORECASE)


def _range_ends(text: str, found: list[Written], taken: list[tuple[int, int]]) -> list[Written]:
    """The bare day that ends a range or pair after a date: "October 10 and 11", "May 3-5, 2020"
    (the 11th of October, the 5th of May), its plain number still read too."""
    out = []
    for start in found:
        year, month, day = _parts(start.key)
        match = _END_DAY.match(text, start.span[1]) if day is not None else None
        if match is None or any(s < match.end() and match.start("day") < e for s, e in taken):
            continue
        key = _date_key(year, month, int(match.group("day")))
        if key is not None and int(match.group("day")) > day:
            out.append(Written(match.span("day"), key, (_fmt(int(match.group("day"))),)))
            taken.append(match.span("day"))
    return out


def _parts(key: str) -> tuple[int | None, int, int | None]:
    """``(year, month, day)`` of a date key (``year`` ``None`` for "date:--MM-DD")."""
    body = key.removeprefix("date:")
    if body.startswith("--"):
        return None, int(body[2:4]), int(body[5:7])
    pieces = body.split("-")
    return int(pieces[0]), int(pieces[1]), int(pieces[2]) if len(pieces) > 2 else None


def is_calendar_key(key: str) -> bool:
    """Whether ``key`` is a date's, a time of day's or a quarter's (not a plain number's)."""
    return key.startswith(("date:", "time:", "quarter:"))


def stated_keys(key: str) -> tuple[str, ...]:
    """What a source value with ``key`` states: itself, and for a full date its month and day.

    "27 May 1937" in a source supports a claim of "May 1937" or of "27 May"; a claim of
    "27 May 1937" is not supported by a source that says only "May 1937".
    """
    if key.startswith("date:") and len(key) == len("date:YYYY-MM-DD") and not key.startswith("date:--"):
        return key, key[:-3], f"date:--{key[-5:]}"
    return (key,)


_MONTH_NAME = r"(?:" + "|".join(sorted((calendar.month_name[n] for n in range(1, 13)), key=len, reverse=True)) + r")"
_MONTH_SPAN = regex.compile(
    rf"(?<![\w])(?P<between>between\s+)?(?P<a>{_MONTH_NAME})\s*+(?:-|\u2013|to|through|until|till|and)\s*+"
    rf"(?P<b>{_MONTH_NAME})(?![\w])"
)
"""Two months joined as a span ("from April to September", "October\u2013March"; "and" only after
"between"): the months written in full, with capitals ("May" in lower case is a verb)."""


def month_of(name: str) -> int | None:
    """The month a name is (``"July"`` -> 7; abbreviations too), else ``None``."""
    return _MONTHS.get(name.strip(" .").lower())


def months_spanned(text: str) -> frozenset[int]:
    """The months inside the spans of months ``text`` gives, both ends and every month between
    ("October to March" holds November and January: a span goes round the year's end)."""
    return frozenset().union(*(months for _, months in month_spans(text)))


def month_spans(text: str) -> list[tuple[tuple[int, int], frozenset[int]]]:
    """Each span of months ``text`` gives, with its characters and the months inside it (see
    :func:`months_spanned`)."""
    out = []
    for match in _MONTH_SPAN.finditer(text):
        if match.group(0).split()[-2:-1] == ["and"] and not match.group("between"):
            continue
        a, b = _MONTHS[match.group("a").lower()], _MONTHS[match.group("b").lower()]
        out.append((match.span(), frozenset((a - 1 + i) % 12 + 1 for i in range((b - a) % 12 + 1))))
    return out


_MONTH_WORD = regex.compile(rf"(?<![\w]){_MONTH_NAME}(?![\w])")


def months_named(text: str) -> frozenset[int]:
    """The months ``text`` names, one by one or inside a span ("in December, January and
    February", "from March to November"); "May" only inside a sentence (at its start it may be the
    verb)."""
    single = {_MONTHS[m.group().lower()] for m in _MONTH_WORD.finditer(text) if m.start() or m.group() != "May"}
    return frozenset(single) | months_spanned(text)

