"""A person's age, as news writes it beside the name: "Kerry Dawes, 35, from Ashcombe".

The age is said of the person, not of what the rest of the sentence states, so the rules that
bind a value to the statement it belongs to (:mod:`._binding`, :mod:`._anchoring`) would refuse a
right age the sources give in another sentence ("Ava Kingsley, 29, postpones ..." beside "... Ava
Kingsley has postponed ... The 29-year-old singer ..."). :func:`age_conflict` reads it against
the ages the sources give people instead: another age given to this person, or this age given
only to someone else ("Mrs Hendry, 34," when the claim makes a fisherman 34), is the sentence
that says otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._honorifics import HONORIFICS
from lexguard.grounding.signals._lexical import Mention, key_value, numbers
from lexguard.grounding.signals._statements import an_age

__all__ = ["BIRTH_YEAR", "age_conflict", "age_in_a_year", "ages_as_births", "appositive_age", "is_age", "said_of_a_person", "years_apart"]

_NAME_BEFORE = regex.compile(r"((?:\p{Lu}[\p{L}.'\u2019-]*+\s++){0,3}\p{Lu}[\p{L}.'\u2019-]*+),\s*+$")
_AGED = regex.compile(r"\baged\s++(\d{1,3})\b|\b(\d{1,3})[\s-]++years?[\s-]++old\b", regex.IGNORECASE)
_YEARS_OLD = regex.compile(r"[\s-]*+years?[\s-]++old\b", regex.IGNORECASE)


def is_age(claim: str, mention: Mention) -> bool:
    """Whether a claim number is someone's age: "Kerry Dawes, 35,", "aged 35", "a 35-year-old"."""
    return an_age(claim, mention) or _YEARS_OLD.match(claim, mention.span[1]) is not None


_ALONE = regex.compile(r"[\s-]*+years?[\s-]++old\s*+(?:[,;:.)]|$)", regex.IGNORECASE)


def said_of_a_person(claim: str, mention: Mention) -> bool:
    """Whether a claim number is an age said of a person rather than a value of the claim's
    statement: beside a name ("Kerry Dawes, 35,") or naming the person ("The 16-year-old, seeded
    14th, finished ..."): the binding rules leave it to :func:`age_conflict`."""
    return appositive_age(claim, mention) is not None or _ALONE.match(claim, mention.span[1]) is not None


def years_apart(mention: Mention, evidence_keys: Iterable[str]) -> bool:
    """Whether an age is the distance between two years the evidence gives (born in 1989, in 2024),
    the one way the sources can give an age they do not state."""
    value = key_value(mention.key)
    if value is None or not value.is_integer():
        return False
    years = sorted({n for n in map(key_value, evidence_keys) if n is not None and n.is_integer() and 1000 <= n <= 2100})
    return any(later - earlier == value for i, earlier in enumerate(years) for later in years[i + 1:])


_AGE_IN_A_YEAR = regex.compile(
    r"\b(?:turned|turns|turning|turn|was|were|aged|hit|reached)\s++(?P<age>\d{1,3}|[a-z]+(?:[\s-]++[a-z]+)?)"
    r"(?:[\s-]++years?(?:[\s-]++old)?)?\s++(?:back\s++)?in\s++(?P<year>\d{4})\b",
    regex.IGNORECASE,
)
BIRTH_YEAR = regex.compile(r"\bborn\b[^.;!?\d]{0,30}?(?P<year>\d{4})\b|\(b\.\s*+(?P<b>\d{4})\)", regex.IGNORECASE)
"""A birth year as sources write it: "born in 1980", "was born on 3 May 1980", "(b. 1980)"."""


