"""Claims that repeat a source sentence with its sense flipped: a negation or an antonym.

"The Eiffel Tower is not in Paris." against "... a lattice tower ... in Paris": every word of
the claim is in the source, so similarity and word coverage call it supported. What differs is
polarity. :func:`polarity_conflict` finds the source sentence that holds (nearly) all the other
words of the claim and reports it when exactly one of the two is negated, or when the claim uses
a word whose opposite the sentence uses instead ("rose" / "fell", "opened" / "closed"), or
when it puts two of the sentence's words on the other sides of the same verb ("Aphids feed on
ladybugs" against "Ladybugs feed on aphids": swapped roles).
"""

from __future__ import annotations

import regex

from lexguard.grounding._lexical import _stem, content_words

__all__ = ["ANTONYMS", "MIN_COVERAGE", "polarity_conflict"]

MIN_COVERAGE = 0.75
"""Share of the claim's other content words that the source sentence must hold."""

_PAIRS = """
increase decrease | increased decreased | increasing decreasing | rise fall | rose fell | risen fallen
rising falling | higher lower | highest lowest | more less | more fewer | larger smaller
largest smallest | biggest smallest | bigger smaller | open closed | opened closed | opens closes
won lost | win lose | wins loses | before after | first last | earliest latest | earlier later
allowed banned | allowed prohibited | permitted prohibited | accepted rejected | approved rejected
supported opposed | support oppose | gain loss | gained lost | profit loss | positive negative
cheaper dearer | maximum minimum | older younger | oldest youngest | faster slower | fastest slowest
stronger weaker | success failure | successful unsuccessful | legal illegal | true false
alive dead | bought sold | buy sell | import export | imports exports | included excluded
include exclude | added removed | began ended | majority minority | full empty | public private
male female | men women | husband wife | mother father | son daughter | brother sister
morning evening | summer winter | north south | east west | above below | inside outside
warmer colder | hottest coldest | heavier lighter | longer shorter | longest shortest
wider narrower | deeper shallower | entered exited | arrived departed | hired fired
""".replace("\n", " | ")

ANTONYMS: dict[str, frozenset[str]] = {}
"""Stemmed word -> stems of its opposites (a small hand-written list of common pairs)."""
for _pair in filter(str.strip, _PAIRS.split("|")):
    _a, _b = (_stem(w) for w in _pair.split())
    ANTONYMS[_a] = ANTONYMS.get(_a, frozenset()) | {_b}
    ANTONYMS[_b] = ANTONYMS.get(_b, frozenset()) | {_a}

_SENTENCE = regex.compile(r"[^.!?\n]+(?:[.!?]+|$)")
_CLAUSE = regex.compile(r"[;:]\s+|,\s+(?=(?:but|yet|though|although|while|whereas|and|so)\b)", regex.IGNORECASE)
_NEGATION = regex.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|cannot)\b|n[\u2019']t\b", regex.IGNORECASE
)
"""Plain negation only: "failed", "lacks" or "without" are often the source's own wording of a
statement a faithful answer phrases positively ("stopped working" / "failed")."""


_FUNCTION = frozenset({"yet", "though", "although", "while", "whereas", "so", "but", "and", "also", "longer"})


def _negated(text: str) -> bool:
    return _NEGATION.search(text) is not None
_WORD = regex.compile(r"[a-z]+(?:'[a-z]+)?")


def polarity_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that says the opposite of ``claim`` (or of one of its clauses), if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.

    Returns:
        The sentence (as written in the source) that holds at least :data:`MIN_COVERAGE` of the
        content words of the claim or of one of its clauses ("..., but their blood isn't blue")
        and differs from it in negation or by an antonym, else ``None``.
    """
    sentences = [
        (sentence, set(content_words(sentence)))
        for passage in passages
        for sentence in (m.group(0).strip() for m in _SENTENCE.finditer(passage))
        if sentence
    ]
    if not sentences:
        return None
    clauses = [claim] + [part for part in _CLAUSE.split(claim) if part and part != claim]
    for clause in clauses:
        found = _clause_conflict(clause, sentences)
        if found is not None:
            return found
    return None


def _clause_conflict(clause: str, sentences: list[tuple[str, set[str]]]) -> str | None:
    words = {w for w in content_words(clause) if w not in _FUNCTION and not _negated(w)}
    if len(words) < 2:
        return None
    coverage, sentence, sentence_words = max(
        ((len(words & sw) / len(words), s, sw) for s, sw in sentences), key=lambda t: t[0]
    )
    if len(words) == 2 and coverage < 1.0:
        return None  # a two-word clause must be all in the sentence
    clause_stems = {_stem(w) for w in _WORD.findall(clause.lower())}
    sentence_stems = {_stem(w) for w in _WORD.findall(sentence.lower())}
    for stem in clause_stems:
        opposites = ANTONYMS.get(stem)
        if opposites and stem not in sentence_stems and opposites & sentence_stems:
            rest = words - {stem}
            if rest and len(rest & sentence_words) / len(rest) >= MIN_COVERAGE:
                return sentence
    if coverage >= MIN_COVERAGE and _negated(sentence) != _negated(clause):
        return sentence
    if coverage >= MIN_COVERAGE and _swapped_roles(clause, sentence):
        return sentence
    return None


def _swapped_roles(clause: str, sentence: str) -> bool:
    """Whether two words stand on opposite sides of a shared pivot word in the two texts.

    A pivot followed by "by" in either text is passed over: the passive ("was acquired by",
    "the report, prepared by the authority") legitimately swaps sides.
    """
    a = [_stem(w) for w in _WORD.findall(clause.lower())]
    b = [_stem(w) for w in _WORD.findall(sentence.lower())]
    shared = (set(content_words(clause)) & set(content_words(sentence))) - _FUNCTION
    shared = {w for w in shared if a.count(w) == 1 and b.count(w) == 1}
    if len(shared) < 3 or _passive(a) or _passive(b):
        return False
    for pivot in shared:
        pa, pb = a.index(pivot), b.index(pivot)
        if pa == 0 or pb == 0 or "by" in a[pa + 1 : pa + 4] or "by" in b[pb + 1 : pb + 4]:
            continue  # nothing before the pivot, or a passive
        moved_back = moved_forward = False
        for word in shared - {pivot}:
            before_a, before_b = a.index(word) < pa, b.index(word) < pb
            moved_back |= before_a and not before_b
            moved_forward |= before_b and not before_a
        if moved_back and moved_forward:
            return True
    return False


_BE = frozenset({"is", "are", "was", "were", "been", "being"})


def _passive(words: list[str]) -> bool:
    """A be-verb followed later by "by": "300 trees were planted along the trail by volunteers"."""
    first_be = next((i for i, w in enumerate(words) if w in _BE), None)
    return first_be is not None and "by" in words[first_be + 1 :]
