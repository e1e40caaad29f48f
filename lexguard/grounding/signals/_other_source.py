"""A claim's subject moved from one source to another.

Two retrieved documents about two people: "Harriet Moll ... She is known for her recordings of
Sibelius." and "Tomasz Wrona founded the Krakow Chamber Players ...". "Tomasz Wrona is known for
his recordings of Sibelius" holds only words the sources hold; the statement it repeats is about
Moll, in a document that never names Wrona. :func:`about_another` reads that: the value binding
(:mod:`lexguard.grounding.signals._binding`) calls the subject misplaced.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import regex

from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import content_words

__all__ = ["about_another", "held_by_another", "source_subject", "subject_elsewhere"]

_TITLES = frozenset({"dr", "mr", "mrs", "ms", "prof", "sir", "st", "the", "of", "and"})
_OPENING = 400
"""Characters of a source its subject is looked for in: the first name it gives."""


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
    if not own or _written_in(name, source_text) or not any(own & subject for subject in holder_subjects):
        return False
    subject = source_subject(source_text)
    given = set().union(*claim_names) if claim_names else set()
    if not subject or subject & own or subject <= given:
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
    and never writes ``subject``. "Castelmoro has a Saturday market and a 13th-century castle"
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
    return all(i in texts and source_subject(texts[i]) and not source_subject(texts[i]) & own
               and not _written_in(subject, texts[i]) for i in others)
