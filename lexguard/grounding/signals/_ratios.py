"""A share written as a ratio: "three in four voters", "one in five adults", "nine out of ten dentists".

News summaries write a percentage as a ratio of people or things: "Three in four voters backed the
plan" beside "75 percent of voters backed it". Read as two plain numbers, 3 and 4 are in no source
and the strict number rule refused the correct claim (0.98). :func:`ratios` reads such a ratio as
one value, its share (key ``0.75``, alt ``75`` for the percentage), as
:func:`~lexguard.grounding.signals._written.fractions` reads "three quarters"; a wrong ratio ("one
in three" beside 75%) is a share no source gives. A source's ratio also gives its two numbers
(:func:`ratio_parts`): "one out of 200 patients" holds the 200 a claim may write plainly.

A ratio here is a count below its whole, both in digits or number words up to twelve (the whole also
"twenty", "a hundred", "a thousand" or digits up to 1,000), joined by "in" or "out of", before
what is counted, on one line: a noun that is no unit of time, no event counted over a span and no
score's unit ("scored 5 in 10 matches", "3 in 10 minutes", "3 out of 5 stars" are left as they are).
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._words import word_kinds
from lexguard.grounding.signals._written import SMALL_NUMBERS, Written

__all__ = ["ratio_parts", "ratios"]

_WHOLES = {**SMALL_NUMBERS, "twenty": 20, "fifty": 50, "hundred": 100, "thousand": 1000}
_COUNT = "|".join(sorted(SMALL_NUMBERS, key=len, reverse=True))
_WHOLE = "|".join(sorted(_WHOLES, key=len, reverse=True))
_RATIO = regex.compile(
    rf"(?<![\w.,])(?P<num>\d{{1,3}}|{_COUNT})[ ]++(?-i:in|out[ ]++of)[ ]++(?:(?:a|one)[ ]++)?(?P<den>\d{{1,4}}|{_WHOLE})"
    r"(?![\w.,]\d)[ ]++(?P<noun>\p{L}+)(?:[ ]++(?P<then>\p{L}+))?",
    regex.IGNORECASE,
)
_SPANS = frozenset(
    "seconds minutes hours days weeks months years decades centuries games matches races starts appearances attempts "
    "tries innings rounds seasons outings shots laps stars star points point marks mark rating score".split())
"""Plural nouns a count is made over, not a whole shared out ("scored 5 in 10 matches"), and a score's
("a rating of 3 out of 5 stars")."""


def _value(word: str, table: dict[str, int]) -> int | None:
    lower = word.lower()
    return int(lower) if lower.isdigit() else table.get(lower)


def _described(word: str, then: str | None) -> bool:
    """Whether a word that is no noun describes the noun after it ("seven in ten *inoculated* plants")."""
    if then is None or then.lower() in _SPANS or "NOUN" not in word_kinds(then.lower()):
        return False
    return bool({"ADJ", "VERB"} & set(word_kinds(word)))


def ratios(text: str) -> list[Written]:
    """The ratios of ``text`` as shares (key: the share; alt: the percentage).

    Example:
        >>> [(w.key, w.alts) for w in ratios("Three in four voters backed it; 1 out of 5 adults smoke.")]
        [('0.75', ('75',)), ('0.2', ('20',))]
        >>> ratios("He scored 5 in 10 matches."), ratios("It arrived 3 in 10 minutes later.")
        ([], [])
        >>> ratios("It has a rating of 4 out of 5 stars."), ratios("Step 3\\nIn a 10 inch pan, heat the oil.")
        ([], [])
        >>> [w.alts for w in ratios("About seven in ten inoculated plants survived.")]
        [('70',)]
    """
    found = []
    for match in _RATIO.finditer(text):
        num, den = _value(match.group("num"), SMALL_NUMBERS), _value(match.group("den"), _WHOLES)
        noun = match.group("noun").lower()
        if num is None or den is None or not 0 < num < den <= 1000 or noun in _SPANS or (
                (match.group("then") or "").lower() in _SPANS):  # "6 in 10 home games"
            continue
        if "NOUN" not in word_kinds(noun) and not _described(noun, match.group("then")):
            continue  # no noun: "3 in 4 of them" is read by the number rules as written
        share = num / den
        found.append(Written((match.start(), match.end("den")), f"{share:.6g}", (f"{100 * share:.6g}",)))
    return found


def ratio_parts(text: str) -> set[str]:
    """The keys of the two numbers of each ratio of a source text ("one out of 200": 1 and 200).

    Example:
        >>> sorted(ratio_parts("On average, one out of 200 patients is paralysed."))
        ['1', '200']
    """
    keys = set()
    for written in ratios(text):
        match = _RATIO.match(text, written.span[0])
        if match is not None:
            keys |= {str(_value(match.group("num"), SMALL_NUMBERS)), str(_value(match.group("den"), _WHOLES))}
    return keys
