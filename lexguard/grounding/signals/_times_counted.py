"""How many times something may be done, against the count the sources give.

"You can renew them up to three times online" beside "Loans last three weeks and can be renewed
twice online" holds only numbers the sources hold (three is the loan's weeks) and was accepted.
A count of times ("three times", "twice", "once") is a value of its own kind: :func:`other_count`
finds a claim's count of times that the sentences which count times of the same thing give
otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.claims._sentences import passage_sentences
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers

__all__ = ["other_count"]

_WORDS = {"once": 1, "twice": 2, "thrice": 3}
_RATIO_AFTER = r"(?!\s+(?:as|the|that|what|its|their|more|less|over|higher|lower|bigger|smaller|larger|greater)\b)"
_COUNT = regex.compile(
    rf"\b(?:(?P<word>once|twice|thrice)|(?P<n>\d{{1,2}}|two|three|four|five|six|seven|eight|nine|ten)\s+times){_RATIO_AFTER}\b",
    regex.IGNORECASE,
)
"""A count of times ("twice", "three times"), not a ratio ("three times as long", "twice the price")."""
_NOT_THE_THING = frozenset({"time", "once", "twice", "thrice", "up", "can", "may"})


def _counts(text: str) -> list[tuple[int, int, int]]:
    """The counts of times in ``text``: ``(count, start, end)``."""
    out = []
    for m in _COUNT.finditer(text):
        if m.group("word"):
            out.append((_WORDS[m.group("word").lower()], m.start(), m.end()))
        else:
            found = numbers(m.group("n"))
            value = key_value(found[0].key) if found else None
            if value is not None:
                out.append((int(value), m.start(), m.end()))
    return out


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
