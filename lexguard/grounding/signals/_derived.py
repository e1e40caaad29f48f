"""Numbers an answer derives from the sources in one arithmetic step.

"The stadium holds 7,000 more spectators" when the sources give 18,000 and 25,000, "Half the
recipe needs 200 grams" when they give 400, "Building it took five years" from 2014 and 2019:
the number is in no source, yet it is correct. The strict number rule
(``GroundingConfig.strict_values``) would fail such claims, and on RAGTruth about a quarter of
the false alarms were of this kind. A claim number counts as *derived* when one step (sum,
difference, product, half or double) over two numbers of the claim's best evidence chunks gives
it; the strict rule stands aside. The support model still judges the claim, and the verifier
too, except that it cannot alone call a claim with a number *worked out* (from 10 up, a span of
years, a small remainder said in words) contradicted: it does no arithmetic (``grounding/_scoring.py``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import combinations

import regex

from lexguard.grounding.signals._ages import age_in_a_year, is_age, years_apart
from lexguard.grounding.signals._lexical import Mention, _norm, content_words, key_value
from lexguard.grounding.signals._phase_years import other_end_year
from lexguard.grounding.signals._references import names_a_source
from lexguard.grounding.signals._rivalled import MIN_TIED, close as _close, rivalled, tied_elsewhere
from lexguard.grounding.signals._shown_working import shown_chain
from lexguard.grounding.signals._single_units import one_year_told
from lexguard.grounding.signals._times_counted import other_count, thing_counted_otherwise
from lexguard.grounding.signals._totals import totalled
from lexguard.grounding.signals._clock import timed
from lexguard.grounding.signals._times_written import hour_parts
from lexguard.grounding.signals._units import UNITS
from lexguard.grounding.signals._decades import in_decade
from lexguard.grounding.signals._weekdays import open_weekdays
from lexguard.grounding.signals._words import WORD, stem

__all__ = ["MAX_POOL", "MIN_DERIVED", "RATIO_WORDS", "counted", "is_derived", "list_counts", "listed_with", "small_step", "spans_years", "states_ratio", "unknown_numbers"]

RATIO_WORDS = frozenset({"half", "quarter", "twice", "double", "doubled", "triple", "tripled", "halved"})
"""Number words that state a ratio, not a value of their own ("half the recipe")."""
_TIMES = regex.compile(
    r"(?:twice|thrice)\b(?!\s+(?:as|the|that|what|its|their|his|her|our|your|a|an|per|each|every|more|less|over|daily"
    r"|weekly|monthly|yearly|nightly)\b)",
    regex.IGNORECASE,
)
""""Twice" as how many times something happens ("can be renewed twice", "won twice in Paris"), not
a ratio ("twice as long", "twice the price", "twice a day")."""
_OTHER_TIMES = regex.compile(r"\b(?:once|thrice|(?:three|four|five|six|\d+)\s+times)\b(?!\s+(?:as|the|a|an|per)\b)",
                            regex.IGNORECASE)
"""Another count of times in the evidence ("renewed *once*"), which a claim's "twice" contradicts."""

MAX_POOL = 12
"""At most this many evidence numbers are combined: more would derive almost any number."""

MIN_DERIVED = 10
"""Smaller numbers are not derived: from a handful of evidence numbers almost any of them could
be (on RAGTruth train such chance derivations hid wrong counts)."""


_REMAINDER_CUE = regex.compile(
    r"\b(?:rest|remaining|remainder|others?|left|not|never|without|except|more|fewer|less|total|altogether"
    r"|combined|in\s+all|difference|apart|besides)\b|n't\b",
    regex.IGNORECASE,
)
"""Words of a claim that say its small number is a remainder, a difference or a sum ("three they
did not win", "five in total")."""
_EVIDENCE_REMAINDER = regex.compile(r"\b(?:the\s+rest|the\s+remaining|the\s+remainder|the\s+others)\b", regex.IGNORECASE)
"""Words of the evidence that leave a remainder to work out ("the rest are appointed by the mayor")."""
SMALL_POOL = 6
"""A small number is derived only from the first few numbers of the best evidence: from more,
almost any small number could be."""


