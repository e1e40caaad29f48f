"""Numbers a claim gives as a bound or an estimate: "more than $100 million", "nearly 5 million",
"under 10,000", "about 300".

"The film grossed over $100 million." beside "The film grossed $150 million." is correct, yet its
number is in no source, so the strict number rule failed it; "more than $200 million" is wrong
for the same reason. :func:`bound_verdict` reads such a number against the evidence value it is
about (:mod:`lexguard.grounding.signals._anchoring`: of the same class, never a year or a date,
and anchored by the claim's words, so that "against a budget of $40 million" is not the one
compared). When several values anchor equally well, the bound must hold for each of them. A limit is no
estimate: "up to 10,000 requests a day" states the limit itself (it is read as a value); an
evidence value given with bound words of its own ("children under 10"), or either side stating a
condition ("Applicants must be at least 18"), meets only the same value.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

import regex

from lexguard.grounding.signals._anchoring import (
    MIN_RIVAL_ANCHOR,
    BoundKind,
    Candidate,
    anchored,
    bound_words,
    candidates,
    magnitude,
)
from lexguard.grounding.signals._statements import number_class
from lexguard.grounding.signals._lexical import Mention
from lexguard.grounding.signals._limits_given import value_start
from lexguard.grounding.signals._words import word_kinds
from lexguard.grounding.signals._written import MULTIPLE_WORDS, TIMES_AFTER

__all__ = ["APPROXIMATE", "NEAR", "Bound", "BoundReading", "bound_of", "bound_verdict", "read_bound"]

APPROXIMATE = 0.1
"""How far (a share of the claim's value) an estimate ("about 300") may be from the evidence
value, or further when the claim rounds more coarsely (half its last significant digit), but
never more than twice this share."""

_EQUAL_SHARE = 0.5
"""How well, against the best anchored value, the claim's words must anchor the value itself
where the evidence gives it for that to decide the bound ("almost half" of another statement
decides no "just over half")."""

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
    if mention.text.lower() in MULTIPLE_WORDS or TIMES_AFTER.match(claim, mention.span[1]):
        return None  # "more than three times as many": a ratio, the multiples' to read (:mod:`._multiples`)
    start = value_start(claim, mention)  # "more than | £200,000"
    article = _ARTICLE.search(claim, 0, start) if _COUNTED_WORD.match(mention.text) else None  # "more than *a* dozen"
    words = bound_words(claim, article.start() if article else start)
    if words is None or _over_a_span(claim, mention, words[1]) or _over_a_thing(claim, mention, words[1]):
        return None
    if words[0] == "top" and (_A_SET.match(claim, mention.span[1]) or _OUTSIDE.search(claim, max(0, words[1] - 20), words[1])):
        return None  # "among the top five US airlines" names a set; "outside the top three" is the ranks' to read
    bound = Bound(words[0], value, words[1])
    return None if bound.kind == "limit" else bound  # "up to 10,000 requests a day" states the limit itself


_OUTSIDE = regex.compile(r"\boutside\s+(?:of\s+)?(?:the\s+)?$", regex.IGNORECASE)
_ARTICLE = regex.compile(r"(?<=\s)an?\s++$", regex.IGNORECASE)
_COUNTED_WORD = regex.compile(r"(?:dozen|hundred|thousand|million|billion|half)\b", regex.IGNORECASE)
"""A number word that takes an article ("more than *a* dozen"; not "over *a* six-year period")."""
_A_SET = regex.compile(r"\s++(?:\p{Lu}[\p{L}.]*\s++)*\p{L}+s\b(?<!\b(?:is|was|has|does|this|its|his|hers|us))")
"""A plural after a "top N" ("the top five *airlines*"): the set, not a rank within it."""
_SPAN_UNIT = regex.compile(r"\s*+(?:years?|months?|weeks?|days?|decades?|hours?|centuries)\b(?!\s+(?:ago|old)\b)",
                           regex.IGNORECASE)
_FOR_OVER = regex.compile(r"\b(?:for|of|aged|been|in|lasting|lasted|last|lasts|took|takes|take|after|spent)\s++$",
                          regex.IGNORECASE)


def _over_a_span(claim: str, mention: Mention, start: int) -> bool:
    """Whether "over" before a time is the span something takes ("replace the lines over three
    years"), not a bound ("for over three years", "over three years ago")."""
    return (claim[start : start + 4].lower() == "over" and _SPAN_UNIT.match(claim, mention.span[1]) is not None
            and _FOR_OVER.search(claim, 0, start) is None)


_PLACE_WORD = regex.compile(r"(?:over|under|above|below|past|beyond)\b", regex.IGNORECASE)
_ATTRIBUTIVE = regex.compile(
    r"[\s-]?(?:ft|foot|metre|meter|m|mile|km|yard|yd|inch|storey|story|tonne|ton|acre|hectare|lane|mph)\b[\s-]++(\p{L}++)",
    regex.IGNORECASE,
)
_DIMENSIONS = frozenset("tall high long wide deep thick away across below above of in on from up down".split())


def _over_a_thing(claim: str, mention: Mention, start: int) -> bool:
    """Whether "over" (or "under", "past", ...) before a measure is a preposition of place before
    a thing the measure describes ("went over 150ft cliff", "fell under 10-tonne truck", as
    headlines write them without an article), not a bound ("over 150ft tall")."""
    if _PLACE_WORD.match(claim, start) is None:
        return False
    after = _ATTRIBUTIVE.match(claim, mention.span[1])
    if after is None:
        return False
    word = after.group(1).lower()
    return word not in _DIMENSIONS and "NOUN" in word_kinds(word)


def _preposition_as_written(claim: str, bound: Bound, values: list[Candidate]) -> bool:
    """Whether the claim's bound word is the preposition the evidence writes before the same value
    with an article ("under $94m contract", as a headline drops the article, for "under a $94million
    contract"): a relation, said as the evidence says it, not a bound."""
    word = _PLACE_WORD.match(claim, bound.start)
    if word is None:
        return False
    before = regex.compile(rf"\b{word.group()}\s++(?:a|an|the)\s++$", regex.IGNORECASE)
    for candidate in values:
        if not math.isclose(candidate.value, bound.value, rel_tol=1e-9):
            continue
        for found in regex.finditer(regex.escape(candidate.text), candidate.chunk):
            if before.search(candidate.chunk, max(0, found.start() - 20), found.start()):
                return True
    return False


class BoundReading(NamedTuple):
    """What the evidence says of a bounded claim number."""

    met: bool | None
    """Whether the value it is about meets the bound (``None``: no such value, or no bound)."""
    start: int = 0
    """Where the claim's bound words start."""
    value: str = ""
    """The evidence value as written, when it meets the bound and differs from the claim's."""
    anchor: float = 0.0
    """How well the claim's words anchor the evidence value(s) read (:mod:`._anchoring`)."""


def read_bound(claim: str, mention: Mention, texts: Iterable[str]) -> BoundReading:
    """Read a bounded claim number against the evidence value it is about.

    ``met`` is ``True`` when every evidence value of the number's class that anchors best to the
    claim meets the bound, or the evidence gives the number itself with its class (with bound
    words of its own, "as many as 900", or plainly where the bound allows it: "at least 30" beside
    30, not "more than 30"); ``False`` when one does not, or when the claim or the evidence
    that gives the value states a condition rather than a measure ("Applicants must be at least
    18", "Employees with 10 years of service": :data:`_CONDITION`);
    ``None`` when the number is no bound or no evidence value of its class is anchored by a word
    of the claim.

    Args:
        claim: The claim text.
        mention: One of its numbers.
        texts: The claim's best evidence chunks, best first.
    """
    bound = bound_of(claim, mention)
    if bound is None:
        return BoundReading(None)
    values, same_class = anchored(claim, mention, texts)
    if not values:
        return BoundReading(None)
    equal = [given for value, given in same_class if math.isclose(value, bound.value, rel_tol=1e-9)]
    if equal and _preposition_as_written(claim, bound, values):
        return BoundReading(True, bound.start, anchor=math.inf)  # "under $94m contract" for "under a $94million contract"
    if equal:  # the evidence gives the value itself: with bound words ("as many as 900", "under 12"), or plainly,
        # which "at least 30" and "about 30" say, and "more than 30" does not
        met = any(_same_side(bound.kind, given_kind(g)) and not (bound.kind == "above" and _DENIED_ABOVE.search(g))
                  for g in equal if g is not None) or (
            None in equal and bound.kind not in ("above", "below"))  # a plain 30 is not "more than 30"
        own = max((c.score[0] for c in candidates(claim, mention, texts)[0]
                   if math.isclose(c.value, bound.value, rel_tol=1e-9)), default=0.0)
        if met or values[0].score[0] < MIN_RIVAL_ANCHOR or own >= _EQUAL_SHARE * values[0].score[0]:
            return BoundReading(met, bound.start, anchor=math.inf)
        # the value itself, given in another statement ("waited longer than four hours in almost half of
        # cases"), decides no "just over half" that a value clearly anchored reads ("52.4% of the patients ... within")
    anchor = values[0].score[0]
    condition = _conditioned(claim, bound.start, mention.span[1]) or any(_value_conditioned(c) for c in values)
    if condition:
        return BoundReading(False, bound.start, anchor=anchor)  # a condition: "at least 16" is not "at least 18"
    met = all(_meets(bound, c.value) if c.given is None else
              (_estimates(bound, c) or _measured(claim, bound.start) and _measured_in(c))
              and _within(bound, c.value, given_kind(c.given)) for c in values)
    written = f"{values[0].given} {_as_given(values[0])}" if values[0].given else _as_given(values[0])  # "roughly 480 million"
    return BoundReading(met, bound.start, written if met else "", anchor)


def _estimates(bound: Bound, candidate: Candidate) -> bool:
    """Whether the claim and the evidence both give an estimate ("roughly 67%" beside "in a survey,
    about two-thirds"): no narrower condition of the other, wherever the words stand."""
    return bound.kind == "about" and given_kind(candidate.given or "") == "about"


_MARKED = r"(?P<currency>[$\u00a3\u20ac\u00a5]\s*+)?{}(?P<percent>\s*+(?:%|per\s*+cent\b|percent\b))?"


def _as_given(candidate: Candidate) -> str:
    """An evidence value as its chunk writes it, with its currency sign or percent ("£214,000", "72%")."""
    found = regex.search(_MARKED.format(regex.escape(candidate.text)), candidate.chunk, regex.IGNORECASE)
    if found is None:
        return candidate.text
    return f"{(found.group('currency') or '').strip()}{candidate.text}{found.group('percent') or ''}"


_WORD_BEFORE = regex.compile(r"(?:^|[,;:(]\s*|(?<=[.!?])\s+|([\p{L}'\u2019]+)\s+)$")
_AUXILIARY = frozenset({"has", "have", "had", "is", "are", "was", "were", "be", "been", "being"})
_VERB_MARKERS = frozenset("would will could can may might must should to did does do not never also".split())
"""Words that make the word after them a verb ("would *save* more than £200,000", "to *raise* over")."""
_CLAUSE_OPENERS = frozenset("after before since until when while because as following despite".split())
"""Words after which bound words open a clause or a span of time ("after more than 60mm of rain fell")."""


def _measured(text: str, start: int) -> bool:
    """Whether the bound words at ``start`` bound a measure, not a condition: they open their
    statement ("More than 5,000 people live there", "after more than 60mm of rain fell") or follow a
    verb or a conjunction ("has sold over", "killed at least", "would save more than", "volunteers
    and about 150"), not a preposition or a word that can be a noun (but after a modal, "to" or an
    auxiliary): "groups of more than 20", "orders over $50", "staff with more than 5 years" (a
    stronger bound there is a narrower condition, never the weaker one); "at" after a verb is a
    measure's ("estimated at around 1,200")."""
    found = _WORD_BEFORE.search(text, 0, start)
    if found is None:
        return False
    word = (found.group(1) or "").lower()
    if not word or word in _AUXILIARY:
        return True
    if word == "at":  # "estimated at around 1,200", "put at more than a thousand": a verb's measure
        verb = _WORD_BEFORE.search(text, 0, found.start(1))
        return verb is not None and bool(verb.group(1)) and "VERB" in word_kinds(verb.group(1).lower())
    if word in _CLAUSE_OPENERS:
        return True  # "after more than 60mm of rain fell", "after more than 20 years": a measure
    kinds = word_kinds(word)
    if "VERB" in kinds and "NOUN" in kinds:  # "would save more than", not "orders over": a verb after a modal
        before = _WORD_BEFORE.search(text, 0, found.start(1))
        return before is not None and (before.group(1) or "").lower() in _VERB_MARKERS
    return word in ("and", "or", "but") or "VERB" in kinds


def _measured_in(candidate: Candidate) -> bool:
    """:func:`_measured` of an evidence value given with bound words, at those words."""
    found = regex.search(regex.escape(candidate.given or "") + r"\s*+(?:an?\s++)?[$\u00a3\u20ac\u00a5]?\s*+" + regex.escape(candidate.text),
                         candidate.chunk, regex.IGNORECASE)
    return found is not None and _measured(candidate.chunk, found.start())


_AFTER_LEAST = regex.compile(r"\+|.*\bor\s+(?:more|older|over|above|higher|later)\b", regex.IGNORECASE)
_AFTER_MOST = regex.compile(r".*\bor\s+(?:less|fewer|younger|under|below|lower|earlier)\b", regex.IGNORECASE)


def given_kind(given: str) -> BoundKind | None:
    """The kind of the bound words an evidence value is given with ("over": above, "or more":
    at least, "or younger": a limit), ``None`` for words of no bound this module reads."""
    words = bound_words(given, len(given))
    if words is not None:
        return words[0]
    if _AFTER_LEAST.match(given):
        return "at_least"
    return "limit" if _AFTER_MOST.match(given) else None


_UPWARD = frozenset({"above", "at_least"})
_DOWNWARD = frozenset({"below", "near", "limit"})


_DENIED_ABOVE = regex.compile(r"\b(?:no|not|never|n[\u2019']t)\b.*\b(?:more|greater|higher)\s+than|\bnot\s+(?:to\s+)?exceed",
                           regex.IGNORECASE)
"""Bound words that deny more than the value ("Do not take more than six tablets"): a claim of more
than it says the opposite ("can take more than six tablets" was read as met)."""


def _same_side(claimed: BoundKind, given: BoundKind | None) -> bool:
    """Whether an evidence value's bound words allow the claim's bound of the same value: any
    but the opposite side ("more than 15 million" beside "nearly 15 million", which is below
    it); "over 900" beside "as many as 900" is left to the models."""
    return not ((claimed in _UPWARD and given in _DOWNWARD - {"limit"}) or (claimed in _DOWNWARD and given in _UPWARD))


def _within(bound: Bound, value: float, given: BoundKind | None) -> bool:
    """Whether every value an evidence bound allows ("over 15 million", "nearly 15 million",
    "about 3,000", "up to 900") meets the claim's bound: "more than 10 million" beside "over 15
    million", "fewer than 5,000" beside "about 3,000", "more than 600 million" beside "roughly 630
    million" (an estimate stands for the digits it is written with); not "more than 20 million"
    beside "over 15 million" (which does not say so), nor "more than 1,000" beside "about 1,000"."""
    if given is None:
        return False
    if given == "about":  # an estimate is read to the digit it is rounded to: "roughly 630 million" is more than 600 million
        spread = min(_half_digit(value), APPROXIMATE * abs(value))
        low, high = value - spread, value + spread
    elif given == "near":
        low, high = value * (1 - NEAR), value
    elif given in _UPWARD:
        low, high = value, math.inf
    else:
        low, high = (1.0 if given == "top" else -math.inf), value
    if bound.kind in ("above", "at_least"):
        return low >= bound.value
    if bound.kind in ("below", "top"):
        return high <= bound.value and (bound.kind == "below" or low >= 1)
    if bound.kind == "near":  # "approaching half a billion" beside "roughly 480 million"
        return bound.value > 0 and given == "about" and _meets(bound, low) and _meets(bound, high)
    return high - low <= 2 * abs(value) and _meets(bound, value) and _meets(bound, low) and _meets(bound, high)


def bound_verdict(claim: str, mention: Mention, texts: Iterable[str]) -> bool | None:
    """:attr:`BoundReading.met` of :func:`read_bound`."""
    return read_bound(claim, mention, texts).met


_CONDITION = regex.compile(
    r"\b(?:must|should|need(?:s|ed)?\s+to|required?|eligib\w*|qualif\w*|entitled|only\s+if|allowed|permitted|"
    r"minimum|maximum|limit|orders?\s+(?:of|over|above|under)|or\s+(?:more|older|younger|less|fewer|over|under)|"
    r"with\s+(?:more|less|fewer|at\s+least|over|under|above|below|\d)|"
    r"applicants?|employees?\s+with|(?:people|patients|children|adults|members|customers|visitors)\s+(?:with|over|under|aged))\b",
    regex.IGNORECASE,
)
"""Words of a condition, not a measure: "Applicants must be at least 18 years old" says nothing of
16, "Shipping is free on orders over $50" nothing of $30; a bound is then met only by its own
value."""


_CLAUSE_END = regex.compile(r"[.;!?](?=\s)")


def _conditioned(text: str, start: int, end: int) -> bool:
    """Whether the number written from ``start`` to ``end`` is a condition's (:data:`_CONDITION`):
    the condition's words stand in its sentence before it or around its bound ("Applicants must be
    at least 18", "orders over $50"), or right after it ("18 or older"). Words of a condition on
    another number later in the sentence leave it a measure ("followed more than 41,000 adults
    *aged* 40 to 69")."""
    ends = [m.end() for m in _CLAUSE_END.finditer(text, 0, start)]
    opening = ends[-1] if ends else 0
    for match in _CONDITION.finditer(text, opening, min(len(text), end + 40)):
        if match.start() < end or (match.group().lower().startswith("or") and match.start() <= end + 12):
            return True
    return False


def _value_conditioned(candidate: Candidate) -> bool:
    """Whether the evidence gives a candidate value as a condition's (:func:`_conditioned`, at each
    place the chunk writes it; the whole chunk when it writes it otherwise)."""
    chunk, written = candidate.chunk, candidate.text
    places = [m.start() for m in regex.finditer(regex.escape(written), chunk)] if written else []
    if not places:
        return _CONDITION.search(chunk) is not None
    return any(_conditioned(chunk, place, place + len(written)) for place in places)


def _meets(bound: Bound, value: float) -> bool:
    """Whether an evidence value (given plainly, not as a bound of its own) meets a claim's bound."""
    limit = bound.value
    if bound.kind == "above":
        return value > limit
    if bound.kind == "at_least":
        return value >= limit
    if bound.kind == "below":
        return value < limit
    if bound.kind == "near":
        return limit * (1 - NEAR) <= value <= limit if limit > 0 else False
    if bound.kind == "top":  # "in the top ten" beside "peaked at number 8"
        return 1 <= value <= limit
    tolerance = min(max(APPROXIMATE * abs(limit), _half_digit(limit)), 2 * APPROXIMATE * abs(limit))
    return abs(value - limit) <= tolerance


def _half_digit(value: float) -> float:
    """Half the last significant digit a value is written with (300: 50; 4.9e6: 5e4)."""
    if value == 0:
        return 0.0
    digits = f"{abs(value):.6g}".split("e")[0].replace(".", "").rstrip("0") or "0"
    power = math.floor(math.log10(abs(value)))
    return 0.5 * 10 ** (power - len(digits) + 1)
