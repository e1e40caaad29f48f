"""A claim's subject moved from one source to another.

Two retrieved documents about two people: "Harriet Moll ... She is known for her recordings of
Sibelius." and "Tomasz Wrona founded the Krakow Chamber Players ...". "Tomasz Wrona is known for
his recordings of Sibelius" holds only words the sources hold; the statement it repeats is about
Moll, in a document that never names Wrona. :func:`about_another` reads that: the value binding
(:mod:`lexguard.grounding.signals._binding`) calls the subject misplaced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, NamedTuple

import regex

from lexguard.grounding.claims._sentences import passage_sentences
from lexguard.grounding.signals._doers import kin
from lexguard.grounding.signals._entities import entities, is_common_word, personal
from lexguard.grounding.signals._dates import month_of
from lexguard.grounding.signals._lexical import STOPWORDS, content_words
from lexguard.grounding.signals._relatives import STATEMENT_VERB
from lexguard.grounding.signals._statements import coded_words
from lexguard.grounding.signals._variants import TIERS, is_variant, variant_siblings, variants
from lexguard.grounding.signals._weekdays import days_named
from lexguard.grounding.signals._words import can_be_verb

__all__ = [
    "about_another", "borrowed_part", "claim_subject", "held_by_another", "named_subject", "source_subject", "subject_elsewhere",
]

_TITLES = frozenset({"dr", "mr", "mrs", "ms", "prof", "sir", "st", "the", "of", "and"})
_OPENING = 400
"""Characters of a source its subject is looked for in: the first name it gives."""


_MOST_SUBJECT_WORDS = 5


def named_subject(statement: str) -> str:
    """The words before a statement's first verb when they name something ("Flat 3C" of "Flat 3C
    has a floor area ...", "Halvorsen Foods" of "Halvorsen Foods grew revenue ..."), else ""."""
    verb = STATEMENT_VERB.search(statement)
    subject = statement[: verb.start()].strip() if verb is not None else ""
    if not subject or len(subject.split()) > _MOST_SUBJECT_WORDS:
        return ""
    return subject if (coded_words(subject) or entities(subject)) else ""


def source_subject(text: str) -> frozenset[str]:
    """Words (stems) of the first name a source gives: what the document is about ("Harriet Moll
    became principal conductor ..."), a name in capitals aside (a heading, an acronym); empty when
    its opening names nothing."""
    found = [e for e in entities(text[:_OPENING]) if not e.text.isupper()]  # not a heading ("ON-TERMINAL")
    return frozenset(content_words(found[0].text)) if found else frozenset()


def _written_in(name: str, text: str) -> bool:
    """Whether ``text`` writes a word of ``name`` (titles aside; "U.S." as "US")."""
    found = regex.findall(r"[\p{L}\p{N}]+", name.replace(".", ""))
    words = [w for w in found if len(w) > 1 and w.lower() not in _TITLES]
    bare = text.replace(".", "")
    # a whole word, or one with a possessive ("Velentzas'", "Holm's"; not "Holmes" for "Holm")
    return any(regex.search(rf"(?<!\w){regex.escape(w)}(?!\w(?<!['\u2019]s))", bare, regex.IGNORECASE) for w in words)


def about_another(
    name: str,
    anchor_names: Iterable[str],
    topic: frozenset[str],
    source_text: str,
    holder_subjects: Iterable[frozenset[str]],
    claim_names: list[set[str]],
) -> bool:
    """Whether the statement a claim's subject ``name`` is read against is about another source's
    subject, in a source that never names ``name``, while ``name`` is another source's subject.

    Args:
        name: The claim's subject, as written ("Tomasz Wrona").
        anchor_names: Keys of the names the statement itself gives.
        topic: Words of the names a statement opening with a pronoun may be about ("She is known
            ..." after "Harriet Moll became principal conductor of the Bergen Philharmonic").
        source_text: The whole source the statement is in.
        holder_subjects: The subjects (:func:`source_subject`) of the other sources that name
            ``name``.
        claim_names: Key words of each of the claim's names.

    Returns:
        ``True`` when the statement's source never writes ``name``, names as its subject a name
        the claim does not give, and the statement names that subject (or, opening with a
        pronoun, follows a sentence that does); and ``name`` is the subject of a source that
        names it. A statement of a document about something else (a definition, a list) is left
        alone: an answer may join what several documents say.
    """
    own = set(content_words(name))
    subject = source_subject(source_text)
    # the words of the name that tell it from the source's subject: "Kingsway" of "Kingsway
    # Pharmacy" beside a source about Parkside Pharmacy (what both share names their kind)
    telling = " ".join(w for w in name.split() if set(content_words(w)) - subject) if subject else name
    if not own or _written_in(telling or name, source_text) or not any(own & s for s in holder_subjects):
        return False
    given = set().union(*claim_names) if claim_names else set()
    if not subject or subject <= own or own <= subject or subject <= given:
        return False
    named = set(topic).union(*(set(content_words(n)) for n in anchor_names))
    return subject <= named


