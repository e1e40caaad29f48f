"""A hedge dropped from what it hedges, however much else the claim says beside it.

"Lakeside ... fell to 19-9 and will enter the playoffs as the third seed" against "Lakeside ...
fell to 19-9 and will *likely* be the third seed": the claim adds words ("enter the playoffs"), so
no source sentence holds enough of it for :func:`._overstated.overstatement` to read it against
one. :func:`dropped_hedge` reads the other way round: the words a source's hedge governs (its
scope, "be the third seed") all stated in a clause of the claim that has no hedge of its own,
beside the words that open the hedged statement ("Lakeside", "fell", "19-9"), and no source
sentence stating them without a hedge.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from lexguard.grounding.signals._lexical import STOPWORDS, _stem
from lexguard.grounding.signals._words import WORD, adverb_only, lemmas

__all__ = ["MIN_FINDING_SHARED", "MIN_SCOPE_WORDS", "dropped_hedge", "proved_for_suggested"]

MIN_SCOPE_WORDS = 2
"""Content words a hedge's scope must hold to be read: "may *rise*" alone is any claim's word."""
MAX_SCOPE_WORDS = 4
"""Content words of a hedge's scope read (the first ones after it: its head and what follows)."""
MIN_OPENING_SHARED = 2
"""Content words of the hedged sentence before its hedge (who or what it speaks of) the claim shares."""

_SCOPE = regex.compile(r"[^,;:.!?()\u2013\u2014]{0,160}")
_STOP_SCOPE = regex.compile(r"\s(?:and|but|or|while|which|who|whereas|although|because|after|before|when|if)\s")
"""Where a hedge's scope ends: "will likely be the third seed *and* host ..." hedges the seed only."""


_ATTRIBUTIVE = regex.compile(r"\b(?:a|an|the|its|their|his|her|our|your)\s+$")
"""A hedge word inside a noun phrase ("a *planned* unit development") names a kind, not a doubt."""
_NOT_A_DOUBT = regex.compile(r"(?<=\b(?:think|thought)\s+)(?:of|about)\b|(?<=n[\u2019']t\s+|\bnot\s+)(?:think|thought|believe)\b")
_OPEN_CLAIM = regex.compile(r"\b(?:if|unless|whether|when|once|until)\b", regex.IGNORECASE)
"""A claim clause that states a condition or a question left open states nothing as certain."""


def _content(text: str) -> list[str]:
    return [w for w in WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1 and not adverb_only(w)]


def _forms(words: list[str] | set[str]) -> set[str]:
    """A word's stem and lemmas, to meet it written another way ("drove", "drive")."""
    return {form for w in words for form in (_stem(w), *lemmas(w))}


def _meets(word: str, forms: set[str]) -> bool:
    return _stem(word) in forms or bool(set(lemmas(word)) & forms)


Skip = Callable[[str, regex.Match[str]], bool]
"""Whether a hedge match of a text (first letter in lower case) doubts nothing."""


def _scopes(sentence: str, hedges: regex.Pattern[str], skip: Skip) -> list[tuple[list[str], list[str]]]:
    """Each qualifying hedge of ``sentence``: (its scope's first content words, the content words before it)."""
    text = sentence[:1].lower() + sentence[1:]
    out = []
    for match in hedges.finditer(text):
        if skip(text, match) or _ATTRIBUTIVE.search(text, 0, match.start()) or _NOT_A_DOUBT.match(text, match.start()):
            continue
        scope = _SCOPE.match(text, match.end()).group()
        stop = _STOP_SCOPE.search(scope)
        words = [w for w in _content(scope[: stop.start()] if stop else scope) if not hedges.fullmatch(w)]
        if len(words) >= MIN_SCOPE_WORDS:
            out.append((words[:MAX_SCOPE_WORDS], _content(text[: match.start()])))
    return out


def dropped_hedge(claim: str, parts: list[str], sentences: list[str], *, hedges: regex.Pattern[str],
                  hedged: Callable[..., bool], skip: Skip) -> str | None:
    """The source sentence whose hedged statement a clause of ``claim`` states as certain, if any.

    Args:
        claim: The claim sentence.
        parts: Its clauses (:func:`._clauses.clauses`).
        sentences: The sentences of the claim's evidence.
        hedges: The hedge words (:data:`._overstated.HEDGES`).
        hedged: Whether a claim clause keeps a hedge of its own (``hedged(text, claim=True)``).
        skip: Whether a hedge match of a source sentence hedges nothing ("could not", "I think").

    Returns:
        The sentence whose hedge's first scope words (at least :data:`MIN_SCOPE_WORDS`) a clause
        without a hedge holds, the claim sharing :data:`MIN_OPENING_SHARED` of the words before
        the hedge, where no other source sentence states those scope words without a hedge.
    """
    claim_forms = _forms(_content(claim))
    for part in parts:
        if hedged(part.strip(), claim=True) or _OPEN_CLAIM.search(part):
            continue
        part_forms = _forms(_content(part))
        for sentence in sentences:
            for scope, opening in _scopes(sentence, hedges, skip):
                if not all(_meets(w, part_forms) for w in scope):
                    continue
                if sum(_meets(w, claim_forms) for w in set(opening)) < MIN_OPENING_SHARED:
                    continue
                if not any(other is not sentence and not hedged(other) and all(_meets(w, _forms(_content(other))) for w in scope)
                           for other in sentences):
                    return sentence
    return None


_PROVES = regex.compile(r"\b(?:show|prove|confirm|demonstrate|establish)(?:s|es|ed|ing|n)?\s+that\b", regex.IGNORECASE)
_SUGGESTS = regex.compile(r"\b(?:suggest|indicate|hint)(?:s|ed|ing)?\b(?:\s+at)?", regex.IGNORECASE)
MIN_FINDING_SHARED = 3
"""Content words of what a finding rests on ("the metabolite alone produced about half the effect")
that a claim's "showing that" and a source's "suggesting that" must share."""


def proved_for_suggested(claim: str, sentences: list[str]) -> str | None:
    """The source sentence whose finding "suggests" what the claim says it "shows", if any.

    "Giving the metabolite by itself produced about half the benefit, *showing* that other
    compounds ... also contribute" beside "the metabolite alone ... produced about half the
    protective effect ..., *suggesting* that other factors ... may also play a role": the claim
    states as proved what its source offers as a reading. The words before the claim's verb share
    :data:`MIN_FINDING_SHARED` content words, and half of theirs, with the words before the
    source's; no source sentence says the same finding "shows" it.
    """
    proves = _PROVES.search(claim)
    if proves is None:
        return None
    finding = set(_content(claim[: proves.start()]))
    if len(finding) < MIN_FINDING_SHARED:
        return None

    def shared(text: str) -> bool:
        forms = _forms(_content(text))
        held = sum(_meets(w, forms) for w in finding)
        return held >= max(MIN_FINDING_SHARED, len(finding) / 2)

    if any((m := _PROVES.search(s)) is not None and shared(s[: m.start()]) for s in sentences):
        return None
    return next((s for s in sentences if (m := _SUGGESTS.search(s)) is not None and shared(s[: m.start()])), None)
