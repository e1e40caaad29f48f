"""Sentences read with the name their pronoun subject stands for.

Evidence often names its subject once and goes on with a pronoun: "Orrendale is a market town in
the county of Westmarch. It lies on the east bank of the River Tessel." A claim "Orrendale lies on
the west bank of the River Tessel" names its subject, and the rules that match a claim to the
statement it restates found "It lies on the east bank" too far from it (the name missing). A
sentence whose subject is "It", "He", "She" or "They" (perhaps after an opening phrase: "In 2019
it acquired ...") is read with the name the sentence before it opens with as its subject.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import STOPWORDS

__all__ = ["named_passages", "named_subject"]

_PRONOUN_SUBJECT = regex.compile(
    r"^(?P<lead>\s*+(?:(?:In|On|By|At|During|After|Before|Since|Later|Then)\b[^,;:.!?]{0,30}?,?\s++)?)"
    r"(?P<pronoun>(?i:it|he|she|they))(?=\s++\p{Ll})")
"""A pronoun subject, perhaps after a short opening phrase ("In 2019 *it* acquired ...")."""
_NAME_SUBJECT = regex.compile(
    r"^\s*+(?P<name>(?:The\s++)?(?-i:\p{Lu})[\p{L}'\u2019-]*+(?:\s++(?:(?-i:\p{Lu})[\p{L}'\u2019-]*+|of|the|and|de|la|von|van))*+)"
    r"(?=\s*+[(,]|\s++(?:is|was|are|were|has|had|have|lies|lay|stands|holds|became|(?-i:\p{Ll})+(?:ed|s))\b)")
"""A sentence that opens with a name as its subject ("Orrendale is a market town ...", "Marisol
Vantreck (born 1961) is ...", "Helvane Robotics was founded ...")."""


def named_subject(sentence: str, before: list[str]) -> str | None:
    """``sentence`` with its pronoun subject replaced by the name the sentence before it opens with
    as its subject, or ``None``.

    Example:
        >>> named_subject("It lies on the east bank of the River Tessel.", ["Orrendale is a market town."])
        'Orrendale lies on the east bank of the River Tessel.'
        >>> named_subject("In 2019 it acquired Norrbeck Group.", ["Helvane Robotics was founded in 2011."])
        'In 2019 Helvane Robotics acquired Norrbeck Group.'
    """
    pronoun = _PRONOUN_SUBJECT.match(sentence)
    if pronoun is None or (pronoun.group("lead").strip() and pronoun.group("pronoun")[0].isupper()):
        return None  # "In 2019, It ..." is no sentence's subject
    if not pronoun.group("lead").strip() and pronoun.group("pronoun")[0].islower():
        return None
    found = _NAME_SUBJECT.match(before[-1]) if before else None
    if found is None or found.group("name").split()[-1].lower() in STOPWORDS:
        return None  # "There is a market town here."
    return sentence[: pronoun.start("pronoun")] + found.group("name") + sentence[pronoun.end("pronoun") :]


def named_passages(passages: Iterable[str]) -> tuple[list[str], dict[str, str]]:
    """The passages with each sentence's pronoun subject named (:func:`named_subject`), and each
    named sentence's original, for what a rule quotes back."""
    named: list[str] = []
    originals: dict[str, str] = {}
    for passage in passages:
        sentences = list(passage_sentences(passage))
        read = [named_subject(s, sentences[:n]) or s for n, s in enumerate(sentences)]
        if read == sentences:
            named.append(passage)
            continue
        originals.update({r: s for r, s in zip(read, sentences, strict=True) if r != s})
        named.append(" ".join(read))
    return named, originals
