"""Claims that give a superlative another rank than the sources: "the highest-grossing animated
film of 2019" beside "the *second*-highest-grossing", "the largest lake" beside "the
*seventh*-largest", "the largest" beside "*one of* the largest".

Every other word of such a claim is in its evidence sentence, and the verifier, which reads the
superlative word, called them supported. :func:`rank_conflict` finds the evidence sentence that
gives the claim's superlative (by lemma: "largest" is "large") with another rank, while holding
most of the claim's other words. A weaker claim is no conflict: "one of the largest" beside
"the second-largest".
"""

from __future__ import annotations

from typing import NamedTuple

import regex

from lexguard.grounding.claims._sentences import passage_sentences
from lexguard.grounding.signals._lexical import STOPWORDS
from lexguard.grounding.signals._words import WORD, lemmas

__all__ = ["MIN_COVERAGE", "rank_conflict"]

MIN_COVERAGE = 0.6
"""Share of the claim's other content words the evidence sentence must hold."""

_ORDINALS = {
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12,
}  # fmt: skip
_RANKED = regex.compile(
    r"(?P<some>\b(?:(?:one|some|many|several|few)\s+of|among)\s+(?:the|its|their|his|her)\s+(?:\w+\s+)?)?"
    r"(?:\b(?P<ordinal>" + "|".join(_ORDINALS) + r"|\d+(?:st|nd|rd|th))[\s-]+)?"
    r"\b(?P<word>(?:most|least)\s+\w+|\w+est|best|worst)\b",
    regex.IGNORECASE,
)
_SOME = 0
"""The rank of "one of the largest", "among the best": some rank, the first perhaps."""


class _Superlative(NamedTuple):
    lemma: str
    rank: int
    words: frozenset[str]
    """The words of the superlative phrase (not the claim's other content)."""


def _superlatives(text: str) -> list[_Superlative]:
    out = []
    for match in _RANKED.finditer(text):
        word = match.group("word").lower()
        head = word.split()[-1]
        if " " not in word and word not in ("best", "worst"):
            found = lemmas(word)
            if not found or found[0] == word:
                continue  # "forest", "interest", "west": no superlative
        lemma = word if " " in word else (lemmas(word) or (word,))[0]
        ordinal = (match.group("ordinal") or "").lower()
        rank = _SOME if match.group("some") else _ORDINALS.get(ordinal) or int(ordinal[:-2] or 1)
        out.append(_Superlative(f"{word.split()[0]} {lemma}" if " " in word else lemma, rank,
                                _lemma_set(match.group()) | _lemma_set(head)))
    return out


def _lemma_set(text: str) -> frozenset[str]:
    """The content words of ``text`` by first lemma ("cities" and "city" are one word)."""
    words = (w for w in WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1)
    return frozenset((lemmas(w) or (w,))[0] for w in words)


def rank_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence that gives one of the claim's superlatives another rank, if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.

    Returns:
        The sentence, when it holds at least :data:`MIN_COVERAGE` of the claim's other content
        words and ranks the same superlative otherwise: first where the claim says second,
        second where it says first (or "the largest" where it says "one of the largest" is no
        conflict; "one of the largest" where it says "the largest" is).
    """
    ranked = _superlatives(claim)
    if not ranked:
        return None
    for sentence in dict.fromkeys(s for passage in passages for s in passage_sentences(passage)):
        theirs: dict[str, set[int]] = {}
        for found in _superlatives(sentence):
            theirs.setdefault(found.lemma, set()).add(found.rank)
        for own in ranked:
            ranks = theirs.get(own.lemma)
            if not ranks or own.rank in ranks or own.rank == _SOME:
                continue  # "the eighth-largest in 1941 and the ninth-largest in 1979": both given
            rest = _lemma_set(claim) - own.words
            if rest and len(rest & _lemma_set(sentence)) / len(rest) >= MIN_COVERAGE:
                return sentence
    return None
