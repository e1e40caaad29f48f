"""A value taken from the sentence about another case, beside a value of the claim's own case.

"In 2023, 1,840 runners finished the race" beside "In 2022, the race had 1,840 finishers ... In
2023, 2,115 runners finished": every value of the claim is in the sources, and the verifier,
reading them together, had called it supported (0.98). So had "The asthma clinic ... is led by
Carys Penhale on Thursdays from 14:00" beside "a baby clinic on Tuesdays from 9:30 ..., led by
Carys Penhale. The asthma review clinic is held on Thursdays from 14:00 ... with nurse Daniel
Osei". The values come in crossed pairs: the sentence that holds the claim's value gives another
case's year, date or time where the claim gives one of its own (2022 for 2023, Tuesdays' times for
Thursdays'), and a sentence that holds the claim's own value gives a rival of the first (2,115
runners, another person). :func:`crossed_pairs` finds such values; an answer that joins what two
sentences say of one case holds no rival of either. A year told by its place ("last year", "this
year's") tells a case too: "Last year's fair had 60 stalls" beside "There will be 60 stalls, up
from 45 last year" (:func:`_relative_crossed`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities, personal
from lexguard.grounding.signals._lexical import Mention, key_value, numbers
from lexguard.grounding.signals._statement_clauses import clauses_of
from lexguard.grounding.signals._statements import number_class

__all__ = ["crossed_pairs"]


class _Sentence(NamedTuple):
    text: str
    values: tuple[tuple[str, str], ...]
    """Number keys (each reading) with their classes."""
    names: frozenset[str]
    """Its names, lower case."""
    sentence: str
    """The whole sentence it stands in (the evidence shown)."""
    people: frozenset[str]
    """Its names that may be people's (:func:`~lexguard.grounding.signals._entities.personal`), lower case."""


_COMPARED = regex.compile(
    r",\s*+(?:(?:up|down|rising|falling|compared)\s++(?:from|with|to)|against|versus)\b|;\s*+|\s++whereas\s++|,\s*+while\s++",
    regex.IGNORECASE,
)
"""Where a sentence turns to the case it compares with: "reached 14,200 in 2023, | up from 11,800 in 2022"."""


@lru_cache(maxsize=256)
def _sentences(chunk: str) -> tuple[_Sentence, ...]:
    """The statements of a chunk: its sentences, each cut where it turns to the case it compares with."""
    out = []
    for sentence in passage_sentences(chunk):
        for part in filter(str.strip, _COMPARED.split(sentence)):
            values = tuple({k: number_class(part, m) for m in numbers(part) for k in (m.key, *m.alts)}.items())
            found = entities(part)
            out.append(_Sentence(part, values, frozenset(e.key.lower() for e in found), sentence,
                                 frozenset(e.key.lower() for e in found if personal(e.text))))
    return tuple(out)


def _holds(sentence: _Sentence, key: str, name: bool) -> bool:
    if name:
        return any(key == n or key in n.split(" ") or n in key for n in sentence.names if n)
    return any(key == k for k, _ in sentence.values)


def _rival(sentence: _Sentence, kind: str, claim_keys: set[str], claim_names: set[str], name: bool) -> bool:
    """Whether a sentence gives another value of a kind than the claim does: a number of the class
    (a year, a time, "count runner"), or a full name the claim does not give."""
    if name:
        return any(not any(n in c or c in n for c in claim_names) for n in sentence.people)
    if not kind:  # a bare count ("14,200 in 2023") is a rival of a bare count, never of a year or a time
        return any(not c and k not in claim_keys and key_value(k) is not None for k, c in sentence.values)
    # a count of a thing has a bare count for a rival too ("1,840 households, up from 1,310 in 2022")
    bare = kind.startswith("count")
    return any((c == kind or (bare and not c and key_value(k) is not None)) and k not in claim_keys
               for k, c in sentence.values)


