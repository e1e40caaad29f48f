"""A value held by the statement that holds the words the claim writes right before it.

The binding rule (:mod:`lexguard.grounding.signals._binding`) reads each value of a claim against
the evidence sentence that holds most of the rest of the claim. A long summary sentence joins
facts of several sentences: "The extension ... will open in summer 2026, 18 months late, at a
cost of £412m against an original 2020 budget of £323m" is anchored by the sentence giving the
£412m and the delay, which gives no £323m, while "The original budget, approved in 2020, was
£323m." gives it with the claim's own words for it. :func:`held_with_its_words` tells such a
value from a swapped one: a sentence holding the value must hold those of the last
:data:`NEIGHBOURS` words (or values) the claim writes before it in its clause that the anchor
lacks. The other way round, :func:`told_with_other_words` finds a value the anchor holds without
the claim's words for it, which another sentence gives with another value: "won the Nobel Prize
in Chemistry in 1903" beside "... in Physics in 1903. She won a second, in Chemistry, in 1911."
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._words import word_kinds

__all__ = ["MIN_NEIGHBOURS", "NEIGHBOURS", "held_with_its_words", "told_with_other_words", "words_before"]

NEIGHBOURS = 3
"""Words (or values) before a claim value read as its own."""
MIN_NEIGHBOURS = 2
"""Fewest such words for a sentence holding them all to place the value."""

_CLAUSE_START = regex.compile(r"[,;:](?=\s)|[()\u2013\u2014]|\s-\s|[.!?](?=\s)")
_CONTENT_KINDS = frozenset({"NOUN", "VERB", "ADJ", "PROPN"})
_WORD = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}'\u2019-]*")


def words_before(claim: str, mention: Mention) -> list[str]:
    """The last :data:`NEIGHBOURS` content words (a noun, a verb, an adjective or a name; not
    "since" or "about") and values (as ``#key``) before a claim value in its clause, nearest last.

    Example:
        >>> claim = "It cost £412m against an original 2020 budget of £323m."
        >>> words_before(claim, numbers(claim)[-1])
        ['original', '#2020', 'budget']
    """
    ends = [m.end() for m in _CLAUSE_START.finditer(claim, 0, mention.span[0])]
    start = ends[-1] if ends else 0
    segment = claim[start : mention.span[0]]
    values = numbers(segment)
    found: list[tuple[int, str]] = [(m.span[0], f"#{m.key}") for m in values]
    for word in _WORD.finditer(segment):
        if any(m.span[0] <= word.start() < m.span[1] for m in values):
            continue
        stems = content_words(word.group())
        kinds = word_kinds(word.group().lower())
        if stems and not any(ch.isdigit() for ch in stems[0]) and (not kinds or kinds & _CONTENT_KINDS):
            found.append((word.start(), stems[0]))  # not "since", "about": words of no thing or act
    return [token for _, token in sorted(found)][-NEIGHBOURS:]


def held_with_its_words(claim: str, mention: Mention, anchor_tokens: frozenset[str],
                        holders: Iterable[frozenset[str]]) -> bool:
    """Whether a sentence holding the claim's value also holds the words the claim writes right
    before it (:func:`words_before`, at least :data:`MIN_NEIGHBOURS`) that the anchor lacks, one of
    them a value or a word naming a thing: "an original *2020* budget of £323m", "the Nobel Prize
    in *Chemistry* in 1911" beside "She won a second, in Chemistry, in 1911.".

    Args:
        claim: The claim (or the statement of it) the value stands in.
        mention: The value.
        anchor_tokens: The words and values (``#key``) of the claim's anchor sentence.
        holders: Those of each evidence sentence that holds the value.
    """
    before = set(words_before(claim, mention))
    lacking = {w for w in before if w not in anchor_tokens}
    if len(before) < MIN_NEIGHBOURS or not any(w.startswith("#") or _names_a_thing(claim, w) for w in lacking):
        return False
    return any(lacking <= tokens for tokens in holders)


def told_with_other_words(
    claim: str, mention: Mention, anchor_tokens: frozenset[str],
    facts: Iterable[tuple[str, frozenset[str], dict[str, str], tuple[str, ...]]], wanted: str, claim_keys: set[str],
) -> str | None:
    """The evidence sentence that gives the words the claim writes right before its value with
    another value of its class, where the anchor that holds the value lacks them: "Curie won the
    Nobel Prize in Chemistry in 1903" beside "... won the Nobel Prize in Physics in 1903. She won
    a second, in Chemistry, in 1911." (the 1903 sentence lacks "Chemistry"; the 1911 one gives it).
    Only a word the anchor lacks that is capitalised in the claim counts: "took in" for "grossed"
    is the same statement in other words, and "reaching heights of 65 feet" beside "young trees
    reach 65 feet" the same too, though another sentence gives "heights of 120 feet".

    Args:
        claim: The claim (or the statement of it) the value stands in.
        mention: The value, held by the anchor.
        anchor_tokens: The anchor's words and values.
        facts: Each other evidence sentence: its text, its words and values, its values' classes
            and its names (one the claim does not give makes it another thing's statement: "Unit
            4B has a floor area of 60 square metres" is no rival of "Unit 6D has a floor area of 85").
        wanted: The class of the claim's value (:func:`~lexguard.grounding.signals._statements.number_class`).
        claim_keys: The keys of all the claim's values (no rival of it).
    """
    before = words_before(claim, mention)
    lacking = {w for w in before if not w.startswith("#") and w not in anchor_tokens and _names_a_thing(claim, w, named=True)}
    if len(before) < MIN_NEIGHBOURS or not lacking or not wanted:
        return None
    named, coded = set(content_words(claim)), _codes(claim)
    for text, tokens, classes, names in facts:
        if any(not set(content_words(name)) <= named for name in names) or _codes(text) - coded:
            continue  # another thing's statement ("Unit 4B has ...")
        if lacking <= tokens and f"#{mention.key}" not in tokens and any(
                cls == wanted and key not in claim_keys for key, cls in classes.items()):
            return text
    return None


_CODE = regex.compile(r"(?<![\p{L}\p{N}])(?:\p{N}+\p{L}+|\p{L}+\p{N}+)\p{Alnum}*(?![\p{L}\p{N}])")


def _codes(text: str) -> set[str]:
    """Words of letters and digits that name an item ("4B", "X200")."""
    return {m.group().lower() for m in _CODE.finditer(text)}


def _names_a_thing(claim: str, stem: str, named: bool = False) -> bool:
    """Whether a claim word (by its stem) is written capitalised inside the claim, or (unless
    ``named``) is a noun with no verb reading."""
    for word in _WORD.finditer(claim):
        if content_words(word.group())[:1] == [stem]:
            kinds = word_kinds(word.group().lower())
            if (word.start() > 0 and word.group()[:1].isupper()) or (not named and "NOUN" in kinds and "VERB" not in kinds):
                return True
    return False
