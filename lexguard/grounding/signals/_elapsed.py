"""How long something took, read against the dates the sources give for its start and its end.

"Halden Tower took less than four years to build" beside "Construction began in March 2019 and
was completed in November 2022" is correct, yet "four" is in no source, so the strict number
rule refused it; "took more than four years" is wrong for the same reason, and "took 44 months"
right. :func:`elapsed_reading` reads a claim's length of time (a number of years, months,
weeks or decades after a word of duration: "took", "lasted", "for", "after", or bound words)
against the one sentence of its evidence that gives a start and an end ("began ... completed",
"from ... to", "between ... and"): each end is read to the month, or to the year, it is written
with, so that the time between them is a range, and the claim's length (its bound, or the
value give or take :data:`PLAIN_SPREAD` of its unit when it is plain) is met when the range lies
inside it, broken when they do not meet.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._anchoring import bound_words
from lexguard.grounding.signals._bounds import NEAR
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers

__all__ = ["PLAIN_SPREAD", "Elapsed", "elapsed_reading", "read_elapsed", "years_between"]

PLAIN_SPREAD = 1.0
"""How many of its units a plain length of time may be off ("took three years" for three years
and eight months): a writer's rounding is no error; "took two years" is."""

_MONTHS = {"year": 12.0, "month": 1.0, "week": 12 / 52, "day": 12 / 365.25, "decade": 120.0}
_UNIT = regex.compile(r"[\s-]++(?P<unit>year|month|week|day|decade)s?\b(?![\s-]++(?:old|ago)\b)", regex.IGNORECASE)
_CUE_BEFORE = regex.compile(
    r"\b(?P<cue>took|take|takes|taking|lasted|lasts|last|lasting|spent|spend|spends|for|within|span(?:s|ned)?|run|ran"
    r"|(?:built|completed|finished|constructed|rebuilt|restored|renovated|written|made|done)\s++in)"
    r"(?:\s++(?:just|only|roughly|about|around|nearly|almost|some))?\s++$",
    regex.IGNORECASE,
)
_TOOK = frozenset({"took", "take", "takes", "taking", "lasted", "lasts", "last", "lasting", "spent", "spend", "spends"})
"""Words of a duration that say how long a thing took: any start and end of it read; after
"for" or "within" the evidence must give the claim's verb ("ran for nine months" beside
"ran from February to November"; not "was jailed for five years" beside "stole ... between March
2019 and January 2023")."""
_DECADES_IN = regex.compile(r"[\s-]++decades?$", regex.IGNORECASE)
_COMPOUND = regex.compile(r"\b(?:years?|months?|weeks?)\s++and\s++$", regex.IGNORECASE)
_VERB_BEFORE = regex.compile(r"([\p{L}'-]+)\s++$")
_CUE_AFTER = regex.compile(r"\s++(?:after|later|passed\s++between|elapsed\s++between|went\s++by\s++between)\b", regex.IGNORECASE)
_STARTS = regex.compile(r"\b(?:beg[au]n|start(?:ed|s)?|from|between|commenc\w+|broke\s+ground|launch\w*|opened|left|departed"
                        r"|set\s+(?:off|out|sail))\b", regex.IGNORECASE)
_ENDS = regex.compile(r"\b(?:complet\w+|finish\w+|end(?:ed|s)?|until|till|to|and|clos\w+|conclud\w+|opened|wrapp\w+"
                      r"|returned|arrived)\b", regex.IGNORECASE)
_DATE = regex.compile(r"date:(\d{4})-(\d{2})(?:-(\d{2}))?")
_DAYS_A_MONTH = 365.25 / 12


class Elapsed(NamedTuple):
    """A claim's length of time read against the start and end its evidence gives."""

    met: bool | None
    """Whether the time between them meets it (``None``: neither surely)."""
    start: int
    end: int
    """Where the claim's length of time is written, with its bound words and unit."""
    written: str
    """The start and end as the evidence writes them ("from March 2019 to November 2022")."""


