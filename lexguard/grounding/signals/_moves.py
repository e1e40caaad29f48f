"""A move between two sides given the other way round: "Tomás Ibarra left Peñarol in 2016" beside
"Ibarra left Club Nacional in 2016 to join Peñarol".

The claim holds every word of the sentence but one side, and the verifier, which weighs the names
and the year, read it as supported (0.99). :func:`move_conflict` reads a source's move with its
year ("left A in 2016 to join B", "moved from A to B in 2016", "joined B from A in 2016") and
fails a claim of the same year that says the person left the side they joined, or joined the side
they left. A claim without the move's year is not read (the person may have left the new side
later), nor one that a sentence states as written ("left Peñarol in 2020").
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences

__all__ = ["move_conflict"]

_SIDE = r"(\p{Lu}[\p{L}'.\u2019-]*+(?:\s++(?:de\s++|del\s++|da\s++|of\s++|the\s++)?\p{Lu}[\p{L}'.\u2019-]*+){0,3})"
_YEAR = r"(?:\s++in\s++(?P<year>\d{4}))?"
_MOVES = (
    regex.compile(rf"\bleft\s++(?:the\s++)?(?P<away>{_SIDE}){_YEAR},?\s++(?:to\s++join|for|and\s++joined)\s++"
                  rf"(?:the\s++)?(?P<to>{_SIDE}){_YEAR.replace('year', 'year2')}"),
    regex.compile(rf"\b(?:moved|transferred|switched)\s++from\s++(?:the\s++)?(?P<away>{_SIDE})\s++to\s++(?:the\s++)?"
                  rf"(?P<to>{_SIDE}){_YEAR}"),
    regex.compile(rf"\bjoined\s++(?:the\s++)?(?P<to>{_SIDE})\s++from\s++(?:the\s++)?(?P<away>{_SIDE}){_YEAR}"),
)
_CLAIMED = regex.compile(rf"\b(?P<verb>left|joined|signed\s++(?:for|with)|moved\s++to)\s++(?:the\s++)?(?P<side>{_SIDE})")
_CLAIM_YEAR = regex.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")


def _words(side: str) -> set[str]:
    return {w.lower() for w in regex.findall(r"[\p{L}'.\u2019-]+", side) if w[:1].isupper()}


def _moves(sentence: str) -> list[tuple[set[str], set[str], str | None]]:
    """``(side left, side joined, year)`` of each move a sentence gives."""
    out = []
    for pattern in _MOVES:
        for m in pattern.finditer(sentence):
            year = m.groupdict().get("year") or m.groupdict().get("year2")
            out.append((_words(m.group("away")), _words(m.group("to")), year))
    return out


def move_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence whose move of the claim's year gives the claim's side the other way, if any.

    Example:
        >>> source = "Tomás Ibarra left Club Nacional in 2016 to join Peñarol, where he stayed until 2020."
        >>> move_conflict("Tomás Ibarra left Peñarol in 2016.", [source])
        'Tomás Ibarra left Club Nacional in 2016 to join Peñarol, where he stayed until 2020.'
        >>> move_conflict("Tomás Ibarra joined Peñarol in 2016.", [source])
    """
    said = _CLAIMED.search(claim)
    years = set(_CLAIM_YEAR.findall(claim))
    if said is None or len(years) != 1:
        return None
    left = said.group("verb").lower() == "left"
    side = _words(said.group("side"))
    sentences = [s for p in passages for s in passage_sentences(p)]
    for sentence in sentences:
        for away, to, year in _moves(sentence):
            if year not in years:
                continue
            if (left and side & away) or (not left and side & to):
                return None  # the move the claim gives
            if (left and side & to and not side & away) or (not left and side & away and not side & to):
                return sentence
    return None
