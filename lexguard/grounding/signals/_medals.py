"""A medal said of a place off the podium: "won a medal in the 800 metres" beside "finished fourth
in the women's 800 metres".

The claim holds no value, so the number rules read nothing, and the verifier read the medal as
supported (0.99). :func:`medal_conflict` reads a claim that gives someone a medal or a podium
place against the evidence sentence that gives that person's place in the same event (the
sentence holds the person's name and half of the claim's other words): a place past third
contradicts it.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._written import ORDINAL_WORDS

__all__ = ["MIN_SHARE", "medal_conflict"]

MIN_SHARE = 0.5
"""Least share of the claim's other content words the sentence giving the place must hold."""

_MEDAL = regex.compile(
    r"\b(?:(?:won|took|earned|claimed|collected|picked\s+up|secured)\s+(?:a|an|the)\s+(?:\w+\s+)?medal"
    r"|medall?ed|reached\s+the\s+podium|(?:a|on\s+the)\s+podium(?:\s+(?:finish|place))?|finished\s+on\s+the\s+podium)\b",
    regex.IGNORECASE,
)
_NOT = regex.compile(r"\b(?:not|never|no|without|missed|failed|outside)\b", regex.IGNORECASE)
_PLACES = ORDINAL_WORDS
_PLACE = regex.compile(
    r"\b(?:finished|placed|came|ended)\s+(?:in\s+)?(?P<place>" + "|".join(_PLACES) + r"|\d{1,2}(?=st|nd|rd|th))",
    regex.IGNORECASE,
)


def medal_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence that places the person a claim gives a medal past third, if any.

    Example:
        >>> medal_conflict("Ana Vidal won a medal in the 800 metres.", ["Ana Vidal finished fourth in the 800 metres."])
        'Ana Vidal finished fourth in the 800 metres.'
        >>> medal_conflict("Ana Vidal won a medal in the 800 metres.", ["Ana Vidal finished third in the 800 metres."]) is None
        True
    """
    found = _MEDAL.search(claim)
    if found is None or _NOT.search(claim, 0, found.start()):
        return None
    names = [e.key for e in entities(claim)]
    if not names:
        return None
    rest = set(content_words(claim[: found.start()] + " " + claim[found.end() :])) - {w for n in names for w in n.split()}
    for passage in passages:
        for sentence in passage_sentences(passage):
            place = _PLACE.search(sentence)
            if place is None or not any(all(w in content_words(sentence) for w in n.split()) for n in names[:1]):
                continue
            held = rest & set(content_words(sentence))
            if rest and len(held) / len(rest) < MIN_SHARE:
                continue
            written = place.group("place").lower()
            if (int(written) if written.isdigit() else _PLACES[written]) > 3:
                return sentence
    return None
