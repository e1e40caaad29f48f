"""A claim's subject moved from one source to another.

Two retrieved documents about two people: "Harriet Moll ... She is known for her recordings of
Sibelius." and "Tomasz Wrona founded the Krakow Chamber Players ...". "Tomasz Wrona is known for
his recordings of Sibelius" holds only words the sources hold; the statement it repeats is about
Moll, in a document that never names Wrona. :func:`about_another` reads that: the value binding
(:mod:`lexguard.grounding.signals._binding`) calls the subject misplaced.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import regex

from lexguard.grounding.signals._dates import month_of
from lexguard.grounding.signals._entities import entities, personal
from lexguard.grounding.signals._honorifics import HONORIFICS
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._relatives import STATEMENT_VERB
from lexguard.grounding.signals._statements import coded_words
from lexguard.grounding.signals._weekdays import days_named
from lexguard.grounding.signals._words import can_be_verb

__all__ = [
    "ANSWER_LEAD", "SUBJECT_REACH", "about_another", "claim_subject", "held_by_another", "named_subject", "source_subject",
    "subject_elsewhere",
]

_TITLES = HONORIFICS | {"st", "the", "of", "and"}
"""Words of a name that tell no one apart."""
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
    became principal conductor ..."), a name in capitals (a heading, an acronym), a weekday and a
    month aside; empty when its opening names nothing."""
    # not a heading ("ON-TERMINAL"), nor a day or a month ("On Saturdays, Holloway Library opens ...")
    found = [e for e in entities(text[:_OPENING]) if not e.text.isupper() and not days_named(e.text)
             and month_of(e.text) is None]
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
    named = _document_words(texts[source_id])
    return all(i in texts and _another_subject(subject, own, source_subject(texts[i]), texts[i], named) for i in others)


@lru_cache(maxsize=32)
def _document_words(text: str) -> frozenset[str]:
    """A document's content words, read once per document (a claim's values ask of it again and again)."""
    return frozenset(content_words(text))


def _people_of_its_own(text: str, subject: str) -> bool:
    """Whether a source names a person the claim's subject is not ("Solvane's head of operations,
    Owen Tully, ... He has spent 22 years with the company"): its values may be that person's,
    however its document links to the claim's."""
    return any(personal(e.text) and not _written_in(e.text, subject) for e in entities(text))


def _another_subject(subject: str, own: set[str], theirs: frozenset[str], text: str, named: frozenset[str]) -> bool:
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


ANSWER_LEAD = regex.compile(r"\s*+(?:(?:yes|no)\b[\s,.!:\u2013\u2014-]*+)?", regex.IGNORECASE)
"""A "Yes," or "No," opening an answer, before the name it is about."""
SUBJECT_REACH = 40
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
        start = ANSWER_LEAD.match(claim).end()
        found = next(iter(entities(claim[:_OPENING])), None)
        lead = _BEFORE_NAME.match(claim, start)
        subject = found.text if found is not None and found.span[0] == lead.end() else ""
    subject = _ARTICLE.sub("", subject)
    words = subject.lower().split()
    if not words or _NOT_A_SUBJECT & set(words) or (len(words) == 1 and can_be_verb(words[0])):
        return ""
    return subject


