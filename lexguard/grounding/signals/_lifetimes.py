"""An age or a length of time worked out from a year the sources give: a birth year, a first year.

"Vask published her first novel before she turned 30" beside "Henrietta Vask (1921-1998) ...
Her first novel was published in 1949" is correct, and "more than three decades after her birth"
wrong; "By 2020 the festival had been running for more than three decades" beside "first held
in 1987" is correct. Neither 30 is in the sources, so the strict number rule refused the right
claims as readily as the wrong ones, and the verifier, which does no arithmetic, was no help.

:func:`lifetime_reading` reads such a number against the years: an age ("before she turned 30",
"at the age of 28", "aged 28", "when she was 28", "N years after her birth") against the birth
year the sources give ("(1921-1998)", "born in 1921") and the year of the claim's event (the one
year of the evidence sentence that shares most of the claim's words); a length ("for more than
three decades") against the first year the sources give ("first held in 1987", "founded in",
"since") and the year the claim names ("By 2020"). Years alone leave the birthday unknown: an age
is one of two, a length a range, and the claim is met when every reading of it holds, broken when
none does.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._anchoring import bound_words
from lexguard.grounding.signals._bounds import NEAR
from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers

__all__ = ["Lifetime", "life_decade_conflict", "lifetime_reading", "read_lifetime"]

_AGE = regex.compile(
    r"(?P<below>\bbefore\s++(?:she|he|they|\p{Lu}\p{L}++)\s++(?:turned|was|were|reached)\s++$)"
    r"|(?P<at_most>\bby\s++the\s++age\s++of\s++$|\bby\s++age\s++$)"
    r"|(?P<at_least>\bafter\s++(?:she|he|they|\p{Lu}\p{L}++)\s++turned\s++$)"
    r"|(?P<exactly>\bat\s++(?:the\s++)?age\s++(?:of\s++)?$|\baged\s++$|\bwhen\s++(?:she|he|they|\p{Lu}\p{L}++)\s++(?:was|were)\s++$)",
    regex.IGNORECASE,
)
"""The words before an age at an event: "before she turned", "by the age of", "at the age of"."""
_STATE_AGE = regex.compile(
    r"(?P<below>\b(?:was|were)\s++(?:still\s++)?(?:under|younger\s++than|not\s++yet)\s++$)"
    r"|(?P<above>\b(?:was|were)\s++(?:already\s++)?(?:over|older\s++than)\s++$)",
    regex.IGNORECASE,
)
_WHEN_AFTER = regex.compile(r"(?:\s++years?\s++old)?,?\s++(?:when|as)\b", regex.IGNORECASE)
"""An age said as a state at an event: "was still under 25 *when* she held her first show"."""
_AFTER_YEAR = regex.compile(r",?\s*+")
_AFTER_BIRTH = regex.compile(r"[\s-]++(?:years?|decades?)\s++after\s++(?:her|his|their|its)\s++birth\b", regex.IGNORECASE)
_SPAN = regex.compile(r"[\s-]++(?:an?\s++)?(?P<unit>years?|decades?|centur(?:y|ies))\b(?![\s-]++(?:old|ago|later|after|before)\b)", regex.IGNORECASE)
_FOR = regex.compile(r"\bfor\s++(?:(?:just|only|roughly|about|around|nearly|almost|some|well)\s++)?$", regex.IGNORECASE)
_CLAIM_YEAR = regex.compile(r"\b(?:by|in|as\s+of|until)\s++(?P<year>1[5-9]\d\d|20\d\d)\b", regex.IGNORECASE)
_BIRTH = regex.compile(
    r"\(\s*+(?:born\s++|b\.\s*+)?(?:[\p{L}\d ,.]{0,20}?\s)?(?P<year>1[5-9]\d\d|20[0-2]\d)\s*+(?:[-\u2013\u2014]|\)|;|,)"
    r"|\bborn\b[^.;()]{0,40}?\b(?P<year>1[5-9]\d\d|20[0-2]\d)\b",
    regex.IGNORECASE,
)
"""A birth year: "(1921-1998)", "(born 4 May 1921)", "was born in 1921"."""
_FIRST = regex.compile(
    r"\b(?:first\s++(?:held|run|staged|opened|published|aired|played|took\s+place)|founded|established|formed|created"
    r"|launched|beg[au]n|started|opened|since|inaugurated|set\s+up)\b[^.;]{0,30}?\b(?P<year>1[5-9]\d\d|20\d\d)\b",
    regex.IGNORECASE,
)
"""A first year: "was first held in 1987", "founded in 1952", "since 1990"."""
_YEAR = regex.compile(r"(?<![\d-])(?:1[5-9]\d\d|20\d\d)(?![\d-])")
_MIN_SHARED = 2
"""Content words an evidence sentence must share with the claim to give the year of its event."""


class Lifetime(NamedTuple):
    """An age or a length of the claim read against the years the sources give."""

    met: bool | None
    """Whether every reading of the years meets it (``None``: some do, some do not)."""
    start: int
    end: int
    """Where the claim writes it, with its leading words ("before she turned 30")."""
    written: str
    """The year it stands for, as the verifier reads it ("in 1949", "since 1987")."""
    year: tuple[int, int] | None = None
    """Where the claim names the year a length runs to ("By 2020"): read with it."""
    year_phrase: tuple[int, int] | None = None
    """Where the words naming that year stand, with the comma after them ("By 2020, "): the
    verifier reads the first year without them."""


def lifetime_reading(claim: str, mention: Mention, texts: Iterable[str]) -> bool | None:
    """Whether the years the evidence gives meet an age or a length of time of the claim
    (:attr:`Lifetime.met` of :func:`read_lifetime`).

    Example:
        >>> evidence = ["Ida Borne (1921-1998) was a novelist. Her first novel was published in 1949."]
        >>> claim = "Borne published her first novel before she turned 30."
        >>> lifetime_reading(claim, numbers(claim)[0], evidence)
        True
        >>> claim = "Borne published her first novel before she turned 25."
        >>> lifetime_reading(claim, numbers(claim)[0], evidence)
        False
    """
    reading = read_lifetime(claim, mention, texts)
    return None if reading is None else reading.met


def read_lifetime(claim: str, mention: Mention, texts: Iterable[str]) -> Lifetime | None:
    """An age or a length of the claim read against the years the evidence gives; ``None`` when
    the number is no such age or length, or the evidence gives no year to read it by."""
    value = key_value(mention.key)
    if value is None or value <= 0 or value >= 150:
        return None
    sentences = [s for text in texts for s in passage_sentences(text)]
    sentences += [part for s in sentences for part in clauses(s)]  # "... opened in 1964, and she taught ... from 1972"
    unit_at = _unit_start(mention)
    age = _AGE.search(claim, max(0, mention.span[0] - 40), mention.span[0]) or (
        _STATE_AGE.search(claim, max(0, mention.span[0] - 40), mention.span[0])
        if _WHEN_AFTER.match(claim, mention.span[1]) else None)
    birth = _AFTER_BIRTH.match(claim, unit_at)
    span = _SPAN.match(claim, unit_at)
    lead = _FOR.search(claim, max(0, _bound_start(claim, mention) - 20), _bound_start(claim, mention))
    if age is not None and _DIED.search(claim, max(0, age.start() - 20), age.start()):  # "died at the age of 67"
        kind, found, where = age.lastgroup, _age_at_death(sentences), (age.start(), mention.span[1])
    elif age is not None:
        event = claim[: age.start()] + claim[mention.span[1] :]  # "... was still under 25 | when she held her first show"
        kind, found, where = age.lastgroup, _years_since_birth(event, len(event), sentences), (age.start(), mention.span[1])
    elif birth is not None:
        kind, found = _bound_kind(claim, mention), _years_since_birth(claim, mention.span[0], sentences)
        value, where = value * _unit(claim, mention), (_bound_start(claim, mention), birth.end())
    elif span is not None and lead is not None:
        kind, found = _bound_kind(claim, mention), _years_to_claim_year(claim, sentences)
        value, where = value * _unit(claim, mention), (lead.start(), span.end())
    else:
        return None
    if found is None or kind is None:
        return None
    years, year, word = found
    named = _CLAIM_YEAR.search(claim) if age is None and birth is None else None
    phrase = (named.start(), named.end() + len(_AFTER_YEAR.match(claim, named.end()).group())) if named else None
    return Lifetime(_met(kind, value, years), *where, f"{word} {year}", named.span("year") if named else None, phrase)


def _bound_start(claim: str, mention: Mention) -> int:
    words = bound_words(claim, mention.span[0])
    return words[1] if words is not None else mention.span[0]


def _bound_kind(claim: str, mention: Mention) -> str | None:
    """The claim's bound on a length ("more than three decades": below it no reading holds), or
    "about" for a plain one; a limit ("up to") reads nothing."""
    words = bound_words(claim, mention.span[0])
    kinds = {None: "about", "above": "above", "at_least": "at_least", "below": "below", "about": "about",
             "near": "near"}
    return kinds.get(words[0] if words is not None else None)


_UNIT_IN = regex.compile(r"[\s-]++(?:years?|decades?)$", regex.IGNORECASE)


def _unit_start(mention: Mention) -> int:
    """Where the unit of a length starts: inside the number's own words ("three decades") or after it."""
    inside = _UNIT_IN.search(mention.text)
    return mention.span[0] + inside.start() if inside is not None else mention.span[1]


