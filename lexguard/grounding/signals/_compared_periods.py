"""A change measured against another period: "up 6 percent compared with the same quarter last year"
beside "up 6 percent from the second quarter".

A company's results compare a quarter with the one before it or with the same quarter a year
earlier; a summary that keeps the figure and swaps the period holds every word and number of its
source but one phrase, and reads as supported. :func:`other_period` finds the source sentence that
gives the claim's figure against the other kind of period.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import numbers

__all__ = ["NEAR_PERIOD", "other_period"]

NEAR_PERIOD = 80
"""Characters between a figure and the period it is measured against, at most."""

_YEAR_AGO = regex.compile(
    r"\b(?:a\s+year\s+(?:earlier|ago|before)|(?:the\s+)?same\s+(?:quarter|period|month|week)\s+(?:a\s+year\s+(?:ago|earlier)"
    r"|last\s+year|of\s+(?:last|the\s+previous)\s+year)|year[\s-]+(?:over|on)[\s-]+year|(?:the\s+)?year[\s-]+(?:earlier|ago)"
    r"\s+(?:quarter|period|month)|from\s+last\s+year|(?:compared\s+(?:with|to)|than)\s+last\s+year|annual(?:ly)?"
    r"|(?:the\s+)?corresponding\s+(?:quarter|period|month)(?:\s+(?:in|of)\s+(?:\d{4}|last\s+year|the\s+previous\s+year))?)\b",
    regex.IGNORECASE,
)
"""A period a year before: "a year earlier", "the same quarter last year", "year over year", "the
corresponding quarter in 2022"."""
_BEFORE_IT = regex.compile(
    r"\b(?:(?:the\s+)?(?:previous|prior|preceding)\s+(?:quarter|month|three\s+months)|(?:from|than|compared\s+(?:with|to)"
    r"|versus|vs\.?)\s+(?:the\s+)?(?:first|second|third)\s+quarter(?!\s+of\s+(?:19|20)\d\d)|last\s+quarter|sequentially"
    r"|quarter[\s-]+(?:over|on)[\s-]+quarter)\b",
    regex.IGNORECASE,
)
"""The period just before: "the previous quarter", "from the second quarter" (not "in the second quarter
of 2023", the period measured), "sequentially"."""


def _periods(sentence: str, keys: set[str]) -> set[str]:
    """The kinds of period ("year", "before") the sentence measures one of ``keys`` against."""
    found = set()
    for mention in numbers(sentence):
        if not {mention.key, *mention.alts} & keys or len(mention.key) == 4 and mention.key.isdigit():
            continue
        start, end = max(0, mention.span[0] - NEAR_PERIOD), mention.span[1] + NEAR_PERIOD
        if _YEAR_AGO.search(sentence, start, end):
            found.add("year")
        if _BEFORE_IT.search(sentence, start, end) and not _YEAR_AGO.search(sentence):
            found.add("before")
    return found


def other_period(claim: str, passages: list[str]) -> str | None:
    """The source sentence that measures the claim's figure against another period, if any.

    Example:
        >>> source = ["Revenue was $90 million, up 4 percent from the second quarter."]
        >>> other_period("Revenue rose 4 percent compared with the same quarter last year.", source) == source[0]
        True
        >>> other_period("Revenue rose 4 percent from the previous quarter.", source) is None
        True

    Returns:
        A sentence that gives one of the claim's figures beside the other period (a year before,
        or the period just before: :data:`NEAR_PERIOD`) and gives it beside the claim's nowhere;
        ``None`` otherwise.
    """
    keys = {k for m in numbers(claim) for k in (m.key, *m.alts) if not (len(m.key) == 4 and m.key.isdigit())}
    if not keys:
        return None
    claimed = _periods(claim, keys)
    if len(claimed) != 1:
        return None
    sentences = [s for p in passages for s in passage_sentences(p)]
    given = [(s, _periods(s, keys)) for s in sentences]
    if any(claimed <= periods for _, periods in given):
        return None
    return next((s for s, periods in given if periods and not periods & claimed), None)
