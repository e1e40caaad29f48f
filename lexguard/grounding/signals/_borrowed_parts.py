"""A part of a claim said of its subject that the sources say only of another subject.

"Halvorsen Foods ... plans to open a new plant in Ostrava in 2025" beside a document about
Halvorsen Foods and one that opens "Tessaro Bakeries announced it will open a new plant in Ostrava
in 2025": the plant is Tessaro's. "Heron Cottage ... has a hot tub" beside "Wren Cottage ... has a
wood-burning stove and a hot tub": that is Wren Cottage's. :func:`borrowed_part` reads both: the
other subject is another document's (:mod:`._other_source` finds the claim's subject), or an
item of the same range.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._dates import month_of
from lexguard.grounding.signals._doers import kin
from lexguard.grounding.signals._entities import entities, is_common_word
from lexguard.grounding.signals._lexical import STOPWORDS, content_words
from lexguard.grounding.signals._other_source import ANSWER_LEAD, SUBJECT_REACH, claim_subject, source_subject
from lexguard.grounding.signals._variants import TIERS, is_variant, variant_siblings, variants
from lexguard.grounding.signals._weekdays import days_named

__all__ = ["borrowed_part"]

_ARTICLE = regex.compile(r"^the\s++", regex.IGNORECASE)

_PART = regex.compile(
    r"[,;]\s*+(?:(?:and|but|(?-i:plus)|while|with)\s++)?|\s++(?:and|(?-i:plus))\s++|\s++(?=(?:after|while|whereas)\s)",
    regex.IGNORECASE,
)
"""Where a claim divides into the parts :func:`borrowed_part` reads: commas, "and", "plus" (not
"Plus" of "Pagecraft Plus"), "after"."""
_MIN_PART_WORDS = 2
"""Least words of a part missing from what names the claim's subject, and held by the other subject's sentence."""
_BORROWED_SHARE = 2 / 3
"""Least share of a part's missing words one sentence of the other subject holds."""



def _sibling(subject: str, name: str, kinds: frozenset[str] = frozenset()) -> bool:
    """Whether ``name`` is another item of the subject's range: the same words but a short, coded or
    tier last one (:func:`~lexguard.grounding.signals._doers.kin`; "Block D" of "Block C"), or the
    same common last word after another first one ("Wren Cottage" of "Heron Cottage"; or a word the
    documents write in lower case, ``kinds``: "Badger Lodge" beside "Both lodges"); not another
    member of a family ("Philippe Braham" of "Valerie Braham") or a body of a kind named otherwise
    ("Makerere University" of "Ahmadu Bello University")."""
    if is_variant(subject):  # "Standard" of "Deluxe", "one-bedroom" of "two-bedroom"
        return variant_siblings(subject, name)
    a, b = subject.lower().split(), _ARTICLE.sub("", name).lower().split()
    if len(a) == len(b) == 2 and a[1] == b[1] and a[0] != b[0] and (is_common_word(a[1]) or a[1] in kinds):
        return True  # two of a kind by their first word: "Heron Cottage" of "Wren Cottage"
    return a[:-1] == b[:-1] and kin(subject, _ARTICLE.sub("", name))


