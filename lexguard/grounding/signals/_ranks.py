"""Claims that give a superlative another rank than the sources: "the highest-grossing animated
film of 2019" beside "the *second*-highest-grossing", "the largest lake" beside "the
*seventh*-largest", "the largest" beside "*one of* the largest".

Every other word of such a claim is in its evidence sentence, and the verifier, which reads the
superlative word, called them supported. :func:`rank_conflict` finds the evidence sentence that
gives the claim's superlative (by lemma: "largest" is "large") with another rank, while holding
most of the claim's other words. A weaker claim is no conflict: "one of the largest" beside
"the second-largest".
"""

from __future__ import annotations

from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._written import ORDINAL_WORDS
from lexguard.grounding.signals._lexical import STOPWORDS, Mention
from lexguard.grounding.signals._words import WORD, lemmas

__all__ = ["MIN_COVERAGE", "RankReading", "rank_conflict", "rank_within"]

MIN_COVERAGE = 0.6
"""Share of the claim's other content words the evidence sentence must hold."""

_ORDINALS = {
    "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
    "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15,
    "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19, "twentieth": 20,
}  # fmt: skip
_RANKED = regex.compile(
    r"(?P<some>\b(?:(?:one|some|many|several|few)\s+of|among)\s+(?:the|its|their|his|her)\s+(?:\w+\s+)?)?"
    r"(?:\b(?P<ordinal>" + "|".join(_ORDINALS) + r"|\d+(?:st|nd|rd|th))[\s-]+)?"
    r"\b(?P<word>(?:most|least)\s+\w+|\w+est|best|worst)\b",
    regex.IGNORECASE,
)
_POSSESSIVE = regex.compile(r"['\u2019]s?$")
_PRONOUN_SUBJECT = regex.compile(r"\b(?:it|he|she|they)\s+(?:is|was|are|were|remains|ranks|ranked|became|has\s+been)\b",
                                 regex.IGNORECASE)
"""A sentence that names its subject by a pronoun ("it is the second-tallest building in the city"):
the names of its passage's first sentence are its subject's."""
_NAME_WORD = regex.compile(r"(?<!^)(?<![.!?]\s)\b\p{Lu}\p{L}+")
_SOME = 0
"""The rank of "one of the largest", "among the best": some rank, the first perhaps."""


_SAME_SCALE = {"tall": "high", "big": "large"}
"""Adjectives that rank on one scale with another ("the tallest mountain" is "the highest peak")."""


class _Superlative(NamedTuple):
    lemma: str
    rank: int
    words: frozenset[str]
    """The words of the superlative phrase (not the claim's other content)."""


def _superlatives(text: str) -> list[_Superlative]:
    out = []
    for match in _RANKED.finditer(text):
        word = match.group("word").lower()
        head = word.split()[-1]
        if " " not in word and word not in ("best", "worst"):
            found = lemmas(word)
            if not found or found[0] == word:
                continue  # "forest", "interest", "west": no superlative
        degree, _, adjective = word.rpartition(" ")  # "most popular": ("most", "popular")
        lemma = f"{degree} {adjective}" if degree else (lemmas(word) or (word,))[0]
        lemma = _SAME_SCALE.get(lemma, lemma)  # "the tallest" beside "the second-highest peak"
        ordinal = (match.group("ordinal") or "").lower()
        rank = _SOME if match.group("some") else _ORDINALS.get(ordinal) or int(ordinal[:-2] or 1)
        out.append(_Superlative(lemma, rank, _lemma_set(match.group()) | _lemma_set(head)))
    return out


def _lemma_set(text: str) -> frozenset[str]:
    """The content words of ``text`` by first lemma ("cities" and "city" are one word)."""
    words = (_POSSESSIVE.sub("", w) for w in WORD.findall(text.lower()))  # "the country's" is "country"
    words = (w for w in words if w not in STOPWORDS and len(w) > 1)
    return frozenset((lemmas(w) or (w,))[0] for w in words)


