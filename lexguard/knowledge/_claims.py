"""Claim extraction for the knowledge checks (one claim per sentence, with spans).

``default_claim_extractor`` uses ``lexguard.grounding.extract_claims`` when the grounding
package provides it, and a small internal sentence splitter otherwise, so the two can be
swapped in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import regex

from lexguard._models import Claim

__all__ = ["ClaimExtractor", "default_claim_extractor", "split_sentence_claims"]

ClaimExtractor = Callable[[str], Sequence[Claim]]
"""A function ``text -> claims`` (each claim with a span into ``text``)."""

_ABBREVIATIONS = frozenset("e.g i.e etc vs inc ltd co corp dr mr mrs ms prof no approx fig st jr sr".split())
_END = regex.compile(r"[.!?]+[\"'\u201d\u2019)\]]*(?=\s|$)|\n\s*\n|\n(?=\s*(?:[-*\u2022]|\d+[.)])\s)")


def split_sentence_claims(text: str) -> list[Claim]:
    """Cut ``text`` into sentence claims with ``(start, end)`` spans.

    Splits after ``.``, ``!`` or ``?`` followed by whitespace (not after common abbreviations
    such as "e.g.", not inside decimals such as ``2.5``), at blank lines and before list items.
    Single letters end sentences ("... depends on Service X."), so initials do split.
    """
    claims: list[Claim] = []
    start = 0
    for match in _END.finditer(text):
        end = match.end()
        if match.group().startswith("."):
            token = regex.search(r"(\S+)$", text[start : match.start()])
            word = token.group(1).lower().lstrip("(\"'") if token else ""
            if word.rstrip(".") in _ABBREVIATIONS:
                continue
        _append(claims, text, start, end)
        start = end
    _append(claims, text, start, len(text))
    return claims


def _append(claims: list[Claim], text: str, start: int, end: int) -> None:
    chunk = text[start:end]
    stripped = chunk.strip().lstrip("-*\u2022 \t")
    if not any(c.isalnum() for c in stripped):
        return
    offset = start + chunk.index(stripped)
    claims.append(Claim(index=len(claims), text=stripped, span=(offset, offset + len(stripped))))


def default_claim_extractor() -> ClaimExtractor:
    """``lexguard.grounding.extract_claims`` when available, else :func:`split_sentence_claims`."""
    try:
        from lexguard.grounding import extract_claims  # type: ignore[attr-defined]
    except ImportError:
        return split_sentence_claims
    return extract_claims  # type: ignore[no-any-return]
