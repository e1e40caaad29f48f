"""A comparison the values turn round: "Lake Esk is smaller than Lake Vorn" beside "Lake Vorn covers
31 square kilometres ..., Lake Esk, which covers 35 square kilometres".

The claim holds no number, so the number rules read nothing, and the verifier, which compares no
values, read such claims as supported (0.98) whichever way round they were. :func:`comparison_conflict`
reads a claim that says one named thing is larger, longer, higher, ... (or smaller, shorter, lower,
...) than another against the values the evidence gives each: the first measure written after
each name, in the sentence that names it, of the same unit or class for both. When the values
say the other way round (or that the two are equal), the sentences giving them contradict the
claim. A comparison the values leave open, or whose things the evidence gives no single value,
is left to the verifier.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._anchoring import bound_words, magnitude
from lexguard.grounding.signals._bounds import APPROXIMATE, NEAR
from lexguard.grounding.signals._dates import is_calendar_key
from lexguard.grounding.signals._entities import entities, is_common_word
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers
from lexguard.grounding.signals._statements import number_class
from lexguard.grounding.signals._units import unit_of
from lexguard.grounding.signals._written import MULTIPLE_WORDS, TIMES_AFTER

__all__ = ["NamedMultiple", "comparison_conflict", "named_multiple"]

_COMPARATIVE = regex.compile(
    r"\b(?:(?P<more>larger|bigger|greater|higher|longer|taller|heavier|wider|deeper|more)"
    r"|(?P<less>smaller|lower|shorter|lighter|narrower|shallower|less|fewer))\b"
    r"(?P<what>(?:\s++(?!than\b)[\p{L}-]++){0,5}?)\s++than\s++(?!(?:about|around|some|a|an)?\s*+[$\u00a3\u20ac]?\d)",
    regex.IGNORECASE,
)
"""A comparative before "than" and what follows it: not "more than 500" (a bound)."""
_NOT = regex.compile(r"\b(?:not|no|never|n't)\s++(?:\S+\s++)?$", regex.IGNORECASE)
_BEFORE_NAME = regex.compile(r"(?:\p{Ll}++\s++){0,2}")
"""At most two lower-case words between "than" and the second name ("than the nearby Lake Holm")."""
_MEASURES = frozenset("area surface size length height depth width elevation altitude weight mass volume".split())
"""Words that name a measure, not a thing counted: the sources give it as a value with its unit
("covers 42 square kilometres"), seldom by the word."""
_COMPARING = frozenset(
    "larger bigger greater higher longer taller heavier wider deeper more smaller lower shorter lighter narrower "
    "shallower less fewer than large big great high long tall heavy wide deep many much times twice".split()
)


def comparison_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentences whose values turn round a comparison of two named things.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.

    Returns:
        The sentences giving the two values (joined), when they say the other way round or that
        the two are equal; ``None`` otherwise.

    Example:
        >>> evidence = ["Lake Vorn covers 31 square kilometres, while Lake Esk covers 35 square kilometres."]
        >>> comparison_conflict("Lake Esk is smaller than Lake Vorn.", evidence) is not None
        True
        >>> comparison_conflict("Lake Esk is larger than Lake Vorn.", evidence) is None
        True
    """
    found = _COMPARATIVE.search(claim)
    if found is None or _NOT.search(claim, 0, found.start()):
        return None
    names = entities(claim)
    first = next((m for m in names if m.span[1] <= found.start()), None)
    second = next((m for m in names if found.end() <= m.span[0] and _BEFORE_NAME.fullmatch(claim, found.end(), m.span[0])),
                  None)  # "than Lake Holm", "than the nearby Lake Holm"
    if first is None or second is None:
        return None
    sentences = [s for p in passages for s in passage_sentences(p)]
    topic = set(content_words(claim)) - _name_words(first) - _name_words(second) - _COMPARING
    if topic and topic <= _MEASURES:  # "a smaller surface area than": the sources' measure, in whatever words
        topic = set()
    pair = _pair(_values(first, second, sentences, topic), _values(second, first, sentences, topic), topic)
    if pair is None:
        return None
    ours, theirs = pair
    said_more = found.group("more") is not None
    if math.isclose(ours[0], theirs[0]) or (ours[0] > theirs[0]) is not said_more:
        return ours[2] if ours[2] == theirs[2] else f"{ours[2]} {theirs[2]}"
    return None


_Value = tuple[float, str, str, str]
"""A value the evidence gives a thing: the number, its class, the sentence, the value as written."""


def _pair(ours: list[_Value], theirs: list[_Value], topic: set[str] = frozenset()) -> tuple[_Value, _Value] | None:
    """The one value of each thing of one class (a bare count goes with a count of something:
    "40,000 vehicles a day, Ostby some 65,000"), from the sentences sharing most of the claim's
    topic; ``None`` when there is none or more than one."""
    pairs = [(a, b) for a in ours for b in theirs if _same_class(a[1], b[1])]
    if not pairs:
        return None
    def shared(pair: tuple[_Value, _Value]) -> int:
        return len(topic & set(content_words(pair[0][2]))) + len(topic & set(content_words(pair[1][2])))
    most = max(map(shared, pairs))
    best = [pair for pair in pairs if shared(pair) == most]
    if len({(a[0], b[0]) for a, b in best}) != 1:
        return None
    return min(best, key=lambda pair: len(pair[0][2]) + len(pair[1][2]))


def _same_class(one: str, other: str) -> bool:
    """Whether two values measure one thing: the same class, or a bare value beside a count or a
    unit ("covers 38 square kilometres, ... Lake Bessel, which covers 35")."""
    return one == other or "" in (one, other)


