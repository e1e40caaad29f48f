"""Two named things put in order by their years: "Seven Small Harbors is newer than Weathervane Street".

Knowledge triples and records give each work, club or building its year ("Weathervane Street
release year 2002", "Seven Small Harbors release year 2010"), and a chat reply orders two of them
("It's newer than Weathervane Street", "came out eight years after Weathervane Street"). The
verifier compares no years: it read the right order as baseless (0.48) and the wrong one no
worse. :func:`years_order` reads such a claim against the one year the evidence gives each name
(the first year after the name, in sentences naming it and not the other):

- the order (newer, older, more recent, earlier or later than; came out, was released, opened,
  ... before or after): met, it is written for the verifier as the two years ("in 2010,
  Weathervane Street in 2002"); turned round, the sentences giving the years contradict it;
- a number of years between them ("eight years after Weathervane Street"), against the
  difference of the two years (:func:`years_apart`).

A name the evidence gives no year, or more than one, leaves the claim to the verifier.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import Mention, key_value, numbers

__all__ = ["YearsApart", "YearsOrder", "dated_names", "years_apart", "years_order", "years_order_conflict"]

_EVENT = (r"(?:came\s+out|come\s+out|was\s+(?:released|published|founded|formed|built|made|written|recorded)"
          r"|were\s+(?:released|published|founded|formed|built)|released|published|premiered|aired|opened|debuted"
          r"|appeared|arrived|came|was\s+out)")
_ORDER = regex.compile(
    rf"\b(?:(?:is|was|are|were|it['\u2019]s)\s+(?:a\s+bit\s+|much\s+|slightly\s+)?(?:(?P<later>newer|more\s+recent|younger)"
    rf"|(?P<earlier>older))|{_EVENT}(?:\s+(?:a\s+few\s+|a\s+|[\p{{L}}\d-]+\s+)(?:years?|decades?))?\s+"
    rf"(?:(?P<later>after|later\s+than)|(?P<earlier>before|earlier\s+than)))\s+(?:than\s+)?",
    regex.IGNORECASE,
)
"""An order in time between the claim's name before it and the name after it."""
_YEAR = regex.compile(r"(?<![\d.,])(1[5-9]\d\d|20\d\d)(?![\d.,]\d)")
_APART = regex.compile(r"[\s-]++years?\s++(?P<way>after|before|later\s+than|earlier\s+than)\s++", regex.IGNORECASE)


class YearsOrder(NamedTuple):
    """A claim's order of two named things, read against their years."""

    met: bool
    start: int
    end: int
    """Where the claim writes the order, from its word to the second name."""
    written: str
    """The two years as the evidence gives them, for the verifier ("in 2010, Weathervane Street in 2002")."""
    evidence: str
    """The sentences that give the two years."""


def years_order(claim: str, passages: Iterable[str]) -> YearsOrder | None:
    """The claim's order of two named things read against the one year the evidence gives each;
    ``None`` when the claim orders none, or a name has no single year.

    Example:
        >>> evidence = ["Weathervane Street release year 2002. Seven Small Harbors release year 2010."]
        >>> years_order("Seven Small Harbors is newer than Weathervane Street.", evidence).met
        True
        >>> years_order("Seven Small Harbors came out before Weathervane Street.", evidence).met
        False
    """
    found = _ORDER.search(claim)
    if found is None:
        return None
    names = entities(claim)
    first = next((m for m in reversed(names) if m.span[1] <= found.start()), None)
    second = next((m for m in names if found.end() <= m.span[0] <= found.end() + 4), None)  # "before *The* Orchid Ledger"
    if first is None or second is None:
        return None
    years = _years_of(first, second, list(passages))
    if years is None:
        return None
    (ours, our_sentence), (theirs, their_sentence) = years
    if ours == theirs:
        return None
    met = (ours > theirs) is (found.group("later") is not None)
    evidence = our_sentence if our_sentence == their_sentence else f"{our_sentence} {their_sentence}"
    written = f"in {ours}, {claim[found.end() : second.span[1]]} in {theirs}"  # "in 2010, Weathervane Street in 2002"
    return YearsOrder(met, found.start(), second.span[1], written, evidence)


def years_order_conflict(claim: str, passages: list[str]) -> str | None:
    """The sentences whose years turn round the claim's order of two named things (:func:`years_order`)."""
    reading = years_order(claim, passages)
    return reading.evidence if reading is not None and not reading.met else None


