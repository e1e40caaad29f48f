"""Which evidence value a claim number is about: the one the claim's words stand next to.

"The film grossed over $100 million" beside "The film grossed $150 million worldwide against a
budget of $40 million": of the evidence values of the number's class (money, a unit, a
percentage, a count of the same thing), the claim is about the one its words anchor: the words
before it that the claim shares ("grossed"), nearest first, then the words after it ("an 87%
*approval rating*"), within its statement (up to the value before it: "employs 1,200 people in
Ohio and 300 in Texas"). A value whose statement names another thing than the claim does, while
the claim's name stands elsewhere in the chunk, is not the claim's ("1,200 people in Ohio" for a
claim on Texas). :mod:`lexguard.grounding.signals._bounds` compares a bound with the value it is
about; :func:`misanchored` finds a claim value the evidence gives to another statement of the same
sentence ("64% of patients, compared with 41% in the placebo group").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Literal, NamedTuple

import regex

from lexguard.grounding.signals._binding import number_class
from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._units import unit_of

__all__ = ["MIN_ANCHOR", "MISANCHORED", "BoundKind", "Candidate", "anchored", "bound_words", "candidates",
           "magnitude", "misanchored"]

MIN_ANCHOR = 1.5
"""Least anchor (:func:`_anchor`) of another evidence value for a claim number to be misanchored."""
MISANCHORED = 4.0
"""How many times better another evidence value must be anchored than the claim's own value."""

BoundKind = Literal["limit", "above", "at_least", "below", "near", "about"]
_BOUNDS: dict[str, BoundKind] = {
    r"(?:no|not)\s+(?:more|greater|higher)\s+than|at\s+(?:the\s+)?most|up\s+to|a\s+(?:maximum|minimum|limit)\s+of"
    r"|(?:must\s+|does\s+|do\s+|may\s+|should\s+)?not\s+(?:to\s+)?exceed(?:ing)?|(?:limited|capped)\s+(?:to|at)": "limit",
    r"(?:no|not)\s+(?:less|fewer|lower)\s+than|at\s+(?:the\s+)?least": "at_least",
    r"(?:just\s+)?(?:more|greater|higher)\s+than|(?:just\s+)?(?:over|above)|in\s+excess\s+of|exceeding|upwards\s+of"
    r"|north\s+of|well\s+over|exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|topped|passed": "above",
    r"(?:less|fewer|lower)\s+than|under|below|fewer\s+than|shy\s+of": "below",
    r"nearly|almost|close\s+to|approaching|just\s+under|just\s+below|just\s+shy\s+of": "near",
    r"about|around|approximately|approx\.?|roughly|some|circa|c\.|an\s+estimated|estimated|~": "about",
}
_BOUND = regex.compile(
    r"(?:^|(?<=[\s(]))(?:" + "|".join(f"(?P<g{i}>{p})" for i, p in enumerate(_BOUNDS)) + r")\s*+$",
    regex.IGNORECASE,
)
_KINDS: list[BoundKind] = list(_BOUNDS.values())
_WINDOW = 4
"""Words before an evidence value that anchor it to the claim's relation ("the film *grossed* $150
million"), up to the value before it: "employs 1,200 people in Ohio and 300 in Texas"."""
_STOP = regex.compile(r"[.;!?](?:\s|$)|\n")
"""Where a value's statement ends: its anchor words stand between such marks."""
_AFTER = 3
"""Words after an evidence value that anchor it when no word before does ("an 87% *approval rating*")."""




def bound_words(text: str, end: int) -> tuple[BoundKind, int] | None:
    """The bound or limit words right before ``end`` in ``text`` ("more than", "nearly", "up
    to"), as their kind and where they start; ``None`` when there are none."""
    match = _BOUND.search(text, max(0, end - 40), end)
    if match is None:
        return None
    return next(_KINDS[i] for i, group in enumerate(match.groups()) if group), match.start()


class Candidate(NamedTuple):
    """An evidence value of a claim number's class, and how well the claim's words anchor it."""

    value: float
    text: str
    given: str | None
    """The evidence gives it with bound words of its own ("children under 10")."""
    score: tuple[float, int]
    """How well the claim's words anchor it (:func:`_anchor`), then the chunk's share of them."""


def anchored(claim: str, mention: Mention, texts: Iterable[str]) -> tuple[list[tuple[float, str, str | None]], list[float]]:
    """The evidence values (with their wording) of the claim number's class that the claim's
    words anchor best (:func:`_anchor`), the chunk's share of the claim's words breaking ties,
    each with the bound or limit words the evidence gives it with (``None``: none); and every
    value the evidence gives, of any class."""
    found, every = candidates(claim, mention, texts)
    best = max((c.score for c in found), default=None)
    return [(c.value, c.text, c.given) for c in found if c.score == best], every