_MULTIPLE = regex.compile(
    r"\s*+(?:times\s++)?(?:as\s++(?:[\p{L}-]++\s++){1,2}?as|(?:larger|bigger|greater|higher|longer|taller|heavier|more"
    r"|wider|deeper)(?:\s++[\p{L}-]++){0,2}?\s++than)\s++(?:that\s++of\s++)?",
    regex.IGNORECASE,
)
"""What follows a multiple of another named thing: "twice *as large as*", "three times *as many visitors
as*", "four times *larger than*"."""


class NamedMultiple(NamedTuple):
    """A claim's multiple of another named thing, read against the values of both."""

    met: bool | None
    start: int
    end: int
    """Where the claim writes it, from its bound words to the other thing's name."""
    written: str
    """The two values as the evidence gives them ("84 square kilometres, against 41 square kilometres
    of Lake Ettel")."""


def named_multiple(claim: str, mention: Mention, passages: list[str]) -> NamedMultiple | None:
    """A multiple of another named thing ("Lake Sorrin is more than twice as large as Lake Ettel")
    read against the values the evidence gives both; ``None`` when the number is no such multiple or
    the evidence gives no single value of one class to each.

    Example:
        >>> evidence = ["Lake Sorrin covers 84 square kilometres. Lake Ettel covers 41 square kilometres."]
        >>> claim = "Lake Sorrin is more than twice as large as Lake Ettel."
        >>> named_multiple(claim, numbers(claim)[0], evidence).met
        True
    """
    multiple = mention.text.lower() in MULTIPLE_WORDS or TIMES_AFTER.match(claim, mention.span[1])
    factor = key_value(mention.key) if multiple else None
    tail = _MULTIPLE.match(claim, mention.span[1]) if factor else None
    if tail is None or factor is None or factor <= 1:
        return None
    names = entities(claim)
    first = next((m for m in reversed(names) if m.span[1] <= mention.span[0]), None)
    second = next((m for m in names if tail.end() <= m.span[0] <= tail.end() + 4), None)
    if first is None or second is None:
        return None
    sentences = [s for p in passages for s in passage_sentences(p)]
    topic = set(content_words(claim)) - _name_words(first) - _name_words(second) - _COMPARING
    pair = _pair(_values(first, second, sentences, topic), _values(second, first, sentences, topic), topic)
    if pair is None or pair[1][0] <= 0:
        return None
    ratio = pair[0][0] / pair[1][0]
    bound = bound_words(claim, mention.span[0])
    kind = bound[0] if bound is not None else None
    met = (ratio > factor if kind == "above" else ratio >= factor if kind == "at_least" else ratio < factor
           if kind == "below" else factor * (1 - NEAR) <= ratio <= factor if kind == "near"
           else abs(ratio - factor) <= APPROXIMATE * factor)
    start = bound[1] if bound is not None else mention.span[0]
    return NamedMultiple(met, start, second.span[1], f"{pair[0][3]}, against {pair[1][3]} of {second.text}")


def _name_words(name: Mention) -> set[str]:
    """The words that tell a name apart, as content words ("sorrin" of "Lake Sorrin"; "pool" of "Brackley
    Community Pool" stays a word of the claim's topic)."""
    return set(content_words(" ".join(_key_words(name))))


def _key_words(name: Mention) -> list[str]:
    """The words that tell a name apart ("Vorn" of "Lake Vorn")."""
    words = [w for w in regex.findall(r"[\p{L}\p{N}'-]+", name.text) if not is_common_word(w.lower())]
    return words or name.text.split()


def _values(name: Mention, other: Mention, sentences: list[str], topic: set[str]) -> list[_Value]:
    """The values the evidence gives a named thing: the first measure after the name in each
    sentence naming it, before the other thing's name; of the sentences that share a word of the
    claim's topic ("area", "vehicles") when the claim has one."""
    mine, theirs = _key_words(name), _key_words(other)
    found: list[_Value] = []
    for sentence in sentences:
        at = _where(sentence, mine)
        if at is None or (topic and not topic & set(content_words(sentence))):
            continue
        stop = _where(sentence[at:], theirs)
        value = _first_measure(sentence, at, at + stop if stop is not None else len(sentence))
        if value is not None:
            found.append((value[0], value[1], sentence, value[2]))
    return found


def _where(text: str, words: list[str]) -> int | None:
    """Where the name's telling words end in ``text``, if they are all there, in order."""
    found = regex.search(r"(?<![\p{L}\p{N}])" + r"\W+(?:\w+\W+){0,2}?".join(map(regex.escape, words))
                         + r"(?![\p{L}\p{N}])", text)
    return found.end() if found is not None else None


def _first_measure(sentence: str, start: int, end: int) -> tuple[float, str, str] | None:
    """The first value between ``start`` and ``end`` that measures something (no year, date or
    rank), with its class: the unit, else what it counts."""
    for mention in numbers(sentence):
        if not start <= mention.span[0] < end or is_calendar_key(mention.key):
            continue
        kind = unit_of(sentence, mention) or number_class(sentence, mention)
        value = magnitude(sentence, mention)
        if value is None or kind in ("year", "time") or kind.startswith(("calendar", "rank")):
            continue
        unit = _UNIT_WORDS.match(sentence, mention.span[1])
        return value, kind, sentence[mention.span[0] : unit.end() if unit else mention.span[1]].strip()
    return None


_UNIT_WORDS = regex.compile(r"(?:\s*+(?:square|cubic)\s++)?\s*+(?:%|[\p{L}²³]++)")