def subject_elsewhere(
    index: Any,
    chunk: int,
    names: Iterable[str],
    topic: frozenset[str],
    name: str,
    holder_chunks: Iterable[int],
    claim_names: list[set[str]],
) -> bool:
    """Whether the statement in ``chunk`` that a claim's subject ``name`` is read against is about
    another source's subject, in a source that never names ``name``, itself the subject of one of
    the other sources that name it (the chunks ``holder_chunks``; :func:`about_another`), and no
    source that names ``name`` names that subject too. ``index`` is the
    :class:`~lexguard.grounding.evidence._index.SourceIndex` (untyped, as in the other signals:
    they sit below the evidence stage)."""
    texts = {s.id: s.content for s in index.sources}
    source_id = index.chunks[chunk].source_id
    others = {index.chunks[c].source_id for c in holder_chunks} - {source_id}
    if source_id not in texts or not others:
        return False
    subjects = [source_subject(texts[i]) for i in others if i in texts]
    anchor_subject = source_subject(texts[source_id])
    if anchor_subject and any(_names_all(anchor_subject, texts[i]) for i in others if i in texts):
        return False  # a source that names the claim's subject names this one too: it links them
    return about_another(name, names, topic, texts[source_id], subjects, claim_names)


def _names_all(subject: frozenset[str], text: str) -> bool:
    """Whether ``text`` holds every word (stem) of ``subject``."""
    return subject <= set(content_words(text))


def held_by_another(index: Any, chunk: int, holder_chunks: Iterable[int], subject: str) -> bool:
    """Whether a claim value is held only by sources about another subject: the claim's
    ``subject`` is the subject of the source of ``chunk`` (the statement that holds the rest of
    the claim), and every source that holds the value (``holder_chunks``) has a subject of its own
    and never writes ``subject``, and the statement's document does not name that subject.
    "Castelmoro has a Saturday market and a 13th-century castle"
    beside a document about Castelmoro's market and another about Vellaria, "home to a
    13th-century castle": the castle is Vellaria's."""
    texts = {s.id: s.content for s in index.sources}
    source_id = index.chunks[chunk].source_id
    others = {index.chunks[c].source_id for c in holder_chunks}
    own = set(content_words(subject))
    if not own or source_id in others or not others or source_id not in texts:
        return False
    if not own <= source_subject(texts[source_id]) | set(content_words(texts[source_id][:_OPENING])):
        return False  # the statement's source is not about the claim's subject
    # a holder about what the statement's own document names ("Tickets for the Community Cinema ..."
    # beside "March film at the Community Cinema: ...") speaks of the same thing
    named = set(content_words(texts[source_id]))
    return all(i in texts and _another_subject(subject, own, source_subject(texts[i]), texts[i], named) for i in others)


def _people_of_its_own(text: str, subject: str) -> bool:
    """Whether a source names a person the claim's subject is not ("Solvane's head of operations,
    Owen Tully, ... He has spent 22 years with the company"): its values may be that person's,
    however its document links to the claim's."""
    return any(personal(e.text) and not _written_in(e.text, subject) for e in entities(text))


