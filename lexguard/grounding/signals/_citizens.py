"""Citizenship said as the sources say nationality: "a citizen of Poland" as "Polish".

"Tomasz Wielgosz is a citizen of Poland" beside "Tomasz Wielgosz is a Polish actor" was refused:
the verifier, which learned that a citizenship is a fact of its own, read "Tomasz Wielgosz is
Polish" as supported (0.99) and the citizenship as not said (0.66). :func:`citizens_as_people`
writes a claim's "a citizen of <country>", "a <people> citizen" and "holds <people> citizenship"
as the people word, for the models that read the claim, where no source speaks of citizenship or
nationality (where one does, it is compared as written: "born in Poland, she took French
citizenship in 1990").
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._demonyms import peoples_of, places_of

__all__ = ["citizens_as_people", "names_citizenship"]

_PLACE = r"(?:the\s++)?(?P<place>\p{Lu}\p{Ll}++(?:\s++\p{Lu}\p{Ll}++){0,2})"
_CITIZEN = regex.compile(
    r"\b(?:an?\s++)?(?:citizen|national)\s++of\s++" + _PLACE
    + r"|\b(?:an?\s++)?(?P<people>\p{Lu}\p{Ll}++)\s++(?:citizen|national)\b(?!\s++(?:of|team|park|guard|league|service|anthem)\b)"
    + r"|\b(?:holds?|held|has|had)\s++(?P<held>\p{Lu}\p{Ll}++)\s++(?:citizenship|nationality)\b"
)
_SPOKEN_OF = regex.compile(r"\b(?:citizen(?:s|ship)?|nationality|nationals?|passports?)\b", regex.IGNORECASE)


def _people(place: str) -> str | None:
    words = sorted(peoples_of(place))
    return words[0].capitalize() if words else None


def names_citizenship(claim: str) -> bool:
    """Whether ``claim`` gives a citizenship :func:`citizens_as_people` would write otherwise."""
    return _CITIZEN.search(claim) is not None


def citizens_as_people(claim: str, sources_text: str) -> str:
    """``claim`` with each citizenship written as the country's people word, where ``sources_text``
    (the sources, any case) never speaks of citizenship or nationality.

    Example:
        >>> citizens_as_people("Tomasz Wielgosz is a citizen of Poland.", "Tomasz Wielgosz is a Polish actor.")
        'Tomasz Wielgosz is Polish.'
        >>> citizens_as_people("She holds French citizenship.", "She is a French painter.")
        'She is French.'
        >>> citizens_as_people("She is a French citizen.", "She took French citizenship in 1990.")
        'She is a French citizen.'
    """
    if _CITIZEN.search(claim) is None or _SPOKEN_OF.search(sources_text):
        return claim

    def written(match: regex.Match[str]) -> str:
        if match.group("place"):
            return _people(match.group("place")) or match.group()
        people = match.group("people") or match.group("held")
        if not places_of(people):
            return match.group()
        if match.group("people"):
            return people
        return f"{'was' if match.group().split()[0].lower() in ('held', 'had') else 'is'} {people}"

    return _CITIZEN.sub(written, claim)
