"""An offer the sources say was turned down, claimed as taken: "Marco Bellini signed with Juventus"
beside "Bellini turned down an offer from Juventus and signed with Torino instead".

The claim holds every word of the sentence but the verb, and the verifier, which weighs the names,
read it as supported (0.98). :func:`declined_conflict` reads the name a claim says someone joined,
signed with, moved to or accepted (the first name within :data:`_REACH` characters after the verb),
and finds the source sentence that names it after a verb of refusal ("turned down", "rejected",
"declined", "refused", "snubbed", "spurned", "rebuffed"), the offer's words between them at
most ("an offer from", "a move to", "the chance to join"). No sentence is returned when another
one gives the claim's step with the same name.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities

__all__ = ["declined_conflict"]

_TAKEN = regex.compile(
    r"\b(?:signed\s+(?:with|for|to)|signs\s+(?:with|for|to)|joined|joins|moved\s+to|moves\s+to|transferred\s+to"
    r"|accepted|accepts|agreed\s+to\s+join|took\s+(?:up\s+)?(?:the|a|an)\s+(?:job|post|position|role|offer)\s+(?:at|with|from))\b",
    regex.IGNORECASE,
)
"""Verbs of taking a step towards a named side: a club, a label, a firm, an offer."""
_REFUSED = regex.compile(
    r"\b(?:turn(?:ed|s|ing)?\s+down|reject(?:ed|s|ing)?|declin(?:ed|es|ing)|refus(?:ed|es|ing)|snub(?:bed|s|bing)?"
    r"|spurn(?:ed|s|ing)?|rebuff(?:ed|s|ing)?|walk(?:ed|s|ing)?\s+away\s+from|pull(?:ed|s|ing)?\s+out\s+of)\b",
    regex.IGNORECASE,
)
_OFFER = regex.compile(
    r"\s*+(?:(?:\p{Ll}++\s++){0,3}?"  # "a lucrative", "a reported"
    r"(?:offers?|bids?|approach(?:es)?|move|moves|deal|contract|chance|opportunity|invitation|proposal|overtures?)\s++"
    r"(?:from|by|to|with|of|at)\s++(?:join\s++)?)?(?:the\s++)?",
    regex.IGNORECASE,
)
"""The words of an offer between a verb of refusal and the side that made it."""
_REACH = 40
"""Characters after the claim's verb within which its side is named."""


def _key_words(key: str) -> set[str]:
    return set(key.split())


def _side(claim: str) -> set[str] | None:
    """The name of the side a claim's verb of taking a step names (its key's words), else ``None``."""
    taken = _TAKEN.search(claim)
    if taken is None:
        return None
    after = [e for e in entities(claim) if taken.end() <= e.span[0] <= taken.end() + _REACH]
    return _key_words(after[0].key) if after else None


def _refused_sides(sentence: str) -> list[set[str]]:
    """The names a sentence gives right after a verb of refusal (the offer's words between)."""
    names = entities(sentence)
    out = []
    for match in _REFUSED.finditer(sentence):
        offer = _OFFER.match(sentence, match.end())
        start = offer.end() if offer else match.end()
        out += [_key_words(n.key) for n in names if n.span[0] == start]
    return out


def declined_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the side a claim says someone joined or accepted as refused.

    Example:
        >>> declined_conflict("Marco Bellini signed with Juventus in 2014.",
        ...                   ["In 2014 Bellini turned down an offer from Juventus and signed with Torino instead."])
        'In 2014 Bellini turned down an offer from Juventus and signed with Torino instead.'
        >>> declined_conflict("Marco Bellini signed with Torino in 2014.",
        ...                   ["In 2014 Bellini turned down an offer from Juventus and signed with Torino instead."])
    """
    side = _side(claim)
    if side is None or _REFUSED.search(claim):
        return None
    found = None
    for sentence in (s for p in passages for s in passage_sentences(p)):
        refused = any(r & side for r in _refused_sides(sentence))
        taken = _side(sentence)
        if taken is not None and taken & side and not refused:
            return None  # a sentence gives the step the claim gives
        if found is None and refused:
            found = sentence
    return found
