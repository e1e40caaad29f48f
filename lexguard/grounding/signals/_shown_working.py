"""Numbers a claim works out in plain sight, from values it states itself.

"Students pay half of the standard £30 fee, which is £15", "at £529 it costs £150 more than the
£379 Compact", "600g of carrots at £1.20 per kilo would cost 72p": the result is in no source,
yet every operand is a value of the claim that a source states, and the claim names the step
(half, more than, at ... per). Such a result is *worked out*: the strict number rule stands aside
(the operands are still checked as the claim's own values) and the verifier, which does no
arithmetic, cannot alone call the claim contradicted. A wrong result ("£25", "£7.20") is not
shown working and stays an unknown number.

The steps read here:

- a halving, doubling, tripling or quartering the claim says ("half of the standard £30 fee"),
  where the sources give that share ("half", "50% off");
- a share or a discount of a percentage the claim or its evidence states ("20% off the £45 fee, so
  £36");
- the difference of two of its values, where the claim says it compares ("£150 more than");
- a price per unit times a quantity, converted between units by ``pint`` ("600g at £1.20 per
  kilo ... 72p", "3 hours at £12 an hour ... £36");
- a sum of its values (:func:`~lexguard.grounding.signals._totals.own_total`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import permutations

import regex

from lexguard.grounding.signals._anchoring import candidates
from lexguard.grounding.signals._lexical import Mention, key_value, numbers
from lexguard.grounding.signals._statements import number_class
from lexguard.grounding.signals._times_written import hour_parts
from lexguard.grounding.signals._totals import own_total, total_counts
from lexguard.grounding.signals._units import UNITS, convert, unit_of

__all__ = ["MOST_CHAINED", "shown_chain", "shown_working"]

_RATIOS = {"half": 0.5, "halved": 0.5, "halves": 0.5, "a quarter": 0.25, "one quarter": 0.25, "a third": 1 / 3,
           "one third": 1 / 3, "double": 2.0, "doubled": 2.0, "doubles": 2.0, "twice": 2.0, "triple": 3.0,
           "tripled": 3.0, "three times": 3.0}
"""Words of a ratio; a quarter and a third only with their article ("the third quarter" is an order)."""
_RATIO = regex.compile(r"\b(?:" + "|".join(sorted(_RATIOS, key=len, reverse=True)).replace(" ", r"\s+") + r")\b",
                       regex.IGNORECASE)
_COMPARES = regex.compile(
    r"\b(?:more|less|fewer|cheaper|dearer|longer|shorter|higher|lower|bigger|smaller|larger|greater|older|younger"
    r"|difference|saving|save[sd]?|extra|over|under|than|between|up|down|rise|fall|increase|decrease|reduc\w*)\b",
    regex.IGNORECASE,
)
"""Words by which a claim says one of its numbers is the difference of two others."""
_PERCENT = regex.compile(r"\s*(?:%|per\s*cent|percent)", regex.IGNORECASE)


def shown_working(claim: str, mention: Mention, known: set[str], texts: Sequence[str] = ()) -> bool:
    """Whether ``mention`` is one step, named by the claim, over values of the claim the sources
    state (``known``: keys of the sources' and the question's numbers; a share the evidence,
    ``texts``, gives too), or a share or a count's worth of a value of its kind in its best
    evidence (:func:`_of_evidence`).

    Args:
        claim: The claim text.
        mention: A number of the claim that no source states.
        known: Keys of the numbers the sources (and the question) state.
        texts: The claim's best evidence chunks, best first.
    """
    value = key_value(mention.key)
    if value is None or value <= 0:
        return False
    if texts and _of_evidence(claim, mention, value, texts):
        return True
    own = [m for m in numbers(claim) if m.span != mention.span and (m.key in known or known.intersection(m.alts))]
    values = [(m, n) for m in own if (n := key_value(m.key)) is not None and n > 0]
    if not values:
        return False
    ratios = [r for r in _ratios_in(claim) if _ratio_stated(r, texts)]
    if any(_close(value, n * r) for _, n in values for r in ratios):
        return True
    percents = [n for m, n in values if _PERCENT.match(claim, m.span[1]) and n < 100]
    # or a discount the evidence gives, on a value of the claim ("A £50 pot would cost £40" beside "20% off")
    percents += [p for text in texts for m in _SHARE.finditer(text) if (p := float(m.group(1))) < 100]
    if any(_close(value, n * p / 100) or _close(value, n * (1 - p / 100)) or _close(value, n * (1 + p / 100))
           for _, n in values for p in percents):
        return True
    if _COMPARES.search(claim) and any(_close(value, abs(a - b)) for (_, a), (_, b) in permutations(values, 2)):
        return True
    if _divided(claim, mention, value, values) or _scaled(claim, mention, value, values, texts[:1]):
        return True
    if texts and _per_one_of_evidence(claim, mention, value, values, texts[0]):
        return True
    return _priced(claim, mention, value, [m for m, _ in values]) or own_total(claim, mention, known)


_TIMES_AFTER = regex.compile(r"\s++times\b", regex.IGNORECASE)
"""A multiplier: "one and a half *times* the recipe"."""


def _scaled(
    claim: str, mention: Mention, value: float, values: list[tuple[Mention, float]], best: Sequence[str] = ()
) -> bool:
    """Whether ``value`` is a ratio or a share of two of the claim's stated values (a multiplier,
    "Eighteen muffins is one and a half times the recipe" beside "makes 12", the evidence's count;
    a percentage, "£600 of the £2,400 total, which is 25%"), or a value of the claim or its best
    evidence taken by a multiplier the claim states ("so you'd need 450 g of flour" beside 300 g)."""
    pairs = [(a, b) for (_, a), (_, b) in permutations(values, 2) if b]
    theirs = [n for text in best for m in numbers(text) if (n := key_value(m.key)) is not None and n > 0]
    if _TIMES_AFTER.match(claim, mention.span[1]) and any(
            _rounds_to(value, a / b) for a, b in [*pairs, *((a, b) for _, a in values for b in theirs)] if a > b):
        return True
    if _PERCENT.match(claim, mention.span[1]) and any(_rounds_to(value, 100 * a / b) for a, b in pairs if a < b):
        return True
    multipliers = [n for m, n in values if _TIMES_AFTER.match(claim, m.span[1]) and n != 1]
    return any(_close(value, n * r) for n in [*(n for _, n in values), *theirs] for r in multipliers)


def _per_one_of_evidence(
    claim: str, mention: Mention, value: float, values: list[tuple[Mention, float]], best: str
) -> bool:
    """Whether a sum of money for one of something ("70p per battery") is a sum of its best
    evidence divided by a count the claim states ("the 12-pack" beside "pack of 12 for £8.40")."""
    money = _money(claim, mention)
    if money is None or not _PER_ONE.match(claim, mention.span[1]):
        return False
    counts = [n for m, n in values if n > 1 and n.is_integer() and _money(claim, m) is None]
    sums = [found[0] for m in numbers(best) if (found := _money(best, m)) is not None and found[1] == money[1]]
    return any(_rounds_to(money[0], total / count) for total in sums for count in counts)


_DIVISION = regex.compile(r"\s*+(?:÷|/|divided\s++by|shared\s++(?:between|among)|split\s++(?:between|among))\s*+",
                          regex.IGNORECASE)
"""A division the claim writes out: "(£22.50 ÷ 2.5)", "1,120 / 28", "£114 divided by 8"."""
_PER_ONE = regex.compile(r"(?:p\b|\s*+(?:pence|dollars?|euros?|cents?))?\s*+(?:per|a|an|each|every|/)\s++(?!(?:year|month|week"
                         r"|day|night|hour|minute)s?\b)[\p{L}]|\s*+(?:each|apiece|a\s++head|on\s++average)\b", regex.IGNORECASE)
"""A value for one of something, after it ("£2 *per length*", "£10 *each*"), not a rate of time
("£12 an hour" is read as a price per unit)."""
_AVERAGE = regex.compile(r"\b(?:on\s++average|average|per\s++(?:person|head|child|adult|member|pupil|class|item))\b",
                         regex.IGNORECASE)
_DIVISION_PLACES = 2
"""Decimal places a quotient is rounded to when the claim gives it ("£14.25" for 114 / 8)."""


def _divided(claim: str, mention: Mention, value: float, values: list[tuple[Mention, float]]) -> bool:
    """Whether ``value`` is the quotient of two of the claim's stated values, where the claim writes
    the division out ("£9.00 per litre (£22.50 ÷ 2.5)") or says the value is for one of something
    ("works out at £2 per length", "£14.25 per person", "on average each child swam 40 lengths")."""
    pairs = [(a, b) for (ma, a), (mb, b) in permutations(values, 2)
             if ma.span[1] < mb.span[0] and _DIVISION.fullmatch(claim, ma.span[1], mb.span[0])]
    if _PER_ONE.match(claim, mention.span[1]) or _AVERAGE.search(claim):
        pairs += [(a, b) for (_, a), (_, b) in permutations(values, 2) if a > b > 1]
    return any(_rounds_to(value, a / b) for a, b in pairs if b)


def _rounds_to(value: float, exact: float) -> bool:
    """Whether ``value`` is ``exact``, or ``exact`` rounded to :data:`_DIVISION_PLACES` places."""
    return _close(value, exact) or _close(value, round(exact, _DIVISION_PLACES))


_PER = regex.compile(r"(?:p\b|\s*(?:pence|dollars?|euros?|cents?)\b)?\s*(?:per|an?|each|every|/)\s*+([\p{L}]+)",
                     regex.IGNORECASE)
"""The unit a price is for, after its number: "£1.20 *per kilo*", "£12 *an hour*", "$3/kg"."""
_UNIT_NAMES = {"kilo": "kg", "kilos": "kg", "kilogram": "kg", "kilograms": "kg", "litre": "l", "liter": "l",
               "gram": "g", "grams": "g", "hr": "hour", "hrs": "hour", "hours": "hour", "minutes": "minute",
               "days": "day", "nights": "night", "metre": "m", "meter": "m", "metres": "m", "meters": "m"}
_MAIN = {"pence": "gbp", "cent": "dollar"}
_PENCE = regex.compile(r"p\b")


def _money(claim: str, mention: Mention) -> tuple[float, str] | None:
    """A sum of money as a value and its currency's main unit ("72p": 0.72 gbp), if it is one."""
    value = key_value(mention.key)
    unit = "pence" if _PENCE.match(claim, mention.span[1]) else unit_of(claim, mention)
    if value is None or unit is None or UNITS.get(unit, "money") != "money":
        return None
    main = _MAIN.get(unit, unit)
    converted = convert(value, unit, main)
    return None if converted is None else (converted, main)


