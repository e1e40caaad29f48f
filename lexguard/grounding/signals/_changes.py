"""A change a claim states between two values the sources give: "grew by more than 1,500
between 2001 and 2011", "the breeding population grew between 2005 and 2020".

"Velmora's population grew by more than 1,500 between 2001 and 2011" beside "At the 2011 census
it had a population of 14,870, up from 13,480 in 2001" holds no value the sources give otherwise
(1,500 is worked out from nothing the rules read), and the verifier, which does no arithmetic,
passed it (0.97); "grew" beside "3,200 breeding pairs, compared with about 4,500 pairs in 2005"
passed too. :func:`change_reading` finds the evidence sentence that gives two values of one class,
each with its year (or as "from A to B", "B, up from A"), and holds the claim's two years (or the
claim gives an amount of change) and two of its other words; the change between them is read against the claim's direction ("grew", "fell")
and its amount ("by more than 1,500"), with its bound words.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._anchoring import bound_words, magnitude
from lexguard.grounding.signals._bounds import APPROXIMATE
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._statements import number_class

__all__ = ["Change", "change_conflict", "change_reading", "ordered_pair"]

_UP = (r"grew|grown|grows|rose|rises|risen|increased|increases|climbed|climbs|jumped|gained|went\s+up|expanded"
       r"|(?<=\b(?:saw|see|sees|seen|watched)\s++(?:\p{L}++\s++){1,4})(?:rise|grow|increase|climb)")
_DOWN = (r"fell|falls|fallen|declined|declines|decreased|decreases|dropped|drops|shrank|shrunk|shrinks"
         r"|went\s+down|slumped|plunged|(?<=\b(?:saw|see|sees|seen|watched)\s++(?:\p{L}++\s++){1,4})(?:fall|decline|drop|shrink)")
"""Verbs of a change, finite or after "has" (not "the fastest growing industry", which describes),
or bare after "saw" and what changed ("saw its annual revenue rise")."""
_VERB = regex.compile(rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\b", regex.IGNORECASE)
_BY = regex.compile(r"\s++by\s++", regex.IGNORECASE)
_FROM_TO = regex.compile(r"\bfrom\b(?P<a>[^.;]{0,60}?)\bto\b", regex.IGNORECASE)
_UP_FROM = regex.compile(r"\b(?:up|down|rising|falling)\s+from\b", regex.IGNORECASE)
_CHANGE_WORDS = frozenset(content_words(" ".join(regex.sub(r"\\s\+", " ", _UP + "|" + _DOWN).split("|"))))


_PRONOUN = regex.compile(r"\b(?:it|its|they|their)\b", regex.IGNORECASE)
_MIN_SHARED = 1.5
"""Fewest of the claim's other words (its subject, what is measured) the sentence must hold, a word
of the passage's opening subject, which a pronoun in it stands for, counting half."""


class Change(NamedTuple):
    """A claim's change read against the two values of its evidence sentence."""

    met: bool | None
    """Whether the change between them meets the claim's (direction and amount)."""
    sentence: str
    amount: Mention | None
    """The claim's amount of change ("1,500" of "grew by more than 1,500"), if it gives one."""


def change_reading(claim: str, texts: Iterable[str]) -> Change | None:
    """Read the change a claim states against the evidence sentence that gives its two values.

    ``None`` when the claim states no change, or no single evidence sentence gives two values of
    one class in order with the claim's years.

    Example:
        >>> source = ["Harlow is a town in Essex. In 2020 it had a population of 14,870, up from 13,480 in 2010."]
        >>> change_reading("Harlow's population grew by more than 1,500 between 2010 and 2020.", source).met
        False
        >>> change_reading("Harlow's population grew by more than 1,000 between 2010 and 2020.", source).met
        True
        >>> change_reading("Harlow's population fell between 2010 and 2020.", source).met
        False
    """
    verb = _VERB.search(claim)
    if verb is None:
        return None
    up = verb.group("up") is not None
    found = numbers(claim)
    by = _BY.match(claim, verb.end())
    amount = next((m for m in found if by is not None and by.end() <= m.span[0] <= by.end() + 14
                   and number_class(claim, m) != "year"), None)
    years = {m.key for m in found if number_class(claim, m) == "year"}
    if len(years) != 2 and amount is None:
        return None  # a change between two times the claim names, or by an amount it gives
    words = set(content_words(claim)) - _CHANGE_WORDS - {f"{k}" for k in years}
    best: tuple[tuple[float, int], str, float, float] | None = None
    tied = False
    for text in texts:
        opening = next(iter(passage_sentences(text)), "")
        subject = {w for e in entities(opening) for w in content_words(e.text)}
        for sentence in passage_sentences(text):
            pair = ordered_pair(sentence, years, _wanted(claim, amount))
            if pair is None:
                continue
            own = words & set(content_words(sentence))
            held = own | (subject if _PRONOUN.search(sentence) else set())  # "it had ...": the passage's subject
            shared = (len(own) + 0.5 * len(held - own), len(own))  # a word the passage's subject gives counts half
            if shared[0] < _MIN_SHARED:
                continue
            if best is None or shared > best[0]:
                best, tied = (shared, sentence, *pair), False
            elif shared == best[0] and best[1] != sentence:
                tied = True
    if best is None or tied:
        return None
    _, sentence, first, last = best
    if (last > first) != up or last == first:
        return Change(False, sentence, amount)
    if amount is None:
        return Change(True, sentence, None)
    value = magnitude(claim, amount)
    change = abs(last - first)
    if _PERCENT.match(claim, amount.span[1]) and first:  # "grew by 50 percent": the change against the first value
        value, change = float(amount.key), 100 * change / abs(first)
    return Change(None if value is None else _meets(claim, amount, value, change), sentence, amount)


