"""The sentences of a source passage as the strict signals read them (:func:`passage_sentences`),
its byline and dateline set apart (:mod:`._bylines`)."""

from __future__ import annotations

from collections.abc import Iterator

import regex

from lexguard.grounding.claims._bylines import header_end
from lexguard.grounding.claims._sentences import _FIRST_WORD, _OPENERS, _is_abbreviation

__all__ = ["passage_sentences"]

_PASSAGE_SENTENCE = regex.compile(r"[^.!?\n]+(?:[.!?]+|$)")
_LINE_SENTENCE = regex.compile(r"[^.!?\n]+(?:[.!?]+|(?m:$))")
"""A sentence of a passage written as lines ("Price: £5", "Northbound Glass, performed by, Tamsin
Rook"): to its marks or its line's end (read as prose, all such lines but the last were lost)."""
_UNCLOSED = regex.compile(r"[^.!?:;\s]\s*$")
_LINES_SHARE = 0.5
"""Share of lines with no closing mark above which a passage is read as lines (else: headings)."""


def _continues(previous: str, following: str) -> bool:
    """Whether ``following`` goes on the sentence ``previous`` cut at the dot of an abbreviation or
    a one-letter word ("8 p.", "m. Friday"; "Corvin Ltd.", "owed ..."), at a decimal point
    ("3.", "5 million") or inside a word ("config.", "ini"), as :func:`split_sentences` reads them."""
    text = previous.rstrip()
    first = _FIRST_WORD.match(following)
    if not text.endswith(".") or first is None:
        return False
    if previous.endswith(".") and following[:1].islower():
        return True  # a dot inside a word: a file or a domain name ("config.ini", "example.com")
    if text[-2:-1].isdigit():
        return following[:1].isdigit()
    if not _is_abbreviation(text, len(text) - 1, first.group("word")):
        return False
    word = first.group("word")
    return word[:1].islower() or word[:1].isdigit() or word.lower() not in _OPENERS


def passage_sentences(passage: str) -> Iterator[str]:
    """The sentences of a source passage as the strict signals read them (stripped, in order).

    A quick cut after every run of ``.``, ``!`` or ``?`` and, in a passage written as lines (a list,
    a record, knowledge triples: :data:`_LINES_SHARE`), at line breaks, but not at the dot of
    an abbreviation or a one-letter word before a name or a lower-case word ("8 p.m. Friday",
    "Corvin Ltd. owed"), nor at a decimal point: the signals that look
    for a source sentence telling both sides of a claim (overstated quantifiers, event order,
    polarity) were tuned on this cut, and a sentence cut too finely only makes them find less.

    Args:
        passage: A source chunk's text.

    Yields:
        Each sentence's text, stripped (possibly empty).
    """
    pieces: list[str] = []
    last_end = -1
    lines = [line for line in passage.split("\n") if line.strip()]
    unclosed = sum(1 for line in lines if _UNCLOSED.search(line))
    cut = _LINE_SENTENCE if len(lines) > 1 and unclosed > _LINES_SHARE * len(lines) else _PASSAGE_SENTENCE
    at = 0
    for start, end in [*_headers(passage), (len(passage), len(passage))]:  # "By Ann Lee PUBLISHED: ...": its own
        for match in cut.finditer(passage, at, start):
            if pieces and match.start() == last_end and _continues(pieces[-1], match.group()):
                pieces[-1] += match.group()
            else:
                pieces.append(match.group())
            last_end = match.end()
        if end > start:
            pieces.append(passage[start:end])
        at = end
    return (piece.strip() for piece in pieces)


def _headers(passage: str) -> list[tuple[int, int]]:
    """The bylines and datelines opening the passage or one of its lines (:func:`header_end`)."""
    starts = [0, *(m.end() for m in _LINE_START.finditer(passage))]
    return [(start, end) for start in starts if (end := header_end(passage, start)) > start]


_LINE_START = regex.compile(r"\n\s*+")

