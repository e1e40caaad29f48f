"""What a number measures, for comparing a bound with a value: a share, a currency or unit, a count
of some thing, a year; and its value, a share as a fraction.

"in roughly 24 days instead of about 31" measures days with both numbers, "two to six hours"
hours; "three quarters" is a share, never a count; "nearly 22,000 since 2000" counts no "since".
:func:`comparable` says which classes a bound may be read against (a count of people beside a
count of visitors).
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._lexical import Mention, key_value, numbers
from lexguard.grounding.signals._statements import number_class
from lexguard.grounding.signals._units import unit_of
from lexguard.grounding.signals._words import stem

__all__ = ["comparable", "magnitude", "value_class"]


def value_class(text: str, mention: Mention) -> str:
    """What a number measures, for comparing a bound with a value: a percentage, a currency or
    unit, else its class (:func:`~lexguard.grounding.signals._binding.number_class`)."""
    after = text[mention.span[1] : mention.span[1] + 9].lstrip().lower()
    worded = not any(ch.isdigit() for ch in mention.text)
    fraction = worded and (any(key_value(alt) == 100 * (key_value(mention.key) or 0) for alt in mention.alts)  # "three quarters"
                           or 0 < (key_value(mention.key) or 0) < 1)  # "half of them": a share, never a count
    if fraction or after.startswith(("%", "percent", "per cent")):
        return "percent"
    unit = unit_of(text, mention)
    if unit is not None:
        return f"unit {unit}"
    if _DECADES.search(mention.text):
        return "unit year"  # "six decades" has the value 60 (years)
    if _DECADE.fullmatch(mention.text):
        return "year"  # "the 1980s" is read against years
    kind = number_class(text, mention)
    if kind == "" and (before := _elided(text, mention)) is not None:
        return value_class(text, before)  # "24 days instead of about 31": days
    if kind == "" and (ahead := _RANGE_TO.match(text, mention.span[1])) is not None:
        upper = next((m for m in numbers(text) if m.span[0] == ahead.end()), None)
        if upper is not None and (unit := unit_of(text, upper)) is not None:
            return f"unit {unit}"  # "two to six hours": hours
    if kind == "" or kind.split()[-1] in _NOT_COUNTED:
        return "count"  # "22,000 since 2000" counts no "since"
    return kind


_RANGE_TO = regex.compile(r"\s*+(?:to|-|\u2013|or|and)\s*+")
"""Between the ends of a range whose first end leaves its unit to the second ("two to six hours")."""
_SET_AGAINST = regex.compile(
    r"(?P<unit>[\p{L}%]+)\s+(?:instead\s+of|compared\s+(?:with|to)|against|versus|vs\.?|rather\s+than|up\s+from"
    r"|down\s+from|than|or)\s+(?:(?:about|around|roughly|approximately|nearly|almost|some|an\s+estimated|just)\s+)?$",
    regex.IGNORECASE,
)


def _elided(text: str, mention: Mention) -> Mention | None:
    """The value a number is set against whose unit it leaves out ("in roughly 24 days instead of
    about 31", "3 hours, against 5"): the number before the comparing words, with its unit."""
    found = _SET_AGAINST.search(text[max(0, mention.span[0] - 60) : mention.span[0]].replace(",", " "))
    if found is None:
        return None
    end = max(0, mention.span[0] - 60) + found.start("unit")
    return next((m for m in numbers(text) if text[m.span[1] : end].strip() == "" and m.span[1] <= end), None)


_NOT_COUNTED = frozenset(
    "since ago per each time times more less fewer during until before after across among including between "
    "from over under about around against within without".split()
)


_DECADES = regex.compile(r"\sdecades?$", regex.IGNORECASE)
_DECADE = regex.compile(r"(?:1[0-9]|20)[0-9]0s|[\u2019']?[0-9]0s")


def comparable(claim_class: str, evidence_class: str) -> bool:
    """The same class, a count of a named thing beside a bare count ("under 10,000
    inhabitants" beside "a population of 8,412", "nearly 22,000 since 2000" beside "almost 22,000
    people"), or a count of people beside a count of some people ("more than two million people
    visited" beside "2.1 million visitors")."""
    counts = claim_class.startswith("count") and evidence_class.startswith("count")
    people = counts and "count people" in (claim_class, evidence_class) and {
        claim_class.split()[-1], evidence_class.split()[-1]} <= _PEOPLE_STEMS
    return claim_class == evidence_class or (counts and "count" in (claim_class, evidence_class)) or people


_PEOPLE = frozenset(
    "people person resident inhabitant visitor attendee fan spectator user customer member employee worker "
    "student passenger viewer subscriber participant voter patient tourist guest individual adult citizen pupil "
    "listener reader follower respondent".split()
)
"""What a count of people is also a count of (by the singular a number's class names)."""
_PEOPLE_STEMS = _PEOPLE | frozenset(stem(form) for word in _PEOPLE for form in (word, f"{word}s"))
"""The same, as :func:`~lexguard.grounding.signals._words.stem` writes them ("employe" of "employees")."""


def magnitude(text: str, mention: Mention) -> float | None:
    """A number's value, a share as a fraction ("87%" and "three quarters": 0.87, 0.75), with the
    minus sign written before it ("-15 degrees": the numbers' keys drop it)."""
    if value_class(text, mention) != "percent":
        value = key_value(mention.key)
    else:
        found = [v for v in map(key_value, (mention.key, *mention.alts)) if v is not None]
        value = min(found) if found else None
    signed = mention.text[:1] in ("-", "\u2212", "\u2013") or _MINUS.search(text, max(0, mention.span[0] - 2), mention.span[0] + 1)
    if value is not None and value > 0 and signed:
        return -value
    part = _AND_A_PART.match(text, mention.span[1]) if value is not None else None
    if part is not None:  # "five years and three months": 5.25 years
        count = key_value(numbers(part.group("count"))[0].key) if numbers(part.group("count")) else None
        per = _PARTS[part.group("whole").lower().rstrip("s")].get(part.group("part").lower().rstrip("s"))
        if count is not None and per:
            return value + count / per
    return value


_AND_A_PART = regex.compile(
    r"[\s-]*+(?P<whole>years?|hours?|days?|weeks?|feet|foot|ft|metres?|meters?)\s++and\s++"
    r"(?P<count>\d++|one|two|three|four|five|six|seven|eight|nine|ten|eleven|a|an)\s++"
    r"(?P<part>months?|minutes?|hours?|days?|inches?|inch|centimetres?|centimeters?)\b",
    regex.IGNORECASE,
)
"""A length given in two units ("five years and three months", "two days and six hours"): one
quantity, whose whole is the first unit's value with the part added."""
_PARTS = {"year": {"month": 12}, "hour": {"minute": 60}, "day": {"hour": 24}, "week": {"day": 7},
          "feet": {"inche": 12, "inch": 12}, "foot": {"inche": 12, "inch": 12}, "ft": {"inche": 12, "inch": 12},
          "metre": {"centimetre": 100}, "meter": {"centimeter": 100}}


_MINUS = regex.compile(r"(?:^|(?<=[\s(]))[-\u2212\u2013](?=\d)")
"""A minus sign: after a space or "(", right before the digits ("-15", not "1990-2000" nor "10 - 15")."""
