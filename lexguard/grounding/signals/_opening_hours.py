"""Opening hours a claim states, read against a record's table of hours.

Structured sources give a business's hours as a table (``'hours': {'Monday': '11:30-22:0', ...}``),
one day a line once flattened. The verifier reads neither the table nor a sentence of many days
and times against it: "Yankee Noodle is open from 11:30 AM to 10:00 PM from Monday to Sunday,
except on Fridays and Saturdays when it stays open until 11:00 PM" beside that very table read
0.22 supported, 0.75 contradicted (and "open every day from 11:30 to 23:00" the same), so correct
answers were refused and wrong hours passed only by the verifier's habit of doubting every hour.

:func:`read_hours` reads each day and time the claim states (spans of days, "every day", "weekdays",
an exception, an opening and a closing time, "until", "24 hours") and compares them with the
table, day by day: a time or an open day the table does not give is a conflict; a claim that
states nothing but hours, every one as the table gives it, is checked. A day the table marks
``0:0-0:0`` among days with hours is read as neither open nor closed (people read it both ways,
and RAGTruth's annotators did too): a claim about it is neither checked nor a conflict; where every
day is ``0:0-0:0``, the table says open all day. A claim that reports what someone said ("a
reviewer noted ...") is left to the other checks: a review may give other hours than the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import regex

from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._record_reading import REPORTED, RecordReading, unread_words
from lexguard.grounding.signals._times_written import times
from lexguard.grounding.signals._weekdays import day_mentions

__all__ = ["MAX_CLAUSES", "HoursTable", "hours_tables", "read_hours"]

_DAY_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_ALL_DAY = (0, 0)
"""``0:0-0:0``: all day, or closed (the records use it both ways)."""


@dataclass(frozen=True, slots=True)
class HoursTable:
    """A record's opening hours.

    Attributes:
        days: Weekday (0 is Monday) -> (opening, closing) minutes after midnight; a day the table
            does not list is closed.
        text: The table as one line ("hours: Monday 11:30-22:0, ..."), the evidence of a conflict.
    """

    days: dict[int, tuple[int, int]]
    text: str


_RANGE = regex.compile(r"^\s*(\d{1,2}):(\d{1,2})\s*-\s*(\d{1,2}):(\d{1,2})\s*$")


_CLOSED_DAY = regex.compile(r"\s*(?:closed|close|none|n/a|-)?\s*", regex.IGNORECASE)
"""A day's value that says it is closed ("Closed", "", ``None``), as JSON records write it."""


def _table(value: dict[Any, Any]) -> HoursTable | None:
    days: dict[int, tuple[int, int]] = {}
    for key, item in value.items():
        name = str(key).strip().lower()
        if name in _DAY_NAMES and (item is None or (isinstance(item, str) and _CLOSED_DAY.fullmatch(item))):
            continue  # "Sunday": "Closed": a day the table does not list is closed
        match = _RANGE.match(str(item)) if isinstance(item, str) else None
        if name not in _DAY_NAMES or match is None:
            return None
        h1, m1, h2, m2 = (int(g) for g in match.groups())
        days[_DAY_NAMES.index(name)] = ((h1 % 24) * 60 + m1, (h2 % 24) * 60 + m2)
    if not days:
        return None
    text = ", ".join(f"{str(k).strip()} {str(v).strip()}" for k, v in value.items())
    return HoursTable(days, f"hours: {text}")


def hours_tables(record: Any) -> list[HoursTable]:
    """Every table of opening hours in a parsed JSON-like record: a mapping of weekday names to
    ``"H:M-H:M"`` ranges, at any depth."""
    found: list[HoursTable] = []
    stack = [record]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            table = _table(item) if item else None
            if table is not None:
                found.append(table)
            else:
                stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


_CUE = regex.compile(r"\b(?:open|opens|opening|close[sd]?|closing|hours|operat\w*|24/7)\b", regex.IGNORECASE)
_OTHER_HOURS = regex.compile(
    r"\b(?:happy\s+hours?|peak|busy|rush|kitchen|patio|terrace|drive[\s-]*thr?u\w*|delivery|deliveries|brunch|lunch"
    r"|dinner|breakfast|last\s+orders?|orders?\s+stop)\b",
    regex.IGNORECASE,
)
"""Hours of something else than the opening ("the kitchen closes at 9 pm", "happy hour from 4 to
6 pm", "breakfast until 11 am"): a claim naming them is left to the other checks."""
_ANOTHER_TIME = regex.compile(
    r"\b(?:used\s+to|previously|formerly|no\s+longer|temporarily|seasonally|in\s+(?:summer|winter)"
    r"|during\s+the\s+(?:summer|winter|holidays?))\b",
    regex.IGNORECASE,
)
"""Hours of another time than the table's ("it used to open on Sundays", "in summer it stays open
until 10 pm"): left to the other checks."""
MAX_CLAUSES = 40
"""Most clauses of a claim read for hours: a longer one is no statement of opening hours (and
each statement is compared with every other)."""
_DAY_WORD = r"(?:(?:mon|tue|wed|thu|fri|sat|sun)\w*day|weekends?|weekdays?)s?"
_CUTS = (r"\s*(?:;|:(?!\d)|,?\s*\bexcept(?:\s+for)?\b|,?\s*\b(?:while|but|whereas)\b"
         r"|,\s*(?=(?:closed|until|till|from|on|opening|closing|then|with)\b)"
         r"|,\s*(?=\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?\s?m\b|noon|midnight))"
         r"|,?\s*\band\b(?<!\bbetween\s[^,;]{1,24})")