def age_in_a_year(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether a claim number is an age at a year, or that year, that a birth year of the sources
    gives: "Vale, who turned 40 in 2020" beside "Vale was born in 1980" (the age and the year
    each follow from the other and the birth year; "was 40 in 2020" allows a year either side)."""
    texts = list(texts)
    return any(found.start("age") <= mention.span[0] < found.end("year") and birth is not None
               for found, birth in _ages_in_years(claim, texts))


def ages_as_births(claim: str, texts: Iterable[str]) -> str:
    """``claim`` with each age at a year that a birth year of the sources gives written as that
    birth ("who turned 40 in 2020" as "who was born in 1980"), for the verifier, which does no
    arithmetic."""
    texts = list(texts)
    for found, birth in reversed(_ages_in_years(claim, texts)):
        if birth is not None:
            claim = f"{claim[: found.start()]}was born in {birth}{claim[found.end() :]}"
    return claim


def _ages_in_years(claim: str, texts: list[str]) -> list[tuple[regex.Match[str], int | None]]:
    """Each age at a year of the claim, with the sources' birth year it follows from (or ``None``)."""
    out: list[tuple[regex.Match[str], int | None]] = []
    for found in _AGE_IN_A_YEAR.finditer(claim):
        age = next((key_value(m.key) for m in numbers(found.group("age"))), None)
        if age is None or not age.is_integer():
            continue
        born = int(found.group("year")) - int(age)
        turned = found.group(0).lower().startswith(("turn", "hit", "reach"))
        births = {int(b.group("year") or b.group("b")) for text in texts for b in BIRTH_YEAR.finditer(text)}
        out.append((found, born if born in births else born - 1 if not turned and born - 1 in births else None))
    return out


def appositive_age(claim: str, mention: Mention) -> str | None:
    """The name of the person a claim number gives the age of, lower-case and without a title
    (its last two words: "Kerry Dawes, 35,": "kerry dawes"; "Mrs Hendry, 34,": "hendry"), or
    ``None`` when the number is no age written beside a name."""
    if not an_age(claim, mention):
        return None
    found = _NAME_BEFORE.search(claim, max(0, mention.span[0] - 60), mention.span[0])
    if found is None:
        return None
    words = [w.strip(".").lower() for w in found.group(1).split()]
    words = [w for w in words if w not in HONORIFICS]
    return " ".join(words[-2:]) if words else None


def _ages_given(sentence: str) -> Iterable[tuple[str | None, str]]:
    """The ages a source sentence gives, each with the name it gives it to (:func:`appositive_age`;
    ``None``: an age it gives no name, "the 29-year-old singer")."""
    for mention in numbers(sentence):
        name = appositive_age(sentence, mention)
        if name is not None:
            yield name, mention.key
    for match in _AGED.finditer(sentence):
        yield None, match.group(1) or match.group(2)


@lru_cache(maxsize=256)
def _ages_in(text: str) -> tuple[tuple[str | None, str, str], ...]:
    """Every age a source passage gives: ``(name or None, age, sentence)`` (read once a passage)."""
    return tuple((name, age, sentence) for sentence in passage_sentences(text) for name, age in _ages_given(sentence))


def _same_person(name: str, other: str) -> bool:
    """Whether two names (:func:`appositive_age`) name one person: the same surname, and the same
    first name where both give one ("Priya Mehta" is not "Aarav Mehta"; "Mrs Hendry" may be
    "Rachel Hendry")."""
    mine, theirs = name.split(), other.split()
    return mine[-1] == theirs[-1] and (len(mine) < 2 or len(theirs) < 2 or mine[0] == theirs[0])


def age_conflict(claim: str, mention: Mention, texts: Iterable[str]) -> str | None:
    """The source sentence that gives the person of an appositive age another age, or gives this
    age to another person; ``None`` when the sources give it this person, give it only unnamed
    ("the 29-year-old singer", who may be this person), or give no such age (an age in no source
    is an unknown value).

    Args:
        claim: The claim text.
        mention: A number of the claim (no appositive age: ``None``).
        texts: The source passages.
    """
    person = appositive_age(claim, mention)
    if person is None:
        return None
    other_age = other_person = None
    for text in texts:
        for name, age, sentence in _ages_in(text):
            if name is None:
                continue  # "the 29-year-old singer": this person's, or another's
            same = _same_person(name, person)
            if same and age == mention.key:
                return None
            if same:
                other_age = other_age or sentence
            elif age == mention.key:
                other_person = other_person or sentence
    return other_age or other_person
