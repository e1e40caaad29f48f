"""A claim's values written as its sources write them, for the models that read the claim.

The strict number rule reads "27/05/1937", "three hundred and thirty", "3.3 x 10^2" and "0.33 km"
as the sources' "27 May 1937", "330" and "330 metres"; the learned verifier does not, and called
such correct claims contradicted. :func:`as_sources_write` gives the claim with each value that
the rules matched to a source value replaced by the source's wording, so the verifier compares
like with like; a bound the evidence value meets is written as that value ("nearly 5 million"
beside "4.9 million": the verifier read the estimate as not in the sources), and an acronym the
sources only spell out as that phrase ("NTSB" for "National Transportation Safety Board"), and a
time read off a clock the sources spell out ("2:19:42" for "2hr 19min 42sec"). A value
the rules did not match is left as written: a wrong value is never rewritten into a right one.
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.claims._questions import answer_word
from lexguard.grounding.signals._ages import ages_as_births
from lexguard.grounding.signals._bounds import bound_of, read_bound
from lexguard.grounding.signals._citizens import citizens_as_people, names_citizenship
from lexguard.grounding.signals._decades import decade_evidence, decade_years
from lexguard.grounding.signals._derived import listed_with
from lexguard.grounding.signals._elapsed import read_elapsed
from lexguard.grounding.signals._comparisons import named_multiple
from lexguard.grounding.signals._lifetimes import read_lifetime
from lexguard.grounding.signals._multiples import multiple_reading
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers
from lexguard.grounding.signals._ranks import rank_within
from lexguard.grounding.signals._shares import has_share, shares_as_written
from lexguard.grounding.signals._year_bounds import year_bound
from lexguard.grounding.signals._units import CURRENCY_SIGNS, converted_form, quantity_kind
from lexguard.grounding.signals._vague_counts import read_vague, vague_counts
from lexguard.grounding.signals._years_compared import years_apart, years_order

__all__ = ["as_sources_write", "blank_answer_word", "read_urls", "source_forms"]


_URL_PATH = regex.compile(r"(?<=\bhttps?://[^\s/]+)/[^\s]*")
_URL_JOINERS = regex.compile(r"%20|[/_+=&?#.-]+")


def source_forms(index: Any) -> dict[str, str]:
    """Number key -> the wording of its first mention in the sources (kept on the index)."""
    cached = getattr(index, "_forms", None)
    if cached is None:
        cached = {}
        for chunk in index.chunks:
            for mention in numbers(chunk.text):
                cached.setdefault(mention.key, mention.text)
        index._forms = cached
    return cached


_CURRENCY_WORD = regex.compile(r"\s++(pounds?|quid|dollars?|bucks|euros?|yen|rupees?)\b", regex.IGNORECASE)
_SIGN_OF = {"pound": "\u00a3", "quid": "\u00a3", "dollar": "$", "buck": "$", "euro": "\u20ac", "yen": "\u00a5",
            "rupee": "\u20b9"}
"""The currency a word after a number names, by its sign: "12 pounds" is the sources' "£12"."""


def _is_share(key: str, alt: str) -> bool:
    """Whether ``alt`` is the percent reading of the fraction ``key`` ("0.2" and "20")."""
    value, percent = key_value(key), key_value(alt)
    return value is not None and percent is not None and 0 < value < 1 and abs(100 * value - percent) < 1e-6


def _replacement(claim: str, mention: Mention, forms: dict[str, str], index: Any) -> tuple[str, int, int] | None:
    """The sources' wording of a claim value and where the replaced text starts and ends, or ``None``."""
    start = mention.span[0]
    signed = mention.text[:1] in CURRENCY_SIGNS or (start > 0 and claim[start - 1] in CURRENCY_SIGNS)
    named = _CURRENCY_WORD.match(claim, mention.span[1])
    if named is not None and named.group(1).lower().startswith("pound") and quantity_kind(claim, mention) != "money":
        named = None  # "12 pounds of flour" weighs
    for key in (mention.key, *mention.alts):
        form = forms.get(key)
        if form is not None and named is not None and form[:1] == _SIGN_OF[named.group(1).lower().rstrip("s")]:
            return form, start, named.end()  # "12 pounds" as the sources' "£12"
        if form is not None and form[:1] in CURRENCY_SIGNS and not signed:
            continue  # "5 kg" is not the sources' "$5"
        if form is not None:
            if key != mention.key and _is_share(mention.key, key) and not form.endswith("%"):
                form += "%"  # "a fifth" read as the sources' "20%", not "20"
            return None if form == mention.text else (form, *mention.span)
    return converted_form(claim, mention, index)