def _of_evidence(claim: str, mention: Mention, value: float, texts: Sequence[str]) -> bool:
    """Whether a claim value is a value of its kind (money with money) in its best evidence chunk
    taken by a share the claim and the sources give, or the chunk gives ("Under-18s pay half
    price, so their ticket costs £6" beside "Tickets are £12. Under-18s pay half price"; "a hundred
    and twenty of which are wholemeal" beside "240 loaves ... Half of them are wholemeal"), or by
    a count of things the claim gives next to it, of the value its words anchor ("£32 for the two
    adults" beside "£16 for adults")."""
    kind = number_class(claim, mention)
    if kind.startswith("calendar") or kind == "year":
        return False
    best = texts[0]
    ratios = {r for r in _ratios_in(claim) if _ratio_stated(r, texts)}
    ratios |= {r for r in _ratios_in(best) if r < 1}  # a share of a whole ("Half of them"), not "twice a week"
    pool = [n for m in numbers(best) if _same_kind(kind, number_class(best, m)) and not _other_case(best, m)
            and (n := key_value(m.key)) is not None]
    if any(_close(value, n * r) for n in pool for r in ratios):
        return True
    found, _ = candidates(claim, mention, texts)
    count = _COUNT_BEFORE.search(claim, max(0, mention.span[0] - _COUNT_REACH), mention.span[0]) or _COUNT_AFTER.match(
        claim, mention.span[1])
    times = None if count is None else key_value(next(iter(numbers(count.group("count"))), Mention("", (0, 0), "")).key)
    if times is None or not 2 <= times <= _MOST_TIMES:
        return False
    return any(_close(value, times * c.value) for c in found)


