"""A value a claim gives as a multiple of another: "more than three times its $65 million
budget", "grossed twice its budget", "less than half the previous year's total".

The number rules read "three" as a value no source gives (a correct claim refused beside "a
budget of $65 million, the film grossed $212 million"), and "less than double its budget" holds
no number at all, so that the verifier, which does no arithmetic, passed it (0.86).
:func:`multiple_reading` finds the base the claim names (its value when it gives one, else the
evidence value its noun anchors: "budget of $65 million", "$65 million budget") in a sentence of
the evidence, and the one other value of its class in that sentence, and reads their ratio
against the multiple and its bound words.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._anchoring import bound_words, magnitude
from lexguard.grounding.signals._bounds import APPROXIMATE, NEAR
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers
from lexguard.grounding.signals._statements import number_class
from lexguard.grounding.signals._words import word_kinds
from lexguard.grounding.signals._written import MULTIPLE_WORDS, TIMES_AFTER

__all__ = ["Multiple", "multiple_conflict", "multiple_reading"]

_WORDS = MULTIPLE_WORDS | {"half"}
_OF = regex.compile(r"\s++(?:that\s+of\s+)?(?:the|its|their|his|her)\s++(?!(?:previous|next|following|last|same)?\s*+"
                    r"(?:day|week|month|year|season|time|decade|century)s?\b)", regex.IGNORECASE)
"""A base after a multiple ("three times *its* budget"), not a time ("twice the next week": how often)."""
_PHRASE = regex.compile(r"(?:\s*+(?!(?:of|in|for|and|or|by|at|on|with|from|to|than|that|which|who|was|is|were|are|has|had)\b)"
                        r"[\p{L}'\u2019-]+){1,5}", regex.IGNORECASE)
"""The base's noun phrase after its determiner, up to a preposition, a verb or a mark."""
_WORD_RUN = regex.compile(r"[\p{L}-]{3,}")


class Multiple(NamedTuple):
    """A claim's multiple read against the values its evidence gives."""

    met: bool | None
    """Whether the evidence's ratio meets it (``None``: not read)."""
    sentence: str
    """The evidence sentence read."""
    start: int = 0
    end: int = 0
    """Where the multiple is written in the claim, with its bound words ("more than three times")."""
    written: str = ""
    """The value it is a multiple of, as the evidence writes it ("$212 million")."""


def multiple_reading(claim: str, mention: Mention, texts: Iterable[str]) -> Multiple | None:
    """Read a multiple ("three times its budget", "twice the sum") against the evidence; ``None``
    when the number is no multiple of a base the claim names, or no evidence sentence gives the
    base and one other value of its class.

    Example:
        >>> evidence = ["Made on a budget of $65 million, the film grossed $212 million worldwide."]
        >>> claim = "The film took in more than three times its $65 million budget."
        >>> multiple_reading(claim, numbers(claim)[0], evidence).met
        True
        >>> claim = "The film grossed less than double its budget."
        >>> multiple_reading(claim, numbers(claim)[0], evidence).met
        False
    """
    factor = key_value(mention.key)
    word = mention.text.lower() in _WORDS
    times = None if word else TIMES_AFTER.match(claim, mention.span[1])
    if factor is None or factor <= 0 or not (word or times):
        return None
    after = times.end() if times else mention.span[1]
    of = _OF.match(claim, after)
    if of is None:
        return _against_the_other(claim, mention, factor, after, texts)
    base_value, noun = _base(claim, of.end())
    if noun is None:
        return None
    said = " ".join(claim[(bound_words(claim, mention.span[0]) or (None, mention.span[0]))[1] : of.end()].lower().split())
    for text in texts:
        for sentence in passage_sentences(text):
            if said in " ".join(sentence.lower().split()).replace("its ", "the ").replace("their ", "the ") and noun in content_words(sentence):
                return Multiple(True, sentence)  # the evidence says it: "nearly double its annual budget"
            found = _ratio(sentence, base_value, noun)
            if found is not None:
                bound = bound_words(claim, mention.span[0])
                end = times.end() if times else mention.span[1]
                return Multiple(_met(bound[0] if bound else None, found[0], factor), sentence,
                                bound[1] if bound else mention.span[0], end, found[1])
    return None


_AS = regex.compile(r"\s++(?:as\s++(?:many|much|large|big|high|long|often)\b|those\s++of\b|that\s++of\b)", regex.IGNORECASE)
_NAMED_NUMBER = regex.compile(r"(?<=\S\s)\p{Lu}\p{Ll}+\s$")
_MIN_SHARED = 2
"""Fewest claim words an evidence sentence of two values must hold to be the one compared."""


