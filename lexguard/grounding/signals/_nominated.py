"""A prize the sources give as a nomination only: "won the Booker Prize" beside "was shortlisted
for the Booker Prize".

The claim holds every word of its evidence but the verb, and the verifier, which weighs the prize's
name, read it as supported (0.98). :func:`only_nominated` finds the source sentences that name the
claim's prize (the name after "won", "received", "was awarded"); when each of them gives it with a
word of nomination ("nominated", "shortlisted", "longlisted", "a finalist", "runner-up") and none
with a word of winning, the sentence that nominates contradicts the claim.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities

__all__ = ["only_nominated"]

_WON = regex.compile(r"\b(?:won|wins|winning|win|awarded|received|receives|took|takes|claimed|picked\s+up|scooped)\b",
                     regex.IGNORECASE)
_NOMINATED = regex.compile(
    r"\b(?:nominat(?:ed|ion|ions)|shortlist(?:ed)?|longlist(?:ed)?|finalists?|runners?-up|short-listed|long-listed"
    r"|in\s+contention|contender)\b",
    regex.IGNORECASE,
)
_WINNER = regex.compile(r"\b(?:won|wins|winner|winners|winning|awarded|received|receives|took|claimed|recipient)\b",
                        regex.IGNORECASE)
_REACH = 60
"""Characters after a verb of winning within which the prize is named."""


def only_nominated(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the claim's prize as a nomination only, if any: each sentence
    naming the prize has a word of nomination as the last word of nomination or winning before it
    (within :data:`_BEFORE` characters: "shortlisted for the Booker Prize in 2017 and won the Costa
    Novel Award" nominates for the one and gives the other).

    Example:
        >>> only_nominated("The Salt Orchard won the Booker Prize.",
        ...                ["The Salt Orchard is a novel. It was shortlisted for the Booker Prize in 2017."])
        'It was shortlisted for the Booker Prize in 2017.'
        >>> only_nominated("The Salt Orchard won the Booker Prize.", ["It won the Booker Prize after being shortlisted."])
    """
    won = _WON.search(claim)
    if won is None or _NOMINATED.search(claim):
        return None
    prizes = [e for e in entities(claim) if won.end() <= e.span[0] <= won.end() + _REACH]
    if not prizes:
        return None
    prize = prizes[0].text.lower()
    found = None
    for sentence in (s for p in passages for s in passage_sentences(p)):
        at = sentence.lower().find(prize)
        while at >= 0:
            before = sentence[max(0, at - _BEFORE) : at]
            last = max([*_NOMINATED.finditer(before), *_WINNER.finditer(before)], key=lambda m: m.start(), default=None)
            if last is None or _WINNER.fullmatch(last.group()) or _won_after(sentence, at + len(prize)):
                return None  # given as won, or named without either: not a nomination only
            found = found or sentence
            at = sentence.lower().find(prize, at + len(prize))
    return found


_NEGATED = regex.compile(r"\b(?:never|not|no|without)\b|n['\u2019]t\b", regex.IGNORECASE)
_WON_IT = regex.compile(r"\b(?:won|wins|winning|received|took|claimed)\s++(?:it|the\s++(?:prize|award|title|trophy))\b",
                        regex.IGNORECASE)


def _won_after(sentence: str, end: int) -> bool:
    """Whether the sentence goes on to say the prize was won, with no other name between: "was
    nominated for the Amberlin Prize four times *and won it* once"."""
    won = _WON_IT.search(sentence, end)
    between = sentence[end : won.start()] if won is not None else ""
    return won is not None and not entities(between) and not _NEGATED.search(between)


_BEFORE = 50
