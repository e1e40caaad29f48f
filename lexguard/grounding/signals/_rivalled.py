"""A claim number one arithmetic step would give that is instead another value of its statement.

"Each lesson lasts 45 minutes" beside "Each lesson lasts 40 minutes" and "aged 5 to 8": 45 is
40 + 5, by chance, and the rule of worked-out numbers (:mod:`._derived`) took it for a sum. The
claim's words tie it to the statement that gives 40: it is another value, not a worked one.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._anchoring import anchored, magnitude
from lexguard.grounding.signals._clauses import statement_at
from lexguard.grounding.signals._lexical import Mention
from lexguard.grounding.signals._statements import number_class

__all__ = ["MIN_TIED", "MIN_TIED_SMALL", "close", "rivalled", "tied_elsewhere"]


def close(a: float, b: float) -> bool:
    """Whether two values are equal but for rounding."""
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


_WORKED_CUE = regex.compile(
    r"\b(?:total|totals|altogether|combined|in\s+all|together|overall|whole|entire|sum|difference|apart|both"
    r"|rest|remaining|remainder|left|more|fewer|less|longer|shorter|later|earlier|older|younger|higher|lower"
    r"|increase[sd]?|decrease[sd]?|r[io]se|grew|fell|dropped|gain(?:ed)?|lost|ago|since|after|before|between"
    r"|span(?:ning|s)?|average|times|twice|double[sd]?|half)\b|\w+er\s+than\b",
    regex.IGNORECASE,
)
"""Words of a claim that say its number was worked out ("80 minutes *together*", "five years *after*")."""


def rivalled(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether a claim number that one arithmetic step would give is instead another value of the
    statement the claim's words stand next to, with no word saying it was worked out: "Each lesson
    lasts 45 minutes" beside "Each lesson lasts 40 minutes" (45 is 40 + 5 of "aged 5 to 8", by chance).

    The claim's words anchor an evidence value of the number's class (:func:`anchored`, at least
    :data:`MIN_TIED`) and every value they anchor best is another, and neither the number's own
    statement (:func:`~lexguard.grounding.signals._clauses.statement_at`) nor that value's sentence
    has a word of a worked-out number ("later", "in total"); years aside."""
    if _WORKED_CUE.search(statement_at(claim, mention.span[0])) or number_class(claim, mention) == "year":
        return False  # a year is worked out from a span the evidence gives ("reopened three years later")
    about, _ = anchored(claim, mention, texts)
    value = magnitude(claim, mention)
    return (value is not None and bool(about) and about[0].score[0] >= MIN_TIED
            and not any(close(c.value, value) for c in about)
            and not _WORKED_CUE.search(_sentence_with(about[0].chunk, about[0].text)))


MIN_TIED_SMALL = 3.0
"""Least anchor of an evidence value that ties a small claim number to its statement whatever
words of a worked-out number stand near: the words on both sides of the number are the value's."""


def tied_elsewhere(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether a small number that a sum or difference of two evidence numbers would give is
    instead another value of the statement the claim's words stand next to, anchored on both sides
    (at least :data:`MIN_TIED_SMALL`): "or 5 days for fever" beside "or 3 days for fever" (2 + 3
    of "one or two tablets", and "more" of "more than 10 days" read as a remainder's cue)."""
    about, _ = anchored(claim, mention, texts)
    value = magnitude(claim, mention)
    return (value is not None and bool(about) and about[0].score[0] >= MIN_TIED_SMALL
            and not any(close(c.value, value) for c in about))


def _sentence_with(chunk: str, value: str) -> str:
    """The sentence of ``chunk`` that writes ``value`` (the chunk when none does alone)."""
    return next((sentence for sentence in passage_sentences(chunk) if value in sentence), chunk)


MIN_TIED = 1.0
"""Least anchor of an evidence value (:func:`~lexguard.grounding.signals._anchoring.anchored`) that
ties a claim number to its statement: a shared word right before the value, or two further off."""
