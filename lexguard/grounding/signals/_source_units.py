"""The statements of the sources the polarity rule reads a claim against, and the words they are
matched by.

Each source sentence is read whole (and without a relative clause: "The mayor, who did not
attend, approved the plan" states "The mayor approved the plan" too), clause by clause (a later
clause with the first one's subject), with what it mentions only to deny ("It is a myth that
..."), what an exception takes out ("open every day except Monday"), and with the sentence after
it when that one says what the statement is ("This is a temporary closure"). A passage's heading
names what its statements are about. :mod:`lexguard.grounding.signals._polarity` and
:mod:`lexguard.grounding.signals._restatement` read them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import clauses, with_subject
from lexguard.grounding.signals._excepted import excepted_statements
from lexguard.grounding.signals._lexical import _stem
from lexguard.grounding.signals._negation import negated as _negated
from lexguard.grounding.signals._negation import raw_content_words as _raw_content_words
from lexguard.grounding.signals._refuted import denied_by_next, denied_statements
from lexguard.grounding.signals._roles import FUNCTION
from lexguard.grounding.signals._statements import is_heading
from lexguard.grounding.signals._words import lemmas

__all__ = ["Unit", "lemma_of", "source_units", "statement_words"]

_RELATIVE = regex.compile(r",\s*+(?:who|whom|whose|which|where|when)\b[^,;:()]{0,120}+,\s*+", regex.IGNORECASE)
"""A relative clause between commas: "The mayor, who did not attend, approved the plan" states
"The mayor approved the plan" too, and that statement has no negation of its own."""


def source_units(passages: list[str]) -> list[Unit]:
    """The statements of the passages: each sentence whole (and without a relative clause), its
    clauses, and what it mentions only to deny; a question ("Is the opera open on Mondays?") is none.
    Read once for the conflict and the restatement of a claim (cached by the passages)."""
    return list(_units_of(tuple(passages)))


@lru_cache(maxsize=256)
def _units_of(passages: tuple[str, ...]) -> tuple[Unit, ...]:
    units: list[Unit] = []
    for passage in passages:
        sentences = list(passage_sentences(passage))
        # a passage's heading ("Harlow gallery shop.") names what its statements are about
        context = statement_words(sentences[0]) if sentences and is_heading(sentences[0]) else frozenset()
        start = len(units)
        for n, sentence in enumerate(sentences):
            denied = denied_by_next(sentence, sentences[n + 1] if n + 1 < len(sentences) else "")
            if denied is not None:  # "It was once claimed that ... . Astronauts confirmed this is not true."
                units.append(Unit(denied, statement_words(denied), f"{sentence} {sentences[n + 1]}", denied=True))
            elif sentence and not sentence.rstrip().endswith("?"):  # a question states nothing
                units += _sentence_units(sentence, sentence)
        units += _described_back(sentences, units[start:])
        if context:
            units[start:] = [u._replace(context=context) for u in units[start:]]
    return tuple(units)


def _sentence_units(text: str, sentence: str) -> list[Unit]:
    """The statements of one sentence (``text``), each shown as ``sentence``."""
    wholes = [text] + ([main] if (main := _RELATIVE.sub(" ", text)) != text else [])
    raw_parts = clauses(text)
    parts = with_subject(raw_parts)
    excepted = excepted_statements(text)
    # a claim naming what the sentence excepts is read against the exception only
    unless = next((w for _, thing in excepted if (w := statement_words(thing))), frozenset())
    return ([Unit(whole, statement_words(whole), sentence, whole=True, clause=not parts, unless=unless) for whole in wholes]
            + [Unit(part, statement_words(part), sentence, unless=unless, elided=part not in raw_parts) for part in parts]
            + [Unit(part, statement_words(part), sentence, denied=True) for part in denied_statements(text)]
            + [Unit(part, statement_words(part), sentence, denied=True, must=must)
               for part, thing in excepted if (must := statement_words(thing))])  # "all but one": no thing named


_DESCRIBES_BACK = regex.compile(
    r"^\s*+(?:this|that|it)\s++(?:is|was|will\s++be)\s++(?:only\s++)?(?:a|an)\s++(?P<what>[\p{L}-]++(?:\s++[\p{L}-]++){0,2}?)"
    r"(?=\s*+[,;.]|\s++(?:and|but|which|so)\b|\s*+$)",
    regex.IGNORECASE,
)
"""A sentence that says what the one before describes ("This is a temporary closure")."""


def _described_back(sentences: list[str], units: list[Unit]) -> list[Unit]:
    """The statements of a sentence read with what the next one says they are: "Fenner Street will
    be closed to through traffic for six weeks. This is a temporary closure." states a temporary
    closure of Fenner Street, which "Fenner Street is being closed permanently" turns round."""
    out = []
    for before, sentence in zip(sentences, sentences[1:], strict=False):
        said = _DESCRIBES_BACK.match(sentence)
        if said is None:
            continue
        for unit in units:
            if unit.sentence == before and not unit.denied:
                text = f"{unit.text.rstrip(' .')}, {said.group('what')}"
                out.append(Unit(text, statement_words(text), f"{before} {sentence}", whole=unit.whole, clause=unit.clause))
    return out


class Unit(NamedTuple):
    text: str
    words: frozenset[str]
    sentence: str
    denied: bool = False
    """The sentence mentions this statement to deny it ("It is a myth that ...")."""
    whole: bool = False
    """The whole sentence (or the sentence without a relative clause), not one of its clauses."""
    clause: bool = True
    """One clause: a clause of a sentence, or a whole sentence that has one clause only."""
    must: frozenset[str] = frozenset()
    """Words a claim must hold to be read against this unit: what an exception takes out ("open
    every day except Monday" denies nothing of "The museum is open.")."""
    elided: bool = False
    """A later clause read with the subject of the first (:func:`~lexguard.grounding.signals._clauses.with_subject`)."""
    unless: frozenset[str] = frozenset()
    """Words a claim must not hold all of to be read against this unit: what its sentence excepts
    ("closed on Mondays" is read against the exception, not against "open every day")."""
    context: frozenset[str] = frozenset()
    """Words of the heading of the unit's passage: a claim may name what the statement is about
    ("the *gallery* shop is open on Mondays" beside "Harlow gallery shop. The shop is closed on
    Mondays."); they count for the claim's words the unit holds, not for the unit's own."""



def statement_words(text: str) -> frozenset[str]:
    """The content words a statement is matched by, each as its first lemma ("approve" and
    "approved" are one word; the crude stem keeps them apart), negations and function words aside
    ("barbecues aren't permitted" is {"barbecue", "permit"})."""
    return frozenset(lemma_of(w) for w in _raw_content_words(text) if w not in FUNCTION and not _negated(w))


def lemma_of(word: str) -> str:
    """A lower-case word as :func:`statement_words` writes it: its first lemma, else its stem."""
    found = lemmas(word)
    return found[0] if found else _stem(word)