def as_sources_write(claim: str, index: Any) -> str:
    """``claim`` with its values in the sources' wording where the rules matched them.

    Args:
        claim: The claim text.
        index: The source index (its chunks are read once for their numbers' wording).
    """
    if names_citizenship(claim):  # "a citizen of Poland" as the sources' "Polish"
        claim = citizens_as_people(claim, _flat_text(index))
    claim = _order_as_years(_durations_as_written(_acronyms_spelled(claim, index), index), index)
    if _AGE_WORDS.search(claim):  # "who turned 40 in 2020" as the sources' "born in 1980"
        claim = ages_as_births(claim, [_flat_text(index)])
    if has_share(claim):  # "more than half of the residents" as the sources' "54% of the residents"
        claim = shares_as_written(claim, _likely_evidence(claim, index))
    mentions = numbers(claim)
    if not mentions:
        return claim
    if _DASHED.search(claim):  # "7–2" as the sources' "7 to 2", before "2" is read as their "two"
        claim = _ranges_as_written(claim, index)
        mentions = numbers(claim)
    written = _values_in_place(claim, mentions, index)
    return _ranges_as_written(written, index) if _DASHED.search(written) else written  # "four–six"


def _order_as_years(claim: str, index: Any) -> str:
    """``claim`` with an order of two named things their years meet written as the years ("is newer
    than Weathervane Street" as "in 2010, Weathervane Street in 2002"): the verifier compares no years."""
    reading = years_order(claim, _likely_evidence(claim, index))
    if reading is None or not reading.met:
        return claim
    return f"{claim[: reading.start]}{reading.written}{claim[reading.end :]}"


_AGE_WORDS = regex.compile(r"\b(?:turn|turned|turns|turning|was|were|aged|hit|reached)\s++\S++\s++(?:\S++\s++){0,3}in\s++\d{4}\b",
                        regex.IGNORECASE)
_DASHED = regex.compile(r"(?<![\p{L}\p{N}.,])(?P<a>[\p{L}\p{N}.,]++)\s*+[\u2013\u2014-]\s*+(?P<b>[\p{L}\p{N}.,]++)")
"""Two values joined by a dash: a range or a score ("4–6 hours", "7–2"); tried only where a word
starts, and never given back (a 20,000-letter word took 15 s)."""


_ACRONYM = regex.compile(r"(?<![\p{L}\p{N}.])\p{Lu}{2,6}(?=s?(?![\p{L}\p{N}]))")


def _acronyms_spelled(claim: str, index: Any) -> str:
    """``claim`` with each acronym the sources never write spelled out as the phrase they write
    ("The NTSB is investigating" beside "The National Transportation Safety Board said ...": the
    verifier, which does not know the acronym, called the claim contradicted). The name rules
    already take the acronym for the phrase (:meth:`~lexguard.grounding.signals._names.NameFacts.gives`)."""
    if _ACRONYM.search(claim) is None:
        return claim
    names = index.profile.names

    def spelled(match: regex.Match[str]) -> str:
        letters = match.group().lower()
        if letters in names.acronyms:
            return match.group()
        return names.expansions.get(letters, match.group())

    return _ACRONYM.sub(spelled, claim)


_CLOCKED = regex.compile(r"(?<![\d:.])(\d{1,2}):([0-5]\d):([0-5]\d)(?![\d:])")


def _durations_as_written(claim: str, index: Any) -> str:
    """``claim`` with each time read off a clock ("in 2:19:42") written as the sources write the same
    hours, minutes and seconds ("2hr 19min 42sec", "2 hours 19 minutes and 42 seconds"): the verifier
    called the winner's time "not in the sources"."""
    if _CLOCKED.search(claim) is None:
        return claim
    text = _flat_text(index)

    def written(match: regex.Match[str]) -> str:
        h, m, sec = (int(g) for g in match.groups())
        spelled = regex.compile(
            rf"(?<!\d){h}\s*(?:h|hr|hrs|hours?)\.?,?\s*{m}\s*(?:m|min|mins|minutes?)\.?,?\s*(?:and\s+)?"
            rf"{sec}\s*(?:s|sec|secs|seconds?)\b")
        found = spelled.search(text)
        return found.group() if found else match.group()

    return _CLOCKED.sub(written, claim)


