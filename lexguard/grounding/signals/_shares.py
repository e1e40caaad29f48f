"""A share said in words, read against the percentage the sources give: "more than half of the
residents" beside "54% of whom", "failed to win a majority" beside "received 46% of the vote".

The number rules read no value in "more than half" or "a majority", and the overstatement rule
read "a majority" ("most of the") as a quantifier the evidence never states, so "Girard failed to win a majority"
beside his 46% was refused and "Less than half ... worked in farming" beside 54% passed (0.91).
:func:`share_reading` finds the claim's share phrase and the evidence percentage it is about (in
a sentence that names the claim's subject, the first percentage after that name; else the
sentence's only one), and says whether the percentage meets the phrase's side of one half.
:func:`share_conflict` gives the evidence sentence when it does not; :func:`shares_as_written`
writes a met phrase as the percentage for the models that read the claim.
"""

from __future__ import annotations

from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import content_words, key_value, numbers
from lexguard.grounding.signals._named_subjects import named_subject

__all__ = ["ShareReading", "has_share", "share_conflict", "share_reading", "shares_as_written"]

_VERB = r"(?:win|get|secure|gain|take|reach|achieve|obtain|command)"
_SHARE = regex.compile(
    r"\b(?:(?P<under>(?:less|fewer)\s+than\s+half|under\s+half|a\s+minority|"
    r"(?:failed|fails?|failing|was\s+unable|were\s+unable|did\s+not|didn't|could\s+not|couldn't)\s+to\s+" + _VERB
    + r"\s+(?:an?\s+(?:overall\s+|absolute\s+)?)?majority|(?:fell|falling|fall|was|were)\s+short\s+of\s+an?\s+"
    r"(?:overall\s+|absolute\s+)?majority)"
    r"|(?P<over>(?:more\s+than|over|above)\s+half|(?:a|the)\s+majority|(?<!\bthe\s)most\s+of\s+(?=the|its|their|his|her)"
    r"|(?:won|wins|secured|gained|took|received|"
    r"got|achieved|commanded)\s+(?:an?\s+)?(?:overall\s+|absolute\s+|clear\s+)?majority))\b",
    regex.IGNORECASE,
)
"""A share said in words, below one half ("less than half", "failed to win a majority") or above it."""
_NOT = regex.compile(r"\b(?:not|never|no)\s+(?:\w+\s+){0,2}$", regex.IGNORECASE)
_PERCENT = regex.compile(r"(?<![\d.,])(?P<value>\d{1,3}(?:\.\d+)?)\s*+(?:%|per\s*+cent\b|percent\b)", regex.IGNORECASE)
_NEAR = 80
"""Most characters between the claim's subject in the evidence sentence and its percentage."""
_MIN_SHARED = 0.5
"""Least share of the claim's content words (the share phrase aside) a sentence must hold to give
the percentage."""


class ShareReading(NamedTuple):
    """A claim's share phrase read against an evidence percentage."""

    start: int
    end: int
    over: bool
    percent: float
    sentence: str

    @property
    def met(self) -> bool:
        """Whether the percentage lies on the phrase's side of one half (a majority is above 50%)."""
        return self.percent > 50 if self.over else self.percent <= 50


def _percent_of(sentence: str, names: list[str], words: set[str], years: set[str] = frozenset()) -> float | None:
    """The percentage a sentence that holds most of the claim's other words (:data:`_MIN_SHARED`)
    gives the claim's subject: the first after one of its names (within :data:`_NEAR` characters),
    else the sentence's only percentage (before the name: "62 percent of voters in Brisach")."""
    found = _percentages(sentence)
    dated = [(start, value) for start, value in found if years & set(_YEAR.findall(_around(sentence, start)))]
    found = dated or found  # "62 percent ... in 2020, compared with 48 percent in 2010": the claim's year's
    if not found or not words or len(words & set(content_words(sentence))) < _MIN_SHARED * len(words):
        return None  # a sentence about something else ("70% black" beside a council's "majority of black members")
    lowered = sentence.lower()
    for name in names:
        at = lowered.find(name)
        if at >= 0:
            after = [value for start, value in found if 0 <= start - at <= _NEAR]
            if after or len(found) > 1:  # "62 percent of voters in Brisach": its one percentage
                return after[0] if after else None
    return found[0][1] if len(found) == 1 else None


