"""Weekdays and months a claim may name that the sources do not write: inside their spans.

"Tuesday" is given by "open every day except Monday"; "isn't open on Mondays" by "open Tuesday to
Saturday" (the day the sources leave out of their open days, denied); "so no sessions in July"
by "no sessions from April to September" (a month inside a span its statement denies alike).
"""

from __future__ import annotations

import calendar
from typing import Any

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import statement_at
from lexguard.grounding.signals._dates import month_of, months_spanned
from lexguard.grounding.signals._lexical import Mention, content_words, has_negation
from lexguard.grounding.signals._negation import denied_words
from lexguard.grounding.signals._weekdays import days_named

__all__ = ["MONTH_WORDS", "day_given", "month_given"]

_CLOSED = regex.compile(r"\bclos(?:ed|es|e|ing)\b", regex.IGNORECASE)


def day_given(name: Mention, claim_text: str, index: Any) -> bool:
    """Whether a weekday the claim names is one the sources name as open without writing it
    ("Tuesday" beside "open every day except Monday"), or one the claim says is closed, or denies a
    statement of ("isn't open on Mondays", "closed on Mondays"), that the sources leave out of the
    days they name as open ("open Tuesday to Saturday").

    Args:
        name: The weekday as the claim writes it.
        claim_text: The claim.
        index: The source index (its ``weekdays``).
    """
    days = days_named(name.text)
    if not days or not index.weekdays:
        return False
    if days <= index.weekdays:
        return True
    if days & index.weekdays:
        return False
    statement = statement_at(claim_text, name.span[0])
    denied = days_named(" ".join(denied_words(statement)[0])) if has_negation(statement) else set()
    return days <= denied or bool(_CLOSED.search(statement))


def month_given(name: Mention, claim_text: str, index: Any) -> bool:
    """Whether a month the claim names lies inside a span of months a source sentence gives that
    speaks of the same thing (a word in common), and the claim's statement of it is negated as
    that sentence is: "so no sessions in July" beside "no sessions from April to September" (not
    "Sessions run in July" beside it, nor "The café is open in July" beside "Tours run from April
    to September"). Read once per index."""
    month = month_of(name.text)
    if month is None:
        return False
    spans = getattr(index, "_month_spans", None)
    if spans is None:
        spans = [(spanned, has_negation(sentence), frozenset(content_words(sentence)))
                 for source in index.sources if months_spanned(source.content)
                 for sentence in passage_sentences(source.content) if (spanned := months_spanned(sentence))]
        index._month_spans = spans
    if not spans:
        return False
    negated = has_negation(statement_at(claim_text, name.span[0]))
    words = frozenset(content_words(claim_text)) - MONTH_WORDS
    # the span's sentence must speak of the statement's thing ("sessions"), not of another
    return any(month in spanned and negated == denied and words & theirs for spanned, denied, theirs in spans)


MONTH_WORDS = frozenset(content_words(" ".join(calendar.month_name[1:])))