def _another_subject(subject: str, own: set[str], theirs: frozenset[str], text: str, named: set[str]) -> bool:
    """Whether a source about ``theirs`` is about another subject than the claim's: each has words
    the other lacks (what they share names their kind: "Kingsway Pharmacy" and "Parkside
    Pharmacy"), the source never writes the words that tell the claim's apart, and the statement's
    own document (its words ``named``) does not name that subject, unless the source names a
    person of its own (:func:`_people_of_its_own`)."""
    mine = own - theirs
    if not theirs or not mine or not theirs - own or (theirs <= named and not _people_of_its_own(text, subject)):
        return False
    telling = " ".join(w for w in subject.split() if set(content_words(w)) & mine)
    return not _written_in(telling or subject, text)


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


_LEAD = regex.compile(r"\s*+(?:(?:yes|no)\b[\s,.!:\u2013\u2014-]*+)?", regex.IGNORECASE)
_SUBJECT_REACH = 40
"""Most characters after a claim's opening (a "Yes," aside) the item it is about may end at."""
_BEFORE_NAME = regex.compile(r"(?:(?:the\s++)?\p{Ll}[\p{L}-]*+\s++(?:at|of|to|for|on|in)\s++)?(?:the\s++)?",
                             regex.IGNORECASE)
"""What may come before the name a claim is about: "the", or a thing of it ("places at", "Entry to the")."""
_ARTICLE = regex.compile(r"^the\s++", regex.IGNORECASE)
_NOT_A_SUBJECT = frozenset({"passage", "passages", "document", "documents", "source", "sources", "context", "article",
                            "text", "answer", "question"})
"""Words of a name that labels a source, not a subject ("Passage 1 mentions ...")."""


def claim_subject(claim: str) -> str:
    """The name a claim is about: its words before its first verb when they name something
    (:func:`named_subject`), or the name its opening words give ("Elsa Marren" of "Elsa Marren won
    the women's race ...", "Hartfield College" of "Yes, places at Hartfield College's open day
    ..."); without a leading "the"; "" for a claim that opens otherwise ("It starts at 7pm at the
    lifeboat station, which is on Quay Street" is not about Quay Street; nor is "To change the
    appearance in The Sims 4, ..." about The Sims), for a source's label ("Passage 1 mentions ...")
    and for a capitalised verb ("Preheat your oven ...")."""
    subject = named_subject(claim)
    if not subject:
        start = _LEAD.match(claim).end()
        found = next(iter(entities(claim[:_OPENING])), None)
        lead = _BEFORE_NAME.match(claim, start)
        subject = found.text if found is not None and found.span[0] == lead.end() else ""
    subject = _ARTICLE.sub("", subject)
    words = subject.lower().split()
    if not words or _NOT_A_SUBJECT & set(words) or (len(words) == 1 and can_be_verb(words[0])):
        return ""
    return subject


def _sibling(subject: str, name: str) -> bool:
    """Whether ``name`` is another item of the subject's range: the same words but a short, coded or
    tier last one (:func:`~lexguard.grounding.signals._doers.kin`; "Block D" of "Block C"), or the
    same common last word after another first one ("Wren Cottage" of "Heron Cottage"); not another
    member of a family ("Philippe Braham" of "Valerie Braham") or a body of a kind named otherwise
    ("Makerere University" of "Ahmadu Bello University")."""
    if is_variant(subject):  # "Standard" of "Deluxe", "one-bedroom" of "two-bedroom"
        return variant_siblings(subject, name)
    a, b = subject.lower().split(), _ARTICLE.sub("", name).lower().split()
    if len(a) == len(b) == 2 and a[1] == b[1] and a[0] != b[0] and is_common_word(a[1]):
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
        named = [words for sentence, words in sentences if whole.search(sentence)]
        siblings = [(sentence, words) for sentence, words in sentences if not whole.search(sentence)
                    and not _SHARED.search(sentence) and any(_sibling(item, name) for name in _names(sentence))]
        # a sibling names the item the part is about: one missing word it holds is enough ("payroll")
        # the item's own words, and those of the name it stands in ("Pawshield" of "Pawshield Silver")
        own = set(content_words(item)).union(*(content_words(e.text) for e in entities(claim) if item in e.text))
        found = _part_held(claim, own, frozenset().union(*named), siblings, least=1,
                           names_another=lambda part: any(_sibling(item, name) for name in _names(part))
                           ) if named and siblings else None
    return found


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
    return next((item for item in _items(claim[: _LEAD.match(claim).end() + _SUBJECT_REACH])), "")


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