def elapsed_reading(claim: str, mention: Mention, texts: Iterable[str]) -> bool | None:
    """Whether the start and end the evidence gives meet a length of time the claim gives
    (:attr:`Elapsed.met` of :func:`read_elapsed`).

    Example:
        >>> evidence = ["Construction began in March 2019 and was completed in November 2022."]
        >>> claim = "The tower took less than four years to build."
        >>> elapsed_reading(claim, numbers(claim)[0], evidence)
        True
        >>> claim = "The tower took more than four years to build."
        >>> elapsed_reading(claim, numbers(claim)[0], evidence)
        False
    """
    reading = read_elapsed(claim, mention, texts)
    return None if reading is None else reading.met


def read_elapsed(claim: str, mention: Mention, texts: Iterable[str]) -> Elapsed | None:
    """A claim's length of time read against the start and end its evidence gives; ``None``
    when the number is no length of time after a word of duration, or no sentence of the
    evidence gives one start and one end."""
    unit = _UNIT.match(claim, mention.span[1])
    value = key_value(mention.key)
    if unit is None and (inside := _DECADES_IN.search(mention.text)) is not None:  # "a decade", "three decades": years
        unit = _UNIT.match(claim, mention.span[0] + inside.start())
        value = value / 10 if value is not None else None
    if unit is None or value is None or value <= 0:
        return None
    bound = bound_words(claim, mention.span[0])
    cue_at = bound[1] if bound is not None else mention.span[0]
    if _COMPOUND.search(claim, max(0, cue_at - 20), cue_at):
        return None  # "five years and | four months": a part of a length
    cue = _CUE_BEFORE.search(claim, max(0, cue_at - 40), cue_at)
    after = _CUE_AFTER.match(claim, unit.end())
    if cue is None and after is None:
        return None
    span = _evidence_span(texts, frozenset(content_words(claim)))
    if span is None:
        return None
    low, high, written, sentence = span
    if cue is None and after is not None and after.group().split()[0].lower() in ("after", "later") and not set(content_words(claim[after.end() : after.end() + 40])[:3]) & set(
            content_words(sentence)):
        return None  # "four years after *construction* started" names the start the sentence gives
    if cue is not None and cue.group("cue").lower() not in _TOOK and not cue.group("cue").lower().endswith(" in"):
        # "ran for nine months", not "was jailed for five years"; "was built in less than three years" took it
        verb = _VERB_BEFORE.search(claim, 0, cue.start())
        if verb is None or not set(content_words(verb.group(1))) & set(content_words(sentence)):
            return None
    met = _met(bound[0] if bound is not None else None, value * _MONTHS[unit.group("unit").lower()], low, high,
               _MONTHS[unit.group("unit").lower()])
    return Elapsed(met, cue_at, unit.end(), written)


def _met(kind: str | None, months: float, low: float, high: float, unit: float) -> bool | None:
    """Whether a length of ``months`` with bound words of ``kind`` holds between ``low`` and ``high``."""
    if kind in ("above", "at_least"):
        return True if low >= months else False if high <= months else None
    if kind == "below":
        return True if high <= months else False if low >= months else None
    if kind == "near":  # "nearly four years": a tenth short at most, read to the month
        if months * (1 - NEAR) - 1 <= low and high <= months + 1:
            return True
        if unit >= 12 and months * (1 - NEAR) - 1 <= (low + high) / 2 <= months:
            return True  # "nearly two decades" beside "from 1958 to 1976": years read at their middle
        return False if low >= months + 1 or high < months * (1 - NEAR) - 1 else None
    if kind not in (None, "about"):
        return None
    spread = PLAIN_SPREAD * unit if kind is None else 0.15 * months  # plain, or "about three and a half years"
    if months - spread <= low and high <= months + spread:
        return True
    return False if high < months - spread or low > months + spread else None


