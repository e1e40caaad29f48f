"""One of a unit, written as a word: "for one year", "within a month", "a one-year warranty".

"one" is no number on its own ("one of the best", "no one", "One day, she ..."), nor is "a", so
"The warranty covers the bike for one year" beside "for two years" held no value to check and
passed (the verifier read it as supported, 0.97). :func:`single_units` reads "one", "a" or "an"
before a unit of time, length, weight, volume or money as the number 1 where the words around
it make it a quantity: after a word that measures ("for", "within", "after", "about", "lasts",
"takes", ...) or joined to the unit by a hyphen ("one-year"); never a rate ("twice a day", "£5 a
month": no measuring word before it) nor a time told by its place ("a year ago", "a day later").
"""

from __future__ import annotations

import regex

__all__ = ["one_year_told", "single_units"]

_UNITS = (
    r"years?|months?|weeks?|fortnights?|days?|nights?|hours?|minutes?|centur(?:y|ies)"
    r"|miles?|kilomet(?:re|er)s?|met(?:re|er)s?|foot|feet|inch(?:es)?|yards?|kilo(?:gram(?:me)?)?s?|grams?"
    r"|pounds?|ounces?|tonnes?|tons?|lit(?:re|er)s?|gallons?|pints?|acres?|hectares?|dollars?|euros?"
)
_MEASURING = (
    r"for|within|in|after|only|just|lasts?|lasted|lasting|takes?|took|taking|costs?|cost|weighs?|weighed"
    r"|measures?|measured|extra|another|additional"
)
_ABOUT = r"about|around|approximately|roughly|nearly|almost"
"""Words that put a quantity near a value: "about an hour" is one hour, near enough."""
_BOUNDING = r"over|under|than|least|most|to"
"""Words that compare a quantity: "less than a day", "more than a month's rain" are idioms with
"a", read only with "one" ("more than one day")."""
_SINGLE = regex.compile(
    rf"(?:\b(?:{_MEASURING}|{_ABOUT})\s++(?P<lead>one|an?)\s++|\b(?:{_BOUNDING})\s++(?P<bounded>one)\s++"
    rf"|\b(?P<joined>one|an?)-)(?={_UNITS}\b)"
    rf"(?!(?:{_UNITS})\s++(?:ago|later|earlier|before|after|or\s++(?:two|so|more)|and\s++a\s++half)\b)",
    regex.IGNORECASE,
)
""""one", "a" or "an" before a unit, after a measuring word or joined to it by a hyphen ("a second"
is no unit: "for a second car")."""


_NEAR_AN_EVENT = regex.compile(
    rf"\b(?:{_ABOUT})\s++(?P<lead>one|an?)\s++(?=(?:{_UNITS})\s++(?:before|after)\b)", regex.IGNORECASE
)
""""about an hour before landing": a quantity, however an unmeasured "a day before" reads."""


_NEXT_WORD = regex.compile(r"\p{L}+\s++(\p{L}+)\b(?![-'\u2019])")


def single_units(scan: str) -> list[tuple[int, int]]:
    """The spans of the words that count one of a unit ("one" of "for one year", "a" of "within a
    month", "one" of "a one-year warranty"); not "a" before a unit that names a kind of thing
    ("for a day hike", "a week course": the unit is the next noun's).

    Example:
        >>> [scan[a:b] for scan in ["It lasts for a day.", "No permit for a day hike."] for a, b in single_units(scan)]
        ['a']
    """
    out = []
    for match in _SINGLE.finditer(scan):
        name = next(n for n in ("lead", "bounded", "joined") if match.group(n))
        if name == "joined" and match.group(name).lower() != "one":
            continue  # "a-year" is no way to write it
        if name == "lead" and match.group(name).lower() != "one" and _names_a_kind(scan, match.end()):
            continue
        out.append(match.span(name))
    out += [match.span("lead") for match in _NEAR_AN_EVENT.finditer(scan)]
    return sorted(out)


def _names_a_kind(scan: str, at: int) -> bool:
    """Whether the unit at ``at`` stands before a noun it describes: "a day *hike*", "a week *course*"."""
    from lexguard.grounding.signals._language import function_words
    from lexguard.grounding.signals._words import word_kinds

    after = _NEXT_WORD.match(scan, at)
    if after is None or after.group(1).lower() in function_words("english"):
        return False
    kinds = word_kinds(after.group(1).lower())
    return "NOUN" in kinds and not kinds & {"ADJ", "ADV"}



_ONE_YEAR = regex.compile(r"\b(?:a|one)\s++year\b", regex.IGNORECASE)
_YEAR_BEFORE = regex.compile(
    r"\b(?:the|a)\s++(?:year|twelve\s++months|12\s++months)\s++(?:before|earlier|previously)\b|\bthe\s++(?:previous|prior)"
    r"\s++year\b|\byear[\s-]on[\s-]year\b|\bover\s++the\s++(?:past\s++)?year\b|\bin\s++(?:the\s++)?past\s++year\b",
    regex.IGNORECASE,
)


def one_year_told(claim: str, span: tuple[int, int], texts: list[str]) -> bool:
    """Whether a claim's "a year" ("rose from 87 to 214 in a year") is the span the sources give
    in words ("214 incidents in 2023, up from 87 the year before"): one year, told so.

    Example:
        >>> one_year_told("rose from 87 to 214 in a year", (23, 24), ["214 in 2023, up from 87 the year before"])
        True
        >>> one_year_told("rose from 87 to 214 in a year", (23, 24), ["214 in 2023, up from 87 in 2019"])
        False
    """
    found = _ONE_YEAR.match(claim, span[0])
    return found is not None and any(_YEAR_BEFORE.search(text) for text in texts)