def rank_conflict(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence that gives one of the claim's superlatives another rank, if any.

    Args:
        claim: The claim text.
        passages: The claim's best evidence chunks, best first.

    Returns:
        The sentence, when it holds at least :data:`MIN_COVERAGE` of the claim's other content
        words and ranks the same superlative otherwise: first where the claim says second,
        second where it says first (or "the largest" where it says "one of the largest" is no
        conflict; "one of the largest" where it says "the largest" is).
    """
    ranked = _superlatives(claim)
    if not ranked:
        return None
    subject_of = {}  # a sentence that names its subject by a pronoun: the names of its passage's first
    for passage in passages:
        opening, *later = passage_sentences(passage) or [""]
        for sentence in later:
            if _PRONOUN_SUBJECT.search(sentence):
                subject_of.setdefault(sentence, _lemma_set(" ".join(_NAME_WORD.findall(opening))))
    sentences = list(dict.fromkeys(s for passage in passages for s in passage_sentences(passage)))
    ranks_of = [_ranks_by_lemma(sentence) for sentence in sentences]
    names = entities(claim)
    ranked_at = next(iter(_RANKED.finditer(claim))).start()
    subject = names[0].text if names and names[0].span[0] < ranked_at else ""  # "Toronto" of "Toronto is the largest"
    for own in ranked:
        if own.rank == _SOME:
            continue  # "one of the largest" is said of the largest too
        rest = _lemma_set(claim) - own.words
        # the sentence that gives this superlative and holds most of the claim's other words
        held = [(len(rest & (_lemma_set(sentence) | subject_of.get(sentence, frozenset()))) / len(rest), n)
                for n, sentence in enumerate(sentences)
                if rest and own.lemma in ranks_of[n] and not _named_after(subject, sentence, own.lemma)]
        best = max(held, default=None)
        if best is not None and best[0] >= MIN_COVERAGE and own.rank not in ranks_of[best[1]][own.lemma]:
            if not any(share == best[0] and own.rank in ranks_of[n][own.lemma] for share, n in held):
                return sentences[best[1]]  # "Toronto is the largest" beside Montreal's "second-largest": no
    return None


def _named_after(subject: str, sentence: str, lemma: str) -> bool:
    """Whether the claim's subject stands in the sentence only after the superlative, as another
    thing than the one ranked ("it is the second-tallest building in the city, after the Meridian
    Spire" ranks "it", not the Meridian Spire)."""
    at = sentence.find(subject) if subject else -1
    if at < 0:
        return False
    first = next((m.start() for m in _RANKED.finditer(sentence) if any(
        f.lemma == lemma for f in _superlatives(m.group()))), len(sentence))
    return at > first


def _ranks_by_lemma(sentence: str) -> dict[str, set[int]]:
    """The ranks a sentence gives each superlative ("the eighth-largest in 1941 and the
    ninth-largest in 1979": large -> {8, 9})."""
    ranks: dict[str, set[int]] = {}
    for found in _superlatives(sentence):
        ranks.setdefault(found.lemma, set()).add(found.rank)
    return ranks


_JOINED = regex.compile(r",\s++(?:and|but|while|whereas)\s++|;\s++")
_WITHIN_COVERAGE = 0.5
"""Share of the claim's other content words the clause that gives a rank must hold more than."""
_PRONOUN_OPENING = regex.compile(r"\W*(?:it|he|she|they)\b", regex.IGNORECASE)
"""A clause opening with its subject's pronoun (not "their 2016 single peaked at ...": the single's rank)."""
_TOP = regex.compile(r"\btop[\s-]++$", regex.IGNORECASE)
_OUTSIDE = regex.compile(r"\boutside\s+(?:of\s+)?(?:the\s+)?$", regex.IGNORECASE)
_SUPERLATIVE_AFTER = regex.compile(r"[\s-]++(?P<word>(?:most|least)\s+\w+|\w+est|best|worst)\b", regex.IGNORECASE)
_RANK_WORDS = {w: i for i, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen "
    "nineteen twenty".split(), start=1)}
_PLACE_WORDS = ORDINAL_WORDS
_NUMBERED_RANK = regex.compile(
    r"\b(?:No\.|number|ranked|rank(?:ing)?\s+of(?:\s+world)?(?:\s+No\.)?)\s*+(\d{1,3}|" + "|".join(_RANK_WORDS)
    + r")(?:st|nd|rd|th)?\b|\b(?:finished|placed|ended|came(?=\s++in\b|\s++\p{L}++\s++(?:place|in|at|of|out|overall)\b))"
    + r"\s++(?:in\s++)?(\d{1,3}(?=st|nd|rd|th)|" + "|".join(_PLACE_WORDS) + r")", regex.IGNORECASE)
"""A rank by number: "No. 4", "ranked 3rd", "peaked at number three", "finished fifth", "came
second in the race" (not "Moth Kingdom came first", an order in time)."""


class RankReading(NamedTuple):
    """A claim's "top N" or "N busiest" read against the rank its evidence gives."""

    met: bool
    written: str
    """The rank as the evidence gives it, for the verifier ("sixth-busiest", "No. 4")."""
    start: int
    end: int
    """The claim's words it stands for ("| inside the world's top five |", "| ten busiest |")."""


def rank_within(claim: str, mention: Mention, passages: list[str]) -> RankReading | None:
    """Whether a claim's "top N" or "N busiest" holds for the rank its evidence gives: "inside the
    world's top five" beside "a career-high ranking of world No. 4", "one of Canada's ten busiest
    airports" beside "the sixth-busiest airport in the country". ``None`` when the number is no
    such rank, or no evidence sentence that holds most of the claim's other words gives one.

    Example:
        >>> from lexguard.grounding.signals._lexical import numbers
        >>> claim = "Kelso Airport is one of Canada's ten busiest airports."
        >>> rank_within(claim, numbers(claim)[0], ["Kelso Airport is the sixth-busiest airport in Canada."])
        RankReading(met=True, written='sixth-busiest', start=33, end=44)
    """
    top = _TOP.search(claim, max(0, mention.span[0] - 6), mention.span[0])
    after = _SUPERLATIVE_AFTER.match(claim, mention.span[1])
    try:
        limit = float(mention.key)
    except ValueError:
        return None
    if not (top or after) or not limit.is_integer():
        return None
    lemma = None
    if after is not None:
        found = _superlatives(after.group("word"))
        lemma = found[0].lemma if found else None
        if lemma is None:
            return None
    rest = _lemma_set(claim[: mention.span[0]] + " " + claim[mention.span[1]:]) - {"top", "one", "among"}
    if after is not None:
        rest -= _lemma_set(after.group("word"))
    best: tuple[float, dict[int, str]] | None = None
    for passage in passages:
        opening, *later = passage_sentences(passage) or [""]
        subject = _lemma_set(" ".join(e.text for e in entities(opening)))
        for sentence in (part for whole in (opening, *later) for part in _JOINED.split(whole)):  # a clause of its own:
            # "Four of their five albums reached the top ten, and their single peaked at number two"
            said_of_it = _PRONOUN_SUBJECT.search(sentence) or _PRONOUN_OPENING.match(sentence)
            held = _lemma_set(sentence) | (subject if said_of_it else frozenset())
            ranks = _ranked_as(sentence, lemma)
            share = len(rest & held) / len(rest) if rest else 0.0
            if ranks and share > _WITHIN_COVERAGE and (best is None or share > best[0]):
                best = (share, ranks)
    if best is None:
        return None
    outside = top is not None and _OUTSIDE.search(claim, max(0, top.start() - 20), top.start()) is not None
    within = {(rank <= limit) != outside for rank in best[1]}  # "outside the top three" beside "fifth"
    if len(within) != 1:
        return None
    written = next(iter(best[1].values()))
    if after is not None:
        return RankReading(within.pop(), written, mention.span[0], after.end())
    lead = _TOP_PHRASE.search(claim, max(0, top.start() - 40), top.end())
    return RankReading(within.pop(), written, lead.start() if lead else top.start(), mention.span[1])


_TOP_PHRASE = regex.compile(r"(?:\b(?:inside|in|within|among|into|outside(?:\s+of)?)\s+)?(?:the\s+)?(?:[\w'\u2019]+['\u2019]s\s+)?top[\s-]++$",
                            regex.IGNORECASE)


def _ranked_as(sentence: str, lemma: str | None) -> dict[int, str]:
    """The ranks a sentence gives a superlative (``lemma``), or by number ("No. 4", "ranked 3rd")
    when ``lemma`` is ``None``, each with its wording."""
    if lemma is None:
        return {_rank(m.group(1) or m.group(2)): m.group(2) or f"No. {_rank(m.group(1))}"  # "fifth", "No. 4"
                for m in _NUMBERED_RANK.finditer(sentence)}
    out: dict[int, str] = {}
    for match in _RANKED.finditer(sentence):
        for found in _superlatives(match.group()):
            if found.lemma == lemma and found.rank != _SOME:
                out.setdefault(found.rank, match.group().strip())
    return out


def _rank(written: str) -> int:
    """A rank written in digits or as a word ("3", "three")."""
    return int(written) if written.isdigit() else {**_RANK_WORDS, **_PLACE_WORDS}[written.lower()]
