"""Whether a source statement speaks of the event a claim's value belongs to.

The value rules read a claim's year or amount against its *anchor*, the statement that holds
most of the rest of the claim (:mod:`~lexguard.grounding.signals._binding`), and fail the value
when the anchor gives another of its kind. A statement about the same subject may give a value
of another event, though: "Marta Okonkwo-Reyes was re-elected mayor of Brellin in 2022" fits
"Marta Okonkwo-Reyes has served as mayor of Brellin since 2018" best, and "The outbreak lasted
into 2018" fits "The 2017 outbreak began in June 2017" best, yet neither anchor says when she was
re-elected or how long the outbreak lasted. A claim's verb (:func:`claim_verb`: its first verb
that is no auxiliary and no part of a name) names its event; a rival counts only in an anchor that
states that verb (in any of its forms: "won" is "win") or names no event of its own ("has").
"""

from __future__ import annotations

from functools import lru_cache

import regex

from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import STOPWORDS, content_words
from lexguard.grounding.signals._words import WORD, lemmas, word_kinds

__all__ = ["claim_verb", "states_event", "tells_event"]

_LOWER = regex.compile(r"\p{Ll}")


@lru_cache(maxsize=1024)
def claim_verb(claim: str, *, sure: bool = False) -> str | None:
    """The verb of the claim's event, lower case: its first word read only as a verb ("re-elected"
    of "Marta Okonkwo-Reyes was re-elected mayor ...", "lasted" of "The outbreak lasted into 2018",
    not "outbreak", a noun too; a participle may be an adjective too: "expected"), else its first
    word after an auxiliary that may be a verb ("cut" of "their lead has now been cut to four
    points", not "lead" nor "top"), else its first word that may be a verb ("holds" of "He holds the
    national record"); never an auxiliary, a function word or part of a name. ``None`` when it has
    none ("Tarnwell Systems had 1,850 employees": "had" is an auxiliary too). With ``sure``, only
    a word read as a verb alone or after an auxiliary ("guarantee" of "Model K40 kettle: 1-year
    guarantee" is none)."""
    ends = iter(sorted(e.span for e in entities(claim)))  # names, in order: read in one pass
    name = next(ends, None)
    after_auxiliary: str | None = None
    first: str | None = None
    auxiliary = False
    for token in WORD.finditer(claim):
        word = token.group()
        while name is not None and name[1] <= token.start():
            name = next(ends, None)
        if not _LOWER.match(word) or (name is not None and name[0] <= token.start()):
            auxiliary = False
            continue
        word = word.lower()
        kinds = word_kinds(word)
        if "AUX" in kinds or word in _MODALS:
            auxiliary = True
            continue
        if "VERB" in kinds and word not in STOPWORDS:
            if kinds == {"VERB"} or (kinds == {"VERB", "ADJ"} and word.endswith(("ed", "en"))):
                return word
            if auxiliary and after_auxiliary is None:
                after_auxiliary = word
            first = first or word
        auxiliary = auxiliary and "ADV" in kinds  # "has now been cut": an adverb between
    return after_auxiliary or (None if sure else first)


_MODALS = frozenset({"may", "might", "must", "shall", "should", "will", "would", "can", "could"})


def states_event(claim: str, statement: str, carried: frozenset[str] = frozenset()) -> bool:
    """Whether ``statement`` may state the event of ``claim``: it holds the claim's verb in some
    form (:func:`tells_event`), or either has no verb of its own ("The basic laptop comes with 16GB"
    beside "The basic laptop has 8GB": "has" names no other event)."""
    return claim_verb(claim) is None or claim_verb(statement, sure=True) is None or tells_event(claim, statement, carried)


def tells_event(claim: str, statement: str, carried: frozenset[str] = frozenset(), *, sure: bool = False) -> bool:
    """Whether ``statement`` holds the verb of ``claim`` (:func:`claim_verb`) in some form ("won" is
    "win"), or carries it from the clause before ("and the newer one in 1864" after "The older mill
    was built in 1790": ``carried``, content words as
    :func:`~lexguard.grounding.signals._lexical.content_words` writes them). With ``sure``, only a
    verb :func:`claim_verb` is sure of counts ("floor" of "Unit 6D has a floor area" is none)."""
    verb = claim_verb(claim, sure=sure)
    if verb is None:
        return False
    if set(content_words(verb)) & carried:
        return True
    forms = set(lemmas(verb)) | {verb}
    return any(word in forms or forms & set(lemmas(word)) for word in (w.lower() for w in WORD.findall(statement)))
