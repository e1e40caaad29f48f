"""A year a claim gives as a bound: "first aired before 2012", "has been mayor since before 2020".

The number rules read a year as a value: "before 2012" beside "premiered in September 2012" holds
the source's year and passed, and "since before 2020" beside "since 2018" holds a year no source
gives and was refused. :func:`year_bound` reads the year against the evidence sentence that names
all the claim's names and holds most of its other words (at least :data:`MIN_SHARE`) when that
sentence gives one year: "before" and "prior to" need an earlier one, "after" and "later than" a
later one, "by" and "no later than" one no later.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import Mention, content_words

__all__ = ["MIN_SHARE", "YearReading", "year_bound"]

MIN_SHARE = 0.5
"""Least share of the claim's other content words the evidence sentence must hold."""

_BOUND = regex.compile(
    r"\b(?P<before>before|prior\s+to|earlier\s+than)|\b(?P<after>after|later\s+than)"
    r"|\b(?P<by>by|no\s+later\s+than)(?:\s+the\s+end\s+of)?",
    regex.IGNORECASE,
)
_BEFORE_YEAR = regex.compile(r"(?:\s+(?:the\s+)?(?:year\s+)?(?:of\s+)?)?\s*+$")
_YEAR = regex.compile(r"(?<![\d.,:/-])(1[5-9]\d\d|20\d\d)(?![\d.,:/-]\d|s\b)")
_DATED_THING = regex.compile(r"\s++(?!(?:and|or|to|until|till|when|while|as|at|in|on|for|with|but|than|because)\b)\p{Ll}{3,}")
"""A word after the year that it dates ("the 1803 *charter*", "the 2019 *season*")."""


class YearReading(NamedTuple):
    """A claim year given as a bound, read against its evidence."""

    met: bool
    year: int
    """The year the evidence gives."""
    start: int
    """Where the claim's bound words start ("| before 2012")."""


def _bound_before(claim: str, mention: Mention) -> tuple[str, int] | None:
    """``"before"``, ``"after"`` or ``"by"`` and where it starts, when the claim's year follows such a word."""
    offset = max(0, mention.span[0] - 30)
    head = claim[offset : mention.span[0]]
    for match in reversed(list(_BOUND.finditer(head))):
        if _BEFORE_YEAR.fullmatch(head[match.end():]):
            return next(kind for kind in ("before", "after", "by") if match.group(kind)), offset + match.start()
        break
    return None


def year_bound(claim: str, mention: Mention, texts: Iterable[str]) -> YearReading | None:
    """The claim's year given as a bound, read against the year its evidence gives (``None`` when
    it is no bound, or no one sentence anchors it with one year).

    Example:
        >>> from lexguard.grounding.signals._lexical import numbers
        >>> claim = "Northern Tides first aired before 2013."
        >>> year_bound(claim, numbers(claim)[0], ["Northern Tides is a drama series that premiered in September 2012."])
        YearReading(met=True, year=2012, start=27)
    """
    if not _YEAR.fullmatch(mention.text) or _DATED_THING.match(claim, mention.span[1]):
        return None  # "after the 1803 charter": after the charter, dated 1803; no bound on the year
    bound = _bound_before(claim, mention)
    if bound is None:
        return None
    kind, start = bound
    names = [set(content_words(e.text)) for e in entities(claim)]
    words = set(content_words(claim[: mention.span[0]] + " " + claim[mention.span[1]:])) - {"prior", "earlier", "later"}
    if not words:
        return None
    best: tuple[float, set[int]] | None = None
    for text in texts:
        for sentence in passage_sentences(text):
            held = set(content_words(sentence))
            share = len(words & held) / len(words)
            if share >= MIN_SHARE and all(name <= held for name in names) and (best is None or share > best[0]):
                best = (share, {int(y) for y in _YEAR.findall(sentence)})
    if best is None or len(best[1]) != 1:
        return None
    given, limit = next(iter(best[1])), int(mention.text)
    met = given < limit if kind == "before" else given > limit if kind == "after" else given <= limit
    return YearReading(met, given, start)