def borrowed_part(claim: str, sources: Iterable[tuple[str, str]]) -> str | None:
    """The source sentence that a part of ``claim`` repeats, when that part is said of the claim's
    named subject but the sources say it only of another subject: another document's, or an item
    of the same range.

    "Halvorsen Foods grew revenue by 6% ... and plans to open a new plant in Ostrava in 2025"
    beside a document about Halvorsen Foods and one that opens "Tessaro Bakeries announced it will
    open a new plant in Ostrava in 2025": the plant is Tessaro's. "Block C rooms ... are in the
    closest building to the sports centre" beside "Block D is the closest building to the sports
    centre": that is Block D. The claim's subject is its named subject or the name its opening
    words give (:func:`claim_subject`). The claim is cut at commas, "and", "plus" and "after"; a
    part is borrowed when two or more of its words (the subject's aside) are missing from what
    names the subject (the documents that write the words that tell it apart, "Larkspur" of
    "Larkspur Museum of Transport"; for a sibling item, the sentences that name it), and one
    sentence of the other subject holds two thirds or more of those, two at least: a sentence of a
    document that lacks those words and opens with a name the claim does not give (nor a document
    that writes the subject does), or a sentence that names a sibling of the
    subject (:func:`_sibling`: "Block D" of "Block C") and neither the subject nor "both", "all"
    or "each".

    Args:
        claim: The claim text.
        sources: ``(source id, text)`` of each retrieved document.

    Returns:
        The other subject's sentence, or ``None``.
    """
    subject = claim_subject(claim)
    docs = [_read(text) for _, text in sources]
    found = _from_another_document(claim, subject, docs) if subject else None
    item = _item_named(claim) or subject  # "Screen 1" of "Screen 1 has 220 recliner seats ..."
    if found is None and (len(item.split()) > 1 or is_variant(item)):
        flags = regex.IGNORECASE if item[:1].lower() + item[1:] not in _TIER_CASE else 0  # "Standard", not "standard"
        whole = regex.compile(rf"(?<![\w-]){regex.escape(item)}(?![\w-])", flags)
        sentences = [pair for doc in docs if whole.search(doc.text) for pair in doc.sentences]
        kinds = _kinds(tuple(doc.text for doc in docs if whole.search(doc.text)))
        named = [words for sentence, words in sentences if whole.search(sentence)]
        siblings = [(sentence, words) for sentence, words in sentences if not whole.search(sentence)
                    and not _SHARED.search(sentence) and any(_sibling(item, name, kinds) for name in _names(sentence))]
        # a sibling names the item the part is about: one missing word it holds is enough ("payroll")
        # the item's own words, and those of the name it stands in ("Pawshield" of "Pawshield Silver")
        own = set(content_words(item)).union(*(content_words(e.text) for e in entities(claim) if item in e.text))
        # a part names another item by its name, or by a sibling's name in lower case ("..., while
        # standard rooms from £110 overlook the garden" beside "Standard rooms have ... a garden view")
        others = {name.lower() for sentence, _ in siblings for name in _names(sentence) if _sibling(item, name, kinds)}
        found = _part_held(claim, own, frozenset().union(*named), siblings, least=1,
                           names_another=lambda part: any(_sibling(item, name, kinds) for name in _names(part))
                           or any(_written(name, part) for name in others)) if named and siblings else None
    return found


_LOWER_WORD = regex.compile(r"(?<![\w-])(?-i:\p{Ll}++)(?![\w-])")


def _written(name: str, part: str) -> bool:
    """Whether ``part`` writes ``name`` (lower case) as a whole word run, in any case."""
    return regex.search(rf"(?<![\w-]){regex.escape(name)}(?![\w-])", part, regex.IGNORECASE) is not None


@lru_cache(maxsize=32)
def _kinds(texts: tuple[str, ...]) -> frozenset[str]:
    """The words ``texts`` write in lower case, each also without a plural "s" ("lodges": lodge):
    a word they name a kind of thing by."""
    words = {w.group() for text in texts for w in _LOWER_WORD.finditer(text)}
    return frozenset(words | {w[:-1] for w in words if w.endswith("s")})


def _from_another_document(claim: str, subject: str, docs: list[_Document]) -> str | None:
    """The sentence of a document about another subject that a part of ``claim`` repeats."""
    own = set(content_words(subject))
    # the words that tell the subject apart: "Larkspur" of "Larkspur Museum of Transport", not "museum"
    telling = {w for w in own if not is_common_word(w)} or own
    home = [doc for doc in docs if telling <= doc.words]
    claim_words = set(content_words(claim))
    # a document that names the claim's subject and the other one's links them ("Ingrid Falk wrote
    # The Salt Road" beside "The Salt Road ... won the Nordic Council Literature Prize")
    away = [pair for doc in docs if doc not in home and doc.subject and not doc.subject & telling
            and not doc.subject <= claim_words and not any(doc.subject <= h.words for h in home)
            for pair in doc.sentences]
    return _part_held(claim, own, frozenset().union(*(d.words for d in home)), away) if home and away else None


_ITEM = regex.compile(r"(?<![\w-])(?P<word>\p{Lu}\p{Ll}++)\s++(?:\d{1,3}\p{L}?|\p{Lu})(?![\w-])")
"""An item of a range by its word and number or letter ("Screen 2", "Line 7", "Court C"), wherever
it stands, also opening a sentence (where :func:`~lexguard.grounding.signals._statements.coded_words`
does not read one: "Melt 2 tablespoons" there is a step); a sibling must be named too."""


