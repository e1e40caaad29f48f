"""A word that describes one of two things given to the other: "The painter's mother was Spanish"
beside "born to a Spanish father and an Italian mother".

Every word of such a claim is in its evidence sentence, and the verifier, reading it whole, read
it as supported (0.97). :func:`crossed_modifier` finds a pair of described things in a source
sentence ("a *Spanish* father and an *Italian* mother", "a heated pool and a free gym") and a
claim that gives the second thing the first one's word (or the first the second's), in one
clause ("the mother was Spanish", "a Spanish mother"), while no source sentence puts that word with
that thing; and a birthplace and a nationality swapped ("a Canadian-born Chilean glaciologist"
beside "a Chilean-born Canadian glaciologist").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import STOPWORDS
from lexguard.grounding.signals._words import lemmas, word_kinds

__all__ = ["crossed_modifier"]

_PAIR = regex.compile(
    r"(?<![\p{L}-])(?P<a1>(?:an?|the|his|her|its|their|\d[\d,]*+)\s+)?(?P<m1>\p{L}[\p{L}-]*)\s+(?:(?P<x1>\p{L}+)\s+)?(?P<h1>\p{L}+)\s*+"
    r"(?:,\s*+)?(?:and|but|while|whereas|or)\s+(?P<a2>(?:an?|the|his|her|its|their|\d[\d,]*+)\s+)?(?P<m2>\p{L}[\p{L}-]*)\s+"
    r"(?:(?P<x2>\p{L}+)\s+)?(?P<h2>\p{L}+)\b",
    regex.IGNORECASE,
)
_CLAUSE_END = regex.compile(r"[,;:]|\b(?:and|but|while|whereas|which|who)\b", regex.IGNORECASE)
_LONGEST = 400
"""Longest source sentence read for pairs, in characters."""


def _describes(word: str, described: bool = True) -> bool:
    """Whether a word before a thing describes it: an adjective ("small", "free", "Spanish"), a
    participle after an article ("a heated pool"; not "accepted our order", ``described`` False) or a
    compound ("wood-burning"); not a thing of its own ("coffee shop"), nor praise ("great")."""
    lower = word.lower()
    if lower in _PRAISE:
        return False
    if lower in _MATERIALS:
        return True  # "a gold finger ring and 312 bronze coins"
    if word[0].isupper():
        return lower.endswith(("ish", "ian", "ese", "an", "ic")) and "NOUN" not in word_kinds(lower)  # "Spanish"
    if "-" in lower.strip("-"):
        return True  # "wood-burning", "hand-painted"
    kinds = word_kinds(lower)
    return "ADJ" in kinds or (lower.endswith("ed") and "VERB" in kinds and described)


def _thing(word: str) -> bool:
    """Whether a word names a thing and describes none: "a traditional *blue* and green tartan
    kilt" is one kilt of two colours, not a blue thing and a green kilt; a lower-case word ("the
    Supreme *Court* and the Civil War" are names), no function word ("cancelled *it*", "can")."""
    kinds = word_kinds(word)
    return (word.islower() and word not in STOPWORDS and "NOUN" in kinds
            and not kinds & {"ADJ", "AUX"})


_MATERIALS = frozenset("gold golden silver bronze copper iron steel brass tin stone marble glass wood wooden plastic "
                       "leather cotton wool woollen silk paper concrete brick clay ceramic porcelain".split())
"""What a thing is made of, written before it as a noun: it describes the thing ("gold coins")."""
_PRAISE = frozenset("good great nice excellent amazing wonderful lovely friendly delicious fine awesome fantastic perfect "
                    "best better bad poor terrible awful real really very".split())
"""Words of praise or blame: "really good food and great service" gives each thing no word of its own."""


def _key(word: str) -> str:
    lower = word.lower()
    return next(iter(lemmas(lower)), lower)


@lru_cache(maxsize=4096)
def _pairs(sentence: str) -> tuple[tuple[str, str, str, str], ...]:
    """The (word, thing, other word, other thing) pairs a sentence describes side by side (cached: immutable)."""
    out = []
    for found in _PAIR.finditer(sentence, overlapped=True):
        m1, h1, m2, h2 = (found.group(g) for g in ("m1", "h1", "m2", "h2"))
        middles = [x for x in (found.group("x1"), found.group("x2")) if x]  # "a red *front* door"
        articled = (found.group("a1") is not None, found.group("a2") is not None)
        if (_describes(m1, articled[0]) and _describes(m2, articled[1]) and _thing(h1) and _thing(h2)
                and all(w.islower() and w not in STOPWORDS and "NOUN" in word_kinds(w) for w in middles)
                and _key(m1) != _key(m2) and _key(h1) != _key(h2)):
            out.append((_key(m1), _key(h1), _key(m2), _key(h2)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _clauses(text: str) -> tuple[frozenset[str], ...]:
    """The words of each clause of ``text``, by lemma (cached: immutable)."""
    return tuple(frozenset(_key(w) for w in regex.findall(r"\p{L}+", part)) for part in _CLAUSE_END.split(text) if part.strip())


def crossed_modifier(claim: str, passages: Iterable[str]) -> str | None:
    """The source sentence whose pair of described things the claim crosses, if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.
    """
    born = _born_swapped(claim, passages)
    if born is not None:
        return born
    claim_clauses = _clauses(claim)
    said = frozenset().union(*claim_clauses)
    sentences = [s for p in passages for s in passage_sentences(p) if len(s) <= _LONGEST]
    paired = [(s, found) for s in sentences if (found := [p for p in _pairs(s) if said & {p[0], p[2]}])]
    if not paired:
        return None  # most claims name no word of a pair: the other sentences' clauses are not read
    together = [clause for s in sentences for clause in _clauses(s)]
    for sentence, pairs in paired:
        for m1, h1, m2, h2 in pairs:
            for word, thing, own in ((m1, h2, m2), (m2, h1, m1)):
                crossed = any({word, thing} <= clause and own not in clause for clause in claim_clauses)
                if crossed and not any({word, thing} <= clause for clause in together):
                    return sentence
    return None


_BORN = regex.compile(r"\b(?P<born>(?-i:\p{Lu})[\p{L}'\u2019]*+)-born\s++(?P<now>(?-i:\p{Lu})[\p{L}'\u2019]*+)\b", regex.IGNORECASE)
"""A place of birth and a nationality: "a *Chilean*-born *Canadian* glaciologist"."""


def _born_swapped(claim: str, passages: Iterable[str]) -> str | None:
    """The source sentence that gives the claim's birthplace and nationality the other way round:
    "a Canadian-born Chilean glaciologist" beside "a Chilean-born Canadian glaciologist"."""
    claimed = {(m.group("born").lower(), m.group("now").lower()) for m in _BORN.finditer(claim)}
    if not claimed:
        return None
    for sentence in (s for p in passages for s in passage_sentences(p)):
        for found in _BORN.finditer(sentence):
            given = (found.group("born").lower(), found.group("now").lower())
            if given[0] != given[1] and given[::-1] in claimed and given not in claimed:
                return sentence
    return None
