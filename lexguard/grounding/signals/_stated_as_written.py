"""A claim's value a source sentence states as the claim writes it: read before any working says
otherwise.

"Conservators spent about eight months cleaning and stabilizing the works." beside the source's
"Conservators spent about eight months cleaning and stabilizing the works, some of which ..." was
refused: the length-of-time reading (:mod:`._elapsed`) took the only sentence of its evidence
with a start and an end ("46 works made between 1952 and 1989") for the cleaning's. And "the
second incident in under two years" beside "the second security incident ... in less than two
years" was refused by a bound read against "two years of free credit monitoring", the value of
the claim's best chunks. :func:`stated_as_written` finds the sentence that gives the value with
the word after it ("eight *months*", "two *years*") and the claim's words around it; a working
or a bound that breaks such a value is a misreading.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._bounds import bound_of
from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._units import unit_of
from lexguard.grounding.signals._value_classes import magnitude
from lexguard.grounding.signals._words import plural_dropped

__all__ = ["MIN_SHARED_AROUND", "ROUNDING", "rounds_a_stated_value", "stated_as_written"]

MIN_SHARED_AROUND = 2
"""Content words of the claim (its numbers aside) the stating sentence must share beside the value."""

_NEXT_WORD = regex.compile(r"\s*+([\p{L}]+)")


def _next(text: str, end: int) -> str | None:
    found = _NEXT_WORD.match(text, end)
    if found is None:
        return None
    return plural_dropped(found.group(1).lower())


def _kind(text: str, mention: Mention) -> str | None:
    found = bound_of(text, mention)
    return None if found is None else found.kind


def stated_as_written(claim: str, mention: Mention, sources: Iterable[str]) -> str | None:
    """The source sentence that states ``mention`` as the claim writes it, if any.

    Example:
        >>> claim = "Curators spent two years researching the artist."
        >>> sources = ["The show opened in 1990 and closed in 1994. Curators spent two years researching her."]
        >>> stated_as_written(claim, numbers(claim)[0], sources)
        'Curators spent two years researching her.'

    Returns:
        A sentence that gives the same value followed by the same word ("two years", "2 years")
        with the same bound words ("under" and "less than"; none and none: "more than two years"
        is not "two years"), sharing :data:`MIN_SHARED_AROUND` other content words with the claim;
        ``None`` otherwise.
    """
    after = _next(claim, mention.span[1])
    if after is None:
        return None
    keys = {mention.key, *mention.alts}
    bound = _kind(claim, mention)
    around = {w for w in content_words(claim[: mention.span[0]] + " " + claim[mention.span[1]:]) if not w.startswith(after)}
    for source in sources:
        for sentence in passage_sentences(source):
            if any(({m.key, *m.alts} & keys) and _next(sentence, m.span[1]) == after and _kind(sentence, m) == bound
                   for m in numbers(sentence)):
                if len(around & set(content_words(sentence))) >= MIN_SHARED_AROUND:
                    return sentence
    return None


ROUNDING = 0.05
"""How far past its bound a stated value may be for the bound to round it ("more than £412,000" for £412,650)."""


def rounds_a_stated_value(claim: str, mention: Mention, sources: Iterable[str]) -> bool:
    """Whether a claim's bound rounds a value a source states in the same unit: "more than £412,000"
    beside "a total of £412,650" (within :data:`ROUNDING` above it), "nearly 5 million" beside 4.87
    million (below it). A bound the anchoring reads against another statement's bound ("stole more
    than £400,000") is then no contradiction.

    Example:
        >>> claim = "He stole more than £412,000."
        >>> rounds_a_stated_value(claim, numbers(claim)[0], ["He moved a total of £412,650 into his accounts."])
        True
        >>> rounds_a_stated_value(claim, numbers(claim)[0], ["He moved a total of £452,650 into his accounts."])
        False
    """
    bound = bound_of(claim, mention)
    if bound is None or bound.kind not in ("above", "at_least", "below", "near"):
        return False
    unit = unit_of(claim, mention)
    for source in sources:
        for sentence in passage_sentences(source):
            for given in numbers(sentence):
                value = magnitude(sentence, given)
                if value is None or unit_of(sentence, given) != unit or bound_of(sentence, given) is not None:
                    continue
                if bound.kind in ("above", "at_least") and bound.value < value <= bound.value * (1 + ROUNDING):
                    return True
                if bound.kind in ("below", "near") and bound.value * (1 - ROUNDING) <= value < bound.value:
                    return True
    return False