def _unit(claim: str, mention: Mention) -> float:
    """Years a unit of the claim's length holds (a decade: ten; "three decades" has the value 30)."""
    if _UNIT_IN.search(mention.text):
        return 1.0  # the number's value counts the years already
    unit = regex.match(r"[\s-]++(?:an?\s++)?(decade|centur)", claim[mention.span[1] :], regex.IGNORECASE)
    if unit is None:
        return 1.0
    return 10.0 if unit.group(1).lower() == "decade" else 100.0  # "half a century": 50 years


def _met(kind: str, value: float, years: tuple[int, int]) -> bool | None:
    """Whether every number of years from ``years[0]`` to ``years[1]`` meets the claim's ``value``
    read as ``kind`` (``True``), none does (``False``), or some do (``None``)."""
    holds = {
        "below": lambda n: n < value, "at_most": lambda n: n <= value, "at_least": lambda n: n >= value,
        "above": lambda n: n > value, "exactly": lambda n: n == value, "about": lambda n: abs(n - value) <= 1,
        "near": lambda n: value * (1 - NEAR) <= n <= value,
    }[kind]
    readings = [holds(n) for n in range(years[0], years[1] + 1)]
    if kind == "exactly":  # "at the age of 28" for 1949 less 1921: the sources can tell no more
        return any(readings)
    return True if all(readings) else False if not any(readings) else None