def _flat_text(index: Any) -> str:
    """The sources' chunks as one lower-case line (read once per index, however many claims)."""
    texts = getattr(index, "_flat_text", None)
    if texts is None:
        texts = index._flat_text = " ".join(" ".join(chunk.text.split()) for chunk in index.chunks).lower()
    return texts


def _ranges_as_written(claim: str, index: Any) -> str:
    """``claim`` with each "A–B" the sources write "A to B" written so ("every four to six hours",
    "voted 7 to 2"): the verifier called "backed it 7–2" contradicted by "voted 7 to 2"."""
    texts = _flat_text(index)

    def spelled(match: regex.Match[str]) -> str:
        words = f"{match.group('a')} to {match.group('b')}"
        written = regex.search(rf"(?<![\w.,]){regex.escape(words.lower())}(?![\w])", texts)  # not "14 to 60" for "4–6"
        return words if written else match.group()

    return _DASHED.sub(spelled, claim)


def _values_in_place(claim: str, mentions: list[Mention], index: Any) -> str:
    """``claim`` with each value the rules matched to a source value in the source's wording."""
    forms = source_forms(index)
    out, last = [], 0
    runs_to = {life.year: life.year_phrase for m in mentions
               if (life := read_lifetime(claim, m, _likely_evidence(claim, index))) is not None and life.met and life.year}
    for mention in mentions:
        start, end = mention.span
        if start < last:
            continue  # a date's day and year share the date's span
        if mention.span in runs_to and runs_to[mention.span] is not None:  # "By 2020, ... for more than three decades":
            out += [claim[last : runs_to[mention.span][0]]]  # read as "... since 1987"
            last = runs_to[mention.span][1]
            continue
        met = read_bound(claim, mention, _likely_evidence(claim, index)) if bound_of(claim, mention) else None
        year = year_bound(claim, mention, _likely_evidence(claim, index))
        if met is not None and met.value and met.start >= last:  # "nearly 5 million" beside 4.9 million: "4.9 million"
            new = (met.value, met.start, end)
        elif year is not None and year.met and year.start >= last:  # "before 2016" beside March 2015: "in 2015"
            new = (f"in {year.year}", year.start, end)
        elif (rank := rank_within(claim, mention, _likely_evidence(claim, index))) is not None and rank.met and (
                rank.start >= last):  # "one of the ten busiest" beside "the sixth-busiest": "sixth-busiest"
            new = (rank.written, rank.start, rank.end)
        elif (vague := _vague_met(claim, mention, index)) is not None:  # "a few hundred" beside "around 350": "around 350"
            new = vague
        elif (elapsed := read_elapsed(claim, mention, _likely_evidence(claim, index))) is not None and elapsed.met and (
                elapsed.start >= last):  # "took less than four years" beside its dates: "took from March 2019 to ..."
            new = (elapsed.written, elapsed.start, elapsed.end)
        elif (life := read_lifetime(claim, mention, _likely_evidence(claim, index))) is not None and life.met and (
                life.start >= last):  # "before she turned 30" beside her birth and the event's years: "in 1949"
            new = (life.written, life.start, life.end)
        elif (apart := years_apart(claim, mention, [s.content for s in index.sources])) is not None and apart.met and (
                apart.start >= last):  # "eight years after Weathervane Street": "after Weathervane Street in 2002"
            new = (apart.written, apart.start, apart.end)
        elif (named := named_multiple(claim, mention, _likely_evidence(claim, index))) is not None and named.met and (
                named.start >= last):  # "more than twice as large as Lake Ettel": "84 km², against 41 km² of Lake Ettel"
            new = (named.written, named.start, named.end)
        elif (multiple := multiple_reading(claim, mention, _likely_evidence(claim, index))) is not None and multiple.met and (
                multiple.written and multiple.start >= last):  # "more than three times its budget" beside the two values: "$212 million, against its budget"
            new = (f"{multiple.written}, against", multiple.start, multiple.end)
        elif (new := _replacement(claim, mention, forms, index)) is None and (
                new := _listed_count(claim, mention, forms, index)) is None and (
                new := _decade_as_year(claim, mention, index)) is None:
            continue
        if new[1] < last:
            continue
        out += [claim[last : new[1]], new[0]]
        last = max(end, new[2])
    if not out:
        return claim
    return "".join(out) + claim[last:]