_A_CASE = regex.compile(r"year$|calendar (?:date|time)$")
"""Classes of the values that tell one case from another: a year, a date, a time of day."""


def crossed_pairs(claim: str, texts: Iterable[str]) -> list[tuple[Mention, str]]:
    """The claim's values (numbers and names) taken from a sentence about another case, each with
    the sentence that gives the claim's case.

    Args:
        claim: The claim text (one statement).
        texts: The claim's best evidence chunks.

    Returns:
        ``(value, sentence)`` for each value ``v`` of the claim beside a year, a date or a time ``w`` of it
        where every evidence sentence that holds ``v`` lacks ``w``, one of them gives another value
        of ``w``'s class, and a sentence that holds ``w`` lacks ``v``, gives a rival of it and
        holds more of the claim's other values than any sentence that holds ``v``. A name is
        read only when it may be a person's (:func:`~lexguard.grounding.signals._entities.personal`).
    """
    sentences = list(dict.fromkeys(s for text in texts for s in _sentences(text)))
    if not sentences:
        return []
    claim_keys = {k for m in numbers(claim) for k in (m.key, *m.alts)}
    claim_names = {e.key.lower() for e in entities(claim)}
    out: list[tuple[Mention, str]] = _relative_crossed(claim, sentences, claim_keys, claim_names)
    start = 0
    for part in clauses_of(claim):  # statement by statement: "X leads one clinic, and Y the other"
        offset = claim.find(part, start)
        start = offset + len(part)
        out += [(replace(m, span=(m.span[0] + offset, m.span[1] + offset)), text)
                for m, text in _crossed_in(part, sentences, claim_keys, claim_names)]
    return out


def _crossed_in(
    claim: str, sentences: list[_Sentence], claim_keys: set[str], claim_names: set[str]
) -> list[tuple[Mention, str]]:
    """:func:`crossed_pairs` of one statement."""
    names = entities(claim)
    inside = _NameSpans(e.span for e in names)
    nums = [m for m in numbers(claim) if not inside.hold(m.span)]
    if not nums or len(nums) + len(names) < 2:
        return []
    # each class once, and only the values that tell a case tried as cases: the pairs were quadratic
    # in the claim's values, and a claim may hold thousands
    classes = [number_class(claim, m) for m in nums]
    cases = [(m, c) for m, c in zip(nums, classes, strict=True) if _A_CASE.match(c)]
    values = [(m, m.key, c, False) for m, c in zip(nums, classes, strict=True)]
    values += [(e, e.key.lower(), "", True) for e in names if personal(e.text)]
    # the values a sentence holds, counted once per sentence (the count was quadratic in the values)
    held: dict[_Sentence, int] = {}

    def others_held(sentence: _Sentence, key: str, is_name: bool) -> int:
        if sentence not in held:
            held[sentence] = sum(1 for _, k, _, n in values if _holds(sentence, k, n))
        return held[sentence] - _holds(sentence, key, is_name)

    out: list[tuple[Mention, str]] = []
    for mention, key, kind, is_name in values:
        holders = [s for s in sentences if _holds(s, key, is_name)]
        if not holders:
            continue
        # the class as the sources write the value too: "1,320 runners" is their "1,320 finishers"
        kinds = {kind} | {c for s in holders for k, c in s.values if k == key}
        most = max(others_held(s, key, is_name) for s in holders)
        tried: set[tuple[str, str]] = set()
        for other, other_kind in cases:
            if other.span == mention.span or not (other.span[1] <= mention.span[0] or other.span[0] >= mention.span[1]):
                continue
            if other_kind in kinds or (other.key, other_kind) in tried:
                continue  # a case is told by its year, date or time ("$4 each" and "$400" are one case's),
                # of another kind than the value (an opening and a closing time are one day's), each once
            tried.add((other.key, other_kind))
            if any(_holds(s, other.key, False) for s in holders) or not any(
                    _rival(s, other_kind, claim_keys, claim_names, False) for s in holders):
                continue
            # the case is the claim's when its sentence holds more of the claim's other values
            case = next((s for s in sentences if s not in holders and _holds(s, other.key, False)
                         and any(_rival(s, k, claim_keys, claim_names, is_name) for k in kinds)
                         and others_held(s, key, is_name) > most), None)
            if case is not None:
                out.append((mention, case.sentence))
                break
    return out


