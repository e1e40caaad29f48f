"""Claims that state a source sentence with an opposite one side negates: "The museum is closed
on Mondays." beside "The museum is not open on Mondays." (or beside "open every day except
Monday"). The learned verifier read such pairs as contradicted; :func:`polarity_restatement`
finds the sentence, so that the verifier alone does not fail the claim."""

from __future__ import annotations

import regex

from lexguard.grounding.signals._antonyms import ANTONYMS, antonym_keys
from lexguard.grounding.signals._excepted import excepted_statements
from lexguard.grounding.signals._polarity import MIN_BACK_COVERAGE, MIN_COVERAGE, _applicable, _negated, _opposites
from lexguard.grounding.signals._source_units import Unit as _Unit
from lexguard.grounding.signals._source_units import source_units as _units
from lexguard.grounding.signals._source_units import statement_words as _words

__all__ = ["polarity_restatement"]


def polarity_restatement(claim: str, passages: list[str]) -> str | None:
    """The source sentence that states ``claim`` with an opposite one side negates ("The museum is
    closed on Mondays." beside "The museum is not open on Mondays."), all other words alike and
    the negation not narrowed ("not open late"), if any: the learned verifier
    read such pairs as contradicted, so it alone does not fail the claim. Read it only for a claim
    :func:`polarity_conflict` finds no conflict for."""
    words = _words(claim)
    if not words:
        return None
    # a statement the source denies is read here only when an exception denies it: the opposite
    # of "open on Monday" in "open every day except Monday" ("closed on Mondays") restates it
    every = _units(passages)
    units = [u for u in _applicable(every, claim, words) if not u.denied or u.must]
    excepted = _same_exception(claim, words, every) or _negates_a_denial(claim, words, every)
    if excepted is not None:
        return excepted
    for unit, same, _ in _opposites(claim, words, units):
        negated = unit.text if _negated(unit.text) else claim
        # only the opposite differs, and the negation is not narrowed: "not open *late*", "not *always* open"
        extra = [w for w in words ^ unit.words if not any(key in ANTONYMS for key in antonym_keys(w))]
        if same and len(extra) <= 1 and not _NARROWED.search(negated):
            return unit.sentence
    return None


def _same_exception(claim: str, words: frozenset[str], units: list[_Unit]) -> str | None:
    """The source sentence whose exception ``claim`` states: "not open on Mondays" (a negation of
    what it denies, nothing narrowed), or an exception of its own that denies the same thing
    ("open every day but Monday" beside "open daily except on Mondays")."""
    excepted = [u for u in units if u.must]
    if not excepted:
        return None
    own = [_words(part) for part, _ in excepted_statements(claim)]
    for unit in excepted:
        if own:
            if any(_same_words(mine, unit.words) for mine in own):
                return unit.sentence
        elif (unit.must <= words and _negated(claim) and not _NARROWED.search(claim)
              and _same_words(words, unit.words)):
            return unit.sentence
    return None


def _negates_a_denial(claim: str, words: frozenset[str], units: list[_Unit]) -> str | None:
    """The source sentence that mentions a statement to deny it, when ``claim`` states its
    negation ("Goldfish do not have a three-second memory." beside "Scientists have debunked the
    idea that goldfish have a three-second memory."), nothing narrowed."""
    if not _negated(claim) or _NARROWED.search(claim):
        return None
    return next((u.sentence for u in units if u.denied and not u.must and _same_words(words, u.words)), None)


def _same_words(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two statements hold enough of each other's words to say the same thing."""
    shared = len(a & b)
    return bool(a and b) and shared / len(a) >= MIN_COVERAGE and shared / len(b) >= MIN_BACK_COVERAGE


_NARROWED = regex.compile(
    r"\b(?:always|all|every|fully|completely|entirely|totally|quite|until|till|late|early|yet|only|just|very|much)\b",
    regex.IGNORECASE,
)
"""Words that narrow what a negation denies: "not always open" is not "closed"."""