def _vague_met(claim: str, mention: Mention, index: Any) -> tuple[str, int, int] | None:
    """A vague count ending in ``mention`` ("a few *hundred*") that the evidence value meets,
    written as that value ("around 350")."""
    for count in vague_counts(claim):
        start, end = count.mention.span
        if start <= mention.span[0] and mention.span[1] <= end:
            reading = read_vague(claim, count, _likely_evidence(claim, index))
            return (reading.written, start, end) if reading.met else None
    return None


_DECADE_BEFORE = regex.compile(r"(?:\bthe\s++)?(?:(?:early|mid|late)[\s-]++)?$", regex.IGNORECASE)


def _decade_as_year(claim: str, mention: Mention, index: Any) -> tuple[str, int, int] | None:
    """A decade the rules found holding the one evidence year it is about, written as that year:
    "was rebuilt in the 2000s" is read "was rebuilt in 2008" (the verifier reads no decades)."""
    if decade_years(claim, mention) is None or mention.key in source_forms(index):
        return None  # no decade; or the sources write it too ("by the 2010s")
    years = decade_evidence(claim, mention, _likely_evidence(claim, index))
    if len(years) != 1:
        return None
    before = _DECADE_BEFORE.search(claim, max(0, mention.span[0] - 12), mention.span[0])
    start = before.start() if before is not None else mention.span[0]
    return str(years[0]), start, mention.span[1]


_COUNTED = regex.compile(r"\s+([\p{L}-]+)")
"""The word after a count: the thing it counts ("four *branches*")."""
_MOST_LISTED = 20
"""Largest count read against a listed series."""


def _listed_count(claim: str, mention: Mention, forms: dict[str, str], index: Any) -> tuple[str, int, int] | None:
    """A count the sources give as a list, left out for the models: "has four branches" beside
    "has branches in Leeds, York, Hull and Bradford" is read "has branches" (the rules checked the
    count against the list; the verifier cannot count, and called the correct claim contradicted).
    Only a count of a thing the listing sentence names, and no number the sources write."""
    value = key_value(mention.key)
    thing = _COUNTED.match(claim, mention.span[1])
    if (value is None or not value.is_integer() or not 2 <= value <= _MOST_LISTED or thing is None
            or any(key in forms for key in (mention.key, *mention.alts))):
        return None
    if not any(int(value) in listed_with(text, thing.group(1)) for text in _likely_evidence(claim, index)):
        return None
    return "", mention.span[0], thing.start(1)


EVIDENCE_CHUNKS = 3
"""Chunks a bound is read against when the claim is written for the models (its best by BM25)."""


def _likely_evidence(claim: str, index: Any) -> list[str]:
    """The chunks that share the claim's rarest words (BM25), for reading its bounds before its
    evidence is chosen: one search of the index, however long the sources."""
    return [index.chunks[ci].text for ci in index.lexicon.top(content_words(claim), EVIDENCE_CHUNKS)]


def read_urls(text: str) -> str:
    """``text`` with the words of each URL path spaced out, for the models to read.

    "https://example.com/The_tower_is_540_metres_tall" states "The tower is 540 metres tall";
    read as one token it was called supported.
    """
    if "://" not in text:
        return text
    return _URL_PATH.sub(lambda m: " " + _URL_JOINERS.sub(" ", m.group()).strip() + " ", text)


def blank_answer_word(text: str) -> str:
    """``text`` with a leading "Yes," / "No," read as spaces (same length: spans keep).

    The word answers the question; the statement after it is the claim ("Yes, it was completed
    in 1889.", "No. The bridge is open."; the words are
    :func:`~lexguard.grounding.claims._questions.answer_word`'s). Read as part of the statement, "No," was a negation that the sentence stating
    the fact "contradicted", and "Yes," a word no source holds.
    """
    word = answer_word(text)
    if word is None or not text[word.end:].strip():
        return text  # a bare "No." is read with the question (:mod:`lexguard.grounding._polar`)
    return " " * word.end + text[word.end:]
