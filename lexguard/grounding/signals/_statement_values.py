"""What a statement's values are, for the rules that read them against the anchor evidence
(:mod:`~lexguard.grounding.signals._binding`): the digits of an item's name are none ("Flat 3C"),
the ends of a range are read apart ("from 6 to 36 months"), and each value is read beside the
words of all the others (:class:`OtherValues`). Each is read in time linear in a claim's length.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from functools import lru_cache

from typing import Any

import regex

from lexguard.grounding.signals._lexical import Mention, numbers

__all__ = ["OtherValues", "in_compared_set", "in_range", "meets_its_bound", "names_an_item", "placed_with_values",
           "written_lower"]


_RANGE = regex.compile(
    r"\b(?:from|between)\s+\S+\s+(?:to|and)\s+\S+|\d\s*(?:-|\u2013|to)\s*\d", regex.IGNORECASE
)


def names_an_item(claim: str, mention: Mention, coded: frozenset[str]) -> bool:
    """Whether a number is the digits of a word that names an item ("3" of "Flat 3C", "2" of "the
    Ridge 2": :func:`~lexguard.grounding.signals._statements.coded_words`)."""
    start, end = mention.span
    word = _WORD_AT.match(claim, end)
    if word.group() and (claim[start:end] + word.group()).lower() in coded:
        return True
    name = _WORD_BEFORE.search(claim, max(0, start - _NAME_REACH), start)  # bounded: a long claim stays linear
    return name is not None and f"{name.group(1)} {claim[start:end]}".lower() in coded


_COMPARED_SET = regex.compile(
    r"^\W*(?:among|of|out\s++of|between)\s++(?:[^,;:.]{1,60}?,\s*+){0,6}?[^,;:.]{0,60}?\b(?:and|or)\b[^,;:.]{1,60}?,",
    regex.IGNORECASE,
)
"""An opening that lists the things compared: "Among Lake Ferrin, Lake Tolla and Lake Ost, ..."."""


def in_compared_set(claim: str, start: int) -> bool:
    """Whether a name at ``start`` stands in the claim's opening list of the things it compares
    ("*Among* Lake Ferrin, Lake Tolla and Lake Ost, Lake Ferrin is the smallest"): no slot of its
    relation, so no statement need give it there.

    Example:
        >>> claim = "Among Lake Ferrin, Lake Tolla and Lake Ost, Lake Ferrin is the smallest."
        >>> [in_compared_set(claim, claim.find(name)) for name in ("Lake Tolla", "Lake Ost", "Lake Ferrin is")]
        [True, True, False]
    """
    lead = _COMPARED_SET.match(claim)
    return lead is not None and start < lead.end()


def written_lower(claim: str, name: Mention, index: Any) -> bool:
    """Whether a one-word name opening the claim is a word the sources write in lower case:
    "Midfielder, 23, scored 11 goals" beside "the 23-year-old midfielder" (capitalised because it
    opens a headline-style sentence; no name for the binding to place)."""
    if name.span[0] > 0 or " " in name.text or not name.text[:1].isupper():
        return False
    word = regex.compile(rf"(?<![\p{{L}}-]){regex.escape(name.text.lower())}(?![\p{{L}}-])")
    return any(word.search(chunk.text) for chunk in index.chunks)


_WORD_AT = regex.compile(r"[\p{L}\p{N}]*")
_WORD_BEFORE = regex.compile(r"(\p{L}+)\s+$")
_NAME_REACH = 60
"""Characters before a number the name it belongs to is looked for in."""


class OtherValues:
    """The words of a statement's values but one, for each of its values in turn: a number's
    other readings left out too ("20 April" is a date, a day 20 and a month; a name keeps the date
    it is part of: "April" of "April 8"). Counted once, and a value's overlapping readings found by
    where they start, so that a statement of thousands of values is read in time near linear in
    them, not quadratic."""

    def __init__(self, values: list[tuple[Mention, str, frozenset[str]]], coded: frozenset[str]) -> None:
        self._spans = sorted(((m.span, t) for m, _, t in values), key=lambda item: item[0])
        self._starts = [span[0] for span, _ in self._spans]
        self._longest = max((end - start for (start, end), _ in self._spans), default=0)
        self._counts = Counter(w for _, _, t in values for w in t)
        self._all = frozenset(self._counts) | coded
        self._coded = coded

    def of(self, mention: Mention, kind: str, own: frozenset[str]) -> frozenset[str]:
        """The words of the values other than ``mention`` (of ``kind``, whose words are ``own``)."""
        if kind != "number":
            return self._all - own
        start, end = mention.span
        near = self._spans[bisect_left(self._starts, start - self._longest):bisect_left(self._starts, end)]
        gone = Counter(w for span, t in near if _overlap(span, mention.span) for w in t)
        return self._all - {w for w, n in gone.items() if n >= self._counts[w] and w not in self._coded} - own


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def in_range(claim: str, mention: Mention) -> bool:
    """Whether a number is an end of a range ("from 6 to 36 months"): an answer gathers the ends
    of a range from several statements."""
    return any(start <= mention.span[0] < end or start < mention.span[1] <= end for start, end in _ranges(claim))


@lru_cache(maxsize=64)
def _ranges(claim: str) -> tuple[tuple[int, int], ...]:
    return tuple(m.span() for m in _RANGE.finditer(claim))  # once a claim: it may hold thousands of numbers


def meets_its_bound(text: str, key: str, value: float | None) -> bool:
    """Whether the number ``key`` of ``text`` is written as a bound ("more than 900", "about 300")
    that ``value`` meets: no rival of a claim's 934 ("A hoard of more than 900 silver coins").

    Example:
        >>> meets_its_bound("A hoard of more than 900 coins was found.", "900", 934.0)
        True
        >>> meets_its_bound("A hoard of 900 coins was found.", "900", 934.0)
        False
    """
    from lexguard.grounding.signals._anchoring import bound_words  # the bound reader reads statements too

    try:
        given = float(key)
    except ValueError:
        return False
    for mention in numbers(text) if value is not None else ():
        if mention.key != key:
            continue
        start = mention.span[0] - (1 if mention.span[0] and text[mention.span[0] - 1] in "$\u00a3\u20ac" else 0)
        words = bound_words(text, start)
        kind = words[0] if words else None
        if (kind == "above" and value > given) or (kind == "at_least" and value >= given) or (
                kind == "below" and value < given) or (kind in ("about", "near") and abs(value - given) <= 0.1 * given):
            return True
    return False


MIN_VALUES_BESIDE = 2
"""Other numbers of the claim a statement holding its name must hold for the name to sit there."""


def placed_with_values(holders: list[frozenset[str]], claim_keys: set[str]) -> bool:
    """Whether a statement holding a claim's name also holds :data:`MIN_VALUES_BESIDE` of its numbers
    (``claim_keys``; held as the tokens ``#<key>``): '"Threadlines" features 46 works from 1952 to 1989, which conservators
    spent about eight months cleaning' names the show where its 46 works and their years are, though
    the cleaning's sentence fits the claim best; the name is in its place."""
    keys = {f"#{key}" for key in claim_keys}
    return len(keys) >= MIN_VALUES_BESIDE and any(len(keys & tokens) >= MIN_VALUES_BESIDE for tokens in holders)
