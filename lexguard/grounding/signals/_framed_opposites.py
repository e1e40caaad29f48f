"""An opposite written into the source's own words: "eight months *earlier* than originally planned"
beside "..., eight months *later* than originally planned".

The polarity rule (:mod:`._polarity`) reads a claim against a source sentence or clause that
states about as much as the claim; a short claim taken from a long sentence ("The tram line will
open eight months earlier than originally planned." beside "The mayor announced ... that the new
tram line, running 11.4 kilometres between ..., will open in September 2025, eight months later
than originally planned.") holds too little of it. :func:`framed_opposite` reads the words around
each word of the claim that has an opposite (:data:`._antonyms.ANTONYMS`): a source sentence that
gives the opposite in the same frame (:data:`FRAME_WORDS` words of the claim's on each side, as
written) and holds most of the claim's content words states the other thing.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._antonyms import antonym_keys
from lexguard.grounding.signals._antonyms import ANTONYMS as _ANTONYMS
from lexguard.grounding.signals._lexical import STOPWORDS, content_words

__all__ = ["FRAME_WORDS", "MIN_SHARED", "framed_opposite"]

FRAME_WORDS = 3
"""Words around the opposite that must read the same on both sides, at least one on each side."""
MIN_SHARED = 0.6
"""Share of the claim's content words the source sentence must hold."""

_TOKEN = regex.compile(r"[\p{L}\p{N}'\u2019-]+")
_NEGATION = frozenset({"not", "no", "never", "n't", "nor", "without", "prevent", "prevents", "avoid", "avoids", "stop",
                       "stops", "unless"})
"""Words that deny or undo what follows ("To prevent ... making it difficult for the seeds to sprout")."""
_NAME = regex.compile(r"\p{Lu}[\p{L}'\u2019-]+")


def _tokens(text: str) -> list[str]:
    return [t.lower() for t in _TOKEN.findall(text)]


def _frames(tokens: list[str], at: int) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The (before, after) word frames of the word at ``at`` that hold :data:`FRAME_WORDS` words."""
    out = []
    for before in range(1, FRAME_WORDS):
        after = FRAME_WORDS - before
        if at - before >= 0 and at + 1 + after <= len(tokens):
            out.append((tuple(tokens[at - before : at]), tuple(tokens[at + 1 : at + 1 + after])))
    return out


def framed_opposite(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the opposite of a word of the claim in the claim's own words.

    Example:
        >>> source = ["The mayor said the line, running 11 km between the two quays, will open in 2025, "
        ...           "eight months later than originally planned."]
        >>> framed_opposite("The line will open eight months earlier than originally planned.", source) == source[0]
        True
        >>> framed_opposite("The line will open eight months later than originally planned.", source) is None
        True

    Returns:
        The sentence that holds :data:`MIN_SHARED` of the claim's content words and each of its
        names, and the opposite of one of its words (not the word itself) between the same words,
        with no negation in the claim or in it; ``None`` otherwise. The same words on both sides keep an opposite that says the
        same with the names swapped ("A lies north of B", "B lies south of A") from being read so.
    """
    tokens = _tokens(claim)
    words = set(content_words(claim))
    if not words or _NEGATION & set(tokens):
        return None
    names = [n for n in _NAME.findall(claim) if n.lower() not in STOPWORDS]  # "The" opens, "Southwest" names
    opposite_at = [(i, keys) for i, t in enumerate(tokens)
                   if (keys := antonym_keys(t)) & _ANTONYMS.keys()]
    if not opposite_at:
        return None
    for passage in passages:
        for sentence in passage_sentences(passage):
            theirs = _tokens(sentence)
            if _NEGATION & set(theirs) or len(words & set(content_words(sentence))) < MIN_SHARED * len(words):
                continue
            if any(name.lower() not in theirs for name in names):
                continue  # "Southwest ... the highest percentage" beside "JetBlue ... the lowest percentage"
            for i, keys in opposite_at:
                if any(antonym_keys(word) & keys for word in theirs):
                    continue  # the sentence gives both ("July is the hottest month ... January the coldest")
                opposites = frozenset().union(*(_ANTONYMS[k] for k in keys if k in _ANTONYMS))
                for j, word in enumerate(theirs):
                    if not antonym_keys(word) & opposites:
                        continue
                    if any(frame in _frames(theirs, j) for frame in _frames(tokens, i)):
                        return sentence
    return None
