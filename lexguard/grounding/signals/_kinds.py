"""Another kind of the same thing: "Ember Road is a medical drama" beside "Ember Road is a war drama".

The sources say what kind of thing a name is ("X is a war drama", "X is a left-handed pitcher"),
and a claim gives the same thing another kind, often one the sources give another name ("Harbor
Lights is a medical drama series"): every word of the claim is in the evidence, and the verifier,
reading them together, called it supported (0.99). :func:`kind_conflict` finds the source sentence
that says the claim's subject is a thing of the claim's head noun ("drama") with other describing
words, none of the claim's, while no source sentence that names the subject holds any of the
claim's describing words ("a war drama" beside "a medical drama series": "medical" is the
drama's); when no source sentence names the claim's head, a kind of another head does ("a war
film" beside "a romantic comedy"). A kind the sources give too ("a crime drama" beside "a British crime drama") or a
judgement ("a gripping drama") is no other kind.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.claims._judgements import JUDGEMENTS
from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import STOPWORDS
from lexguard.grounding.signals._words import stem, word_kinds

__all__ = ["kind_conflict"]

_NAME = r"(?-i:\p{Lu}[\p{L}'\u2019-]*+)(?:\s++(?:(?-i:\p{Lu}[\p{L}'\u2019-]*+)|of|the|and|on|in|de|la))*?"
_KIND = regex.compile(
    rf"(?:^|(?<=[.!?;:]\s++)|(?<=^\W*+(?:yes|yeah|yep|so|oh|well|and|but)[,!\s]++))(?P<subject>{_NAME})"
    r"(?:\s++(?:is|was)|['\u2019]s)\s++(?:also\s++|actually\s++)?(?:(?:an?|one)\s++|(?=[\p{L}-]++\s++\p{L}++\s*+[.!?]*+\s*+$))"
    r"(?P<kind>(?:[\p{L}-]++\s++){1,3}?)(?P<head>\p{L}++)(?=\s*+(?:[.,;:!?]|$|\b(?:by|from|with|that|which|who|set|about|in|on|for|and)\b))",
    regex.IGNORECASE,
)
"""A statement of what kind of thing a name is: "*Ember Road* is a *war* *drama*", "*Lena Morrow*
was a *left-handed* *pitcher* for ..."."""
_NOT_KIND = JUDGEMENTS | {"good", "great", "nice", "fun", "new", "big", "small", "little", "real", "true", "very",
                          "really", "so", "quite", "bit", "kind", "sort", "type", "popular", "famous", "well-known",
                          "successful", "major", "minor", "former", "current", "first", "second", "third", "last"}
"""Words that describe no kind of the thing ("a *great* drama", "a *former* pitcher")."""


def _statements(text: str, plain: bool = False) -> Iterable[tuple[str, tuple[str, ...], str]]:
    """Each ``(subject, kind words and head in order, sentence)`` a text says of a name, by stem;
    with ``plain``, only those whose kind is describing words and a noun ("a war film", not "a
    great place to start")."""
    for sentence in passage_sentences(text):
        for found in _KIND.finditer(sentence):
            subject = " ".join(found.group("subject").lower().split())
            said = f"{found.group('kind')} {found.group('head')}".lower().split()
            if subject in STOPWORDS or (plain and (any(w in STOPWORDS for w in said) or "NOUN" not in word_kinds(said[-1]))):
                continue  # "There is a massive city"
            words = tuple("" if w in _NOT_KIND else stem(w)  # a judgement or size: no kind ("a *great* drama")
                          for w in said if w not in STOPWORDS)
            yield subject, words, sentence


def _kinds_of(words: tuple[str, ...], head: str) -> frozenset[str] | None:
    """The describing words a statement gives ``head`` (those before it: "medical" of "medical
    drama series" for "drama"), or ``None`` when it does not name it."""
    if head not in words:
        return None
    return frozenset(w for w in words[: words.index(head)] if w)


def kind_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the claim's subject another kind of the claim's thing, if any.

    Args:
        claim: The claim text (its subject named: "Ember Road is a medical drama.").
        passages: The claim's best evidence chunks.

    Returns:
        The sentence ("Ember Road is a war drama."), or ``None`` when the claim states no kind of
        a name, no source sentence gives that name a kind of the same thing, one of them gives it
        a describing word of the claim's, or a sentence naming it holds one.
    """
    plain_kinds = {(subject, words) for subject, words, _ in _statements(claim, plain=True)}
    claimed = [(subject, words[-1], kind, (subject, words) in plain_kinds) for subject, words, _ in _statements(claim)
               if words and words[-1] and (kind := _kinds_of(words, words[-1]))]
    if not claimed:
        return None
    sentences = [s for p in passages for s in passage_sentences(p)]
    for subject, head, kind, plain in claimed:
        said = [(subj, words, s) for text in passages for subj, words, s in _statements(text) if subj == subject]
        given = [(k, s) for _, words, s in said if (k := _kinds_of(words, head))]
        if not given and plain:  # "Velvet Harbor is a war film" beside "Velvet Harbor is a romantic comedy"
            given = [(k, s) for _, words, s in said if words and words[-1] and (k := _kinds_of(words, words[-1]))]
        if not given or any(k & kind for k, _ in given):
            continue
        named = [s for s in sentences if subject in " ".join(s.lower().split())]
        if not any(kind & {stem(w) for w in regex.findall(r"[\p{L}-]+", s.lower())} for s in named):
            return given[0][1]
    return None
