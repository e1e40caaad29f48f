"""Counts a claim gives without a figure: "hundreds of people", "a few hundred birds", "several
thousand fans", "dozens of homes", "tens of thousands of visitors".

The number rules read "a few hundred" as the number 100, which no source gives ("estimated at
around 350 birds": a correct claim refused), and read "thousands of people" as no number at all
("more than 300 people were evacuated": a wrong claim passed). :func:`vague_counts` finds each
such count with the range of values it stands for (:data:`SLACK` wide, so that only a clear
misstatement fails), and :func:`read_vague` reads it against the evidence value of its class
the claim's words anchor (:func:`~lexguard.grounding.signals._anchoring.anchored`): met when
every such value lies in the range, broken when none can, unread otherwise ("more than 300"
beside "thousands of" says neither).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

import regex

from lexguard.grounding.signals._anchoring import MIN_RIVAL_ANCHOR, anchored
from lexguard.grounding.signals._bounds import APPROXIMATE, NEAR
from lexguard.grounding.signals._lexical import Mention

__all__ = ["SLACK", "VagueCount", "VagueReading", "read_vague", "vague_conflict", "vague_counts"]

SLACK = 1.5
"""How many times below its least and above its most a vague count may go ("hundreds of",
200 to 1,000, for 134 to 1,500): a writer's rounding is no error."""

_UNIT = {"dozen": 12.0, "hundred": 1e2, "thousand": 1e3, "million": 1e6, "billion": 1e9}
_PLURAL = regex.compile(
    r"\b(?:(?P<tens>tens|hundreds)\s++of\s++)?(?P<unit>dozens|hundreds|thousands|millions|billions)\s++of\b"
    r"(?!\s++(?:thousands|millions|billions)\b)",
    regex.IGNORECASE,
)
_FEW = regex.compile(
    r"\b(?P<few>a\s++few|several|a\s++couple\s++of)\s++(?P<unit>dozen|hundred|thousand|million|billion)"
    r"(?:\s++(?P<times>thousand|million))?\b(?!\s*+(?:and|,)?\s*+\d)",
    regex.IGNORECASE,
)
_SPREAD = {"a few": (2.0, 5.0), "several": (2.0, 9.0), "a couple of": (2.0, 3.0)}
"""The multiples of its word a count of a few, several or a couple of it stands for."""


class VagueCount(NamedTuple):
    """A count without a figure, and the values it stands for."""

    mention: Mention
    """Its words as a value (key: its least value), ending where the thing counted follows."""
    low: float
    high: float


def vague_counts(claim: str) -> list[VagueCount]:
    """The counts a claim gives without a figure, with the range each stands for.

    Example:
        >>> [(c.mention.text, round(c.low), round(c.high)) for c in vague_counts("Hundreds of fans and a few thousand visitors came.")]
        [('Hundreds of', 133, 1500), ('a few thousand', 1333, 7500)]
    """
    found: list[VagueCount] = []
    for match in _PLURAL.finditer(claim):
        unit = _UNIT[match.group("unit").lower()[:-1]]
        if match.group("tens"):  # "tens of thousands": 10,000 or more; "hundreds of thousands"
            unit *= 10.0 if match.group("tens").lower() == "tens" else 100.0
        found.append(_count(claim, match, 2 * unit, 10 * unit))
    for match in _FEW.finditer(claim):
        unit = _UNIT[match.group("unit").lower()] * (_UNIT[match.group("times").lower()] if match.group("times") else 1.0)
        least, most = _SPREAD[" ".join(match.group("few").lower().split())]
        found.append(_count(claim, match, least * unit, most * unit))
    return sorted(found, key=lambda count: count.mention.span)


def _count(claim: str, match: regex.Match[str], low: float, high: float) -> VagueCount:
    low, high = low / SLACK, high * SLACK
    mention = Mention(match.group(), match.span(), f"{low:g}")
    return VagueCount(mention, low, high)