_SERIES_END = regex.compile(r",?\s+(?:and|or)\s+", regex.IGNORECASE)
_SENTENCE = regex.compile(r"(?<=[.!?;])\s+")


def list_counts(text: str) -> frozenset[int]:
    """How many items each series of ``text`` lists ("A, B, C and D": 4), for counts an answer
    gives of them ("The band has four members.").

    A series is a run of comma-separated items closed by "and" / "or", counted in each sentence
    from its last colon on.
    """
    counts: set[int] = set()
    for sentence in _SENTENCE.split(text):
        head = sentence.rsplit(":", 1)[-1]
        ends = list(_SERIES_END.finditer(head))
        if not ends:
            continue
        before = head[: ends[-1].start()]
        commas = before.count(",")
        if commas:
            counts.add(commas + 2)
            # an apposition's commas part no items: "Money Matters, a course at Hatherley College,
            # covers budgeting, tax, pensions and investing" lists 4 (6 is kept too)
            appositions = len(_APPOSITION.findall(before))
            if appositions and commas - 2 * appositions > 0:
                counts.add(commas - 2 * appositions + 2)
    return frozenset(counts)


_APPOSITION = regex.compile(r"(?<=\p{Lu}[\p{L}'\u2019.-]*),\s+(?:a|an|the)\s+[^,]{1,80},")
"""An apposition after a name ("Home Skills, a free course at Dunmore College, ...")."""


def listed_with(text: str, noun: str) -> frozenset[int]:
    """How many items each series of ``text`` lists in a sentence that names ``noun`` (a claim's
    counted thing, compared by stem): "has branches in Leeds, York, Hull and Bradford" lists 4
    branches; a series of museums in a sentence with no "cities" counts no cities."""
    wanted = stem(noun.lower())
    return frozenset(n for sentence in _SENTENCE.split(text)
                     if any(stem(w) == wanted for w in WORD.findall(sentence.lower()))
                     for n in list_counts(sentence))


def is_derived(
    mention: Mention, evidence_keys: Iterable[str], *, ratio_stated: bool = False, counts: frozenset[int] = frozenset()
) -> bool:
    """Whether ``mention`` is a ratio word or one arithmetic step from two evidence numbers.

    Args:
        mention: A number found in a claim (its ``key`` is the normalised value).
        evidence_keys: Keys of the numbers in the claim's best evidence chunks, best chunk first.
        ratio_stated: Whether the claim says it halves or doubles (:func:`states_ratio`); only
            then may the number be half or twice an evidence number ("32 GB" is not derived from
            "16 GB" by itself).
        counts: How many items the evidence lists in its series or records
            (:func:`list_counts`, JSON arrays).

    Returns:
        True when the number is a ratio word ("half"), the count of a listed series, equals
        a + b, |a - b| or a * b for evidence numbers a, b (both above 1: a product with "1/2" or
        "0.5" is a halving, which the claim must state), or (with ``ratio_stated``) a / 2 or 2 * a.
    """
    if mention.text.lower() in RATIO_WORDS:
        return True
    value = key_value(mention.key)
    if value is not None and value.is_integer() and int(value) in counts:
        return True
    if value is None or abs(value) < MIN_DERIVED:
        return False
    pool: list[float] = []
    for key in evidence_keys:
        number = key_value(key)
        if number is not None and number not in pool:
            pool.append(number)
        if len(pool) >= MAX_POOL:
            break
    if ratio_stated and any(_close(value, a / 2) or _close(value, a * 2) for a in pool):
        return True
    return any(
        _close(value, a + b) or _close(value, abs(a - b)) or (min(a, b) > 1 and _close(value, a * b))
        for a, b in combinations(pool, 2)
    )


_HEAD = regex.compile(r"[\s-]+((?:[\p{L}'\u2019-]+\s+){0,2}?[\p{L}'\u2019-]+?)(?=\s*(?:[.,;:!?()]|$|\s(?:in|of|for|and|or|to|at|by|from|with|on|that|which|who)\b))")


