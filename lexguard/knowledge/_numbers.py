"""Numbers written in words ("three", "two hundred and fifty"), read where a property is numeric.

A property value the validator cannot read must never pass as confirmed: "version: three" is
read as 3 (and contradicts a graph that says 2), like "version: 3".
"""

from __future__ import annotations

import regex

__all__ = ["NUMBER_WORDS", "words_after", "words_before"]

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_SCALES = {"hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000}
NUMBER_WORDS = frozenset({*_UNITS, *_TENS, *_SCALES})
"""The words a number may be written with (lower case)."""

_ALTERNATIVES = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_FIRST = regex.compile(rf"(?:an?\s+(?=(?:hundred|thousand|million|billion)\b))?({_ALTERNATIVES})(?![\p{{L}}\p{{N}}])",
                       regex.IGNORECASE)
_NEXT = regex.compile(rf"(?:\s*-\s*|\s+(?:and\s+)?)({_ALTERNATIVES})(?![\p{{L}}\p{{N}}])", regex.IGNORECASE)
_RUN_BEFORE = regex.compile(
    rf"(?<![\p{{L}}\p{{N}}])((?:{_ALTERNATIVES})(?:(?:\s*-\s*|\s+(?:and\s+)?)(?:{_ALTERNATIVES}))*)\s+$",
    regex.IGNORECASE,
)


def _value(words: list[str]) -> tuple[int, int] | None:
    """``(value, words used)`` of the longest well-formed prefix of ``words``, or ``None``."""
    total = current = used = 0
    last = ""  # "unit", "tens", "hundred", "scale"
    for word in words:
        if word in _UNITS:
            if last == "unit" or (last == "tens" and _UNITS[word] >= 10):
                break  # "three four", "twenty eleven": not one number
            current += _UNITS[word]
            last = "unit"
        elif word in _TENS:
            if last in ("unit", "tens"):
                break
            current += _TENS[word]
            last = "tens"
        elif word == "hundred":
            if last in ("hundred", "scale") or current % 100 == 0 and current:
                break
            current = (current or 1) * 100
            last = "hundred"
        else:
            total += (current or 1) * _SCALES[word]
            current = 0
            last = "scale"
        used += 1
    return (total + current, used) if used else None


def words_after(text: str, start: int, end: int) -> tuple[tuple[int, int], float | None] | None:
    """The number written in words that starts at ``start`` (before ``end``): the span of its
    words and its value (``None`` when the words do not make one number, "eighty eighty"), or
    ``None`` when no number word starts there."""
    first = _FIRST.match(text, start, end)
    if first is None:
        return None
    spans = [first.span(1)]
    words = [first.group(1).lower()]
    pos = first.end()
    while (more := _NEXT.match(text, pos, end)) is not None:
        spans.append(more.span(1))
        words.append(more.group(1).lower())
        pos = more.end()
    parsed = _value(words)
    span = (first.start(), spans[-1][1])
    if parsed is None or parsed[1] < len(words):
        return span, None  # "eighty eighty", "three four": number words, but not one number
    return span, float(parsed[0])


def words_before(text: str, start: int, end: int) -> tuple[tuple[int, int], float | None] | None:
    """The number written in words that ends just before ``end`` ("five hundred max connections"),
    as :func:`words_after` gives it."""
    run = _RUN_BEFORE.search(text, start, end)
    return None if run is None else words_after(text, run.start(1), run.end(1))
