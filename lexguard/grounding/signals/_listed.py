"""An item added to a list the sources give.

"The batter is made from 100 g plain flour, two eggs, 300 ml milk and a pinch of salt" beside a
recipe that whisks "100 g plain flour, two eggs and 300 ml milk" was read as supported (0.98), and
so was "comes boxed with a crevice tool, a pet brush, a wall mount and a spare filter": the claim
repeats a source's list, and the verifier reads one more item at its end as part of it.
:func:`added_items` finds the items of a claim's list whose words no source and not the question
holds, in a list whose other items one source sentence gives.
"""

from __future__ import annotations

from collections.abc import Collection
from functools import lru_cache
from typing import Any

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import Mention, content_words
from lexguard.grounding.signals._words import can_be_verb

__all__ = ["added_items"]

_CLAUSE = regex.compile(r"[.;:!?](?:\s|$)|,\s*+(?:but|so|while|whereas|which|who|because|although|though)\b|\s\(",
                        regex.IGNORECASE)
"""Where a list ends: a sentence's end, a clause that says something else."""
_SEPARATOR = regex.compile(r"\s*+,\s*+(?:(?:and|or|(?-i:plus))\s++)?|\s++(?:and|or|(?-i:plus))\s++", regex.IGNORECASE)
_MOST_ITEM_WORDS = 6
"""Most words of a list item: a longer piece is a clause of its own."""
_LEAD_WORDS = 4
"""Words of a list's first piece read as its first item ("... made from | 100 g plain flour")."""
_MIN_NEW_WORDS = 2
"""Least content words of an added item that no source holds."""
_MIN_GIVEN_ITEMS = 2
"""Least other items of the list that one source sentence gives."""
_MANY_GIVEN = 3
"""Other items of a list, one source sentence giving them all, after which one new word is an added
item when a determiner opens it ("a barbecue"; not "filmmakers" among examples)."""


def _items(clause: str, start: int) -> list[tuple[str, int]]:
    """The pieces of a clause between list separators, with where each starts in the claim."""
    out, at = [], 0
    for m in _SEPARATOR.finditer(clause):
        out.append((clause[at : m.start()], start + at))
        at = m.end()
    out.append((clause[at:], start + at))
    return out


def _lists(claim: str) -> list[list[tuple[str, int]]]:
    """Runs of three pieces or more of one clause, each a short thing. A piece that says more than
    a thing (:data:`_NOT_A_THING`: "comes boxed with a crevice tool") or a long one ends a run and
    leads the next one by its last words ("a crevice tool"), the first item of that run."""
    out, at = [], 0
    bounds = [m.start() for m in _CLAUSE.finditer(claim)] + [len(claim)]
    for end in bounds:
        run: list[tuple[str, int]] = []
        for n, (text, pos) in enumerate(_items(claim[at:end], at)):
            words = text.split()
            said = list(_NOT_A_THING.finditer(text))
            clause_word = said[-1] if said else None
            if n and words and len(words) <= _MOST_ITEM_WORDS and clause_word is None:
                run.append((text, pos))
                continue
            if len(run) >= 3:
                out.append(run)
            tail = " ".join((text[clause_word.end():] if clause_word is not None else text).split()[-_LEAD_WORDS:])
            run = [(tail, pos + len(text) - len(tail))] if tail else []
        if len(run) >= 3:
            out.append(run)
        at = end + 1
    return out


