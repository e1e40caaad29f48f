"""A change said as a multiple, against the values before and after it: "The expansion doubled the
stadium's capacity" beside "raised its capacity from 12,000 to 18,500".

The claim holds no number, so the number rules read nothing, and the verifier, which does no
arithmetic, read "doubled" as supported (0.96) beside a rise of half. :func:`multiplied_conflict`
reads a claim that says a thing doubled, tripled, quadrupled or halved (with bound words: "more
than doubled", "nearly doubled") against the sentence of its evidence that gives the thing's value
"from" one value "to" another (of one class) and shares the claim's words: a ratio the verb does
not allow (a tenth either way of a plain one) contradicts it.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._anchoring import magnitude
from lexguard.grounding.signals._bounds import APPROXIMATE, NEAR
from lexguard.grounding.signals._changes import ordered_pair
from lexguard.grounding.signals._lexical import content_words, numbers
from lexguard.grounding.signals._statements import number_class
from lexguard.grounding.signals._units import unit_of

__all__ = ["MIN_SHARED", "multiplied_conflict"]

MIN_SHARED = 2
"""Content words (the verb's aside) the sentence giving the two values must share with the claim."""

_VERB = regex.compile(
    r"(?P<bound>\b(?:more\s+than|over|nearly|almost|roughly|about|approximately|less\s+than)\s+)?"
    r"\b(?P<verb>doubl|tripl|trebl|quadrupl|halv)(?:ed|es|e|ing)\b",
    regex.IGNORECASE,
)
_FACTORS = {"doubl": 2.0, "tripl": 3.0, "trebl": 3.0, "quadrupl": 4.0, "halv": 0.5}
_FROM_TO = regex.compile(r"(?:\s++(?:in|by|during)\s++\d{4})?\s++to\s++(?:about\s+|around\s+|some\s+|roughly\s+)?[$\u00a3\u20ac]?",
                      regex.IGNORECASE)
"""What stands between the two values: "from 140 *in 2010 to* 290"."""
_FROM = regex.compile(r"\bfrom\s++(?:about\s+|around\s+|some\s+|roughly\s+|just\s+)?[$\u00a3\u20ac]?$", regex.IGNORECASE)
_NOT = regex.compile(r"\b(?:not|never|n't)\s++(?:\S+\s++)?$", regex.IGNORECASE)


def multiplied_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence whose values before and after do not make the multiple the claim's verb says.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.

    Returns:
        The sentence, when its "from ... to ..." ratio is not the verb's; ``None`` otherwise.

    Example:
        >>> evidence = ["Its 2015 expansion raised the ground's capacity from 12,000 to 18,500 spectators."]
        >>> multiplied_conflict("The 2015 expansion doubled the ground's capacity.", evidence) is not None
        True
        >>> multiplied_conflict("The 2015 expansion doubled the ground's capacity.",
        ...                     ["Its 2015 expansion raised the ground's capacity from 12,000 to 24,000."]) is None
        True
    """
    found = _VERB.search(claim)
    if found is None or _NOT.search(claim, 0, found.start()):
        return None
    factor = _FACTORS[found.group("verb").lower()]
    words = set(content_words(claim[: found.start()] + " " + claim[found.end() :]))
    years = {m.key for m in numbers(claim) if number_class(claim, m) == "year"}
    for sentence in (s for p in passages for s in passage_sentences(p)):
        if len(words & set(content_words(sentence))) < MIN_SHARED:
            continue
        ratio = _ratio(sentence) or _ratio_by_years(sentence, years)
        if ratio is not None and not _allows((found.group("bound") or "").strip().lower(), factor, ratio):
            return sentence
    return None


def _ratio(sentence: str) -> float | None:
    """The ratio of the value after "to" to the one after "from", of one class, in ``sentence``."""
    found = numbers(sentence)
    for first in found:
        if not _FROM.search(sentence, max(0, first.span[0] - 20), first.span[0]):
            continue
        between = _FROM_TO.match(sentence, first.span[1])
        second = next((m for m in found if between is not None and m.span[0] == between.end()), None)
        if second is None:
            continue
        kinds = [unit_of(sentence, m) or number_class(sentence, m) for m in (first, second)]
        low, high = magnitude(sentence, first), magnitude(sentence, second)
        if low and high is not None and low > 0 and (kinds[0] == kinds[1] or "" in kinds) and "year" not in kinds:
            return high / low
    return None


def _ratio_by_years(sentence: str, years: set[str]) -> float | None:
    """The ratio of the later value to the earlier one, each given with one of the claim's two years
    ("In 2010 the library lent 120,000 items; by 2020 its loans had risen to 180,000")."""
    pair = ordered_pair(sentence, years, None) if len(years) == 2 else None
    return pair[1] / pair[0] if pair is not None and pair[0] else None


def _allows(bound: str, factor: float, ratio: float) -> bool:
    """Whether a verb's multiple, with its bound words, allows ``ratio``."""
    if bound in ("more than", "over"):
        return ratio > factor if factor > 1 else ratio < factor
    if bound in ("nearly", "almost"):
        return factor * (1 - NEAR) <= ratio <= factor if factor > 1 else factor <= ratio <= factor * (1 + NEAR)
    if bound == "less than":
        return ratio < factor if factor > 1 else ratio > factor
    return abs(ratio - factor) <= APPROXIMATE * factor * (1.5 if bound else 1.0)
