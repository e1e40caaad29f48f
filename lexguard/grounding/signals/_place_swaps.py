"""A place the claim puts where its anchor statement gives another: "collapsed during a concert in
*Madrid*" beside "collapsing on stage during a concert in *Lisbon*", though the same article names
Madrid as a later date of the tour.

The binding rule (:mod:`._binding`) leaves alone a one-word name that the anchor's document gives
elsewhere ("in Kenya" beside "Nairobi, Kenya"): an answer may join facts the source gives in two
places. :func:`place_swap` reads the two cases where the anchor names another place in the very
words the claim writes before its own: a place of two words or more after the same word ("at
Orchard Library" for "at St Mary's Hall"), or a one-word place after the same two words ("a concert
in Madrid" for "a concert in Lisbon") that the anchor does not name at all.
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.signals._doers import same_slot_rival
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import Mention, STOPWORDS

__all__ = ["place_swap"]

_BEFORE = regex.compile(r"(?P<word>[\p{L}-]+)\s++(?P<prep>in|at|from|near|to|into|outside)\s++$", regex.IGNORECASE)
"""The two words before a place: a word that is no stopword, and a preposition of place."""


def _one_word_swap(claim: str, mention: Mention, anchor_text: str, claim_names: list[set[str]]) -> bool:
    if " " in mention.text.strip() or not mention.text[:1].isupper():
        return False
    before = _BEFORE.search(claim, 0, mention.span[0])
    if before is None or before.group("word").lower() in STOPWORDS:
        return False
    if regex.search(rf"(?<!\w){regex.escape(mention.text)}(?!\w)", anchor_text):
        return False  # the anchor names it too
    frame = rf"(?<!\w){regex.escape(before.group('word'))}\s++{regex.escape(before.group('prep'))}\s++(\p{{Lu}}[\p{{L}}'\u2019-]+)"
    given = set().union(*claim_names) if claim_names else set()
    return any(found.group(1).lower() not in given for found in regex.finditer(frame, anchor_text, regex.IGNORECASE))


def place_swap(claim: str, mention: Mention, anchor: Any, claim_names: list[set[str]]) -> bool:
    """Whether the anchor gives another place where the claim gives ``mention``.

    Args:
        claim: The claim text.
        mention: One of its names.
        anchor: The statement the claim is read against (:class:`._statements.Facts`).
        claim_names: The word sets of the claim's names.
    """
    if (len(mention.key.split()) >= 2 and all(w[:1].isupper() for w in mention.text.split())
            and same_slot_rival(claim, mention, anchor, claim_names)
            and any(len(e.key.split()) >= 2 and not set(e.key.split()) & set(mention.key.split())
                    for e in entities(anchor.text))):
        return True  # "at Orchard Library" for "at St Mary's Hall": another event's venue
    return _one_word_swap(claim, mention, anchor.text, claim_names)
