"""Totals an answer works out from several of the sources' numbers.

"The whole trail is 7km: 2.5km to the lake, 3km around it and 1.5km back" beside three sections
of 2.5km, 3km and 1.5km; "For one adult and one child plus a programme you'd pay £17 in total"
beside £10, £4 and £3. The total is in no source, yet it is right; one arithmetic step over two
numbers (:func:`~lexguard.grounding.signals._derived.is_derived`) does not reach it. A claim
number is a *total* when:

- it is the sum of two to :data:`MAX_PARTS` other numbers of the same claim that the sources
  state, each taken once or as many times as a count the claim gives ("two adults at £14 each
  and two children at £9 each, £46 in total"; "8 users at $9 cost $72": the claim shows its
  working, and the parts are checked as the claim's own values), or
- the claim says it totals ("in total", "altogether", "the whole ...", "you'd pay") and it is the
  sum of two or three of the first :data:`TOTAL_POOL` numbers of its kind in its best evidence, from
  :data:`MIN_TOTAL` up (from fewer numbers, or smaller ones, almost any total could be made),
  each again taken as many times as a count the claim gives ("Two adult tickets and one child
  ticket come to £48 in total" beside £18 and £12).

Such a count is the case the claim works out, no fact of the sources (:func:`total_counts`).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product

import regex

from lexguard.grounding.signals._lexical import Mention, key_value, numbers
from lexguard.grounding.signals._statements import number_class

__all__ = ["MAX_PARTS", "MIN_TOTAL", "MOST_COUNTS", "MOST_OWN", "MOST_TIMES", "TOTAL_POOL", "own_total", "total_counts", "totalled"]

MAX_PARTS = 4
"""Most parts of a total the claim shows."""
MOST_OWN = 8
"""Most of the claim's own numbers a total is looked for among (a long claim's hundreds of numbers
would make any total, and take long to try)."""
MOST_TIMES = 12
"""Largest count of one part a total may take ("8 users at $9")."""
MOST_COUNTS = 3
"""Most of the claim's counts tried (each part may take any of them)."""
TOTAL_POOL = 6
"""Evidence numbers (years aside) a stated total may be made of, best evidence first."""
MIN_TOTAL = 10
"""Smallest total made of evidence numbers the claim does not show."""

_SAYS_TOTAL = regex.compile(
    r"\b(?:in\s+total|totals?|totalling|totaling|altogether|all\s+together|combined|in\s+all|the\s+whole|overall"
    r"|adds?\s+up\s+to|comes?\s+to|(?:you|we|they)(?:'d|\u2019d|\s+would)\s+pay|would\s+cost)\b",
    regex.IGNORECASE,
)
"""Words by which a claim says its number is a total."""


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-6 * max(1.0, abs(a), abs(b))


def _sums_to(value: float, parts: list[float], most: int, counts: tuple[int, ...] = (1,)) -> bool:
    """Whether ``value`` is a sum of up to ``most`` of ``parts``, each taken a number of times the
    claim gives (``counts``; once when it gives none): "two adults at £14 each and two children at
    £9 each ... £46" is 2 x 14 + 2 x 9. One part alone counts only taken more than once."""
    for size in range(1, min(most, len(parts)) + 1):
        for group in combinations(parts, size):
            for times in product(counts, repeat=size):
                if (size > 1 or times[0] > 1) and _close(value, sum(t * p for t, p in zip(times, group))):
                    return True
    return False


def _counts_things(claim: str, mention: Mention) -> bool:
    """Whether a claim number counts things ("two adults", "8 users"), not a measure ("2km", "£9")."""
    kind = number_class(claim, mention)
    return kind == "" or kind.startswith("count")


def _claim_counts(claim: str, mention: Mention, skip: Mention | None = None) -> tuple[int, ...]:
    """How many of each part a total may take: 1, and the small whole numbers the claim gives of
    things ("two adults", "8 users", "three wins"), but ``skip``."""
    others = [m for m in numbers(claim) if m.span != mention.span and (skip is None or m.span != skip.span)]
    return (1, *sorted({int(n) for m in others if (n := key_value(m.key)) is not None and n.is_integer()
                        and 2 <= n <= MOST_TIMES and _counts_things(claim, m)})[:MOST_COUNTS])


def own_total(claim: str, mention: Mention, known: set[str], skip: Mention | None = None) -> bool:
    """Whether ``mention`` is a sum of two to :data:`MAX_PARTS` other numbers of the claim that the
    sources state (``known``) and measure what it measures (:func:`_adds_to`), each taken once or
    as many times as a count the claim gives."""
    value = key_value(mention.key)
    if value is None or value <= 0:
        return False
    kind = number_class(claim, mention)
    own = [n for m in numbers(claim) if m.span != mention.span and (m.key in known or known.intersection(m.alts))
           and (n := key_value(m.key)) is not None and 0 < n < value and _adds_to(number_class(claim, m), kind)]
    return _sums_to(value, list(dict.fromkeys(own))[:MOST_OWN], MAX_PARTS, _claim_counts(claim, mention, skip))


def _adds_to(part: str, total: str) -> bool:
    """Whether a number of class ``part`` may be a part of a total of class ``total``: one kind
    (money with money, lengths with lengths), or a bare count on either side; never "6 feet" and
    "an hour" for "a 7-foot giraffe"."""
    return part == total or not part or not total


def _stated_total(claim: str, mention: Mention, texts: list[str], skip: Mention | None = None) -> bool:
    """Whether a claim that says it totals gives the sum of two or three of the first
    :data:`TOTAL_POOL` evidence numbers of its kind, each taken once or as many times as a count
    the claim gives ("Two adult tickets and one child ticket come to £48" beside £18 and £12)."""
    value = key_value(mention.key)
    if value is None or value < MIN_TOTAL or not _SAYS_TOTAL.search(claim):
        return False
    kind = number_class(claim, mention)
    pool = [n for text in texts for m in numbers(text) if number_class(text, m) == kind
            and (n := key_value(m.key)) is not None and 0 < n < value and not 1000 <= n <= 2100]
    return _sums_to(value, list(dict.fromkeys(pool))[:TOTAL_POOL], 3, _claim_counts(claim, mention, skip))


def totalled(claim: str, mention: Mention, known: set[str], texts: Iterable[str]) -> bool:
    """Whether ``mention`` is a total of the claim's own stated numbers (:func:`own_total`), or a
    total the claim says it gives of a few of its evidence's numbers of the same kind (money with
    money: "under 12" is no price).

    Args:
        claim: The claim text.
        mention: A number of the claim that no source states.
        known: Keys of the numbers the sources (and the question) state.
        texts: The claim's best evidence chunks, best first.
    """
    return own_total(claim, mention, known) or _stated_total(claim, mention, list(texts))


def total_counts(claim: str, mention: Mention, known: set[str], texts: Iterable[str]) -> bool:
    """Whether ``mention`` is a count of things ("Two adult tickets") that a total of the claim
    takes its parts by: the total checks with it, and not without it. The count is the case the
    claim works out, no fact the sources must state."""
    value = key_value(mention.key)
    if value is None or not value.is_integer() or not 2 <= value <= MOST_TIMES or not _counts_things(claim, mention):
        return False
    texts = list(texts)
    return any(
        (own_total(claim, other, known) and not own_total(claim, other, known, skip=mention))
        or (_stated_total(claim, other, texts) and not _stated_total(claim, other, texts, skip=mention))
        for other in numbers(claim) if other.span != mention.span and other.key not in known
    )