class YearsApart(NamedTuple):
    """A claim's number of years between two named things, read against their years."""

    met: bool
    start: int
    end: int
    """Where the claim writes the span, from its number to the second name."""
    written: str
    """The order and the second thing's year, for the verifier ("after Weathervane Street in 2002")."""


def years_apart(claim: str, mention: Mention, passages: Iterable[str]) -> YearsApart | None:
    """Whether a number of years the claim puts between two named things ("came out in 2010, eight
    years after Weathervane Street") is the difference of their years: the claim's own year of the
    first (else the evidence's) and the evidence's of the second; ``None`` when the number is no
    such span or a year is missing or not single.

    Example:
        >>> claim = "Seven Small Harbors came out in 2010, eight years after Weathervane Street."
        >>> evidence = ["Weathervane Street release year 2002. Seven Small Harbors release year 2010."]
        >>> years_apart(claim, numbers(claim)[-1], evidence).met
        True
    """
    value = key_value(mention.key)
    inside = regex.search(r"[\s-]++years?$", mention.text, regex.IGNORECASE)
    tail = _APART.match(claim, mention.span[0] + inside.start() if inside is not None else mention.span[1])
    if value is None or tail is None or value != int(value):
        return None
    names = entities(claim)
    second = next((m for m in names if tail.end() <= m.span[0] <= tail.end() + 4), None)
    first = next((m for m in reversed(names) if m.span[1] <= mention.span[0]), None)
    stated = {int(y) for y in _YEAR.findall(claim[first.span[1] if first else 0 : mention.span[0]])}
    if second is None or len(stated) > 1 or (first is None and not stated):
        return None
    sentences = [s for p in passages for s in passage_sentences(p)]
    given = _year_of(second, first, sentences) if first is not None else _year_of(second, second, sentences, alone=True)
    own = _year_of(first, second, sentences) if first is not None and not stated else None
    ours = stated.pop() if stated else own[0] if own is not None else None
    if given is None or ours is None:
        return None  # "it came out in 2010, eight years after X": the claim's own year, else its first thing's
    way = tail.group("way").split()[0].lower()
    later = way in ("after", "later")
    met = ours - given[0] == (int(value) if later else -int(value))
    name = claim[tail.end() : second.span[1]]
    return YearsApart(met, mention.span[0], second.span[1], f"{'after' if later else 'before'} {name} in {given[0]}")


def dated_names(claim: str, passages: list[str]) -> frozenset[int]:
    """Where the names end that the claim's met order or span of years is counted from ("four
    years after *The Lantern Keeper*"): points in time, no party to the claim's statement, so no
    statement that leaves them out misplaces them."""
    if _ORDER.search(claim) is None and _APART.search(claim) is None:
        return frozenset()
    readings = [years_order(claim, passages), *(years_apart(claim, m, passages) for m in numbers(claim))]
    return frozenset(r.end for r in readings if r is not None and r.met)


def _years_of(first: Mention, second: Mention, passages: list[str]) -> tuple[tuple[int, str], tuple[int, str]] | None:
    """The one year the evidence gives each of two names, with the sentence that gives it."""
    sentences = [s for p in passages for s in passage_sentences(p)]
    ours, theirs = _year_of(first, second, sentences), _year_of(second, first, sentences)
    return (ours, theirs) if ours is not None and theirs is not None else None


def _year_of(name: Mention, other: Mention, sentences: list[str], *, alone: bool = False) -> tuple[int, str] | None:
    """The one year after ``name`` in the sentences that name it and not ``other`` (any, ``alone``), with its sentence."""
    found: dict[int, str] = {}
    for sentence in sentences:
        at = _named_at(sentence, name)
        if at is None or (not alone and _named_at(sentence, other) is not None):
            continue
        year = _YEAR.search(sentence, at)
        if year is not None:
            found.setdefault(int(year.group(1)), sentence)
    return next(iter(found.items())) if len(found) == 1 else None


def _named_at(sentence: str, name: Mention) -> int | None:
    """Where ``name`` ends in ``sentence`` (its words in order, case aside), if it is there."""
    words = regex.findall(r"[\p{L}\p{N}'\u2019-]+", name.text)
    if words and words[0].lower() in {"the", "a", "an"} and len(words) > 1:
        words = words[1:]
    found = regex.search(r"(?<![\p{L}\p{N}])" + r"\s+".join(map(regex.escape, words)) + r"(?![\p{L}\p{N}])",
                         sentence, regex.IGNORECASE)
    return found.end() if found is not None else None