_CASE_BREAK = regex.compile(r",\s*+(?:and|but|while|whereas)\b|;|\bwhile\b|\bwhereas\b", regex.IGNORECASE)


def _other_case(text: str, mention: Mention) -> bool:
    """Whether an evidence value is another case's, after a share in its sentence and a clause
    break: "Under-18s pay half price, and students pay £8" (half of £12, the ticket, not of £8)."""
    start = max(text.rfind(". ", 0, mention.span[0]) + 1, 0)
    share = None
    for share in _RATIO.finditer(text, start, mention.span[0]):
        pass
    return share is not None and _CASE_BREAK.search(text, share.end(), mention.span[0]) is not None


def _same_kind(kind: str, other: str) -> bool:
    """Whether an evidence value is of a claim value's kind: money with money, "240 loaves" with a
    count that names nothing ("a hundred and twenty of which"); never a date or a year."""
    return kind == other or (not kind and other.startswith("count"))


_COUNT = r"(?P<count>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_COUNT_AFTER = regex.compile(rf"\s+(?:for|covers?|buys?|over)\s+(?:all\s+)?(?:the\s+|your\s+)?{_COUNT}\s+\p{{L}}",
                             regex.IGNORECASE)
"""A count of things a sum of money is for, after it: "£32 *for the two* adults"."""
_COUNT_BEFORE = regex.compile(rf"\b{_COUNT}\s+[\p{{L}}-]+(?:\s+[\p{{L}}-]+)?(?:\s+(?:tickets?\s+)?(?:cost|costs|come\s+to"
                              r"|would\s+be|will\s+be|is|are|at|to)\s+|\s*+\(\s*+)[£$€]?$", regex.IGNORECASE)
