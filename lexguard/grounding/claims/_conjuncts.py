"""A sentence that joins two statements, read a statement at a time: "Eleven passengers suffered
minor injuries and a crew member was taken to hospital, while the passengers were moved to a
second ferry."

A summary often joins what two or three source sentences say into one sentence. The verifier
reads a claim with the few source sentences closest to it as a whole, and for a sentence that
joins statements from far apart those hold only some of what it says: a correct sentence reads as
unsupported because its evidence is half missing. :func:`conjuncts` cuts a claim where a second
statement with its own subject begins (", and the airline ...", ", while passengers ...",
"; the club ..."); :meth:`~lexguard.grounding.verify._stacker.VerifierStack.verify` reads each
statement with its own evidence (alone, and after the claim's opening words), and a claim the
verifier doubts whole takes the reading of its statements when every one of them reads better:
the weakest statement's. A false statement still fails: it is read alone, against the sentences
closest to it.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._words import lemmas_as, word_kinds

__all__ = ["MIN_STATEMENT_WORDS", "conjuncts", "statement_cuts"]

MIN_STATEMENT_WORDS = 3
"""Least content words of each statement for a claim to be read a statement at a time."""

_JOIN = regex.compile(r"(?:,\s*+(?:and|but|while|whereas)\b|;(?:\s*+(?:and|but)\b)?|\s(?:while|whereas)\b)\s++",
                      regex.IGNORECASE)
"""A conjunction after a comma or semicolon (or "while" / "whereas"), where a second statement may begin."""
_SUBJECT = regex.compile(
    r"(?:(?i:the|an?|its|his|her|their|this|these|those|some|many|most|both|each|he|she|they|it|we|"
    r"one|two|three|four|five|six|seven|eight|nine|ten)\b|\d|\p{Lu})"
)
"""A subject's first word: a determiner, a pronoun, a number or a capitalised word."""
_WORD = regex.compile(r"[\p{L}'\u2019-]+")
_PHRASE_END = regex.compile(r"[,;:()]|\s(?:and|or|but)\s", regex.IGNORECASE)
"""Where the words read for a plain noun subject's verb stop: the next statement's verb is not its own."""
_MOST_SUBJECT_WORDS = 6
"""Most words between a plain noun subject's first word and its verb ("analysts warned", "boat hire owner
Raj Mehta said")."""


def _finite(word: str) -> bool:
    """Whether ``word`` is a finite verb form ("warned", "were", "has", "said"), by its lemmas; not a
    word that is also a noun ("parts", "costs": "access to spare parts" has no verb)."""
    lower = word.lower()
    kinds = word_kinds(lower)
    if "AUX" in kinds:
        return True
    return "NOUN" not in kinds and not word.endswith("ing") and any(lemma != lower for lemma in lemmas_as(lower, "VERB"))


def _statement_at(claim: str, at: int) -> bool:
    """Whether a statement with its own subject begins at ``at``: a subject's first word
    (:data:`_SUBJECT`), or a noun ("analysts"; not a word that is also an adverb or an auxiliary,
    "behind", "can") with a finite verb a few words on, before the next comma or conjunction."""
    if _SUBJECT.match(claim, at):
        return True
    phrase = _PHRASE_END.split(claim[at : at + 80], maxsplit=1)[0]  # "access to AI-powered insights, and can ..."
    words = _WORD.findall(phrase)
    first = word_kinds(words[0].lower()) if words else frozenset()
    if len(words) < 2 or "NOUN" not in first or {"ADV", "AUX"} & first:
        return False  # "behind her is ...", "can be tailored": no subject of its own
    return any(_finite(w) for w in words[1 : 1 + _MOST_SUBJECT_WORDS])


def statement_cuts(claim: str) -> list[tuple[int, int]]:
    """The spans of the joins in ``claim`` where a second statement begins (", and analysts ...")."""
    return [m.span() for m in _JOIN.finditer(claim) if _statement_at(claim, m.end())]


def conjuncts(claim: str) -> list[str]:
    """The statements ``claim`` joins, each with :data:`MIN_STATEMENT_WORDS` content words at
    least; ``[]`` for a claim of one statement (or with a part too short to read alone)."""
    cuts = statement_cuts(claim)
    if not cuts:
        return []
    starts = [0, *(end for _, end in cuts)]
    ends = [*(start for start, _ in cuts), len(claim)]
    parts = [claim[a:b].strip(" ,;.") for a, b in zip(starts, ends, strict=True)]
    if any(len(content_words(p)) < MIN_STATEMENT_WORDS for p in parts):
        return []
    return [p[0].upper() + p[1:] + "." for p in parts]
