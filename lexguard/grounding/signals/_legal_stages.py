"""A case taken further than the sources take it: "have been charged with importing Class A drugs"
beside "were arrested on suspicion of importing Class A drugs and released on bail".

Arrest, charge, conviction and sentence are steps of one process; a summary that names a later
step than its sources holds their words (the people, the offence) and reads as supported (the
verifier: 0.97). :func:`later_stage` reads a claim that names a step (charged, convicted, found
guilty, pleaded guilty, sentenced, jailed) against every source: when no source names that step or
a later one, a source sentence that names an earlier step (arrested, held on suspicion, accused,
questioned, investigated) of most of the other words of the claim's statement that names the
step (:func:`~lexguard.grounding.claims._conjuncts.conjuncts`) is the sentence it overstates. A
step the claim denies ("has not been charged") is not read.

A case ends in a conviction one of two ways: a plea or a verdict. :func:`verdict_for_plea` reads a
claim that gives a verdict ("after being found guilty of conning 27 victims") beside sources that
give only a plea ("Pryce pleaded guilty to fraud") and no trial, jury or verdict anywhere.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._conjuncts import conjuncts
from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import content_words

__all__ = ["MIN_SHARED", "later_stage", "verdict_for_plea"]

MIN_SHARED = 0.5
"""Least share of the claim's other content words the earlier step's sentence must hold."""

_STEPS = (
    r"(?:were|was|been|being|be|is|are|got)\s++(?:arrested|detained|held|questioned|quizzed|accused|investigated)"
    r"|\barrest(?:ed|s)?\b|on\s++suspicion\b|\bsuspected\s++of\b|\balleged(?:ly)?\b|\bbailed\b|released\s++on\s++bail"
    r"|under\s++investigation",
    r"\bcharg(?:ed|es|ing)\s++(?:\p{L}+\s++){0,3}?(?:with|over|in\s++connection)\b|\bcharges?\s++(?:of|against)\b"
    r"|\b(?:have|has|had|were|was|been|being|be|is|are)\s++charged\b"
    r"|\bindicted\b|\bprosecuted\b"
    r"|\bfaces?\s++(?:trial|charges?)\b|\bstand\s++trial\b|\bon\s++trial\b",
    r"\bconvicted\b|\bfound\s++guilty\b|\bpleaded\s++guilty\b|\bpled\s++guilty\b|\badmitted\s++(?:the\s++)?(?:charges?|offences?)\b",
    r"\bsentenced\b|\bjailed\b|\bimprisoned\b|\bgiven\s++(?:a\s++)?(?:\w+\s++)?(?:sentence|jail\s+term|prison\s+term)\b",
)
"""The steps of a case, in order: suspicion and arrest, charge and trial, conviction, sentence ("police
have charged two men" and "were charged on Friday" charge without saying with what)."""
_STEP = [regex.compile(step, regex.IGNORECASE) for step in _STEPS]
_IN_COURT = regex.compile(r"\b(?:charged|charges|trial|jury|jurors|prosecutors?|prosecution|indicted|counts?\s+of"
                          r"|crown\s+court|court\s+heard)\b", regex.IGNORECASE)
"""A source that speaks of a charge or a trial in any words ("after she was charged last year", "the jury
heard") takes the case to the second step: only a later one is read against it."""
_DENIED = regex.compile(r"\b(?:not|never|no|without|yet\s+to|before\s+being|could\s+be|may\s+be|might\s+be|likely\s+to\s+be)"
                        r"\s++(?:\w+\s++){0,2}$", regex.IGNORECASE)
_STEP_WORDS = frozenset(content_words("charged convicted guilty found pleaded sentenced jailed imprisoned arrested"))
"""The words of the steps themselves, left out of what the earlier step's sentence must share."""


def _step_of(text: str) -> int:
    """The latest step ``text`` names and does not deny (0: none; 1: arrest ... 4: sentence)."""
    latest = 0
    for n, step in enumerate(_STEP, start=1):
        for match in step.finditer(text):
            if not _DENIED.search(text, max(0, match.start() - 30), match.start()):
                latest = n
                break
    return latest


def later_stage(claim: str, sources: list[str]) -> str | None:
    """The source sentence that gives an earlier step of the case the claim takes further, if any.

    Example:
        >>> later_stage("Two men have been charged with importing cocaine.",
        ...             ["Two men were arrested on suspicion of importing cocaine. Both were released on bail."])
        'Two men were arrested on suspicion of importing cocaine.'
        >>> later_stage("Two men have been charged with importing cocaine.",
        ...             ["Two men were arrested. They were later charged with importing cocaine."])
    """
    step = _step_of(claim)
    if step < 2:
        return None
    sentences = [s for source in sources for s in passage_sentences(source)]
    if any(_step_of(s) >= step for s in sentences) or (step == 2 and any(_IN_COURT.search(s) for s in sentences)):
        return None  # the sources take the case as far, somewhere
    said = next((part for part in conjuncts(claim) if _step_of(part) == step), claim)  # the statement that names it
    words = set(content_words(said)) - _STEP_WORDS
    if not words:
        return None
    for sentence in sentences:
        if 0 < _step_of(sentence) < step and len(words & set(content_words(sentence))) >= MIN_SHARED * len(words):
            return sentence
    return None


_VERDICT = regex.compile(r"\bfound\s++guilty\b|\bconvicted\s++by\s++(?:a|the)\s++jury\b|\bjury\s++(?:found|convicted)\b"
                         r"|\bguilty\s++verdict\b", regex.IGNORECASE)
_PLEA = regex.compile(r"\b(?:pleaded|pled|pleads)\s++guilty\b|\badmit(?:ted|s)\b", regex.IGNORECASE)
_TRIED = regex.compile(r"\b(?:found\s++guilty|convicted|jury|jurors|verdict|trial|acquitted)\b", regex.IGNORECASE)


def verdict_for_plea(claim: str, sources: list[str]) -> str | None:
    """The source sentence of a plea when ``claim`` gives a verdict no source gives, if any.

    Example:
        >>> verdict_for_plea("Daniel Pryce was jailed after being found guilty of fraud.",
        ...                  ["Daniel Pryce, 34, was jailed. Pryce pleaded guilty to fraud."])
        'Pryce pleaded guilty to fraud.'
        >>> verdict_for_plea("Daniel Pryce was found guilty of fraud.",
        ...                  ["Pryce pleaded guilty to theft. A jury found him guilty of fraud."])
    """
    verdict = _VERDICT.search(claim)
    if verdict is None or _DENIED.search(claim, max(0, verdict.start() - 30), verdict.start()):
        return None
    sentences = [s for source in sources for s in passage_sentences(source)]
    if any(_TRIED.search(s) for s in sentences):
        return None  # a trial somewhere: the verdict may be the sources'
    words = set(content_words(claim)) - _STEP_WORDS
    pleas = [s for s in sentences if _PLEA.search(s)]
    return next((s for s in pleas if words & set(content_words(s))), None)
