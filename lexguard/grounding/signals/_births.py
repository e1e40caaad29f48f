"""A birth year the claim gives someone the sources give another: "Tobias Renn plays for the Harwood
Kestrels and was born in 2016" beside "Tobias Renn was born in 1988. The Harwood Kestrels won the
Coastal Shield in 2016."

The year is in the sources, in the sentence about the team the claim also names, so the value
rules read it there, and the verifier called the claim supported (0.99). :func:`birth_conflict`
reads the year after the claim's "born" against the birth years the sources give the names of
the claim: when none of them was born that year and one was born in another, the sentence that
gives that other year contradicts the claim.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._ages import BIRTH_YEAR
from lexguard.grounding.signals._entities import entities

__all__ = ["birth_conflict"]

_NOT = regex.compile(r"\b(?:not|never|no)\b|n['\u2019]t\b", regex.IGNORECASE)


def _key(name: str) -> str:
    return " ".join(name.lower().replace("\u2019", "'").removesuffix("'s").split())


def birth_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives one of the claim's names another birth year, if any.

    Example:
        >>> source = ["Tobias Renn was born in 1988. The Harwood Kestrels won the Coastal Shield in 2016."]
        >>> birth_conflict("Tobias Renn plays for the Harwood Kestrels and was born in 2016.", source)
        'Tobias Renn was born in 1988.'
        >>> birth_conflict("Tobias Renn was born in 1988.", source) is None
        True
    """
    said = BIRTH_YEAR.search(claim)
    if said is None or _NOT.search(claim, 0, said.start()):
        return None
    year = int(said.group("year") or said.group("b"))
    names = {_key(e.text) for e in entities(claim[: said.start()])}
    if not names:
        return None
    given: dict[str, dict[int, str]] = {}
    for passage in passages:
        for sentence in passage_sentences(passage):
            for born in BIRTH_YEAR.finditer(sentence):
                named = [_key(e.text) for e in entities(sentence[: born.start()])]
                if named:
                    given.setdefault(named[-1], {}).setdefault(int(born.group("year") or born.group("b")), sentence)
    own = [given[n] for n in names if n in given]
    if not own or any(year in years for years in own):
        return None
    return next(iter(own[0].values()))