"""A count of things a sum of money is for, before it: "*three* child tickets cost £27"."""
_COUNT_REACH = 60
_MOST_TIMES = 12


def _ratios_in(text: str) -> list[float]:
    """The ratios the words of ``text`` give ("half": 0.5, "three times": 3); not the parts of an
    hour ("half an hour" is 30 minutes)."""
    hours = [part.span for part in hour_parts(text)]
    return [_RATIOS[regex.sub(r"\s+", " ", w.group().lower())] for w in _RATIO.finditer(text)
            if not any(a <= w.start() < b for a, b in hours)]


_SHARE = regex.compile(r"(\d{1,3}(?:\.\d+)?)\s*+(?:%|per\s*+cent\b|percent\b)", regex.IGNORECASE)


def _ratio_stated(ratio: float, texts: Sequence[str]) -> bool:
    """Whether the evidence gives a ratio in a word or as a percentage ("half", "50%" off or of;
    "twice", "100%" more): a claim's "half of the £30 fee" beside "25% off" is no working."""
    shares = {ratio * 100, (1 - ratio) * 100} if ratio < 1 else {(ratio - 1) * 100}
    return any(_close(r, ratio) for text in texts for r in _ratios_in(text)) or any(
        _close(float(m.group(1)), share) for text in texts for m in _SHARE.finditer(text) for share in shares)


def _priced(claim: str, mention: Mention, value: float, own: list[Mention]) -> bool:
    """Whether a sum of money is a price per unit of the claim times a quantity of it, in whatever
    units each is written ("600g" at "£1.20 per kilo" is "72p")."""
    total = _money(claim, mention)
    if total is None:
        return False
    for rate in own:
        price, per = _money(claim, rate), _PER.match(claim, rate.span[1])
        if price is None or per is None or price[1] != total[1]:
            continue
        unit = _UNIT_NAMES.get(per.group(1).lower(), per.group(1).lower())
        for amount in own:
            given = None if amount is rate else unit_of(claim, amount)
            quantity = None if given is None else convert(key_value(amount.key) or 0.0, given, unit)
            if quantity is not None and _close(total[0], price[0] * quantity):
                return True
    return False


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-9)


MOST_CHAINED = 3
"""Most rounds of a claim's working read: a step from a value worked out in an earlier round
("two adults (£32) and two children (£20) would cost £52, so the £45 family ticket saves you £7")."""


def shown_chain(claim: str, mentions: list[Mention], known: set[str], texts: list[str]) -> set[tuple[int, int]]:
    """The spans of the claim's values it works out in plain sight (:func:`shown_working`, a total
    of its own counts: :func:`~lexguard.grounding.signals._totals.total_counts`), each step's result
    an operand of the next, for at most :data:`MOST_CHAINED` rounds.

    Args:
        claim: The claim text.
        mentions: Its numbers.
        known: Keys of the numbers the sources (and the question's supposed case) state.
        texts: The claim's best evidence chunks, best first.
    """
    given = set(known)
    shown: set[tuple[int, int]] = set()
    for _ in range(MOST_CHAINED):
        found = [m for m in mentions if m.span not in shown and m.key not in known and not known.intersection(m.alts)
                 and (shown_working(claim, m, given, texts) or total_counts(claim, m, given, texts))]
        if not found:
            break
        shown |= {m.span for m in found}
        given |= {k for m in found for k in (m.key, *m.alts)}
    return shown
