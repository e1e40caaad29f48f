"""A list the sources give, narrowed by "only": "only the white and black versions are affected"
beside "kettles in white, black and brushed-steel finishes".

The converse of an item added to a list (:mod:`lexguard.grounding.signals._listed`): every word of
the claim is in the sources, and the verifier, which reads "only" poorly, called it supported.
:func:`narrowed_list` finds a claim's "only" (or "just", "solely", "exclusively") before a list
of one-word items (two at least: "leaving only the western part" says more than a list), and a
source sentence that lists every one of them and more, while holding at
least :data:`MIN_SHARED` of the claim's other content words (the claim's statement, not another
list of the same words).
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import STOPWORDS, content_words

__all__ = ["MIN_SHARED", "narrowed_list"]

MIN_SHARED = 2
"""Fewest content words besides the listed items that the source sentence shares with the claim."""

_ITEM = r"[\p{L}][\p{L}-]*+"
_ONLY = regex.compile(
    rf"\b(?:only|just|solely|exclusively)\s++(?:(?:the|its|their|in|on|for|from|by)\s++)?(?P<items>{_ITEM}"
    rf"(?:\s*+,\s*+{_ITEM})*+(?:\s*+,)?\s++(?:and|or)\s++{_ITEM})\b",
    regex.IGNORECASE,
)
""""only" before a list of items: "only *the white and black* versions"."""
_LIST = regex.compile(rf"(?P<items>{_ITEM}(?:\s*+,\s*+{_ITEM})++(?:\s*+,)?\s++(?:and|or)\s++{_ITEM}"
                      rf"|{_ITEM}\s++(?:and|or)\s++{_ITEM})\b", regex.IGNORECASE)
"""A list of one-word items in a source: "white, black and brushed-steel", "KT-300 and KT-310"."""
_JOINERS = regex.compile(r"\s*+,\s*+(?:(?:and|or)\s++)?|\s++(?:and|or)\s++", regex.IGNORECASE)


def _items(listed: str) -> frozenset[str]:
    return frozenset(item.lower() for item in _JOINERS.split(listed) if item and item.lower() not in STOPWORDS)


def narrowed_list(claim: str, passages: list[str]) -> str | None:
    """The source sentence whose list holds every item of the claim's "only" list and more, if any.

    Example:
        >>> narrowed_list("Only the red and blue models are affected by the kettle recall.",
        ...               ["The kettle recall covers models in red, blue and green."])
        'The kettle recall covers models in red, blue and green.'
        >>> narrowed_list("Only the red and blue models are affected by the kettle recall.",
        ...               ["The kettle recall covers models in red and blue."]) is None
        True
    """
    found = _ONLY.search(claim)
    if found is None:
        return None
    items = _items(found.group("items"))
    if len(items) < 2:  # "leaving only the western part": one item, said of more than a list
        return None
    rest = set(content_words(claim[: found.start()] + " " + claim[found.end() :])) - items
    for passage in passages:
        for sentence in passage_sentences(passage):
            if len(rest & set(content_words(sentence))) < MIN_SHARED:
                continue
            for listed in _LIST.finditer(sentence):
                given = _items(listed.group("items"))
                if items < given:
                    return sentence
    return None