def counted(claim: str, mention: Mention, texts: Iterable[str], days: int = 0) -> bool:
    """Whether a small claim number counts the mentions of the thing it counts in the evidence.

    "She won two Nobel Prizes" beside "... won the Nobel Prize in Physics ... She won a second
    Nobel Prize, in Chemistry": the evidence names two Nobel Prizes, one per mention. A count of
    days a week is the number of weekdays the evidence, or the sources (``days``), name outside
    a sentence saying "closed" ("open six days a week" beside hours for Monday to Saturday). A
    number of a unit counts nothing: "every two hours" beside "six hours" and "24 hours".
    """
    value = key_value(mention.key)
    head = _HEAD.match(claim, mention.span[1])
    if value is None or not value.is_integer() or not 2 <= value <= MAX_POOL or head is None:
        return False
    phrase = " ".join(_root(w) for w in content_words(head.group(1)))
    if not phrase:
        return False
    if phrase.split() in (["day", "week"], ["days", "week"]):  # "open six days a week" beside each day's hours
        return max(days, len(open_weekdays(texts))) == int(value)
    if head.group(1).split()[0].lower() in UNITS:  # "every two hours" measures; it counts no mentions
        return False
    sentences = dict.fromkeys(s.strip() for text in texts for s in _SENTENCE.split(text))  # chunks overlap
    joined = " ".join(" " + " ".join(_root(w) for w in _norm(s).split()) + " " for s in sentences)
    return joined.count(f" {phrase} ") == int(value)


def small_step(claim: str, mention: Mention, evidence_keys: Iterable[str], texts: Iterable[str]) -> bool:
    """Whether a number below :data:`MIN_DERIVED` is the sum or difference of two of the first
    :data:`SMALL_POOL` numbers of the evidence (years aside), and the claim says so in words, or
    the best evidence leaves a remainder to work out.

    "The mayor appoints four of the committee's members" beside "The committee has nine members.
    Five of them are drawn from the council, and the rest are appointed by the mayor" (9 - 5);
    "there were three they did not win" beside "played 10 matches and won 7". Without such words
    the small number is left to the strict rule: a chance sum hid wrong counts on RAGTruth train.
    """
    value = key_value(mention.key)
    if value is None or not value.is_integer() or not 1 <= value < MIN_DERIVED:
        return False
    best = next(iter(texts), "")
    if not (_REMAINDER_CUE.search(claim) or _EVIDENCE_REMAINDER.search(best)):
        return False
    numbers = (n for n in (key_value(k) for k in evidence_keys) if n is not None and not 1000 <= n <= 2100)
    pool = list(dict.fromkeys(numbers))[:SMALL_POOL]
    return any(_close(value, a + b) or _close(value, abs(a - b)) for a, b in combinations(pool, 2))


_YEARS_AFTER = regex.compile(r"[\s-]+(?:full\s+|whole\s+)?years?\b", regex.IGNORECASE)


def spans_years(claim: str, mention: Mention, evidence_keys: Iterable[str]) -> bool:
    """Whether a number of years ("took five years") is the distance between two years of the
    evidence ("began in 2014 and was finished in 2019"), however small."""
    value = key_value(mention.key)
    if value is None or not value.is_integer() or not 1 <= value <= 200 or not _YEARS_AFTER.match(claim, mention.span[1]):
        return False
    years = {n for n in (key_value(k) for k in evidence_keys) if n is not None and n.is_integer() and 1000 <= n <= 2100}
    return any(abs(a - b) == value for a, b in combinations(sorted(years), 2))


def _root(stem: str) -> str:
    """A stem without a final "e": "prizes" stems to "priz", "prize" to "prize"."""
    return stem[:-1] if stem.endswith("e") and len(stem) > 3 else stem