def _evidence_span(texts: Iterable[str], claim_words: frozenset[str]) -> tuple[float, float, str, str] | None:
    """The range of months between the start and the end the one sentence of the evidence that
    gives both states, both as it writes them and the sentence (``None`` when no sentence does, or sentences
    give different ones and none shares more of the claim's words than the others). A sentence of more dates gives the two the claim's words name
    (:func:`_named_pair`: "Construction began in 1909, the line opened ... in November 1913, and it
    was electrified in 1976")."""
    found: set[tuple[float, float, str, str]] = set()
    for text in texts:
        for sentence in passage_sentences(text):
            points = _points(sentence)
            if len(points) > 2:
                points = _named_pair(sentence, points, claim_words)
            if len(points) != 2 or not _STARTS.search(sentence) or not _ENDS.search(sentence, points[0][2]):
                continue
            (first, first_end, _, first_text), (last, last_end, _, last_text) = points
            low, high = last - first_end, last_end - first
            if low >= 0 and high > 0 or (low == high and high > 0):
                found.add((low, high, f"from {first_text} to {last_text}", sentence))
    if len({item[:2] for item in found}) > 1:
        # "taught weaving ... from 1958 to 1976" beside "46 works made between 1952 and 1989": the
        # sentence that shares most of the claim's words, when one does
        shared = {item: len(claim_words & set(content_words(item[3]))) for item in found}
        most = max(shared.values())
        found = {item for item, n in shared.items() if n == most}
    return found.pop() if len({item[:2] for item in found}) == 1 else None


_LEAD = 30
"""Characters before a date whose words say what it is the date of ("the line opened to passenger traffic in")."""


def _named_pair(sentence: str, points: list[tuple[float, float, int, str]],
                claim_words: frozenset[str]) -> list[tuple[float, float, int, str]]:
    """The dates of a sentence whose leading words (:data:`_LEAD` characters, back to the last
    date or comma) the claim holds, when exactly two are."""
    named = []
    for point in points:
        start = sentence.find(point[3], max(0, point[2] - len(point[3]) - 1))
        lead = regex.split(r"[,;]", sentence[max(0, start - _LEAD) : start])[-1]
        if set(content_words(lead)) & claim_words:
            named.append(point)
    return named if len(named) == 2 else []


def _points(sentence: str) -> list[tuple[float, float, int, str]]:
    """The dates a sentence gives, in order, each as the months it may stand for (a month: one;
    a year alone: twelve), where it ends and as written."""
    points: list[tuple[float, float, int, str]] = []
    taken: list[tuple[int, int]] = []
    found = numbers(sentence)
    for mention in found:
        month = _DATE.match(mention.key)
        if month is not None:
            start = int(month.group(1)) * 12 + int(month.group(2)) - 1
            if month.group(3):  # a day: "3 May 1952" is read to the day
                start += (int(month.group(3)) - 1) / _DAYS_A_MONTH
                points.append((start, start, mention.span[1], mention.text))
            else:
                points.append((start, start + 1, mention.span[1], mention.text))
            taken.append(mention.span)
    for mention in found:
        if mention.span in taken or not mention.text.isdigit() or len(mention.text) != 4:
            continue
        year = int(mention.text)
        if 1000 <= year <= 2100:
            points.append((year * 12, year * 12 + 12, mention.span[1], mention.text))
    return sorted(points, key=lambda point: point[2])


_YEARS_APART = regex.compile(
    r"[\s-]++years?\s++(?P<way>later|after|on|earlier|before)\b[,\s]*+(?:(?:back|then)\s++)?(?:in|by)\s++"
    r"(?P<year>1[5-9]\d\d|20\d\d)\b",
    regex.IGNORECASE,
)


def years_between(claim: str, mention: Mention, texts: Iterable[str]) -> bool | None:
    """Whether a number of years the claim puts between two events, naming the year of the second
    ("came out six years later, in 2009"), leads back to a year the sources give (2003): ``True``
    when it does, ``None`` when it does not (the first event is the claim's to name; the models read it).

    Example:
        >>> claim = "Blue Hour came out six years later, in 2009."
        >>> years_between(claim, numbers(claim)[0], ["Northbound release year 2003. Blue Hour release year 2009."])
        True
    """
    value = key_value(mention.key)
    found = _YEARS_APART.match(claim, _unit_start_of(claim, mention))
    if value is None or found is None or value != int(value):
        return None
    year = int(found.group("year"))
    first = year - int(value) if found.group("way").lower() in ("later", "after", "on") else year + int(value)
    given = {int(y) for text in texts for y in regex.findall(r"(?<!\d)(?:1[5-9]\d\d|20\d\d)(?!\d)", text)}
    return True if first in given and year in given else None


def _unit_start_of(claim: str, mention: Mention) -> int:
    """Where the words after a number of years start ("six| years later")."""
    inside = regex.search(r"[\s-]++years?$", mention.text, regex.IGNORECASE)
    return mention.span[0] + inside.start() if inside is not None else mention.span[1]