_TIER_CASE = frozenset(tier[:1].lower() + tier[1:] for tier in TIERS)
"""Tier names as written in lower case: a tier is named with its capital ("Standard rooms", not "a standard router")."""


def _items(text: str) -> list[str]:
    """The items of a range ``text`` names (:data:`_ITEM`), a function word or a month aside ("From 2"),
    and its variants (:func:`~lexguard.grounding.signals._variants.variants`: "Deluxe", "two-bedroom")."""
    return [m.group() for m in _ITEM.finditer(text)
            if m.group("word").lower() not in STOPWORDS and month_of(m.group("word")) is None
            and not days_named(m.group("word"))] + variants(text)


def _item_named(claim: str) -> str:
    """The item of a range a claim's opening words name ("Line 4" of "From 2 September, Line 4
    will run ..."), else ""."""
    return next((item for item in _items(claim[: ANSWER_LEAD.match(claim).end() + SUBJECT_REACH])), "")


class _Document(NamedTuple):
    """A retrieved document as :func:`borrowed_part` reads it."""

    text: str
    sentences: tuple[tuple[str, frozenset[str]], ...]
    """Its sentences, each with its content words."""
    words: frozenset[str]
    subject: frozenset[str]
    """:func:`source_subject`."""


@lru_cache(maxsize=32)  # whole documents: a few, however long
def _read(text: str) -> _Document:
    """A document's sentences and words, read once however many claims are read against it."""
    sentences = tuple((sentence, frozenset(content_words(sentence))) for sentence in passage_sentences(text))
    return _Document(text, sentences, frozenset().union(*(w for _, w in sentences)), source_subject(text))


@lru_cache(maxsize=4096)
def _names(sentence: str) -> tuple[str, ...]:
    """The names of a sentence and the items of a range it names."""
    return tuple(e.text for e in entities(sentence)) + tuple(_items(sentence))


_LABELLED = regex.compile(r"((?:[\p{L}-]+\s++){1,4}?)(?:of|at|is|was|:)?\s*+[£$€]?(\d[\d,.]*)")


def _labels(part: str, home_words: frozenset[str]) -> set[str]:
    """The words that name a value just before it ("floor area" of "a floor area of 85 square
    metres"), for the values the subject's own statements give."""
    out: set[str] = set()
    for match in _LABELLED.finditer(part):
        if match.group(2).replace(",", "").rstrip(".") in home_words:
            out |= set(content_words(match.group(1)))
    return out


_SHARED = regex.compile(
    r"\b(?:both|all|each|either|every(?!\s++(?:\d|other|few|couple|day|week|month|year|hour|minute|morning|afternoon"
    r"|evening|night|weekend|\p{L}+day\b)))\b",
    regex.IGNORECASE,
)
"""Words of a sentence that speaks of several items at once ("Both plans include ...", "every
plan"; not "every 20 minutes", a frequency)."""


def _part_held(claim: str, own: set[str], home_words: frozenset[str], away: list[tuple[str, frozenset[str]]],
               least: int = _MIN_PART_WORDS, names_another: Callable[[str], bool] = lambda part: False) -> str | None:
    """The first of the ``away`` sentences (with their words) that holds two thirds or more (and
    ``least`` or more) of the words of a part of ``claim`` that ``home_words`` lack (``own`` aside);
    a part that names another item is about that one ("..., while Line 4 runs every 15 minutes"),
    and so are the parts after it that do not name the subject again."""
    elsewhere = False  # the parts after one that names another item are about that one, until the subject's again
    for part in _PART.split(claim):
        words = set(content_words(part or ""))
        if names_another(part or ""):
            elsewhere = True
            continue
        elsewhere = elsewhere and not words & own
        missing = words - own - home_words
        if len(missing) < least or elsewhere:
            continue
        if missing <= _labels(part or "", home_words):
            continue  # the name of a value the subject's statement gives ("a floor area of | 85 square metres")
        for sentence, theirs in away:
            held = missing & theirs
            if len(held) >= least and len(held) >= _BORROWED_SHARE * len(missing):
                return sentence
    return None
