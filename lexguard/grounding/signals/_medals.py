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
    r"\b(?:finished|placed|came|ended)\s+(?:in\s+)?(?P<place>" + "|".join(_PLACES) + r"|\d{1,2}(?=st|nd|rd|th))"
    r"|\b(?:finished|was|were|ended|came)\s+(?:as\s+)?(?:the\s+)?(?P<runner>runners?[\s-]up)\b",
    regex.IGNORECASE,
)
"""A place in a contest: "finished fourth", "came 3rd", "finished runner-up" (second)."""


_COLOUR = regex.compile(
    r"\b(?:(?:won|took|earned|claimed|collected|picked\s+up|secured|took\s+home)\s+(?:(?:a|an|the)\s+)?"
    r"(?P<colour>gold|silver|bronze)\b|(?P<colour>gold|silver|bronze)(?:\s+|-)medall?(?:ist|ed)\b"
    r"|(?:a|an|the)\s+(?P<colour>gold|silver|bronze)\s+medal\b)",
    regex.IGNORECASE,
)
"""A medal of a colour ("took the silver medal", "won bronze", "gold medallist"): a place on the podium."""
_COLOURS = {"gold": 1, "silver": 2, "bronze": 3}


_WON = regex.compile(
    r"\b(?:won|wins|win|clinched|claimed|captured|took)\s++(?:the\s++|his\s++|her\s++|their\s++)?(?:[\p{L}\d-]+\s++){0,3}?"
    r"(?:title|final|tournament|championship|cup|trophy|crown|race|event|open)\b",
    regex.IGNORECASE,
)
"""A win of the contest ("defeated Javier Ostend ... to win his first major title"): first place."""


_WINNER = regex.compile(r"\s*+(?:defeated|beat|overcame|edged|won|clinched|claimed|captured|took)\b", regex.IGNORECASE)
"""A verb of winning right after a name: the name is the winner's ("Tomasz Rellick *defeated* ...")."""


def _won_by(sentence: str, name: str) -> bool:
    """Whether ``sentence`` says the person ``name`` won the contest: the name stands right before a
    verb of winning, and a win of the contest follows ("Tomasz Rellick defeated Javier Ostend 6-4
    ... to win his first major title")."""
    for named in entities(sentence):
        if named.key == name and _WINNER.match(sentence, named.span[1]):
            won = _WON.search(sentence, named.span[1])
            return won is not None and not _NOT.search(sentence, named.span[1], won.start())
    return False


def _place(match: regex.Match[str]) -> int:
    """The place a medal's colour or a place word gives ("silver": 2; "fourth", "4th": 4)."""
    if match.re is _COLOUR:
        return _COLOURS[match.group("colour").lower()]
    if match.group("runner"):
        return 2
    written = match.group("place").lower()
    return int(written) if written.isdigit() else _PLACES[written]


def medal_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence that places the person a claim gives a medal elsewhere, if any: past
    third for a medal of no colour, at another place for a coloured one ("took the silver" beside
    "finished third"), and a place the claim gives ("finished second") beside another colour, or
    a runner-up (a place in no number the value rules read) beside another place ("placed fourth")
    or a win ("defeated Javier Ostend ... to win his first major title").

    Example:
        >>> medal_conflict("Ana Vidal won a medal in the 800 metres.", ["Ana Vidal finished fourth in the 800 metres."])
        'Ana Vidal finished fourth in the 800 metres.'
        >>> medal_conflict("Ana Vidal won a medal in the 800 metres.", ["Ana Vidal finished third in the 800 metres."]) is None
        True
        >>> medal_conflict("Ana Vidal took the silver medal in the 800 metres.", ["Ana Vidal finished third in the 800 metres."])
        'Ana Vidal finished third in the 800 metres.'
        >>> medal_conflict("Ana Vidal won gold in the 800 metres.", ["Ana Vidal won silver in the 800 metres."])
        'Ana Vidal won silver in the 800 metres.'
    """
    found = _COLOUR.search(claim) or _MEDAL.search(claim) or _PLACE.search(claim)
    if found is None or _NOT.search(claim, 0, found.start()):
        return None
    names = [e.key for e in entities(claim)]
    if not names:
        return None
    rest = set(content_words(claim[: found.start()] + " " + claim[found.end() :])) - {w for n in names for w in n.split()}
    rest -= {"medal", *_COLOURS}
    for passage in passages:
        for sentence in passage_sentences(passage):
            place = (_COLOUR.search(sentence) or _PLACE.search(sentence)) if found.re is _COLOUR else _PLACE.search(
                sentence) if found.re is not _PLACE else (
                _COLOUR.search(sentence) or (_PLACE.search(sentence) if found.group("runner") else None))  # "placed fourth"
            if not any(all(w in content_words(sentence) for w in n.split()) for n in names[:1]):
                continue
            if place is None and found.re is not _MEDAL and _place(found) > 1 and _won_by(sentence, names[0]):
                if not rest or len(rest & set(content_words(sentence))) / len(rest) >= MIN_SHARE:
                    return sentence  # "finished as runner-up" beside "defeated Javier Ostend ... to win the title"
            if place is None:
                continue
            held = rest & set(content_words(sentence))
            if rest and len(held) / len(rest) < MIN_SHARE:
                continue
            if _place(place) > 3 if found.re is _MEDAL else _place(place) != _place(found):
                return sentence
    return None