def added_items(claim: str, index: Any, asked: Collection[str] = frozenset()) -> list[Mention]:
    """The items of a list in ``claim`` that the sources do not give, in a list that copies one.

    An item other than the list's first is added when it reads as a thing (not a clause), enough of
    its content words are in no source and not in the question (``asked``: its content words;
    :func:`_added`), and the list's other items (two at least; its first aside, which holds the
    words that lead into the list) are given whole (every content word) by one source sentence.

    Args:
        claim: The claim text.
        index: The source index (:class:`~lexguard.grounding.evidence._index.SourceIndex`).
        asked: The question's content words.

    Returns:
        Each added item as a mention (its text and span in ``claim``).
    """
    runs = _lists(claim)
    if not runs:
        return []
    known = index.profile.words
    out: list[Mention] = []
    for run in runs:
        words = [set(content_words(text)) for text, _ in run]
        # the run less its first item and one candidate: "..., a barbecue and free Wi-Fi" after three given
        many = len(run) - 2 >= _MANY_GIVEN
        new = [n for n, ws in enumerate(words) if n and _names_a_thing(run[n][0])
               and _added(ws, {w for w in ws if w not in known and w not in asked and not w.isdigit()},
                          many and _DETERMINER.match(run[n][0].strip()) is not None)]
        if not new:
            continue
        given = [ws for n, ws in enumerate(words) if n and n not in new and ws]
        if len(given) < _MIN_GIVEN_ITEMS or not _one_sentence_gives(given, index):
            continue
        for n in new:
            text, pos = run[n]
            stripped = text.strip(" .,")
            lead = text.find(stripped)
            out.append(Mention(text=stripped, span=(pos + lead, pos + lead + len(stripped)), key=stripped.lower()))
    return out


_DETERMINER = regex.compile(r"(?:a|an|some|two|three|four|five|several|extra|spare|free|optional)\s", regex.IGNORECASE)
_MOST_NEW_ITEM_WORDS = 5
"""Most words of an item read as added: a longer piece says more than what a thing is."""
_NOT_A_THING = regex.compile(
    r"\b(?:which|that|who|whom|whose|where|when|while|they|it|its|their|them|he|she|his|her|we|you|to|for|with|among"
    r"|then|first|next|finally|other|others|also|such|including|like|as|is|are|was|were|has|have|had|can|will"
    r"|would|may|might)\b",
    regex.IGNORECASE,
)
"""Words of a piece that says more than a thing: a clause, a purpose, a comparison, "among others"."""


_AMOUNT_OF = regex.compile(
    r"(?:a|an|some)\s++(?:wide\s++|large\s++|small\s++|good\s++)?(?:selection|variety|range|choice|mix|number|lot|host"
    r"|couple|few|bit|handful|array|assortment)\s++of\b",
    regex.IGNORECASE,
)


def _names_a_thing(item: str) -> bool:
    """Whether a list piece reads as a thing, not a clause of its own: a few words, none of
    :data:`_NOT_A_THING`, opening with a determiner ("a pinch of salt") or a word with no verb
    reading ("dishwasher-safe blades"; not "take place between April", nor "then covering them
    with crushed cornflakes")."""
    text = item.strip(" .,;:")
    words = text.split()
    if not words or len(words) > _MOST_NEW_ITEM_WORDS or _NOT_A_THING.search(text) or not text[0].islower():
        return False
    if _AMOUNT_OF.match(text):
        return False  # "a selection of beer": how much of a thing, not a thing of its own
    return _DETERMINER.match(text) is not None or not can_be_verb(words[0].lower())


def _added(words: set[str], fresh: set[str], after_many: bool) -> bool:
    """Whether an item whose content words are ``words``, ``fresh`` of them in no source, is added:
    two fresh words, more than half of its words; after many given items, with an article, one
    fresh word, half of its words ("a grey jumper" among a uniform's items)."""
    if after_many:
        return len(fresh) >= 1 and len(fresh) * 2 >= len(words)
    return len(fresh) >= _MIN_NEW_WORDS and len(fresh) * 2 > len(words)


def _one_sentence_gives(items: list[set[str]], index: Any) -> bool:
    """Whether one source sentence holds every content word of each of ``items``."""
    return any(all(ws <= held for ws in items) for source in index.sources for held in _sentence_words(source.content))


@lru_cache(maxsize=32)  # whole sources: a few, however long
def _sentence_words(text: str) -> tuple[frozenset[str], ...]:
    """The content words of each sentence of a source, read once however many claims list things."""
    return tuple(frozenset(content_words(sentence)) for sentence in passage_sentences(text))
