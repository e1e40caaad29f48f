"""Numbers a claim gives as a bound or an estimate: "more than $100 million", "nearly 5 million",
"under 10,000", "about 300".

"The film grossed over $100 million." beside "The film grossed $150 million." is correct, yet its
number is in no source, so the strict number rule failed it; "more than $200 million" is wrong
for the same reason. :func:`bound_verdict` reads such a number against the evidence value it is
about: of the same class (money, a unit's kind, a percentage, a count of the same thing, never a
year or a date), and anchored by the words before it that the claim shares ("grossed"), so that
another amount of the same sentence ("against a budget of $40 million") is not the one compared
(the words after it count next: "an 87% *approval rating*").
When several values anchor equally well, the bound must hold for each of them. A limit is no
estimate: "up to 10,000 requests a day" states the limit itself (it is read as a value), and an
evidence value given with bound words of its own ("children under 10") meets only the same value.
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

__all__ = ["APPROXIMATE", "NEAR", "Bound", "bound_of", "bound_verdict", "met_value"]

APPROXIMATE = 0.1
"""How far (a share of the claim's value) an estimate ("about 300") may be from the evidence
value, or further when the claim rounds more coarsely (half its last significant digit), but
never more than twice this share."""

NEAR = 0.1
"""How far below the claim's value "nearly" / "almost" may be ("nearly 5 million" for 4.6 million)."""

_KIND = Literal["limit", "above", "at_least", "below", "near", "about"]
_BOUNDS: dict[str, _KIND] = {
    r"(?:no|not)\s+(?:more|greater|higher)\s+than|at\s+(?:the\s+)?most|up\s+to|a\s+(?:maximum|minimum|limit)\s+of"
    r"|(?:not\s+to\s+)?exceed(?:ing)?|(?:limited|capped)\s+(?:to|at)": "limit",
    r"(?:no|not)\s+(?:less|fewer|lower)\s+than|at\s+(?:the\s+)?least": "at_least",
    r"(?:just\s+)?(?:more|greater|higher)\s+than|(?:just\s+)?(?:over|above)|in\s+excess\s+of|exceeding|upwards\s+of"
    r"|north\s+of|well\s+over": "above",
    r"(?:less|fewer|lower)\s+than|under|below|fewer\s+than|shy\s+of": "below",
    r"nearly|almost|close\s+to|approaching|just\s+under|just\s+below|just\s+shy\s+of": "near",
    r"about|around|approximately|approx\.?|roughly|some|circa|c\.|an\s+estimated|estimated|~": "about",
}
_BOUND = regex.compile(
    r"(?:^|(?<=[\s(]))(?:" + "|".join(f"(?P<g{i}>{p})" for i, p in enumerate(_BOUNDS)) + r")\s*+$",
    regex.IGNORECASE,
)
_KINDS: list[_KIND] = list(_BOUNDS.values())
_WINDOW = 4
"""Words before an evidence value that anchor it to the claim's relation ("the film *grossed* $150
million"), up to the value before it: "employs 1,200 people in Ohio and 300 in Texas"."""
_STOP = regex.compile(r"[.;!?](?:\s|$)|\n")
"""Where a value's statement ends: its anchor words stand between such marks."""
_AFTER = 3
"""Words after an evidence value that anchor it when no word before does ("an 87% *approval rating*")."""


class Bound(NamedTuple):
    """A claim number given as a bound: its kind, its value and where its bound words start."""

    kind: _KIND
    value: float
    start: int


def bound_of(claim: str, mention: Mention) -> Bound | None:
    """The bound a claim number is given with ("over $100 million": above 1e8), if any; dates,
    times and years are none ("after 1990" is an order of events)."""
    value = _magnitude(claim, mention)
    kind = number_class(claim, mention)
    if value is None or kind == "year" or kind.startswith("calendar"):
        return None
    match = _BOUND.search(claim, max(0, mention.span[0] - 40), mention.span[0])
    if match is None:
        return None
    bound = Bound(next(_KINDS[i] for i, group in enumerate(match.groups()) if group), value, match.start())
    return None if bound.kind == "limit" else bound  # "up to 10,000 requests a day" states the limit itself


def bound_verdict(claim: str, mention: Mention, texts: Iterable[str]) -> bool | None:
    """Whether the evidence value a bounded claim number is about meets its bound.

    Args:
        claim: The claim text.
        mention: One of its numbers.
        texts: The claim's best evidence chunks, best first.

    Returns:
        ``True`` when every evidence value of the number's class that anchors best to the claim
        meets the bound, or the evidence gives the number itself (with bound words of its own,
        perhaps: "as many as 900"), ``False`` when one does not,
        ``None`` when the number is no bound or no evidence value of its class is anchored by a
        word of the claim.
    """
    bound = bound_of(claim, mention)
    if bound is None:
        return None
    values, every = _anchored(claim, mention, texts)
    if not values:
        return None
    if any(math.isclose(value, bound.value, rel_tol=1e-9) for value in every):
        return True  # the evidence gives the value itself (and may give the bound too: "under 12")
    return all(_meets(bound, value, limit) for value, _, limit in values)


def met_value(claim: str, mention: Mention, texts: Iterable[str]) -> tuple[int, str] | None:
    """Where a bound the evidence meets starts in ``claim``, and the evidence value as written
    ("nearly 5 million": ``(start of "nearly", "4.9 million")``), for the models that read the
    claim and compare no numbers; ``None`` unless :func:`bound_verdict` is ``True``."""
    bound = bound_of(claim, mention)
    values, every = _anchored(claim, mention, texts) if bound is not None else ([], [])
    if bound is None or not values or not all(_meets(bound, value, limit) for value, _, limit in values):
        return None
    if any(math.isclose(value, bound.value, rel_tol=1e-9) for value in every):
        return None  # the evidence gives the number itself: the claim reads as the sources write
    return bound.start, values[0][1]


def _anchored(claim: str, mention: Mention, texts: Iterable[str]) -> tuple[list[tuple[float, str, bool]], list[float]]:
    """The evidence values (with their wording) of the claim number's class that the claim's
    words anchor best (:func:`_anchor`), the chunk's share of the claim's words breaking ties,
    each with whether the evidence gives it as a bound or limit of its own; and every value the
    evidence gives, of any class."""
    own = _class(claim, mention)
    bound = bound_of(claim, mention)
    claim_before = set(content_words(claim[: bound.start if bound else mention.span[0]]))
    claim_after = set(content_words(claim[mention.span[1] :]))
    claim_names = _names(claim)
    best: tuple[float, int] = (0.0, 0)
    values: list[tuple[float, str, bool]] = []
    every: list[float] = []
    for text in dict.fromkeys(texts):
        found = _numbers(text)
        shared = len((claim_before | claim_after) & set(content_words(text)))
        for i, candidate in enumerate(found):
            value = _magnitude(text, candidate)
            every += [v for v in map(_value, (candidate.key, *candidate.alts)) if v is not None]
            if value is None or not _comparable(own, _class(text, candidate)):
                continue
            start, end = candidate.span
            ahead = text[max(0, start - 80, found[i - 1].span[1] if i else 0) : start]
            if (own_bound := _BOUND.search(ahead)) is not None:  # "bake for *approximately* 15 minutes"
                ahead = ahead[: own_bound.start()]
            threshold = own_bound is not None  # "children under 10": a limit, compared as it is
            behind = text[end : min(end + 60, found[i + 1].span[0] if i + 1 < len(found) else len(text))]
            ahead, behind = _STOP.split(ahead)[-1], _STOP.split(behind)[0].split(",")[0]
            if _names_another(claim_names, _names(ahead + " " + behind), _names(text)):
                continue  # "1,200 people in Ohio" is not the Texas figure the claim gives
            ahead_words = content_words(ahead)[::-1][:_WINDOW]
            behind_words = content_words(behind)[:_AFTER]
            score = (_anchor(ahead_words, claim_before, claim_after) + _anchor(behind_words, claim_after, claim_before),
                     shared)
            if score[0] and score > best:
                best, values = score, [(value, candidate.text, threshold)]
            elif score[0] and score == best:
                values.append((value, candidate.text, threshold))
    return values, every


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


def _meets(bound: Bound, value: float, threshold: bool = False) -> bool:
    """Whether an evidence value meets a claim's bound; a value the evidence gives as a bound or
    a limit of its own ("under 10", "up to 1,000") meets only the same value."""
    limit = bound.value
    if threshold:
        return math.isclose(value, limit, rel_tol=1e-9)
    if bound.kind == "above":
        return value > limit
    if bound.kind == "at_least":
        return value >= limit
    if bound.kind == "below":
        return value < limit
    if bound.kind == "at_most":
        return value <= limit
    if bound.kind == "near":
        return limit * (1 - NEAR) <= value <= limit if limit > 0 else False
    tolerance = min(max(APPROXIMATE * abs(limit), _half_digit(limit)), 2 * APPROXIMATE * abs(limit))
    return abs(value - limit) <= tolerance


def _half_digit(value: float) -> float:
    """Half the last significant digit a value is written with (300: 50; 4.9e6: 5e4)."""
    if value == 0:
        return 0.0
    digits = f"{abs(value):.6g}".split("e")[0].replace(".", "").rstrip("0") or "0"
    magnitude = math.floor(math.log10(abs(value)))
    return 0.5 * 10 ** (magnitude - len(digits) + 1)


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


def _magnitude(text: str, mention: Mention) -> float | None:
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