_NOUN = regex.compile(r"(?:\s++(?:\p{Lu}[\p{L}'\u2019-]*+|[\p{Ll}-]++)){0,3}?\s++[\p{L}-]+s\b(?!['\u2019])")
"""The thing a vague count counts, up to its plural noun ("Calloway's kestrels")."""


class VagueReading(NamedTuple):
    """What the evidence says of a vague count."""

    met: bool | None
    """Whether the evidence value(s) it is about lie in its range (``None``: unread, or neither;
    :attr:`anchor` tells them apart)."""
    chunk: str = ""
    """The evidence text read."""
    anchor: float = 0.0
    """How well the claim's words anchor the evidence value(s) read (0: none anchored)."""
    written: str = ""
    """The evidence value as written ("around 350"), when it meets the count."""


def read_vague(claim: str, count: VagueCount, texts: Iterable[str]) -> VagueReading:
    """Read a vague count against the evidence values of its class the claim's words anchor best:
    met when each lies in its range (or the evidence says it as the claim does), broken when none
    can ("thousands of people" beside "about 300 people"), ``None`` when none is anchored or a
    bound there ("more than 300") says neither.

    Example:
        >>> count = vague_counts("Only a few hundred kestrels live in the wild.")[0]
        >>> read_vague("Only a few hundred kestrels live in the wild.", count, ["About 350 kestrels live in the wild."]).met
        True
        >>> count = vague_counts("Thousands of people were evacuated.")[0]
        >>> read_vague("Thousands of people were evacuated.", count, ["Some 300 people were evacuated."]).met
        False
    """
    texts = list(texts)
    said = " ".join(count.mention.text.lower().split())
    if any(said in " ".join(text.lower().split()) for text in texts):
        return VagueReading(True, anchor=math.inf)  # the evidence says "millions of" too
    values, _ = anchored(claim, count.mention, texts)
    bare = False
    if not values:  # "a few hundred kestrels" beside "around 350 birds": read as a bare count, to meet only
        noun = _NOUN.match(claim, count.mention.span[1])
        if noun is not None:
            values, _ = anchored(claim[: count.mention.span[1]] + claim[noun.end() :], count.mention, texts)
            bare = True
    if not values:
        return VagueReading(None)
    spans = [_span(c.value, c.given) for c in values]
    inside = all(count.low <= low and high <= count.high for low, high in spans)
    outside = all(high < count.low or low > count.high for low, high in spans)
    if bare and not inside:
        return VagueReading(None)  # read as a bare count, it may only meet: unread, its number word stays unknown
    met = True if inside else False if outside else None
    written = f"{values[0].given} {values[0].text}" if values[0].given else values[0].text
    return VagueReading(met, values[0].chunk, values[0].score[0], written if met else "")


def _span(value: float, given: str | None) -> tuple[float, float]:
    """The values an evidence value allows with its bound words ("about 350", "more than 300")."""
    if given is None:
        return value, value
    words = " ".join(given.lower().split())
    if words.startswith(("about", "around", "approximately", "roughly", "some", "an estimated", "estimated")):
        return value * (1 - APPROXIMATE), value * (1 + APPROXIMATE)
    if words.startswith(("nearly", "almost", "close to", "just under")):
        return value * (1 - NEAR), value
    if words.startswith(("more than", "over", "above", "at least", "upwards of", "in excess of")) or words.endswith("or more"):
        return value, math.inf
    if words.startswith(("less than", "fewer than", "under", "below", "up to", "as many as", "at most")):
        return 0.0, value
    return value, value


def vague_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence text whose value a vague count of the claim misstates, clearly anchored
    ("thousands of people were evacuated" beside "more than 300 people were evacuated": none of
    them is in the thousands, since "more than 300" may be; but "Some 300 people" is not)."""
    for count in vague_counts(claim):
        reading = read_vague(claim, count, passages)
        if reading.met is False and reading.anchor >= MIN_RIVAL_ANCHOR:
            return reading.chunk
    return None