def unknown_numbers(
    mentions: Iterable[Mention], claim: str, known: set[str], evidence_keys: list[str],
    counts: frozenset[int] = frozenset(), texts: Iterable[str] = (), days: int = 0,
) -> tuple[list[Mention], list[Mention]]:
    """The claim's numbers that are neither stated (``known``: sources and question) nor derived
    from the evidence, nor the label of a source ("According to passage 1", :mod:`._references`);
    and those that are *worked out*: from :data:`MIN_DERIVED` up, one arithmetic step over two
    evidence numbers; a span of years (an age only so: :func:`~lexguard.grounding.signals._ages.years_apart`); a small remainder said in words (:func:`small_step`); a
    decade that holds a year of the evidence ("the 1980s" beside 1985); a total of several numbers
    (:func:`~lexguard.grounding.signals._totals.totalled`); a time and a duration, or the span
    between two times (:func:`~lexguard.grounding.signals._clock.timed`). A
    ratio word and a count of listed items are derived, not worked out.

    Args:
        mentions: The numbers found in the claim.
        claim: The claim text (for "half" / "twice").
        known: Keys of the numbers in the sources and the question.
        evidence_keys: Keys of the numbers in the claim's best evidence chunks, best chunk first.
        counts: How many items the evidence lists (see :func:`is_derived`).
        texts: The claim's best evidence chunks, for counts of what they mention (:func:`counted`).
        days: How many weekdays the sources name, for a count of days (:func:`counted`).

    Returns:
        ``(unknown, worked_out, shown)``: ``shown`` holds the worked-out numbers that the claim's
        own written working gives (:func:`~lexguard.grounding.signals._shown_working.shown_chain`).
    """
    ratio = states_ratio(claim)
    texts = list(texts)
    mentions = list(mentions)
    shown = shown_chain(claim, mentions, known, texts)
    unknown: list[Mention] = []
    worked: list[Mention] = []
    written: list[Mention] = []
    for m in mentions:
        if other_count(claim, m, texts) or _top_rank(claim, m, texts) is False:  # "No. 2 seed" beside "the top seed"
            unknown.append(m)  # "renew them up to three times" beside "renewed twice" (three weeks elsewhere)
            continue
        if m.key in known or known.intersection(m.alts) or names_a_source(claim, m):
            continue
        if _TIMES.match(claim, m.span[0]) and any(_OTHER_TIMES.search(t) for t in texts):
            unknown.append(m)  # "can be renewed twice" beside "can be renewed once": a count of times, no ratio
            continue
        if age_in_a_year(claim, m, texts):
            worked.append(m)  # "who turned 40 in 2020" beside "born in 1980": each follows from the other
            continue
        if is_age(claim, m):  # an age is stated, or the years between two dates; never worked out of other numbers
            (worked if years_apart(m, evidence_keys) else unknown).append(m)
            continue
        if m.span in shown:
            worked.append(m)  # "half of the standard £30 fee, which is £15": the claim's own step
            written.append(m)
            continue
        if in_decade(claim, m, texts):
            worked.append(m)  # "born in the 1970s" beside 1973: no sum of 1973 and "three times"
            continue
        value = key_value(m.key)
        arithmetic = (m.text.lower() not in RATIO_WORDS and value is not None and abs(value) >= MIN_DERIVED
                      and is_derived(m, evidence_keys, ratio_stated=ratio))
        stepped = not arithmetic and small_step(claim, m, evidence_keys, texts)
        if ((arithmetic and (rivalled(claim, m, texts) or other_end_year(claim, m, texts)))
                or (stepped and tied_elsewhere(claim, m, texts))):
            unknown.append(m)  # "or 5 days for fever" beside "or 3 days for fever" (5 is 2 + 3, by chance)
        elif (arithmetic
                or spans_years(claim, m, evidence_keys) or stepped
                or in_decade(claim, m, texts) or totalled(claim, m, known, texts)
                or timed(claim, m, texts) or _share_of(claim, m, mentions, evidence_keys)
                or one_year_told(claim, m.span, texts)):  # "in a year" beside "up from 87 the year before"
            worked.append(m)
        elif not (is_derived(m, evidence_keys, ratio_stated=ratio, counts=counts) or counted(claim, m, texts, days)
                  or _one_as_a(claim, m, texts)) or thing_counted_otherwise(claim, m, texts):
            unknown.append(m)  # a count of listed items is no count of a thing the evidence counts otherwise ("2 eggs")
    return unknown, worked, written


_APPROXIMATE = regex.compile(r"\b(?:about|around|roughly|nearly|almost|some|approximately|just\s+(?:over|under))\s*+$",
                            regex.IGNORECASE)


