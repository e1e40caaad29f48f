"""The one shape of what a record (a JSON-like source) says of a claim, for each of its readers:
its opening hours (:mod:`._opening_hours`) and its yes-or-no attributes (:mod:`._record_attributes`).

A reader reads the statements of the claim it knows (days and times; "offers takeout") and the
words it accounts for; :func:`~lexguard.grounding.signals._record_checks.read_record` puts the
readers together, so "open from noon to 9 pm every day and offers takeout and free Wi-Fi" is
checked whole when each statement is as the record gives it and every word is one a reader read.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from lexguard.grounding.signals._lexical import content_words

__all__ = ["DIGIT", "REPORTED", "RecordReading", "unread_words"]

DIGIT = "#digit"
"""The word :func:`unread_words` gives for a figure left in the claim: a figure is never a word a
reader accounts for unless it read it ("12 tables" beside the hours)."""

REPORTED = regex.compile(
    r"\b(?:reviews?|reviewers?|reviewed|said|says|say|mention\w*|noted?"
    r"|notes|according|complain\w*|claim\w*|report\w*|praise\w*|stat(?:ed|es|ing)|felt|found|think|thought"
    r"|regarded|described|considered|known|reputation|seen\s+as)\b",
    regex.IGNORECASE,
)
"""Words of a claim that reports what someone said ("customers praised", "according to reviews",
"is known for"): a review may give other hours or attributes than the record, so such a claim is
left to the other checks."""


@dataclass(frozen=True, slots=True)
class RecordReading:
    """What one reader of a record says of a claim.

    Attributes:
        conflict: The record's line the claim gives otherwise (the evidence of a contradiction).
        ok: Whether the claim makes statements this reader reads, each as the record gives it.
        named: Whether the claim makes any statement this reader reads.
        left: The claim's words this reader does not account for (:data:`DIGIT` for a figure),
            when it read a statement (``named``).
    """

    conflict: str | None = None
    ok: bool = False
    named: bool = False
    left: frozenset[str] = frozenset()


def unread_words(text: str, known: frozenset[str]) -> frozenset[str]:
    """The content words of ``text`` outside ``known``, and :data:`DIGIT` when a figure is left."""
    words = set(content_words(text)) - known
    if regex.search(r"\d", text):
        words.add(DIGIT)
    return frozenset(words)