_PERCENT = regex.compile(r"\s*+(?:%|per\s*+cent\b|percent\b)", regex.IGNORECASE)
"""A change given as a share of the value it started from ("grew by 50 percent")."""


def _wanted(claim: str, amount: Mention | None) -> str | None:
    """The class of values a change amount is read against (none for a share of the first: "by 50 percent")."""
    if amount is None or _PERCENT.match(claim, amount.span[1]):
        return None
    return number_class(claim, amount)


def ordered_pair(sentence: str, years: set[str], wanted: str | None) -> tuple[float, float] | None:
    """The two values of one class a sentence gives, earlier first: by the year next to each,
    or as "from A to B" / "B, up from A"; the sentence must hold the claim's years."""
    found = numbers(sentence)
    sentence_years = [m for m in found if number_class(sentence, m) == "year"]
    if years and not years <= {m.key for m in sentence_years}:
        return None
    values = [(m, magnitude(sentence, m), number_class(sentence, m)) for m in found]
    values = [(m, v, "count" if c.startswith("count") or not c else c) for m, v, c in values  # "3,200 breeding pairs", "4,500 pairs"
              if v is not None and c != "year" and not c.startswith("calendar")]
    classes = {c for _, _, c in values}
    for cls in classes:
        same = [(m, v) for m, v, c in values if c == cls]
        if len(same) != 2 or (wanted is not None and wanted and cls and cls != wanted and not cls.startswith("count")):
            continue
        (a, first), (b, second) = same
        between = sentence[a.span[1] : b.span[0]]
        if len(sentence_years) == 2:
            owned = [_year_of(sentence, m, sentence_years) for m in (a, b)]
            if owned[0] is None or owned[1] is None or owned[0] is owned[1]:
                continue
            return (first, second) if float(owned[0].key) < float(owned[1].key) else (second, first)
        if _UP_FROM.search(between):
            return second, first  # "14,870, up from 13,480"
        if _FROM_TO.search(sentence[max(0, a.span[0] - 8) : b.span[0] + 1]):
            return first, second  # "from 13,480 to 14,870"
    return None


_CLAUSE = regex.compile(r",\s|;\s|\s(?:and|but|while|compared\s+with|against)\s")


def _year_of(sentence: str, mention: Mention, years: list[Mention]) -> Mention | None:
    """The year in the clause of a value ("In 2020 it had 14,870 | , up from 13,480 in 2010"),
    else the nearest."""
    cuts = [0, *(m.end() for m in _CLAUSE.finditer(sentence)), len(sentence) + 1]
    start = max(c for c in cuts if c <= mention.span[0])
    end = min(c for c in cuts if c > mention.span[0])
    inside = [y for y in years if start <= y.span[0] < end]
    if len(inside) == 1:
        return inside[0]
    return min(years, key=lambda y: abs(y.span[0] - mention.span[0])) if not inside else None


def _meets(claim: str, amount: Mention, value: float, change: float) -> bool | None:
    """Whether the change between the two values meets the claim's amount and its bound words."""
    bound = bound_words(claim, amount.span[0])
    kind = bound[0] if bound is not None else None
    if kind in ("above", "at_least"):
        return change > value if kind == "above" else change >= value
    if kind == "below":
        return change < value
    if kind in (None, "about", "near"):
        return abs(change - value) <= APPROXIMATE * value
    return None


def change_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence whose two values the change a claim states misstates ("grew" beside
    "3,200 pairs, compared with about 4,500 pairs in 2005"; "by more than 1,500" beside 13,480 and
    14,870)."""
    reading = change_reading(claim, passages)
    return reading.sentence if reading is not None and reading.met is False else None
