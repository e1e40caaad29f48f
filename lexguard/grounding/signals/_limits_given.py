"""A value the evidence gives as a limit, written otherwise by the claim: "reduced by 30%" beside
"reduced by *up to* 30%" (a limit dropped), "at most £500" beside "at least £500" (a floor turned
into a ceiling).

Split from :mod:`._bounds`, which reads a claim's bound words against the value they are about;
here the claim's value is the sources' own, and its kind of limit is read.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.signals._anchoring import bound_words
from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._statements import number_class

__all__ = ["denied_limit", "dropped_limit", "reversed_limit", "value_start"]


_SAYS_LIMIT = regex.compile(
    r"\b(?:maximum|max|highest|peak|largest|biggest|greatest|ceiling|capped|limit(?:ed)?|at\s+best)\b", regex.IGNORECASE
)
"""Words by which a claim says its value is the most there is ("the maximum fine is £1,000")."""
_PERCENT = regex.compile(r"\s*+(?:%|per\s?cent\b|percent\b)", regex.IGNORECASE)


def dropped_limit(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether the claim gives as a plain value a percentage or an amount of money that the
    evidence gives only as a limit: "selected clothing is reduced by 30%" beside "reduced by *up
    to* 30%", "a £1,000 fine" beside "fines of up to £1,000" (the most, not what everyone gets).
    A count ("sleeps 200 people" beside "up to 200 people") is left alone: a capacity is its limit."""
    if not (_PERCENT.match(claim, mention.span[1]) or number_class(claim, mention) == "money"):
        return False
    if bound_words(claim, value_start(claim, mention)) is not None or _SAYS_LIMIT.search(claim):
        return False
    keys = {mention.key, *mention.alts}
    found = [(text, m) for text in texts for m in numbers(text) if keys & {m.key, *m.alts}]
    return bool(found) and all((words := bound_words(text, value_start(text, m))) is not None and words[0] == "limit"
                               and not _RISES_TO.search(text, 0, words[1]) for text, m in found)


def reversed_limit(claim: str, mention: Mention, texts: Iterable[str]) -> bool:
    """Whether the claim gives a value as a most ("at most £500", "up to £500", "a maximum of 20")
    that the evidence gives only as a least ("at least £500", "a minimum of 20"), or the other way
    round: "You can request at most £500" beside "must request at least £500 and no more than
    £5,000" turns the floor into the ceiling."""
    claimed = _direction(claim, mention, _SAYS_LIMIT, _SAYS_LEAST)
    if claimed is None:
        return False
    keys = {mention.key, *mention.alts}
    found = [_direction(text, m, _SAYS_LIMIT, _SAYS_LEAST) for text in texts for m in numbers(text)
             if keys & {m.key, *m.alts}]
    return bool(found) and all(given is not None and given != claimed for given in found)


_SAYS_LEAST = regex.compile(r"\b(?:minimum|min|lowest|floor|at\s+the\s+least)\b", regex.IGNORECASE)
_NEAR_WORDS = 24


def _direction(text: str, mention: Mention, most: regex.Pattern[str], least: regex.Pattern[str]) -> str | None:
    """Whether ``text`` gives a value as a most or a least: its bound words ("at most", "up to", "no
    more than"; "at least", "no less than", "N or more"), or "maximum" / "minimum" right before it."""
    before = text[max(0, value_start(text, mention) - _NEAR_WORDS) : value_start(text, mention)]
    if least.search(before):  # "a minimum of 20" (which the bound words read as a limit)
        return "least"
    if most.search(before):
        return "most"
    words = bound_words(text, value_start(text, mention))
    if words is not None and words[0] in ("limit", "at_least"):
        return "most" if words[0] == "limit" else "least"
    return None


_RISES_TO = regex.compile(
    r"\b(?:go|goes|going|gone|went|rise[sn]?|rising|rose|increase[sd]?|climb(?:s|ed)?|jump(?:s|ed)?|move[sd]?"
    r"|put|puts|push(?:es|ed)?|step(?:s|ped)?|shoot(?:s)?|shot|bump(?:s|ed)?|ramp(?:s|ed)?)\s*+$",
    regex.IGNORECASE,
)
"""A verb before "up to" that makes it a rise, not a limit ("the price goes up to £8")."""


def value_start(text: str, mention: Mention) -> int:
    """Where a value starts with its currency sign ("up to | £1,000")."""
    start = mention.span[0]
    return start - 1 if start and text[start - 1] in "£$€¥₹" else start


_NO_LIMIT = regex.compile(
    r"\b(?:no|without\s++(?:a|any))\s++(?:(?:daily|weekly|monthly|annual|yearly|upper|spending|deposit)\s++)?"
    r"(?:limit|cap|ceiling|maximum)s?\b|\bunlimited\b|\bas\s++(?:much|many)\s++as\s++you\s++(?:like|want)\b",
    regex.IGNORECASE,
)
_LIMIT_GIVEN = regex.compile(
    r"\b(?:up\s++to|a\s++maximum\s++of|at\s++most|no\s++more\s++than|limited\s++to|capped\s++at)\s++[$\u00a3\u20ac]?\d"
    r"|\b(?:daily|weekly|monthly|annual)\s++(?:limit|cap)\s++(?:of|is)\b",
    regex.IGNORECASE,
)
_LIMIT_WORDS = frozenset({"limit", "cap", "ceiling", "maximum", "unlimit", "daily", "weekly", "monthly", "annual"})
_SHARED = 2
"""Content words (limit words aside) the sentence giving a limit must share with the claim."""


def denied_limit(claim: str, passages: Iterable[str]) -> str | None:
    """The evidence sentence that gives a limit the claim says there is none of: "Deposits by
    debit card are free with no daily limit" beside "Instant deposits by debit card are free up to
    2,000 pounds per day".

    Example:
        >>> denied_limit("Card deposits are free with no daily limit.",
        ...              ["Instant deposits by card are free up to 2,000 pounds per day."]) is not None
        True
        >>> denied_limit("Card deposits are free with no daily limit.", ["Card deposits are always free."]) is None
        True
    """
    said = _NO_LIMIT.search(claim)
    if said is None:
        return None
    words = {w for w in content_words(claim[: said.start()] + " " + claim[said.end() :]) if w not in _LIMIT_WORDS}
    for sentence in (s for p in passages for s in passage_sentences(p)):
        if _LIMIT_GIVEN.search(sentence) and len(words & set(content_words(sentence))) >= _SHARED:
            return sentence
    return None

