"""A claim that asserts what the sources mention only to deny it.

"The Hollow Oak was planted by King Edward around 1740" beside "It is often said that the oak was
planted by King Edward, but this is a myth. The tree self-seeded around 1740.": the claim holds
every word of the denied statement. Read first by :func:`~lexguard.grounding.signals._polarity.polarity_conflict`.
"""

from __future__ import annotations

from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._negation import negated as _negated
from lexguard.grounding.signals._refuted import denial_words
from lexguard.grounding.signals._source_units import Unit
from lexguard.grounding.signals._source_units import statement_words as _words

__all__ = ["denial_asserted"]


def denial_asserted(claim: str, units: list[Unit]) -> str | None:
    """The sentence of a statement the sources mention only to deny that ``claim`` asserts with
    details the other statements give: "The Hollow Oak was planted by King Edward around 1740"
    beside "It is often said that the oak was planted by King Edward, but this is a myth. The tree
    self-seeded around 1740." (the claim, or one of its clauses, holds every word of the denied
    statement, and the rest of its words but one are the sources' too: "Yes, the arena is *due*
    to be demolished next year" beside "Rumours that the arena will be demolished next year were
    denied"). A claim that negates or reports the denial asserts nothing."""
    denied = [u for u in units if u.denied and not u.must and len(u.words) >= _LEAST_DENIED]
    if not denied or _negated(claim) or denial_words(claim):
        return None  # most sources deny nothing: the claim is not read for this at all
    given = frozenset().union(*(u.words for u in units if not u.denied))
    for statement in [claim, *clauses(claim)]:  # "Yes, the arena is due to be demolished, | although ..."
        words = _words(statement)
        found = next((u.sentence for u in denied if u.words <= words and len(words - u.words - given) <= _LEAST_NEW), None)
        if found is not None:
            return found
    return None


_LEAST_NEW = 1
"""Most words of a statement that asserts a denied one that the sources do not hold ("*due* to be demolished")."""
_LEAST_DENIED = 3
"""Fewest content words of a denied statement read this way (fewer are too common to tell it)."""
