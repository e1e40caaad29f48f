"""Who came first in a post: "Hugo Brandt led the institute before Annika Delacroix did" beside "In
1999 Annika Delacroix was succeeded by Hugo Brandt as director of the institute".

Both names and the post are in the source, so the claim holds only the sources' words, and the
verifier read "before" and "succeeded by" as agreeing (0.99). :func:`succession_conflict` reads
the order of two people in a post from the sources' "B succeeded A", "A was succeeded by B",
"B replaced A", "B took over from A", "A preceded B", and from the claim's same words or its "A
... before B" / "A ... after B"; a claim that puts the two the other way round is contradicted by
the sentence that orders them. Only a pair of people the sources order so is read.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import Mention

__all__ = ["succession_conflict"]

_AFTER_FIRST = regex.compile(r"\b(?:succeeded|replaced|took\s+over\s+from|followed)\b(?!\s+by\b)", regex.IGNORECASE)
"""A verb whose subject came second and whose object first: "B succeeded A"."""
_FIRST_FIRST = regex.compile(r"\b(?:was|were|had\s+been|has\s+been)\s+(?:succeeded|replaced|followed)\s+by\b"
                             r"|\bpreceded\b(?!\s+by\b)", regex.IGNORECASE)
"""A verb whose subject came first: "A was succeeded by B", "A preceded B"."""
_SECOND_FIRST = regex.compile(r"\bwas\s+preceded\s+by\b", regex.IGNORECASE)
_ORDER_WORD = regex.compile(r"\b(?P<word>before|after)\b", regex.IGNORECASE)
_NEAR = 60
"""Most characters between a name and the verb that orders it."""


def _person(mention: Mention) -> bool:
    return len(mention.key.split()) >= 2  # a full name: "Hugo Brandt", not "Institute"


def _ordered(text: str) -> list[tuple[str, str]]:
    """The pairs (first, second) of people ``text`` puts in order in a post by a verb of succession."""
    people = [m for m in entities(text) if _person(m)]
    pairs = []
    for pattern, first_is_subject in ((_AFTER_FIRST, False), (_FIRST_FIRST, True), (_SECOND_FIRST, False)):
        for verb in pattern.finditer(text):
            subject = [m for m in people if m.span[1] <= verb.start() and verb.start() - m.span[1] <= _NEAR]
            obj = [m for m in people if m.span[0] >= verb.end() and m.span[0] - verb.end() <= 12]
            if subject and obj:
                a, b = subject[-1].key, obj[0].key
                pairs.append((a, b) if first_is_subject else (b, a))
    return pairs


def _claimed(claim: str) -> list[tuple[str, str]]:
    """The pairs (first, second) a claim orders: by a verb of succession, or "A ... before/after B"."""
    pairs = _ordered(claim)
    people = [m for m in entities(claim) if _person(m)]
    for word in _ORDER_WORD.finditer(claim):
        before = [m for m in people if m.span[1] <= word.start()]
        after = [m for m in people if m.span[0] >= word.end() and m.span[0] - word.end() <= 12]
        if before and after:
            a, b = before[0].key, after[0].key
            pairs.append((a, b) if word.group("word").lower() == "before" else (b, a))
    return pairs


def succession_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that orders the claim's two people in a post the other way, if any.

    Example:
        >>> succession_conflict("Hugo Brandt led the institute before Annika Delacroix did.",
        ...                     ["In 1999 Annika Delacroix was succeeded by Hugo Brandt as director."])
        'In 1999 Annika Delacroix was succeeded by Hugo Brandt as director.'
        >>> succession_conflict("Hugo Brandt led the institute before Annika Delacroix did.",
        ...                     ["In 1999 Annika Delacroix succeeded Hugo Brandt as director."])
    """
    claimed = _claimed(claim)
    if not claimed:
        return None
    for passage in passages:
        for sentence in passage_sentences(passage):
            for first, second in _ordered(sentence):
                if (second, first) in claimed and (first, second) not in claimed:
                    return sentence
    return None
