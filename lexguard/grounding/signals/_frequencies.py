"""How often something happens: frequencies read as periods, and a frequency given another case's words.

"The service runs every 30 minutes on weekdays, ... and every 30 minutes on Sundays too" beside
"will run every 30 minutes on weekdays and every hour on Sundays" holds only words and values
the sentence holds ("every hour" is no number), and the verifier read it as supported (0.98).
What the claim gets wrong is which frequency goes with "Sundays". :func:`frequencies` reads "every
30 minutes", "every hour", "hourly", "every other week", "twice a day", "fortnightly", ... as a
period in minutes; :func:`crossed_frequency` cuts a source sentence that gives two or more
frequencies into one segment per frequency (at the last ", and", ";", "but", "while" between
two of them, as :mod:`._segments` cuts values) and finds a claim frequency whose words hold the
qualifier of a segment ("on Sundays") with another period, and no qualifier of a segment with
its own.

:func:`more_often` (read by :mod:`._overstated`) compares "every <unit>" with "every two /
other <unit>s" and a weekday of each month.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import statement_at
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._words import lemmas

__all__ = ["EVERY", "Frequency", "changed_frequency", "crossed_frequency", "frequencies", "more_often"]

EVERY = regex.compile(
    r"\bevery\s+(?P<n>other|second|third|\d+|two|three|four|five|six|seven|eight|nine|ten|few)?\s*+"
    r"(?P<unit>day|week|fortnight|month|quarter|year|decade|hour|minute|(?:mon|tues|wednes|thurs|fri|satur|sun)day)s?\b",
    regex.IGNORECASE,
)
"""A frequency: "every year", "every two years", "every other Friday"."""

_OF_THE_MONTH = regex.compile(
    r"\b(?:first|second|third|fourth|last|1st|2nd|3rd|4th)\s+(?P<unit>(?:mon|tues|wednes|thurs|fri|satur|sun)day)s?"
    r"\s+(?:of\s+(?:every|each|the|a)\s+month|(?:of\s+)?(?:every|each|a)\s+month|monthly)\b",
    regex.IGNORECASE,
)
"""A weekday once a month: "on the first Saturday of every month"."""

_MINUTES = {"minute": 1, "min": 1, "mins": 1, "hour": 60, "hr": 60, "day": 1440, "night": 1440, "week": 10080,
            "fortnight": 20160, "month": 43830, "quarter": 131490, "year": 525960, "decade": 5259600}
"""A unit's length in minutes (a month and a year on average: only equal periods are compared)."""
_ADVERBS = {"half-hourly": 30, "hourly": 60, "daily": 1440, "nightly": 1440, "weekly": 10080,
            "fortnightly": 20160, "monthly": 43830, "quarterly": 131490, "yearly": 525960, "annually": 525960}