def candidates(claim: str, mention: Mention, texts: Iterable[str]) -> tuple[list[Candidate], list[float]]:
    """Every evidence value of the claim number's class that a word of the claim anchors, and
    every value the evidence gives, of any class."""
    own = _class(claim, mention)
    words = bound_words(claim, mention.span[0])
    claim_before = set(content_words(claim[: words[1] if words else mention.span[0]]))
    claim_after = set(content_words(claim[mention.span[1] :]))
    claim_names = _names(claim)
    out: list[Candidate] = []
    every: list[float] = []
    for text in dict.fromkeys(texts):
        found = _numbers(text)
        shared = len((claim_before | claim_after) & set(content_words(text)))
        for i, candidate in enumerate(found):
            value = magnitude(text, candidate)
            every += [v for v in map(_value, (candidate.key, *candidate.alts)) if v is not None]
            if value is None or not _comparable(own, _class(text, candidate)):
                continue
            start, end = candidate.span
            ahead = text[max(0, start - 80, found[i - 1].span[1] if i else 0) : start]
            if (own_bound := _BOUND.search(ahead)) is not None:  # "bake for *approximately* 15 minutes"
                ahead = ahead[: own_bound.start()]
            behind = text[end : min(end + 60, found[i + 1].span[0] if i + 1 < len(found) else len(text))]
            ahead, behind = _STOP.split(ahead)[-1], _STOP.split(behind)[0].split(",")[0]
            if _names_another(claim_names, _names(ahead + " " + behind), _names(text)):
                continue  # "1,200 people in Ohio" is not the Texas figure the claim gives
            anchor = (_anchor(content_words(ahead)[::-1][:_WINDOW], claim_before, claim_after)
                      + _anchor(content_words(behind)[:_AFTER], claim_after, claim_before))
            if anchor:
                given = " ".join(own_bound.group().lower().split()) if own_bound is not None else None
                out.append(Candidate(value, candidate.text, given, (anchor, shared)))
    return out, every


def misanchored(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether a claim number the evidence gives belongs there to another statement than the
    claim's: "The drug reduced symptoms in 41% of patients" beside "the drug reduced symptoms in
    64% of patients, compared with 41% in the placebo group". Another value of its class, one
    the claim does not give, is anchored by the claim's words at least :data:`MISANCHORED` times
    as well as the claim's own value is, and by :data:`MIN_ANCHOR` at least (years, dates and
    bounds aside)."""
    kind = number_class(claim, mention)
    if kind == "year" or kind.startswith("calendar") or bound_words(claim, mention.span[0]) is not None:
        return False
    value = magnitude(claim, mention)
    keys = {v for v in map(_value, (mention.key, *mention.alts)) if v is not None} | ({value} if value is not None else set())
    found, _ = candidates(claim, mention, texts)
    given = {v for m in numbers(claim) for v in map(_value, (m.key, *m.alts)) if v is not None}  # the claim's own values
    own = [c.score[0] for c in found if any(math.isclose(c.value, k, rel_tol=1e-9) for k in keys)]
    other = [c.score[0] for c in found if not any(math.isclose(c.value, k, rel_tol=1e-9) for k in given)]
    if not own or not other:
        return False
    return max(other) >= MIN_ANCHOR and max(other) >= MISANCHORED * max(own)


_NAME = regex.compile(r"(?<![.!?]\s*|^\s*)\b\p{Lu}\p{Ll}+")


def _names(text: str) -> set[str]:
    """Capitalised words not opening a sentence: names, roughly."""
    return {m.group() for m in _NAME.finditer(text)}


def _names_another(claim_names: set[str], near: set[str], everywhere: set[str]) -> bool:
    """Whether the value's statement names another thing than the claim does, while the claim's
    name stands elsewhere in the chunk ("1,200 people in Ohio and 300 in Texas": Texas)."""
    return bool(near - claim_names) and bool((claim_names & everywhere) - near)


def _anchor(words: list[str], same_side: set[str], other_side: set[str]) -> float:
    """How well the words next to an evidence value (nearest first) anchor it to the claim's
    relation: each shared word weighs the inverse of its distance, half as much when the claim
    has it on the other side of its number."""
    return sum((1.0 if w in same_side else 0.5 if w in other_side else 0.0) / (k + 1) for k, w in enumerate(words))


@lru_cache(maxsize=4096)
def _numbers(text: str) -> list[Mention]:
    return numbers(text)


def _class(text: str, mention: Mention) -> str:
    """What a number measures, for comparing a bound with a value: a percentage, a currency or
    unit, else its class (:func:`~lexguard.grounding.signals._binding.number_class`)."""
    after = text[mention.span[1] : mention.span[1] + 9].lstrip().lower()
    fraction = not any(ch.isdigit() for ch in mention.text) and any(
        _value(alt) == 100 * (_value(mention.key) or 0) for alt in mention.alts)  # "three quarters"
    if fraction or after.startswith(("%", "percent", "per cent")):
        return "percent"
    unit = unit_of(text, mention)
    if unit is not None:
        return f"unit {unit}"
    kind = number_class(text, mention)
    return "count" if kind == "" else kind


def _comparable(claim_class: str, evidence_class: str) -> bool:
    """The same class, or a count of a named thing in the claim beside a bare count in the
    evidence ("under 10,000 inhabitants" beside "a population of 8,412")."""
    return claim_class == evidence_class or (claim_class.startswith("count ") and evidence_class == "count")


def magnitude(text: str, mention: Mention) -> float | None:
    """A number's value, a share as a fraction ("87%" and "three quarters": 0.87, 0.75)."""
    if _class(text, mention) != "percent":
        return _value(mention.key)
    found = [v for v in map(_value, (mention.key, *mention.alts)) if v is not None]
    return min(found) if found else None


def _value(key: str) -> float | None:
    try:
        value = float(key)
    except ValueError:
        return None
    return value if math.isfinite(value) else None
