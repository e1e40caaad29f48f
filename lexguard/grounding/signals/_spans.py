"""Spans of a text already read: numbers and names are taken once, in log time."""

from __future__ import annotations

import bisect
from collections.abc import Iterable

__all__ = ["Taken", "overlaps"]


def overlaps(span: tuple[int, int], spans: Iterable[tuple[int, int]]) -> bool:
    """Whether ``span`` overlaps any of ``spans`` (:class:`Taken` answers it in log time)."""
    if isinstance(spans, Taken):
        return spans.hits(span)
    return any(s < span[1] and span[0] < e for s, e in spans)


class Taken:
    """Spans of a text already read, none overlapping another: ``hits`` is a binary search, so a
    text with thousands of numbers is read in n log n."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def hits(self, span: tuple[int, int]) -> bool:
        """Whether ``span`` overlaps a span already taken."""
        at = bisect.bisect_left(self._starts, span[1]) - 1  # the last span starting before this one ends
        return at >= 0 and self._ends[at] > span[0]

    def append(self, span: tuple[int, int]) -> None:
        """Take ``span`` (it overlaps no span taken: check with :meth:`hits` first)."""
        at = bisect.bisect_left(self._starts, span[0])
        self._starts.insert(at, span[0])
        self._ends.insert(at, span[1])