def _years_since_birth(claim: str, before: int, sentences: list[str]) -> tuple[tuple[int, int], int, str] | None:
    """The ages (least, most) at the claim's event: its year less the birth year the sources give
    (one of two, the birthday unknown)."""
    births = {int(m.group("year")) for s in sentences for m in _BIRTH.finditer(s)}
    if len(births) != 1:
        return None
    birth = births.pop()
    event = _event_year(claim[:before], sentences, exclude=_birth_years(sentences))
    if event is None or event <= birth:
        return None
    return (event - birth - 1, event - birth), event, "in"


_DIED = regex.compile(r"\b(?:died|passed\s++away)\s*+$", regex.IGNORECASE)
_LIFE = regex.compile(
    r"\((?:born\s++)?[^()]{0,20}?(?P<birth>1[5-9]\d\d|20[0-2]\d)\s*+[-\u2013\u2014]\s*+[^()]{0,20}?(?P<death>1[5-9]\d\d|20[0-2]\d)\s*+\)"
)
"""A life's years: "(1921-1998)", "(14 March 1931 - 2 June 1998)"."""
_DECADES_OF_LIFE = {"twenties": 20, "thirties": 30, "forties": 40, "fifties": 50, "sixties": 60, "seventies": 70,
                    "eighties": 80, "nineties": 90}
_IN_HER_DECADE = regex.compile(
    r"\b(?:died|lived)\s++(?:in|into|until)\s++(?:his|her|their)\s++(?:early\s++|mid-?\s*+|late\s++)?(?P<decade>"
    + "|".join(_DECADES_OF_LIFE) + r")\b",
    regex.IGNORECASE,
)


def _age_at_death(sentences: list[str]) -> tuple[tuple[int, int], int, str] | None:
    """The ages (least, most) at death the one life the sources give allows, its death year."""
    lives = {(int(m.group("birth")), int(m.group("death"))) for s in sentences for m in _LIFE.finditer(s)}
    if len(lives) != 1:
        return None
    birth, death = lives.pop()
    return ((death - birth - 1, death - birth), death, "in") if death > birth else None