_COUNTS = {"a": 1, "an": 1, "one": 1, "once": 1, "two": 2, "twice": 2, "other": 2, "second": 2, "three": 3,
           "thrice": 3, "third": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
           "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30, "forty-five": 45, "ninety": 90}
_N = r"\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty-five|ninety"
_UNIT = r"minute|min|hour|hr|day|night|week|fortnight|month|quarter|year|decade"
_FREQUENCY = regex.compile(
    rf"\bevery\s+(?:(?P<half>half\s+(?:an\s+)?hour|quarter\s+(?:of\s+an\s+)?hour|hour\s+and\s+a\s+half)"
    rf"|(?:(?P<n>\d{{1,3}}|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty|forty-five|ninety"
    rf"|other|second|third)(?:\s*+(?:to|-|\u2013|or)\s*+(?:\d{{1,3}}|three|four|five|six|seven|eight|nine|ten|twelve))?\s+)?"
    rf"(?P<unit>{_UNIT})s?)\b"
    rf"|\b(?P<adverb>{'|'.join(_ADVERBS)})\b"
    rf"|\b(?:(?P<times>once|twice|thrice)|(?P<count>{_N})\s+times)\s+(?:a|an|per|each|every)\s+(?P<per>{_UNIT})\b",
    regex.IGNORECASE,
)
"""A frequency: "every 30 minutes", "every hour", "every other week", "every half hour", "hourly",
"twice a day", "three times a week"; a range, "every two to three weeks", by its shorter period."""
_JOINT = regex.compile(r",\s*(?:(?:and|but|while|whereas|or)\s+)?|;\s*|\s+(?:and|but|while|whereas)\s+", regex.IGNORECASE)
"""Where one frequency's segment ends and the next one's begins: the last such joint between them."""
MAX_QUALIFIERS = 4
"""Most qualifiers of one segment: frequencies told apart by a word or two ("on Sundays")."""
MAX_FREQUENCIES = 6
"""Most frequencies of a sentence read as cases told apart: more make a timetable."""
_FREQUENCY_WORDS = frozenset(content_words("every other second third times once twice thrice"))


@dataclass(frozen=True, slots=True)
class Frequency:
    """A frequency found in a text.

    Attributes:
        minutes: The period between two times, in minutes.
        span: ``(start, end)`` offsets of its words in the text.
    """

    minutes: float
    span: tuple[int, int]


def frequencies(text: str) -> list[Frequency]:
    """The frequencies ``text`` gives, in order (a weekday's, "every Monday", is no period)."""
    out = []
    for m in _FREQUENCY.finditer(text):
        minutes = _minutes(m)
        if minutes is not None:
            out.append(Frequency(minutes, m.span()))
    return out


def _minutes(m: regex.Match[str]) -> float | None:
    if m.group("half"):
        half = m.group("half").lower()
        return 30.0 if half.startswith("half") else 15.0 if half.startswith("quarter") else 90.0
    if m.group("unit"):
        n = (m.group("n") or "one").lower()
        count = int(n) if n.isdigit() else _COUNTS.get(n)
        return None if not count else float(count * _MINUTES[m.group("unit").lower()])
    if m.group("adverb"):
        return float(_ADVERBS[m.group("adverb").lower()])
    n = (m.group("times") or m.group("count")).lower()
    count = int(n) if n.isdigit() else _COUNTS[n]
    return _MINUTES[m.group("per").lower()] / count if count else None


def crossed_frequency(claim: str, passages: Iterable[str]) -> str | None:
    """The source sentence that gives a claim's frequency for another case, if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks.

    Returns:
        A sentence that gives two or more frequencies, each with its own qualifier (at most
        :data:`MAX_QUALIFIERS` words that no other segment holds, outside the sentence's words
        before its first frequency that a later segment holds, or else all of them), where the
        claim's statement of a frequency holds the qualifiers of segments of other periods only,
        and shares a word of the sentence's opening; or one of a passage's sentences that each
        give one frequency of one statement (:func:`_across`); ``None`` when there is none.
    """
    own = frequencies(claim)
    if not 1 <= len(own) <= MAX_FREQUENCIES:
        return None
    # each frequency of the claim with its own segment's words ("every hour, every day": one
    # statement); a lone frequency with the words up to its clause's end ("Your blue bin is collected
    # every week on Thursdays | , the same day as your food caddy")
    segments = _segmented(claim, own) or [claim] * len(own)
    if len(own) == 1:
        end = _CLAUSE_END.search(claim, own[0].span[1])
        segments = [claim[: end.start()] if end else claim]
    stated = [(f.minutes, _words(segment)) for f, segment in zip(own, segments, strict=True)]
    for passage in passages:
        read = [(sentence, frequencies(sentence)) for sentence in passage_sentences(passage)]  # once each
        apart = _across(read, stated)
        if apart is not None:
            return apart
        for sentence, found in read:
            if not 2 <= len(found) <= MAX_FREQUENCIES or not (segments := _segmented(sentence, found)):
                continue
            opening = _words(sentence[: found[0].span[0]])
            later = set().union(*(_words(s) for s in segments[1:]))
            # "Grey bins are emptied weekly, while blue bins are emptied every other week": each segment
            # says its subject, and the words they share are the statement's; else the opening is
            opening = opening & later or opening
            qualifiers = _qualifiers(segments, opening)
            if any(not q or len(q) > MAX_QUALIFIERS for q in qualifiers):
                continue
            for minutes, words in stated:
                held = [f.minutes for f, q in zip(found, qualifiers, strict=True) if words & q]
                if held and minutes not in held and (words & opening or len(own) > 1):
                    return sentence
    return None


_CLAUSE_END = regex.compile(r"[,;:]\s|\s(?:and|but|while|whereas)\s", regex.IGNORECASE)
MAX_SENTENCE_QUALIFIERS = 8
"""Most words of a sentence, among sentences that each give one frequency, that no other of them holds."""
MIN_SENTENCE_QUALIFIERS = 2
"""Fewest of them a claim statement holds to speak of that sentence's case."""


def _across(read: list[tuple[str, list[Frequency]]], stated: list[tuple[float, set[str]]]) -> str | None:
    """The sentence, among a passage's sentences that each give one frequency of one statement (a
    word in common: "Blue recycling bins are collected every two weeks on Thursdays. Food waste
    caddies are collected every week on the same day."), whose own words a claim frequency holds
    (two at least) with another period, where it holds no own word of a sentence of its period."""
    single = [(s, found[0]) for s, found in read if len(found) == 1]
    if len(single) < 2:
        return None
    words = [_words(s) for s, _ in single]
    held_by = Counter(w for ws in words for w in ws)
    shared = {w for w, n in held_by.items() if n == len(words)}
    if not shared:
        return None  # no statement in common: sentences about different things
    own = [{w for w in ws if held_by[w] == 1} for ws in words]
    for minutes, claim_words in stated:
        held = [(f.minutes, len(claim_words & q)) for (_, f), q in zip(single, own, strict=True)
                if len(q) <= MAX_SENTENCE_QUALIFIERS and claim_words & q]
        best = max((n for _, n in held), default=0)
        if best < MIN_SENTENCE_QUALIFIERS or not claim_words & shared:
            continue
        if not any(m == minutes for m, _ in held):
            return next(s for (s, f), q in zip(single, own, strict=True) if len(claim_words & q) == best)
    return None


def _segmented(text: str, found: list[Frequency]) -> list[str] | None:
    """``text`` cut into one segment per frequency at the last joint between two of them; ``None``
    when two frequencies have no joint between them (one statement: "every hour, every day")."""
    cuts = [0]
    for a, b in zip(found, found[1:], strict=False):
        joints = list(_JOINT.finditer(text, a.span[1], b.span[0]))
        joints = [j for j in joints if j.group().startswith(";")] or joints
        if not joints:
            return None
        cuts.append(joints[-1].start())
    cuts.append(len(text))
    return [text[cuts[i] : cuts[i + 1]] for i in range(len(found))]


def _words(text: str) -> set[str]:
    """Content words without numbers and the words of frequencies ("every", "twice"), each with its
    lemmas ("runs": "run")."""
    words = {w for w in content_words(_FREQUENCY.sub(" ", text)) if not any(ch.isdigit() for ch in w)}
    return {lemma for w in words for lemma in (w, *lemmas(w))} - _FREQUENCY_WORDS


def _qualifiers(segments: list[str], opening: set[str]) -> list[set[str]]:
    """Per segment, its words that no other segment holds, outside the sentence's opening words."""
    words = [_words(s) - opening for s in segments]
    held = Counter(w for segment in words for w in segment)
    return [{w for w in segment if held[w] == 1} for segment in words]


def more_often(claim: str, source: str) -> bool:
    """Whether the claim says "every <unit>" where the source says "every two / other <unit>s"
    ("awarded every year" beside "every two years"), or a weekday of each month ("every Saturday"
    beside "the first Saturday of every month")."""
    spaced = {m.group("unit").lower() for m in EVERY.finditer(source) if m.group("n")}
    spaced |= {m.group("unit").lower() for m in _OF_THE_MONTH.finditer(source)}  # "the first Saturday of every month"
    plain = {m.group("unit").lower() for m in EVERY.finditer(claim) if not m.group("n")}
    every = {m.group("unit").lower() for m in EVERY.finditer(source) if not m.group("n")}
    # the source gives the claim's period too ("emptied weekly, while green bins are emptied every other week")
    every |= {unit for unit in plain if _MINUTES.get(unit) in {f.minutes for f in frequencies(source)}}
    return bool(spaced & plain) and not every & plain


MIN_STATEMENT_WORDS = 2
"""Fewest words of a claim's frequency statement a source sentence must hold to state it."""


def changed_frequency(claim: str, passages: Iterable[str]) -> str | None:
    """The source sentence that states the claim's one frequency with another period: "the talks
    happen every half hour in the Blue Room" beside "Author talks take place every hour on the
    hour in the Blue Room".

    Returns:
        The sentence, among those giving frequencies, whose clause of its first frequency holds
        the most words of the claim's statement of its frequency (two at least, and half of
        them), when it is the only one holding that many and gives one frequency, of another
        period; else ``None``.
    """
    own = frequencies(claim)
    if len(own) != 1:
        return None
    words = _words(statement_at(claim, own[0].span[0]))
    sentences = dict.fromkeys(s for passage in passages for s in passage_sentences(passage))
    # each sentence read by the clause of its frequency ("Guided tours start every 45 minutes ..., and
    # the café serves lunch from noon" states no frequency of the café)
    held = sorted(((len(words & _words(statement_at(s, found[0].span[0]))), s, found) for s in sentences
                   if (found := frequencies(s))), key=lambda item: -item[0])
    if not held or held[0][0] < max(MIN_STATEMENT_WORDS, len(words) / 2) or (len(held) > 1 and held[1][0] == held[0][0]):
        return None
    _, sentence, found = held[0]
    return sentence if len(found) == 1 and found[0].minutes != own[0].minutes else None
