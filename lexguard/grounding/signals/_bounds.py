"""Numbers a claim gives as a bound or an estimate: "more than $100 million", "nearly 5 million",
"under 10,000", "about 300".

"The film grossed over $100 million." beside "The film grossed $150 million." is correct, yet its
number is in no source, so the strict number rule failed it; "more than $200 million" is wrong
for the same reason. :func:`bound_verdict` reads such a number against the evidence value it is
about (:mod:`lexguard.grounding.signals._anchoring`: of the same class, never a year or a date,
and anchored by the claim's words, so that "against a budget of $40 million" is not the one
compared). When several values anchor equally well, the bound must hold for each of them. A limit is no
estimate: "up to 10,000 requests a day" states the limit itself (it is read as a value), and an
evidence value given with bound words of its own ("children under 10") meets only the same value.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

from lexguard.grounding.signals._anchoring import BoundKind, anchored, bound_words, magnitude
from lexguard.grounding.signals._binding import number_class
from lexguard.grounding.signals._lexical import Mention

__all__ = ["APPROXIMATE", "NEAR", "Bound", "bound_of", "bound_verdict", "met_value"]

APPROXIMATE = 0.1
"""How far (a share of the claim's value) an estimate ("about 300") may be from the evidence
value, or further when the claim rounds more coarsely (half its last significant digit), but
never more than twice this share."""

NEAR = 0.1
"""How far below the claim's value "nearly" / "almost" may be ("nearly 5 million" for 4.6 million)."""


class Bound(NamedTuple):
    """A claim number given as a bound: its kind, its value and where its bound words start."""

    kind: BoundKind
    value: float
    start: int


def bound_of(claim: str, mention: Mention) -> Bound | None:
    """The bound a claim number is given with ("over $100 million": above 1e8), if any; dates,
    times and years are none ("after 1990" is an order of events)."""
    value = magnitude(claim, mention)
    kind = number_class(claim, mention)
    if value is None or kind == "year" or kind.startswith("calendar"):
        return None
    words = bound_words(claim, mention.span[0])
    if words is None:
        return None
    bound = Bound(words[0], value, words[1])
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
    values, every = anchored(claim, mention, texts)
    if not values:
        return None
    if any(math.isclose(value, bound.value, rel_tol=1e-9) for value in every):
        return True  # the evidence gives the value itself (and may give the bound too: "under 12")
    return all(_meets(bound, value, given) for value, _, given in values)


def met_value(claim: str, mention: Mention, texts: Iterable[str]) -> tuple[int, str] | None:
    """Where a bound the evidence meets starts in ``claim``, and the evidence value as written
    ("nearly 5 million": ``(start of "nearly", "4.9 million")``), for the models that read the
    claim and compare no numbers; ``None`` unless :func:`bound_verdict` is ``True``."""
    bound = bound_of(claim, mention)
    values, every = anchored(claim, mention, texts) if bound is not None else ([], [])
    if bound is None or not values or not all(_meets(bound, value, given) for value, _, given in values):
        return None
    if any(math.isclose(value, bound.value, rel_tol=1e-9) for value in every):
        return None  # the evidence gives the number itself: the claim reads as the sources write
    return bound.start, values[0][1]


_MEASURED_ABOVE = frozenset({"more than", "at least", "in excess of", "upwards of", "well over", "no fewer than",
                             "no less than", "greater than", "higher than"})
_MEASURED_BELOW = frozenset({"less than", "fewer than", "lower than"})
"""Bound words that give a measure, not a condition: "sold more than 3 million copies" says more
than 2 million too, "orders over $80 ship free" says nothing of orders over $50."""


def _meets(bound: Bound, value: float, given: str | None = None) -> bool:
    """Whether an evidence value meets a claim's bound. A value the evidence gives with bound
    words of its own meets the same value, or (a measure: :data:`_MEASURED_ABOVE`) a weaker
    bound of the same side ("more than 3 million" meets "over 2 million"); a limit or a condition
    ("under 10", "up to 1,000", "orders over $80") meets only the same value."""
    limit = bound.value
    if given is not None:
        if given in _MEASURED_ABOVE and bound.kind in ("above", "at_least"):
            return value > limit or (value == limit and (bound.kind == "at_least" or given != "at least"))
        if given in _MEASURED_BELOW and bound.kind == "below":
            return value <= limit
        return math.isclose(value, limit, rel_tol=1e-9)
    if bound.kind == "above":
        return value > limit
    if bound.kind == "at_least":
        return value >= limit
    if bound.kind == "below":
        return value < limit
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
