"""A range with another end than its evidence: "for children aged 5 to 10" beside "aged 5 to 8".

An answer gathers the ends of a range from several statements, so the binding rule leaves the
numbers of a range alone (:func:`~lexguard.grounding.signals._binding.misplaced_values`), and a
wrong end that the sources give elsewhere ("a 10-week course") passed every other rule.
:func:`range_conflicts` reads the claim's ranges whole: an end is contradicted when the evidence
gives a range with the claim's other end and another one in its place, and no range of the
evidence has both of the claim's ends.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.signals._lexical import Mention, numbers

__all__ = ["range_conflicts"]

_JOIN = regex.compile(r"\s*(?:-|\u2013|\u2014|to|and)\s*[$\u00a3\u20ac]?", regex.IGNORECASE)
_BETWEEN = regex.compile(r"\b(?:from|between|aged|ages)\s+[$\u00a3\u20ac]?$", regex.IGNORECASE)


def _ranges(text: str) -> list[tuple[Mention, Mention]]:
    """The ranges of ``text``: two numbers joined by "to", a dash, or "and" after "between"."""
    found = [m for m in numbers(text)]
    out = []
    for a, b in zip(found, found[1:], strict=False):
        gap = text[a.span[1] : b.span[0]]
        if not _JOIN.fullmatch(gap):
            continue
        if gap.strip().lower() == "and" and not _BETWEEN.search(text, 0, a.span[0]):
            continue  # "3 eggs and 2 cups": no range
        out.append((a, b))
    return out


def _keys(mention: Mention) -> set[str]:
    return {mention.key, *mention.alts}


def range_conflicts(claim: str, texts: Iterable[str]) -> list[Mention]:
    """The ends of the claim's ranges that the evidence gives otherwise.

    Args:
        claim: The claim text.
        texts: The claim's best evidence passages.
    """
    theirs = [pair for text in texts for pair in _ranges(text)]
    if not theirs:
        return []
    out = []
    for start, end in _ranges(claim):
        if any(_keys(start) & _keys(a) and _keys(end) & _keys(b) for a, b in theirs):
            continue
        if any(_keys(start) & _keys(a) for a, _ in theirs):
            out.append(end)  # "5 to 10" beside "5 to 8"
        elif any(_keys(end) & _keys(b) for _, b in theirs):
            out.append(start)  # "3 to 8" beside "5 to 8"
    return out
