"""Numbers that name one of the answer's sources ("passage 1", "Document 2"), not a value.

A RAG prompt numbers its passages, and answers cite them by that number: "According to passage
1, ..." The number is the prompt's label of a source, which the source's text does not hold; the
strict number rule read it as a value found in no source and failed faithful claims.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._lexical import Mention

__all__ = ["SOURCE_NOUNS", "names_a_source"]

SOURCE_NOUNS = r"passages?|sources?|documents?|docs?|contexts?|references?|excerpts?|snippets?|(?:search\s+)?results?"
"""Nouns an answer names its sources by, before their number."""

_BEFORE = regex.compile(rf"\b(?:{SOURCE_NOUNS})\s*(?:#|no\.?|number)?\s*\[?\s*$", regex.IGNORECASE)
_PLURAL = r"passages|sources|documents|docs|contexts|references|excerpts|snippets|(?:search\s+)?results"
_LISTED = regex.compile(rf"\b(?:{_PLURAL})\s*\[?\s*\d{{1,2}}(?:\s*(?:,|and|&|or)\s*\d{{1,2}})*\s*(?:,|and|&|or)\s*$",
                        regex.IGNORECASE)
_PAIRED = regex.compile(rf"\b(?:{SOURCE_NOUNS})\s*\[?\s*\d{{1,2}}\s*\]?\s*(?:and|&)\s*\[?\s*$", regex.IGNORECASE)
"""A second label joined by "and" to a first after a singular noun: "Passage 1 and 2"."""
_MAX_LABEL = 20
"""A source label is a small number: "Document 1, 45 people died" does not make 45 a label."""


def names_a_source(claim: str, mention: Mention) -> bool:
    """Whether a number of ``claim`` is a source's label: "passage 1", "passages 1 and 3", "[Source 2]".

    Only a whole number up to :data:`_MAX_LABEL`, right after a source noun, in a list after a
    plural one ("passages 1, 2 and 3"), or joined by "and" to one label ("Passage 1 and 2");
    "According to Document 1, 45 people died" keeps 45 a value.

    Examples:
        >>> from lexguard.grounding.signals._lexical import numbers
        >>> claim = "According to passages 1 and 3, the bridge opened in 1932."
        >>> [names_a_source(claim, m) for m in numbers(claim)]
        [True, True, False]
    """
    value = mention.key
    if not value.isdigit() or not 1 <= int(value) <= _MAX_LABEL:
        return False
    before = claim[max(0, mention.span[0] - 80) : mention.span[0]]
    return bool(_BEFORE.search(before) or _LISTED.search(before) or _PAIRED.search(before))
