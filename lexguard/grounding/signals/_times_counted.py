"""How many times something may be done, against the count the sources give.

"You can renew them up to three times online" beside "Loans last three weeks and can be renewed
twice online" holds only numbers the sources hold (three is the loan's weeks) and was accepted.
A count of times ("three times", "twice", "once") is a value of its own kind: :func:`other_count`
finds a claim's count of times that the sentences which count times of the same thing give
otherwise. So is a count of a named thing: "The recipe needs three eggs" beside "200 g of flour, 2
eggs and 150 ml of milk" was accepted (three is the count of the listed ingredients), and
:func:`thing_counted_otherwise` finds a claim's count of a thing ("three eggs") that the evidence
counts only otherwise ("2 eggs").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers
from lexguard.grounding.signals._words import plural_dropped

__all__ = ["other_count", "thing_counted_otherwise"]

_WORDS = {"once": 1, "twice": 2, "thrice": 3}
_RATIO_AFTER = r"(?!\s+(?:as|the|that|what|its|their|more|less|over|higher|lower|bigger|smaller|larger|greater)\b)"
_COUNT = regex.compile(
    rf"\b(?:(?P<word>once|twice|thrice)|(?P<n>\d{{1,2}}|two|three|four|five|six|seven|eight|nine|ten)\s+times){_RATIO_AFTER}\b",
    regex.IGNORECASE,
)
"""A count of times ("twice", "three times"), not a ratio ("three times as long", "twice the price")."""
_NOT_THE_THING = frozenset({"time", "once", "twice", "thrice", "up", "can", "may"})


@lru_cache(maxsize=64)
def _counts(text: str) -> tuple[tuple[int, int, int], ...]:
    """The counts of times in ``text``: ``(count, start, end)`` (once a text: it is asked per value)."""
    out = []
    for m in _COUNT.finditer(text):
        if m.group("word"):
            out.append((_WORDS[m.group("word").lower()], m.start(), m.end()))
        else:
            found = numbers(m.group("n"))
            value = key_value(found[0].key) if found else None
            if value is not None:
                out.append((int(value), m.start(), m.end()))
    return tuple(out)


def other_count(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether ``mention`` counts times ("renew them up to *three* times") that every evidence
    sentence counting times of the same thing (a content word of the claim's clause before the
    count, the verb: "renewed") gives otherwise ("twice").

    Args:
        claim: The claim text.
        mention: One of its numbers.
        texts: The claim's best evidence chunks.
    """
    own = next(((n, a, b) for n, a, b in _counts(claim) if a <= mention.span[0] < b), None)
    if own is None:
        return False
    before = claim[max(0, claim.rfind(",", 0, own[1]) + 1) : own[1]]
    what = set(content_words(before)) - _NOT_THE_THING
    if not what:
        return False
    given = {n for text in texts for sentence in passage_sentences(text) for n, a, _ in _counts(sentence)
             if what & set(content_words(sentence[:a]))}
    return bool(given) and own[0] not in given


_THING_AFTER = regex.compile(r"\s*+(?:(?:large|small|medium|whole|fresh|extra|more|new|other|separate|full|single)\s+)?(\p{L}{3,})")


def _thing(text: str, end: int) -> str | None:
    """The thing a number counts: the word right after it, singular ("2 *eggs*", "three large *eggs*")."""
    found = _THING_AFTER.match(text, end)
    if found is None:
        return None
    return plural_dropped(found.group(1).lower())


def thing_counted_otherwise(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether the claim's count of a thing ("three eggs") is one the evidence gives that thing
    only otherwise ("2 eggs"), and not as their sum ("2 eggs for the batter and 1 for the glaze")."""
    value = key_value(mention.key)
    thing = _thing(claim, mention.span[1])
    if value is None or thing is None or thing in _NOT_COUNTED_THINGS:
        return False
    given = [key_value(m.key) for text in texts for m in numbers(text) if _thing(text, m.span[1]) == thing]
    given = [v for v in given if v is not None]
    return bool(given) and value not in given and value != sum(given)


_NOT_COUNTED_THINGS = frozenset({"time", "year", "month", "week", "day", "hour", "minute", "second", "per", "percent",
                                 "and", "the", "for", "with", "from", "than", "more"})
"""Words after a number that count no thing of their own (units of time are read by the span rules)."""