_CLAUSES = (
    regex.compile(_CUTS + rf"(?!(?<=\b{_DAY_WORD},?\s*and)\s+(?:on\s+)?{_DAY_WORD}\b))\s*", regex.IGNORECASE),
    regex.compile(_CUTS + rf"(?!(?<=\b{_DAY_WORD},?\s*and)\s+{_DAY_WORD}\b))\s*", regex.IGNORECASE),
)
"""Where a statement of days and times ends: a semicolon, "except", "while", "but", a comma before
"closed", "until", "from", "on", "with" ("..., until 7 pm on Fridays") or a time ("..., 9 pm on
Sunday"), and "and" but between two
times ("between 9 am and 5 pm") or in a list of days ("on Fridays and Saturdays"). An "and on"
after a day is read both ways: in the list ("on Mondays and on Fridays") and as a second statement
("... Monday to Thursday, and on Fridays, from 7:30 am to 7 pm"); a claim is checked, or
conflicts, only when both readings agree."""
_EXCEPT = regex.compile(r"\bexcept\b", regex.IGNORECASE)
_EVERY_DAY = regex.compile(r"\b(?:every\s+day|daily|seven\s+days(?:\s+a\s+week)?|7\s+days(?:\s+a\s+week)?|all\s+week"
                           r"|24/7|each\s+day)\b", regex.IGNORECASE)
_PARTS = {"weekdays": frozenset(range(5)), "weekday": frozenset(range(5)),
          "weekends": frozenset({5, 6}), "weekend": frozenset({5, 6})}
_PART = regex.compile(r"\b(?:weekdays?|weekends?)\b", regex.IGNORECASE)
_ALL_HOURS = regex.compile(r"\b(?:24\s*hours|24/7|around\s+the\s+clock|all\s+day\s+and\s+night)\b", regex.IGNORECASE)
_CLOSED = regex.compile(r"\bclosed\b", regex.IGNORECASE)
_NEGATED = regex.compile(r"\b(?:not|never|no)\b|n[\u2019']t\b", regex.IGNORECASE)
_OPEN = regex.compile(r"\bopen(?:s|ing)?\b", regex.IGNORECASE)
_OPENS = regex.compile(r"\b(?:from|between|opens?|opening|starting|starts)\s+(?:at\s+|from\s+)?$", regex.IGNORECASE)
_CLOSES = regex.compile(r"\b(?:to|until|till|til|closes?|closing|through|and)\s+(?:at\s+|around\s+)?$|[-\u2013]\s*$",
                        regex.IGNORECASE)