_YEAR = regex.compile(r"\b(?:1[89]|20)\d\d\b")


def _around(sentence: str, start: int) -> str:
    """The part of ``sentence`` a percentage at ``start`` stands in, with the part before it that may
    date it: from the second comma before it to the comma after it ("According to the 2020 national
    survey, 62 percent ... bicycle,"; ", compared with 48 percent in 2010")."""
    first = sentence.rfind(",", 0, start)
    before = max(sentence.rfind(",", 0, first), 0) if first > 0 else 0
    after = sentence.find(",", start)
    return sentence[before : after if after >= 0 else len(sentence)]


def _percentages(sentence: str) -> list[tuple[int, float]]:
    """The percentages of a sentence, and its fractions in words as percentages ("roughly one
    tenth": 10), each with where it starts."""
    found = [(m.start(), float(m.group("value"))) for m in _PERCENT.finditer(sentence)]
    found += [(m.span[0], float(m.alts[0])) for m in numbers(sentence)
              if m.text[:1].isalpha() and m.alts and 0 < (key_value(m.key) or 0) < 1]  # "one tenth", "two-thirds"
    return sorted(found)


def has_share(claim: str) -> bool:
    """Whether ``claim`` says a share in words (a cheap test before :func:`share_reading`)."""
    return _SHARE.search(claim) is not None


def share_reading(claim: str, passages: list[str]) -> ShareReading | None:
    """The claim's share phrase and the evidence percentage it is about, if both are found.

    Example:
        >>> share_reading("Paul Girard failed to win a majority of the vote.",
        ...               ["Paul Girard received 46% of the vote, ahead of Anne Lutz on 38%."]).met
        True
    """
    said = _SHARE.search(claim)
    if said is None or _NOT.search(claim, max(0, said.start() - 20), said.start()):
        return None
    names = [e.key for e in entities(claim)]
    words = set(content_words(claim[: said.start()] + " " + claim[said.end() :]))
    read: list[tuple[int, float, str]] = []
    for passage in passages:
        sentences = list(passage_sentences(passage))
        for n, sentence in enumerate(sentences):
            # "It holds about 40,000 objects, of which roughly one tenth ..." of the museum named before
            named = named_subject(sentence, sentences[:n]) or sentence
            percent = _percent_of(named, names, words, set(_YEAR.findall(claim)))
            if percent is not None:
                read.append((len(words & set(content_words(named))), percent, sentence))
    if not read:
        return None
    _, percent, sentence = max(read, key=lambda found: found[0])  # the sentence that says most of the claim
    return ShareReading(said.start(), said.end(), said.group("over") is not None, percent, sentence)


def share_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence whose percentage lies on the other side of one half from the claim's
    share phrase, if any.

    Example:
        >>> share_conflict("Less than half of the residents worked in farming.",
        ...                ["At the census, 54% of the residents worked in farming."])
        'At the census, 54% of the residents worked in farming.'
    """
    reading = share_reading(claim, passages)
    return reading.sentence if reading is not None and not reading.met else None


def shares_as_written(claim: str, passages: list[str]) -> str:
    """``claim`` with a share phrase the evidence percentage meets written as that percentage
    ("More than half of the residents" as "54% of the residents"; "failed to win a majority" as
    "won 46%"), for the models that read the claim: they read no arithmetic.

    Example:
        >>> shares_as_written("More than half of the residents worked in farming.",
        ...                   ["At the census, 54% of the residents worked in farming."])
        '54% of the residents worked in farming.'
    """
    reading = share_reading(claim, passages)
    if reading is None or not reading.met:
        return claim
    value = f"{reading.percent:g}%"
    phrase = claim[reading.start : reading.end]
    written = value if regex.match(r"(?i)(?:more|less|fewer|over|under|above|a|the)\b", phrase) else f"won {value}"
    if claim[reading.start : reading.start + 1].isupper():
        written = written[0].upper() + written[1:]
    return f"{claim[: reading.start]}{written}{claim[reading.end :]}"
