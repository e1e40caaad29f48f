"""Decades: "the 1980s" holds 1985, "the late 1990s" 1996 to 1999.

A decade of a claim is no number the sources must state: it is worked out when it holds the
evidence year it is about (:func:`in_decade`), the year the claim's words anchor best
(:mod:`~lexguard.grounding.signals._anchoring`); of a tie, the year right after the word the
claim writes before its decade ("was rebuilt in the 2000s" beside "opened in 1962 and was rebuilt
in 2008"). The verifier reads such a decade as that year (:func:`decade_evidence`,
:mod:`~lexguard.grounding.signals._rewrite`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import regex

from lexguard.grounding.signals._anchoring import anchored, candidates
from lexguard.grounding.signals._lexical import Mention

__all__ = ["decade_evidence", "decade_years", "in_decade"]


_DECADE = regex.compile(
    r"(?:\b(?P<part>early|mid|late)[\s-]+)?(?:(?P<century>1[0-9]|20)(?P<tens>[0-9])0|[\u2019'](?P<short>[0-9])0)s\b",
    regex.IGNORECASE,
)
_PART = {"early": (0, 3), "mid": (3, 7), "late": (6, 9), None: (0, 9)}


def decade_years(claim: str, mention: Mention) -> tuple[int, int] | None:
    """The years a decade spans ("the 1980s": 1980-1989, "the late 1990s": 1996-1999), for a
    claim number written as one; ``None`` for other numbers ("'80s" is read in the 1900s)."""
    match = _DECADE.search(claim, max(0, mention.span[0] - 6), mention.span[1] + 1)
    if match is None or not match.start() <= mention.span[0] < match.end():
        return None
    start = (int(match.group("century")) * 100 + int(match.group("tens")) * 10 if match.group("century")
             else 1900 + int(match.group("short")) * 10)
    low, high = _PART[(match.group("part") or "").lower() or None]
    return start + low, start + high


def in_decade(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether a decade of the claim ("born in the 1980s") holds the evidence year it is about
    (1985): the years the claim's words anchor best (:mod:`~lexguard.grounding.signals._anchoring`),
    each of them, so that "Her brother was born in 1985" does not date her."""
    return bool(decade_evidence(claim, mention, texts))


def decade_evidence(claim: str, mention: Mention, texts: Iterable[str]) -> list[int]:
    """The evidence years a decade of the claim is about, when all of them fall in it (else none):
    the year right after the word the claim writes before its decade ("was rebuilt in the 2000s"
    beside "opened in 1962 and was rebuilt in 2008"), else the years its words anchor best."""
    years = decade_years(claim, mention)
    if years is None:
        return []
    texts = list(texts)
    about = _after_the_word(claim, mention, candidates(claim, mention, texts)[0]) or anchored(claim, mention, texts)[0]
    if about and all(c.value.is_integer() and years[0] <= c.value <= years[1] for c in about):
        return list(dict.fromkeys(int(c.value) for c in about))
    return []


_WORD_BEFORE_DECADE = regex.compile(
    r"(\p{L}{3,})\s++(?:(?:in|on|at|the|of|by|during|around|about|until|since|from|early|mid|late)\s++){0,4}$",
    regex.IGNORECASE,
)


def _after_the_word(claim: str, mention: Mention, about: list[Any]) -> list[Any]:
    """The evidence years that stand within three words after the word the claim writes before its
    decade (past "in the late"), in their evidence."""
    before = _WORD_BEFORE_DECADE.search(claim, max(0, mention.span[0] - 40), mention.span[0])
    if before is None:
        return []
    word = regex.escape(before.group(1))
    return [c for c in about if regex.search(rf"\b{word}\s++(?:\p{{L}}+\s++){{0,2}}{regex.escape(c.text)}\b",
                                             c.chunk, regex.IGNORECASE)]
