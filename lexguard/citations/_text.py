"""Text matching helpers: quote-in-source search and the default alignment scorer."""

from __future__ import annotations

from collections.abc import Callable

import regex
from rapidfuzz import fuzz, process

from lexguard.citations._models import QuoteMatch

__all__ = ["AlignmentScorer", "match_quote", "fold_whitespace", "token_overlap_scorer"]

AlignmentScorer = Callable[[str, str], float]
"""``scorer(claim, cited_text) -> 0..1``: how well the cited text backs the claim."""

_WS = regex.compile(r"\s+")
_WORD = regex.compile(r"[\p{L}\p{N}]+")
_CAMEL = regex.compile(r"(?<=\p{Ll})(?=\p{Lu})")
_STOPWORDS = frozenset(
    "the a an and or of to in on for with by is are was were be been it its this that these those "
    "as at from into than then there their they them which who whom what when where why how not no "
    "but if so do does did has have had can could should would may might will shall also".split()
)


def fold_whitespace(text: str) -> str:
    """Collapse every whitespace run to one space, strip the ends and casefold: a key for
    comparing quotes (not :func:`lexguard.parsing.normalize_whitespace`, which keeps the text's
    content and case)."""
    return _WS.sub(" ", text).strip().casefold()


def match_quote(quote: str, source: str, fuzzy_threshold: float = 90.0) -> tuple[QuoteMatch, float]:
    """Find ``quote`` in ``source``: verbatim, then whitespace/case-insensitive, then fuzzy.

    Args:
        quote: The quoted text.
        source: The text it claims to quote.
        fuzzy_threshold: Minimum rapidfuzz ``partial_ratio`` (0..100) for a fuzzy match.

    Returns:
        The kind of match and its score (100 for exact and whitespace matches).
    """
    if quote and quote in source:
        return QuoteMatch.EXACT, 100.0
    q, s = fold_whitespace(quote), fold_whitespace(source)
    if not q or not s:
        return QuoteMatch.NOT_FOUND, 0.0
    if q in s:
        return QuoteMatch.WHITESPACE, 100.0
    score = float(fuzz.partial_ratio(q, s))
    if score >= fuzzy_threshold:
        return QuoteMatch.FUZZY, score
    return QuoteMatch.NOT_FOUND, score


def _tokens(text: str) -> list[str]:
    words: list[str] = []
    for word in _WORD.findall(text.replace("_", " ")):
        words.extend(_CAMEL.split(word))
    return [w.casefold() for w in words if w]


def token_overlap_scorer(claim: str, cited_text: str) -> float:
    """Default alignment scorer: share of the claim's content words found in the cited text.

    Words are split on snake_case and camelCase so that prose claims match code identifiers;
    each claim word may match a cited word approximately (rapidfuzz ``ratio`` >= 80, which
    absorbs inflections such as ``returns``/``return``). No model is needed.

    Returns:
        0..1; 1.0 when the claim has no content words (nothing to check).
    """
    claim_words = {w for w in _tokens(claim) if len(w) > 2 and w not in _STOPWORDS}
    if not claim_words:
        return 1.0
    cited_words = list(set(_tokens(cited_text)))
    if not cited_words:
        return 0.0
    hits = sum(
        1
        for word in claim_words
        if process.extractOne(word, cited_words, scorer=fuzz.ratio, score_cutoff=80) is not None
    )
    return hits / len(claim_words)