def _against_the_other(claim: str, mention: Mention, factor: float, after: int, texts: Iterable[str]) -> Multiple | None:
    """A multiple of one thing against another ("twice as many people watched the finale as the
    premiere", "more than double those of its predecessor") read against the evidence sentence
    that gives two values of one class and the most of the claim's words: the larger over the
    smaller must meet it (which of the two is which is the models' to read; this reads only the
    arithmetic, so it refuses, and never vouches for the order)."""
    if _AS.match(claim, after) is None or factor < 1:
        return None
    words = set(content_words(claim))
    best: tuple[int, str, float] | None = None
    for text in texts:
        for sentence in passage_sentences(text):
            pair = _two_values(sentence)
            shared = len(words & set(content_words(sentence)))
            if pair is not None and shared >= _MIN_SHARED and (best is None or shared > best[0]):
                best = (shared, sentence, max(pair) / min(pair))
    if best is None:
        return None
    bound = bound_words(claim, mention.span[0])
    return Multiple(_met(bound[0] if bound else None, best[2], factor), best[1])


def _two_values(sentence: str) -> tuple[float, float] | None:
    """The two values of one class (counts of any thing together) a sentence gives, if just two."""
    found = [(magnitude(sentence, m), number_class(sentence, m)) for m in numbers(sentence)
             if not _NAMED_NUMBER.search(sentence, 0, m.span[0]) and not _is_multiple(sentence, m)]  # not "Channel 5"
    kinds: dict[str, list[float]] = {}
    for value, kind in found:
        if value is not None and value > 0 and kind != "year" and not kind.startswith("calendar"):
            kinds.setdefault("count" if kind.startswith("count") or not kind else kind, []).append(value)
    pairs = [values for values in kinds.values() if len(values) == 2]
    return (pairs[0][0], pairs[0][1]) if len(pairs) == 1 else None


def _signed(text: str, mention: Mention) -> str:
    """A value as written with the currency sign before it ("£86 million")."""
    start = mention.span[0]
    return (text[start - 1] if start and text[start - 1] in "£$€¥₹" else "") + mention.text


def _is_multiple(text: str, mention: Mention) -> bool:
    """Whether a number is a multiple itself ("double the national average", "three times"), no value."""
    return mention.text.lower() in _WORDS or TIMES_AFTER.match(text, mention.span[1]) is not None


def _base(claim: str, start: int) -> tuple[float | None, str | None]:
    """The base's value, when the claim gives it ("its *$65 million* budget"), and its noun."""
    value = None
    for mention in numbers(claim):
        if start <= mention.span[0] <= start + 2:
            value = magnitude(claim, mention)
            start = mention.span[1]
            break
    phrase = _PHRASE.match(claim, start)
    nouns = [w for w in _WORD_RUN.findall(phrase.group() if phrase else "") if "NOUN" in word_kinds(w.lower())]
    words = content_words(nouns[-1]) if nouns else []  # the head: "the utility's annual emergency *budget*"
    return value, (words[0] if words else None)


def _ratio(sentence: str, base_value: float | None, noun: str) -> tuple[float, str] | None:
    """The ratio of the one other value of the base's class in a sentence to the base (the
    value the claim gives, or the value right after or before the base's noun), and that value
    as written."""
    found = [(m, magnitude(sentence, m), number_class(sentence, m)) for m in numbers(sentence) if not _is_multiple(sentence, m)]
    found = [(m, value, kind) for m, value, kind in found if value is not None and kind != "year" and not kind.startswith("calendar")]
    base = None
    for m, value, kind in found:
        if base_value is not None and math.isclose(value, base_value, rel_tol=1e-9):
            base = (m, value, kind)
            break
        near = content_words(sentence[max(0, m.span[0] - 30) : m.span[0]])[-3:] + content_words(sentence[m.span[1] : m.span[1] + 20])[:1]
        if base_value is None and noun in near:
            base = (m, value, kind)
            break
    if base is None or base[1] == 0:
        return None
    others = [(value, _signed(sentence, m)) for m, value, kind in found if kind == base[2] and m.span != base[0].span]
    return (others[0][0] / base[1], others[0][1]) if len({value for value, _ in others}) == 1 else None


def _met(kind: str | None, ratio: float, factor: float) -> bool | None:
    """Whether a ratio meets a multiple given with bound words of ``kind`` ("more than three times")."""
    if kind in ("above", "at_least"):
        return ratio > factor if kind == "above" else ratio >= factor
    if kind == "below":
        return ratio < factor
    if kind == "near":
        return factor * (1 - NEAR) <= ratio <= factor
    if kind in (None, "about"):
        return abs(ratio - factor) <= APPROXIMATE * factor * (2 if kind == "about" else 1)
    return None


def multiple_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence whose values a multiple of the claim misstates ("grossed less than
    double its budget" beside "a budget of $65 million, the film grossed $212 million")."""
    for mention in numbers(claim):
        reading = multiple_reading(claim, mention, passages)
        if reading is not None and reading.met is False:
            return reading.sentence
    return None