_EITHER = regex.compile(r"\b(?P<which>open|opens|opening|close|closes|closing)\s+between\s+$", regex.IGNORECASE)
"""One end of the day given as either of two times: "closing between 9:30 pm and 10:30 pm"."""
_MERIDIEM = regex.compile(r"[ap]\.?\s?m\b|noon|midnight|midday|morning|afternoon|evening|night", regex.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Stated:
    days: frozenset[int]
    opens: frozenset[int] | None = None
    closes: frozenset[int] | None = None
    closed: bool = False
    all_day: bool = False


def _days(clause: str) -> frozenset[int] | None:
    """The days a clause names, every day of a span ("every day", "weekdays"); ``None`` when none."""
    named = [days for _, days in day_mentions(clause)]
    named += [_PARTS[m.group().lower()] for m in _PART.finditer(clause)]
    if named:  # "open seven days a week from 7 to 4 on weekdays": the weekdays
        return frozenset().union(*named)
    return frozenset(range(7)) if _EVERY_DAY.search(clause) else None


def _minutes(key: str, alts: tuple[str, ...], text: str) -> frozenset[int]:
    """The minutes after midnight a time may be: its reading and its other readings, and for a time
    written without am / pm ("from 11:30 to 10:00") the other half of the day too."""
    out = set()
    for k in (key, *alts):
        if k.startswith("time:"):
            h, m = (int(x) for x in k[5:].split(":"))
            out.add(h * 60 + m)
    if not _MERIDIEM.search(text) and all(v < 13 * 60 for v in out):  # "from 11:30 to 10:00": either half of the day
        out |= {(v + 12 * 60) % (24 * 60) for v in out}
    return frozenset(out)


def _times(clause: str) -> tuple[frozenset[int] | None, frozenset[int] | None] | None:
    """The opening and closing times a clause gives (``None`` when it gives one it cannot place)."""
    found = sorted(times(clause), key=lambda w: w.span)
    if len(found) > 2:
        return None
    values = [_minutes(w.key, w.alts, clause[w.span[0]:w.span[1]]) for w in found]
    if len(found) == 2:
        either = _EITHER.search(clause[:found[0].span[0]])
        if either is not None:  # "closing between 9:30 pm and 10:30 pm": any time from one to the other
            within = frozenset(m for a in values[0] for b in values[1] if a <= b for m in range(a, b + 1))
            return (None, within) if either.group("which").lower().startswith("clos") else (within, None)
        return values[0], values[1]
    if len(found) == 1:
        before = clause[:found[0].span[0]]
        if _CLOSES.search(before):
            return None, values[0]
        if _OPENS.search(before):
            return values[0], None
        return None
    return None, None


def _statements(claim: str, clauses: regex.Pattern[str]) -> list[_Stated] | None:
    """Each (days, times) statement of the claim; ``None`` when a clause cannot be read for sure."""
    out: list[_Stated] = []
    last_days: frozenset[int] | None = None
    pieces = clauses.split(claim)
    if len(pieces) > MAX_CLAUSES:
        return None
    cuts = [m.group() for m in clauses.finditer(claim)]
    for n, clause in enumerate(pieces):
        excepting = n > 0 and bool(_EXCEPT.search(cuts[n - 1]))
        if not (excepting or _CUE.search(clause) or _bare(clause)):
            continue  # "serves brunch on Sundays", "breakfast from 7 to 11": not when it opens
        if _CLOSED.search(clause) and _OPEN.search(clause):
            return None  # "open Tuesday to Sunday, closed Monday" left unsplit
        days = _days(clause)
        timed = _times(clause) or _as_before(clause, out)
        if timed is None:
            return None
        opens, closes = timed
        all_day = bool(_ALL_HOURS.search(clause))
        if days is None:
            if opens is None and closes is None and not all_day:
                continue
            days = last_days if last_days is not None else _days_after(pieces, n)
            if days is None:
                return None
        if excepting and out and last_days is not None:  # "every day except Sunday, when it closes at 8 pm"
            out[-1] = _Stated(out[-1].days - days, out[-1].opens, out[-1].closes, out[-1].closed, out[-1].all_day)
            if opens is None and closes is None and not all_day:
                out.append(_Stated(days, closed=True))
                last_days = days
                continue
        negated = _NEGATED.search(clause) is not None
        if negated and (opens is not None or closes is not None or all_day):
            return None  # "it doesn't open until 11 am"
        closed = (negated or _CLOSED.search(clause) is not None) and opens is None and closes is None  # "isn't open on Mondays"
        out.append(_Stated(days, opens, closes, closed, all_day))
        last_days = days
    return _narrowed(out)


def _as_before(clause: str, out: list[_Stated]) -> tuple[frozenset[int] | None, frozenset[int] | None] | None:
    """A lone time that goes on a list of closing (or opening) times: "closing at 10 pm Monday
    through Thursday, | 9 pm on Sunday" closes at 9 pm on Sunday."""
    found = times(clause)
    if len(found) != 1 or not out or (out[-1].opens is None) == (out[-1].closes is None):
        return None
    value = _minutes(found[0].key, found[0].alts, clause[found[0].span[0] : found[0].span[1]])
    return (None, value) if out[-1].opens is None else (value, None)


def _narrowed(stated: list[_Stated]) -> list[_Stated]:
    """Each day kept only in the statement that names the fewest days: "on weekdays from 5 pm to 10
    pm, while on Fridays from 3 pm to midnight" says nothing of Friday in its first statement."""
    out = []
    for s in stated:
        days = frozenset(d for d in s.days if not any(d in o.days and len(o.days) < len(s.days) for o in stated))
        out.append(_Stated(days, s.opens, s.closes, s.closed, s.all_day))
    return out


def _bare(clause: str) -> bool:
    """Whether a clause holds nothing but days, times and words of opening ("and until 5 pm on weekends")."""
    return not set(content_words(_strip_times(clause))) - _HOURS_WORDS


def _days_after(pieces: list[str], n: int) -> frozenset[int] | None:
    """The days of the piece after ``n`` when it names days and no time ("from 9 to 5, on weekdays")."""
    if n + 1 >= len(pieces) or times(pieces[n + 1]):
        return None
    return _days(pieces[n + 1])


def _day_verdict(stated: _Stated, hours: tuple[int, int] | None, all_unclear: bool) -> str:
    """``"conflict"``, ``"checked"`` or ``"open"`` (the table cannot tell) for one day of a statement."""
    if stated.closed:
        return "checked" if hours is None else "open" if hours == _ALL_DAY else "conflict"
    if hours is None:
        return "conflict"
    if hours == _ALL_DAY:
        if not all_unclear:
            return "open"  # closed or all day: people read it both ways
        return "conflict" if stated.opens is not None or stated.closes is not None else "checked"
    if stated.all_day:
        return "conflict"
    if (stated.opens is not None and hours[0] not in stated.opens) or (stated.closes is not None and hours[1] not in stated.closes):
        return "conflict"
    return "checked"


def _judge(stated: _Stated, table: HoursTable) -> str:
    """The verdict of one statement: a conflict if any of its days conflicts, checked if every
    day is, else open. Every day counts: "from 7:30 am to 5 pm on weekdays" beside a Friday that
    closes at 7 pm conflicts, as a reader who comes at 6 pm on a Friday would find."""
    all_unclear = all(v == _ALL_DAY for v in table.days.values())
    verdicts = {_day_verdict(stated, table.days.get(day), all_unclear) for day in stated.days}
    return "conflict" if "conflict" in verdicts else "open" if "open" in verdicts or not verdicts else "checked"


_HOURS_WORDS = frozenset(content_words(
    "open opens opened opening openings close closes closed closing hours hour operation operates operating operate "
    "operational schedule times time day days week weeks daily every each from until till through except business "
    "place it they its their also stays stay remains remain available "
    "throughout both weekdays weekends weekday weekend including am pm a.m p.m noon midnight midday "
    "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays "
    "sundays seven 24 7 morning evening night afternoon "
    "doesn't don't isn't aren't hasn't haven't didn't cannot can't won't not no"
))
_PLACE_WORDS = frozenset(content_words(
    "restaurant cafe café coffee shop bar pub deli diner bistro eatery bakery pizzeria grill brewery store market "
    "salon studio gym venue location establishment spot kitchen taproom"
))
"""What a claim may call the record's business instead of its name, when the record is the one source."""


def read_hours(
    claim: str, tables: list[HoursTable], name_words: frozenset[str] = frozenset(), *, alone: bool = True
) -> RecordReading:
    """The claim's hours read against the sources' one table of hours.

    Args:
        claim: The claim text.
        tables: The sources' tables of hours (:func:`hours_tables`); read only when there is one.
        name_words: Content words of the record's name, which a checked claim may also hold.
        alone: Whether the record is the only source. Beside other sources, only a claim that
            names the record ("Marlowe's is open ...") is read against its table, and it may not
            call it "the bakery": another source may be about another bakery.

    Returns:
        A conflict when a day or time is not the table's; ``ok`` when every statement of days
        and times is as the table gives it; ``left``, the words other than days, times, words of
        opening and the record's name.
    """
    words = set(content_words(claim))
    other = any(not set(content_words(m.group())) <= name_words for m in _OTHER_HOURS.finditer(claim))  # not "Saltmarsh Kitchen"
    if (len(tables) != 1 or not _CUE.search(claim) or REPORTED.search(claim) or other
            or _ANOTHER_TIME.search(claim) or (not alone and not words & name_words)):
        return RecordReading()
    readings = [_verdict(_statements(claim, clauses), tables[0]) for clauses in _CLAUSES]
    if None in readings:
        return RecordReading()
    if all(r == "conflict" for r in readings):
        return RecordReading(conflict=tables[0].text, named=True)
    known = _HOURS_WORDS | name_words | (_PLACE_WORDS if alone else frozenset())
    return RecordReading(ok=all(r == "checked" for r in readings), named=True,
                         left=unread_words(_strip_times(claim), known))


def _verdict(stated: list[_Stated] | None, table: HoursTable) -> str | None:
    """The claim's verdict by one reading of its statements (``None``: no statement read)."""
    verdicts = [_judge(s, table) for s in stated or () if s.days]
    if not verdicts:
        return None
    return "conflict" if "conflict" in verdicts else "checked" if all(v == "checked" for v in verdicts) else "open"


def _strip_times(claim: str) -> str:
    """The claim without its times, "24 hours" and "seven days a week": a number left is not an hour."""
    pieces, at = [], 0
    for w in sorted(times(claim), key=lambda w: w.span):
        if w.span[0] >= at:
            pieces.append(claim[at:w.span[0]])
            at = w.span[1]
    pieces.append(claim[at:])
    return _EVERY_DAY.sub(" ", _ALL_HOURS.sub(" ", " ".join(pieces)))
