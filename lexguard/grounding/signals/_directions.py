"""A change given the other direction: "Shares rose 6% on Wednesday" beside "Shares fell 6% on
Wednesday after the company lowered its forecast".

The polarity rule reads an opposite ("rose" / "fell") only where the source statement holds
most of the claim's other words, and a source that says why the shares fell holds many words the
claim leaves out. :func:`direction_conflict` reads the change where it is stated: a claim's
direction word right before an amount ("rose 6%", "was down 12 per cent", "cut by £2 million")
against the source sentences that give the same amount after a direction word. The claim is
contradicted when those give the amount only the other way: a source that says both ("sales
rose 6% and costs fell 6%") leaves it to the other rules. :func:`step_conflict` reads the change
against its result: "Prices rose *to* 5%" beside "Prices rose *by* 5%" (the step taken for the
level reached, or the other way round).
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._antonyms import ANTONYMS, antonym_keys

__all__ = ["direction_conflict", "step_conflict"]

_CHANGE = regex.compile(
    r"\b(?P<word>[\p{L}]+)\s+(?:by\s+|to\s+)?(?:(?:about|around|nearly|almost|some|roughly|more\s+than|over|just)\s+)?"
    r"(?P<amount>[$£€]?\d[\d,]*(?:\.\d+)?\s*(?:%|per\s?cent\b|percent\b|points?\b|(?:m|bn|million|billion)\b)?)",
    regex.IGNORECASE,
)
"""A word right before an amount: "fell 6%", "rose by 3 points", "was down about 12 per cent"."""


_AMOUNT_ONCE = r"[$£€]?\d[\d,]*+(?:\.\d++)?\s*+(?:%|per\s?cent\b|percent\b|points?\b|(?:m|bn|million|billion)\b)?"
"""An amount read from where it starts, never given back (a run of 20,000 digits took 70 s)."""
_REACHED = regex.compile(
    r"(?<![\d,.])(?P<amount>" + _AMOUNT_ONCE + r")[^.;:\d]{0,40}?,?\s+(?P<way>down|up|lower|higher|fewer|more|less)\s+(?:than\s+|from\s+)"
    r"(?:(?:about|around|nearly|almost|some|roughly)\s+)?[$£€]?\d",
    regex.IGNORECASE,
)
"""An amount reached by a change stated after it: "12 cases this week, down from 19", "sales of
£4m, up from £3m"."""
_WAY = {"down": "fell", "lower": "fell", "fewer": "fell", "less": "fell", "up": "rose", "higher": "rose", "more": "rose"}


def _amount_key(text: str) -> str:
    return "".join(text.lower().split()).replace("percent", "%")  # "per cent" too


def _directions(text: str) -> dict[str, set[str]]:
    """Each amount of ``text`` with the antonym keys of the word before it, when that word has an
    opposite, or of the change stated after it ("12, down from 19": fell)."""
    out: dict[str, set[str]] = {}
    for match in _CHANGE.finditer(text):
        keys = antonym_keys(match.group("word").lower())
        if any(key in ANTONYMS for key in keys):
            out.setdefault(_amount_key(match.group("amount")), set()).update(keys)
    for match in _REACHED.finditer(text):
        out.setdefault(_amount_key(match.group("amount")), set()).update(antonym_keys(_WAY[match.group("way").lower()]))
    return out


def direction_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the claim's change of an amount only the other way, if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.
    """
    mine = _directions(claim)
    if not mine:
        return None
    sentences = [(s, _directions(s)) for p in passages for s in passage_sentences(p)]
    for amount, keys in mine.items():
        opposite = set().union(*(ANTONYMS.get(key, frozenset()) for key in keys))
        given = [(s, theirs[amount]) for s, theirs in sentences if amount in theirs]
        if given and not any(found & keys for _, found in given):
            other = next((s for s, found in given if found & opposite), None)
            if other is not None:
                return other
    return None


_STEP = regex.compile(
    r"\b(?P<word>[\p{L}]+)\s+(?P<how>by|to)\s+(?:(?:about|around|nearly|almost|some|roughly|just)\s+)?"
    r"(?P<amount>" + _AMOUNT_ONCE + r")",
    regex.IGNORECASE,
)
"""A change with its preposition: "rose *by* 5%" (the step), "fell *to* 4.2%" (the level reached)."""


_POINTS = regex.compile(r"\s*+percentage\s++points?\b", regex.IGNORECASE)


def _steps(text: str) -> dict[str, set[str]]:
    """Each amount of ``text`` given after a word of change ("rose", "cut", "up"), with "by" or
    "to" as written before it."""
    out: dict[str, set[str]] = {}
    for match in _STEP.finditer(text):
        word, how = match.group("word").lower(), match.group("how").lower()
        keys = antonym_keys(word)
        if any(key in ANTONYMS for key in keys) and (word, how) != ("up", "to"):  # "cut by up to 30%": a limit
            key = _amount_key(match.group("amount")).replace("points", "%").replace("point", "%")
            if _POINTS.match(text, match.end()):
                key += "%"  # "by 2 percentage points" against "to 2%"
            out.setdefault(key, set()).add(how)
    return out


def step_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the claim's amount of a change only as the other of step
    and result: "Prices rose to 5%" beside "Prices rose by 5% in 2023, to an average of £280,000"
    (the verifier read it as supported, 0.99: every word is there).

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.
    """
    mine = _steps(claim)
    if not mine:
        return None
    sentences = [(s, _steps(s)) for p in passages for s in passage_sentences(p)]
    for amount, how in mine.items():
        given = [(s, theirs[amount]) for s, theirs in sentences if amount in theirs]
        if given and not any(found & how for _, found in given):
            return given[0][0]
    return None
