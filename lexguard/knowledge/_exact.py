"""Exact (case-insensitive) matching of a graph's names and aliases in a text, under a deadline.

One regular expression of every name (``Acme|Acme Router|...``) took minutes to compile and scan
for a graph of 100,000 entities, and neither step could stop when the validation's time budget
was spent. :class:`ExactMatcher` keeps the names in a trie of words instead (built once per
graph, in linear time) and scans the text position by position, asking ``stop()`` now and then.
It finds what the expression found: at each word boundary the longest name that matches, words
separated by any whitespace, not inside a longer word; matches do not overlap.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

__all__ = ["ExactMatcher"]

_STOP_EVERY = 2048
"""Text positions scanned between two calls of ``stop()``."""


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def _lowered(text: str) -> str:
    """``text`` lower-cased character by character (same length, so offsets still hold)."""
    low = text.lower()
    if len(low) == len(text):
        return low
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


class _Node:
    """A word of a name: the words that may follow it, and the name that ends here (if any)."""

    __slots__ = ("children", "key", "lengths")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.key: str | None = None
        self.lengths: tuple[int, ...] = ()

    def freeze(self) -> None:
        """Record the lengths of the following words, longest first (iteratively: deep names are fine)."""
        stack = [self]
        while stack:
            node = stack.pop()
            node.lengths = tuple(sorted({len(word) for word in node.children}, reverse=True))
            stack.extend(node.children.values())


class ExactMatcher:
    """The names and aliases of a graph, in a trie of words, for :meth:`find`.

    Args:
        keys: Normalised names (lower case, single spaces; see ``normalize_surface``).
    """

    def __init__(self, keys: Iterable[str]) -> None:
        self._root = _Node()
        for key in keys:
            node = self._root
            for word in key.split():
                node = node.children.setdefault(word, _Node())
            if node is not self._root and node.key is None:
                node.key = key
        self._root.freeze()
        self._starts = frozenset(word[0] for word in self._root.children)

    def __bool__(self) -> bool:
        return bool(self._root.children)

    def find(self, text: str, stop: Callable[[], bool] | None = None) -> Iterator[tuple[int, int, str]]:
        """Yield ``(start, end, key)`` of each match, left to right.

        Args:
            text: The text to scan.
            stop: Called every few thousand positions; when it returns True the scan ends early.
        """
        low = _lowered(text)
        size, pos, steps = len(text), 0, 0
        while pos < size:
            steps += 1
            if stop is not None and steps % _STOP_EVERY == 0 and stop():
                return
            if low[pos] in self._starts and (pos == 0 or not _word_char(text[pos - 1])):
                found = self._longest_at(text, low, pos)
                if found is not None:
                    yield pos, found[0], found[1]
                    pos = max(found[0], pos + 1)
                    continue
            pos += 1

    def _longest_at(self, text: str, low: str, pos: int) -> tuple[int, str] | None:
        """The longest name that starts at ``pos``: ``(end, key)``."""
        best: tuple[int, str] | None = None
        pending: list[tuple[_Node, int]] = [(self._root, pos)]
        while pending:
            node, at = pending.pop()
            if node is not self._root:
                if node.key is not None and (at == len(text) or not _word_char(text[at])):
                    if best is None or len(node.key) > len(best[1]):
                        best = (at, node.key)
                gap = at
                while gap < len(text) and text[gap].isspace():
                    gap += 1
                if gap == at:
                    continue  # the next word of a name follows whitespace
                at = gap
            for length in node.lengths:
                child = node.children.get(low[at : at + length]) if at + length <= len(low) else None
                if child is not None:
                    pending.append((child, at + length))
        return best
