"""A value's period: "£40 million a year" is not "£40 million a month".

A rate names its period right after the value ("a year", "per month", "each week", "annually",
"nightly"). The unit rules read the unit of a value ("kg", "£"), not its period, and the verifier
read "would save £40 million a month" beside "would save £40 million a year" as supported (0.99).
:func:`rate_conflicts` finds the claim values that the sources give, each time they give them,
with another period: a value the sources also give without a period, or with the claim's, is
left alone.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.signals._lexical import Mention, numbers

__all__ = ["period_of", "rate_conflicts"]

_RATE = regex.compile(
    r"\s*(?:(?:a|an|per|each|every)\s+(?P<unit>year|month|week|day|hour|night|minute|second)\b"
    r"|(?P<adverb>annually|yearly|monthly|weekly|daily|hourly|nightly)\b|/\s*(?P<slash>year|yr|month|mo|week|wk|day|hour|hr|night)\b)",
    regex.IGNORECASE,
)
_ADVERBS = {"annually": "year", "yearly": "year", "monthly": "month", "weekly": "week", "daily": "day", "hourly": "hour",
            "nightly": "night", "yr": "year", "mo": "month", "wk": "week", "hr": "hour"}


def period_of(text: str, mention: Mention) -> str | None:
    """The period named right after a value ("£12 per night": "night"), or ``None``."""
    match = _RATE.match(text, mention.span[1])
    if match is None:
        return None
    word = (match.group("unit") or match.group("adverb") or match.group("slash")).lower()
    return _ADVERBS.get(word, word)


def rate_conflicts(claim: str, texts: Iterable[str]) -> list[Mention]:
    """The claim's values with a period that the evidence gives only with other periods.

    Args:
        claim: The claim text.
        texts: The claim's best evidence passages.
    """
    texts = list(texts)
    out = []
    for mention in numbers(claim):
        period = period_of(claim, mention)
        if period is None:
            continue
        keys = {mention.key, *mention.alts}
        given = {period_of(t, m) for t in texts for m in numbers(t) if keys & {m.key, *m.alts}}
        if given and None not in given and period not in given:
            out.append(mention)
    return out