def _share_of(claim: str, mention: Mention, mentions: list[Mention], evidence_keys: list[str]) -> bool:
    """Whether a share the claim gives of a total it also gives ("about a third of its 3.5 million
    users") is the evidence's part of that total (1.2 million of 3.5 million: 34%): to the percent
    as written, within 6% of a fraction said in words, within 10% when the claim says "about"."""
    percent = mention.text.rstrip().endswith("%") or regex.match(r"\s*(?:%|per\s*cent|percent)", claim[mention.span[1]:])
    values = [key_value(k) for k in (mention.key, *mention.alts)]
    share = next((v for v in values if v is not None and 0 < v < 1), None)
    totals = {key_value(m.key) for m in mentions if m is not mention} - {None}
    parts = [v for k in evidence_keys[:MAX_POOL] if (v := key_value(k)) is not None and v > 0]
    if share is None or not totals:
        return False
    loose = _APPROXIMATE.search(claim, 0, mention.span[0]) is not None
    for total in totals:
        for part in parts:
            if part >= total:
                continue
            if percent and abs(100 * part / total - 100 * share) <= (1.5 if loose else 0.5):
                return True
            if not percent and math.isclose(part / total, share, rel_tol=0.10 if loose else 0.06):
                return True
    return False


_NEXT = regex.compile(r"\s*([\p{L}]+)")


def _one_as_a(claim: str, mention: Mention, texts: list[str]) -> bool:
    """Whether a claim's "1 litre" is the evidence's "a litre" (or "an hour", "one teaspoon")."""
    after = _NEXT.match(claim, mention.span[1])
    if mention.key != "1" or after is None:
        return False
    word = regex.compile(rf"\b(?:a|an|one)\s+{regex.escape(after.group(1))}\b", regex.IGNORECASE)
    return any(word.search(t) for t in texts) or _top_rank(claim, mention, texts) is True


_RANK_SIGN = regex.compile(r"(?:\bNo\.?|\bnumber|#)\s*+$", regex.IGNORECASE)
_NOUNS_AFTER = regex.compile(r"\s*+(?:-\s*+)?(\p{L}+)(?:\s++(\p{L}+))?")


def _top_rank(claim: str, mention: Mention, texts: list[str]) -> bool | None:
    """Whether a claim's "No. 1 playoff seed" (or "number one", "#1") is the evidence's "top seed"
    ("top-seeded", "the top spot"): the top of a ranking of the same noun; ``False`` for another
    rank where the evidence gives the top ("No. 2 seed" beside "the top seed"); ``None`` for no
    rank of a noun the evidence gives the top of."""
    after = _NOUNS_AFTER.match(claim, mention.span[1])
    if not _RANK_SIGN.search(claim, max(0, mention.span[0] - 8), mention.span[0]) or after is None:
        return None
    nouns = [w for w in after.groups() if w]
    top = regex.compile(rf"\btop[\s-]++(?:\p{{L}}+\s++)?(?:{'|'.join(map(regex.escape, nouns))})", regex.IGNORECASE)
    if not any(top.search(t) for t in texts):
        return None
    return mention.key == "1"


def states_ratio(text: str) -> bool:
    """Whether a claim states a halving or doubling ("half the recipe", "twice as many"); "twice
    daily" is a frequency, no ratio ("Take 1000 mg twice daily" is not twice "500 mg")."""
    for part in reversed(hour_parts(text)):  # "a quarter of an hour" is 15 minutes, no ratio
        text = f"{text[: part.span[0]]} {text[part.span[1] :]}"
    text = _FREQUENCY.sub(" ", text)
    return any(word in RATIO_WORDS for word in text.lower().replace("-", " ").split())


_FREQUENCY = regex.compile(
    r"\b(?:twice|three\s+times|once)\s+(?:a|an|per|each|every)?\s*(?:day|daily|week|weekly|month|monthly|year|yearly|hour|night)\b"
    r"|\btwice\s+(?:daily|weekly|monthly|yearly|nightly)\b",
    regex.IGNORECASE,
)