_AT_EVENT = regex.compile(
    r"\b(?:was|were)\s++in\s++(?:his|her|their)\s++(?P<part>early\s++|mid-?\s*+|late\s++)?(?P<decade>"
    + "|".join(_DECADES_OF_LIFE) + r")\s++when\b",
    regex.IGNORECASE,
)
"""A decade of life at an event: "was in her late thirties when she finished the survey"."""
_PARTS_OF_DECADE = {"early": (0, 4), "mid": (3, 7), "late": (6, 9)}


def life_decade_conflict(claim: str, passages: list[str]) -> str | None:
    """The sentence giving a life whose length the claim's decade of life ("died in her seventies",
    "lived into his eighties") cannot hold, or the birth and the event that the claim's decade at
    that event ("was in her late thirties when she finished mapping the glaciers") cannot, if any.

    Example:
        >>> life_decade_conflict("Borne died in her seventies.", ["Ida Borne (1921-1988) was a novelist."]) is not None
        True
        >>> source = ["Ida Borne (born 1931) was a surveyor. She finished mapping the glaciers in 1979."]
        >>> life_decade_conflict("Borne was in her late thirties when she finished mapping the glaciers.", source)
        'She finished mapping the glaciers in 1979.'
        >>> life_decade_conflict("Borne was in her late forties when she finished mapping the glaciers.", source) is None
        True
    """
    sentences = [s for p in passages for s in passage_sentences(p)]
    said = _IN_HER_DECADE.search(claim)
    if said is not None:
        found = _age_at_death(sentences)
        low = _DECADES_OF_LIFE[said.group("decade").lower()]
        if found is not None and (found[0][1] < low or found[0][0] > low + 9):
            return next(s for s in sentences if _LIFE.search(s))
        return None
    said = _AT_EVENT.search(claim)
    births = _birth_years(sentences)
    if said is None or len(births) != 1:
        return None
    event = _event_year(claim[said.end():], sentences, exclude=births)
    birth = births.pop()
    if event is None or event <= birth:
        return None
    low = _DECADES_OF_LIFE[said.group("decade").lower()]
    first, last = _PARTS_OF_DECADE.get((said.group("part") or "").strip(" -").lower(), (0, 9))
    if event - birth < low + first or event - birth - 1 > low + last:  # the age is one of two
        return next((s for s in sentences if str(event) in s), None)
    return None


def _birth_years(sentences: list[str]) -> set[int]:
    """The years of "(1921-1998)" and "born in 1921": a life's, never an event's."""
    found: set[int] = set()
    for sentence in sentences:
        for match in _BIRTH.finditer(sentence):
            end = sentence.find(")", match.end() - 1)
            found |= {int(y) for y in _YEAR.findall(sentence[match.start() : end + 1 if end >= 0 else match.end()])}
    return found


def _event_year(claim: str, sentences: list[str], exclude: set[int]) -> int | None:
    """The one year (not a life's) of the evidence sentence or clause sharing most of the claim's
    words, at least :data:`_MIN_SHARED`; ``None`` when none does, or a sentence of more years
    shares more."""
    words = set(content_words(claim))
    single: tuple[int, int] | None = None  # (shared, year)
    most_of_several = 0
    for sentence in sentences:
        years = {int(y) for y in _YEAR.findall(sentence)} - exclude
        shared = len(words & set(content_words(sentence)))
        if shared < _MIN_SHARED or not years:
            continue
        if len(years) > 1:
            most_of_several = max(most_of_several, shared)
        elif single is None or shared > single[0]:
            single = (shared, years.pop())
    return single[1] if single is not None and single[0] >= most_of_several else None


def _years_to_claim_year(claim: str, sentences: list[str]) -> tuple[tuple[int, int], int, str] | None:
    """The years (least, most) from the first year the sources give the claim's subject to the
    year the claim names ("By 2020"), each year read as any day of it."""
    named = {int(m.group("year")) for m in _CLAIM_YEAR.finditer(claim)}
    if len(named) != 1:
        return None
    end = named.pop()
    words = set(content_words(_CLAIM_YEAR.sub(" ", claim)))
    firsts = {int(m.group("year")) for s in sentences if len(words & set(content_words(s))) >= _MIN_SHARED
              for m in _FIRST.finditer(s)}
    if len(firsts) != 1:
        return None
    start = firsts.pop()
    return ((end - start - 1, end - start), start, "since") if end > start else None
