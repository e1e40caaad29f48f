"""A value of one coded item given to another: "Route 43 ... at 07:10" beside "Route 42 buses leave at 07:10".

Items told apart by a code after a word they share ("Route 42" and "Route 43", "Zone A" and "Zone
B", "Screen 2", "Platform 4") are each stated in sentences of their own. "The first Route 43 bus
leaves the Market Square at 07:10" beside "Route 42 buses leave the Market Square at 07:10, 08:40
and 10:10. Route 43 leaves from the Market Square at 07:25 and 09:55" holds only values and words
the sources hold, and was accepted (0.98). :func:`other_item_value` finds a claim value that
only sentences of another item of the claim's kind hold, where a sentence of the claim's own item
gives another value of that kind.
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from functools import lru_cache

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import Mention, numbers
from lexguard.grounding.signals._statements import number_class

__all__ = ["coded_items", "other_item_value"]

_CODED = regex.compile(r"\b(?P<head>\p{Lu}\p{Ll}{2,})\s++(?P<code>\d{1,3}\p{Lu}?|\p{Lu})\b")
"""An item told apart by a code: "Route 43", "Zone B", "Screen 2", "Platform 4a"."""
_NOT_HEADS = frozenset(
    {*(m.lower() for m in calendar.month_name[1:]), *(d.lower() for d in calendar.day_name), "the", "and", "at", "from",
     "for", "with", "page", "figure", "table", "chapter", "section", "part", "level", "version", "grade"}
)
"""Words before a number that name no item of a range (a month's day, a page, a level)."""


def coded_items(text: str) -> set[tuple[str, str]]:
    """The coded items ``text`` names, as ``(head, code)`` in lower case: ``("route", "43")``."""
    return {(m.group("head").lower(), m.group("code").lower()) for m in _CODED.finditer(text)
            if m.group("head").lower() not in _NOT_HEADS}


@lru_cache(maxsize=256)
def _read(text: str) -> tuple[tuple[str, frozenset[tuple[str, str]], tuple[tuple[frozenset[str], str], ...]], ...]:
    """Each sentence of an evidence chunk with its coded items and its values (keys and class),
    read once however many claim values ask."""
    return tuple((sentence, frozenset(coded_items(sentence)),
                  tuple((frozenset({m.key, *m.alts}), number_class(sentence, m)) for m in numbers(sentence)))
                 for sentence in passage_sentences(text))


def other_item_value(claim: str, mention: Mention, texts: Iterable[str]) -> str | None:
    """The sentence of the claim's own coded item, when only sentences of another item of its kind
    hold the claim value.

    Args:
        claim: The claim text.
        mention: One of its numbers (a time, a price, a count), not a code.
        texts: The claim's best evidence chunks.

    Returns:
        A sentence that names the claim's item (its head and code) and gives another value of the
        claim value's kind, when every sentence holding the value names an item of the same head
        with another code and none with the claim's; else ``None``.
    """
    if any(m.start() <= mention.span[0] < m.end() for m in _CODED.finditer(claim)):
        return None  # the value is the code itself ("Route 43")
    own = coded_items(claim)
    if not own:
        return None
    keys = {mention.key, *mention.alts}
    kind = number_class(claim, mention)
    heads = {head for head, _ in own}
    holders, own_sentences = [], []
    for text in texts:
        for sentence, items, values in _read(text):
            if any(keys & value for value, _ in values):
                holders.append(items)
            if own & items and any(cls == kind and not keys & value for value, cls in values):
                own_sentences.append(sentence)
    if not holders or not own_sentences:
        return None
    for items in holders:
        same = {item for item in items if item[0] in heads}
        if not same or same & own:
            return None  # a sentence of no coded item of the kind, or of the claim's own, holds the value
    return own_sentences[0]
