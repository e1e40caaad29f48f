"""A range with another end than its evidence: "for children aged 5 to 10" beside "aged 5 to 8".

An answer gathers the ends of a range from several statements, so the binding rule leaves the
numbers of a range alone (:func:`~lexguard.grounding.signals._binding.misplaced_values`), and a
wrong end that the sources give elsewhere ("a 10-week course") passed every other rule.
:func:`range_conflicts` reads the claim's ranges whole: an end is contradicted when the evidence
gives a range with the claim's other end and another one in its place, no range of the evidence
has both of the claim's ends, and none has the claim's end at all: "closing between 21:30 and
22:30" gathers the closing times of several days ("17:30-21:30", "17:30-22:30").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import regex

from lexguard._limits import current_deadline
from lexguard.grounding.signals._batched import PROFILE_BATCH
from lexguard.grounding.signals._lexical import Mention, numbers
from lexguard.grounding.signals._statements import number_class

__all__ = ["range_conflicts", "source_range_ends"]

_JOIN = regex.compile(r"\s*(?:-|\u2013|\u2014|to|and)\s*[$\u00a3\u20ac]?", regex.IGNORECASE)
_BETWEEN = regex.compile(r"\b(?:from|between|aged|ages)\s+[$\u00a3\u20ac]?$", regex.IGNORECASE)


def _ranges(text: str) -> list[tuple[Mention, Mention]]:
    """The ranges of ``text``: two numbers of one kind joined by "to", a dash, or "and" after "between"."""
    found = [m for m in numbers(text)]
    out = []
    for a, b in zip(found, found[1:], strict=False):
        gap = text[a.span[1] : b.span[0]]
        if not _JOIN.fullmatch(gap):
            continue
        if gap.strip().lower() == "and" and not _BETWEEN.search(text, 0, a.span[0]):
            continue  # "3 eggs and 2 cups": no range
        if _kind(text, a) != _kind(text, b):
            continue  # "from 18,400 in 2011 to 21,900 in 2021": a year, then a count
        out.append((a, b))
    return out


def _kind(text: str, mention: Mention) -> str:
    """A value's kind for a range: a year is no count, a time is a time, bare counts are one kind."""
    kind = number_class(text, mention).split(" ")[0]
    return "count" if kind in ("", "count") else kind  # "5 to 8 run on Saturdays": bare counts both


def _keys(mention: Mention) -> set[str]:
    return {mention.key, *mention.alts}


def source_range_ends(index: Any) -> frozenset[str]:
    """The keys of every range end the sources give (read once per source index, kept on it; the
    time budget is read before each ``PROFILE_BATCH`` chunks after the first).

    Raises:
        BudgetExceededError: If the time budget was spent while reading a long source.
    """
    cached = getattr(index, "_range_ends", None)
    if cached is None:
        deadline = current_deadline()
        found: set[str] = set()
        for ci, chunk in enumerate(index.chunks):
            if ci and ci % PROFILE_BATCH == 0 and deadline is not None:
                deadline.check("reading the sources' ranges")
            found.update(k for a, b in _ranges(chunk.text) for k in _keys(a) | _keys(b))
        cached = index._range_ends = frozenset(found)
    return cached


def range_conflicts(claim: str, texts: Iterable[str], index: Any = None) -> list[Mention]:
    """The ends of the claim's ranges that the evidence gives otherwise.

    Args:
        claim: The claim text.
        texts: The claim's best evidence passages.
        index: The source index, if any: an end any of its ranges gives is no wrong one ("8:00
            to 16:00" of a day whose hours stand in another passage; :func:`source_range_ends`).
    """
    mine = _ranges(claim)
    theirs = [pair for text in texts for pair in _ranges(text)] if mine else []
    if not theirs:
        return []
    ends = set().union(*(_keys(a) | _keys(b) for a, b in theirs))
    if index is not None:
        ends |= source_range_ends(index)
    out = []
    for start, end in mine:
        if any(_keys(start) & _keys(a) and _keys(end) & _keys(b) for a, b in theirs):
            continue
        if any(_keys(start) & _keys(a) for a, _ in theirs) and not _keys(end) & ends:
            out.append(end)  # "5 to 10" beside "5 to 8"
        elif any(_keys(end) & _keys(b) for _, b in theirs) and not _keys(start) & ends:
            out.append(start)  # "3 to 8" beside "5 to 8"
    return out
