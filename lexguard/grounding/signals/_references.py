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
_LISTED = regex.compile(rf"\b(?:{SOURCE_NOUNS})\s*(?:#|no\.?|number)?\s*\[?\s*\d+(?:\s*(?:,|and|&|or)\s*\d+)*\s*(?:,|and|&|or)\s*$",
                        regex.IGNORECASE)


def names_a_source(claim: str, mention: Mention) -> bool:
    """Whether a number of ``claim`` is a source's label: "passage 1", "passages 1 and 3", "[Source 2]".

    Examples:
        >>> from lexguard.grounding.signals._lexical import numbers
        >>> claim = "According to passages 1 and 3, the bridge opened in 1932."
        >>> [names_a_source(claim, m) for m in numbers(claim)]
        [True, True, False]
    """
    before = claim[max(0, mention.span[0] - 80) : mention.span[0]]
    return bool(_BEFORE.search(before) or _LISTED.search(before))