class _NameSpans:
    """Where a claim's names stand, to tell in log time whether a number stands inside one: a number
    word of a name is no value ("Fenbury Half Marathon")."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self._starts = [start for start, _ in ordered]
        self._furthest = list(accumulate((end for _, end in ordered), max))

    def hold(self, span: tuple[int, int]) -> bool:
        """Whether a name starts at or before ``span`` and ends at or after its end."""
        index = bisect_right(self._starts, span[0]) - 1
        return index >= 0 and self._furthest[index] >= span[1]


_RELATIVE = regex.compile(
    r"\b(?:(?P<last>last|previous)|(?P<this>this|current)|(?P<next>next|coming))\s++(?:year|season)\b"
    r"|\b(?P<last2>(?:a|one)\s++year\s++(?:earlier|before|ago)|the\s++(?:year|season)\s++before)\b",
    regex.IGNORECASE,
)
"""A year told by its place beside the present one: "last year", "this year's", "a year earlier"."""


_THAN = regex.compile(r"\b(?:than|compared\s++(?:with|to))\b", regex.IGNORECASE)


def _relative_year(text: str) -> str | None:
    """Which year ``text`` names beside the present one ("last", "this" or "next"), or ``None``
    when it names none, or more than one."""
    kinds = {"last" if m.group("last") or m.group("last2") else "this" if m.group("this") else "next"
             for m in _RELATIVE.finditer(text)}
    return next(iter(kinds)) if len(kinds) == 1 else None


def _relative_crossed(
    claim: str, sentences: list[_Sentence], claim_keys: set[str], claim_names: set[str]
) -> list[tuple[Mention, str]]:
    """The claim's values that its year ("Last year's fair had 60 stalls") takes from the part of a
    sentence about another year, beside the part about the claim's, which gives a rival value:
    "There will be 60 stalls, up from 45 last year" (the part without a year of its own is this
    year's where the other part's is last or next year's)."""
    wanted = _relative_year(claim)
    if wanted is None or _COMPARED.search(claim) or _THAN.search(claim):
        return []  # a claim that compares the years itself ("335 more runners this year than last")
    parts_of: dict[str, list[_Sentence]] = {}
    for part in sentences:
        parts_of.setdefault(part.sentence, []).append(part)

    def year_of(part: _Sentence) -> str | None:
        own = _relative_year(part.text)
        if own is not None:
            return own
        others = {_relative_year(p.text) for p in parts_of[part.sentence] if p is not part}
        return "this" if others & {"last", "next"} else None

    out = []
    for mention in numbers(claim):
        kind = number_class(claim, mention)
        if _A_CASE.match(kind):
            continue  # a year, a date or a time tells a case of its own
        holders = [p for p in sentences if _holds(p, mention.key, False)]
        years = [year_of(p) for p in holders]
        if not holders or any(y is None or y == wanted for y in years):
            continue
        case = next((p for h in holders for p in parts_of[h.sentence]
                     if p is not h and year_of(p) == wanted and _compared_value(p, claim_keys)), None)
        if case is not None:
            out.append((mention, case.sentence))
    return out


def _compared_value(part: _Sentence, claim_keys: set[str]) -> bool:
    """Whether the part of a sentence about the claim's year gives a value the claim does not, of
    any kind but a year, a date or a time ("up from 45 last year": the 45 stands for what the
    sentence counts, whatever word follows it)."""
    return any(not _A_CASE.match(c) and k not in claim_keys and key_value(k) is not None for k, c in part.values)
