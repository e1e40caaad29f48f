"""Values bound to their place: a claim's number, date or name must be the one its evidence gives.

The strict rules ask whether a claim's numbers and names occur *anywhere* in the sources, so a
year that belongs to another prize in the same source, or a person from another retrieved
document, passed them: "Curie won the Nobel Prize in Chemistry in 1903" against "Curie won the
Nobel Prize in Physics in 1903. She won a second, in Chemistry, in 1911." holds only values the
source holds.

:func:`misplaced_values` reads each value of a claim against its *anchor*: the evidence sentence
that best holds the rest of the claim (its other values and its relation words). The value is
misplaced when the anchor does not hold it, no sentence that holds it fits the rest of the claim
as well, and the anchor holds a rival of the same kind that the claim does not give (another
year, another amount of the same unit, another name): the anchor is then the evidence that
contradicts the claim. A value the anchor does not speak about (no rival) is left to the other
rules: an answer may join facts from two sentences.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import regex

from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._other_source import subject_elsewhere
from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._words import can_be_verb, word_kinds
from lexguard.grounding.signals._statements import (
    PRONOUN_START,
    Facts,
    clauses_of,
    coded_words,
    number_class,
    relation_words,
    sentence_facts,
)

__all__ = ["MIN_ANCHOR", "Misplaced", "misplaced_values"]

MIN_ANCHOR = 0.6
"""Least share of the rest of the claim (other values and relation words, averaged) its anchor holds."""


@dataclass(frozen=True, slots=True)
class Misplaced:
    """A claim value its anchor sentence gives otherwise.

    Attributes:
        mention: The claim's number, date or name.
        kind: ``"number"`` or ``"name"``.
        evidence: The anchor sentence (it holds the rest of the claim and a rival value).
    """

    mention: Mention
    kind: str
    evidence: str


def _fit(rest_values: frozenset[str], relation: frozenset[str], facts: Facts) -> float:
    """How much of the rest of the claim a statement holds (values and relation words, averaged;
    words carried over from the sentence's first clause count half)."""

    def held(part: frozenset[str]) -> float:
        return (len(part & facts.tokens) + 0.5 * len(part & facts.carried)) / len(part)

    parts = [held(part) for part in (rest_values, relation) if part]
    if not parts or any(p == 0 for p in parts):
        return 0.0
    return sum(parts) / len(parts)


def misplaced_values(claim: str, index: Any, best_chunks: list[int]) -> list[Misplaced]:
    """The claim's numbers and names that their anchor evidence gives otherwise, read statement by
    statement (:func:`_clauses`): in "Seniors get in free on Tuesdays, and children pay $25" the
    $25 is read with "children pay", not with the seniors' statement.

    Args:
        claim: The claim text.
        index: The source index.
        best_chunks: The claim's best chunks (anchors are looked for there), best first.
    """
    parts = [p for p in clauses_of(claim) if p.strip()]
    if len(parts) < 2:
        return _misplaced_in(claim, index, best_chunks)
    out: list[Misplaced] = []
    start = 0
    subject = _subject(parts[0])
    for n, part in enumerate(parts):
        offset = claim.find(part, start)
        start = offset + len(part)
        # a statement that leaves its subject to the first ("Flat 3C has ... and | rents for £1,150")
        lead = f"{subject} " if n and subject and _LEFT_OUT.match(part) else ""
        for item in _misplaced_in(lead + part, index, best_chunks):
            a, b = item.mention.span
            if a < len(lead):
                continue  # the subject's own values are read with the first statement
            a, b = a - len(lead), b - len(lead)
            out.append(replace(item, mention=replace(item.mention, span=(a + offset, b + offset))))
    return out


_LEFT_OUT = regex.compile(r"^\s*(?:and\s+|but\s+)?(?-i:\p{Ll}+)(?<!\bthe|\ba|\ban|\bits|\btheir|\bthis|\bit|\bthey)\s")
_FIRST_VERB = regex.compile(
    r"\s(?:is|are|was|were|has|have|had|will|would|can|could|may|does|do|did|\p{Ll}+(?:s|ed))\b"
)
_MOST_SUBJECT_WORDS = 5


def _subject(statement: str) -> str:
    """The words before a statement's first verb when they name something ("Flat 3C" of "Flat 3C
    has a floor area ..."), else ""."""
    verb = _FIRST_VERB.search(statement)
    subject = statement[: verb.start()].strip() if verb is not None else ""
    if not subject or len(subject.split()) > _MOST_SUBJECT_WORDS:
        return ""
    return subject if (coded_words(subject) or entities(subject)) else ""


def _misplaced_in(claim: str, index: Any, best_chunks: list[int]) -> list[Misplaced]:
    """The values of one statement that its anchor evidence gives otherwise.

    Args:
        claim: The claim text.
        index: The source index.
        best_chunks: The claim's best chunks (anchors are looked for there), best first.
    """
    coded = coded_words(claim)
    # "3C" of "Flat 3C" names the item the statement is about (:func:`coded_words`): no value of
    # its own, but a word every value of the statement is read with
    nums = [m for m in numbers(claim) if not _in_range(claim, m) and not _names_an_item(claim, m, coded)]
    names = entities(claim)
    if not nums and not names or not best_chunks:
        return []
    facts = sentence_facts(index)
    claim_names = [set(e.key.split()) for e in names]
    values: list[tuple[Mention, str, frozenset[str]]] = [
        (m, "number", frozenset({f"#{m.key}"})) for m in nums
    ] + [(e, "name", frozenset(content_words(e.text))) for e in names]
    value_tokens = frozenset().union(*(t for _, _, t in values)) | coded
    relation = relation_words(claim) - value_tokens - {w for m in nums for w in content_words(m.text)}
    claim_keys = {k for m in nums for k in (m.key, *m.alts)}
    claim_tokens = relation_words(claim) | value_tokens
    anchors = [f for f in facts if f.chunk in set(best_chunks)]
    out = []
    for mention, kind, own in values:
        if not own:
            continue
        # the claim's other values: not a number's other readings ("20 April" is a date, a day 20 and
        # a month); a name keeps the date it is part of ("April" of "April 8")
        rest = frozenset().union(coded, *(t for m, _, t in values
                                          if not (kind == "number" and _overlap(m.span, mention.span)))) - own
        scored = [(_fit(rest, relation, f), -f.extra(claim_tokens), f) for f in anchors]
        best, closeness, anchor = max(scored, key=lambda item: item[:2], default=(0.0, 0, None))
        if anchor is None or best < MIN_ANCHOR or _holds(anchor, mention, kind, own):
            continue
        holders = [f for f in facts if _holds(f, mention, kind, own)]
        held = max(((_fit(rest, relation, f), -f.extra(claim_tokens)) for f in holders), default=None)
        if held is None or held >= (best, closeness):
            continue  # the value is in no source (the other rules), or a statement holding it fits as well
        if kind == "name" and not _full_name(mention) and _same_document(index, anchor, holders) and not (
                _one_word_swap(claim, mention, anchor, index)):
            continue  # a place, a title or part of a name that document gives whole ("in Kenya", "Jill")
        # "Head librarian Tom Farrant cut the ribbon": a claim's subject may carry the title a
        # source gives that person ("head librarian Tom Farrant launched ...")
        titled = kind == "name" and _titled_as_given(claim, mention, holders)
        if kind == "name" and not _same_slot_rival(claim, mention, anchor, claim_names, titled=titled):
            topic = anchor.carried if PRONOUN_START.match(anchor.text) else frozenset()  # "She is known for ..."
            elsewhere = subject_elsewhere(index, anchor.chunk, anchor.names, topic, mention.text,
                                          [f.chunk for f in holders], claim_names)
            if not ((_doer(claim, mention.span[0]) or titled) and elsewhere):
                continue  # no other name stands where this one does: the relation may be stated elsewhere
            out.append(Misplaced(mention, kind, anchor.text))  # the statement is another source's subject's
            continue
        if _rival(anchor, claim, mention, kind, claim_keys, claim_names):
            out.append(Misplaced(mention, kind, anchor.text))
    return out


_SLOT_WORD = regex.compile(r"[\p{L}\p{N}]+")
_NOT_SLOT = frozenset({"a", "an", "the", "and", "or", "its", "his", "her", "their", "this", "that"})
SLOT_WORDS = 1
"""Words before a name (articles aside) that say what it is: "by" in "designed by", "in" in "the Nobel Prize in"."""


def _slot(text: str, start: int) -> set[str]:
    words = [w for w in _SLOT_WORD.findall(text[max(0, start - 60) : start].lower()) if w not in _NOT_SLOT]
    return set(words[-SLOT_WORDS:])


_RANGE = regex.compile(
    r"\b(?:from|between)\s+\S+\s+(?:to|and)\s+\S+|\d\s*(?:-|\u2013|to)\s*\d", regex.IGNORECASE
)


def _names_an_item(claim: str, mention: Mention, coded: frozenset[str]) -> bool:
    """Whether a number is the digits of a word that names an item ("3" of "Flat 3C")."""
    end = mention.span[1]
    word = regex.match(r"[\p{L}\p{N}]*", claim[end:])
    return bool(word and word.group()) and (claim[mention.span[0] : end] + word.group()).lower() in coded


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _in_range(claim: str, mention: Mention) -> bool:
    """Whether a number is an end of a range ("from 6 to 36 months"): an answer gathers the ends
    of a range from several statements."""
    return any(m.start() <= mention.span[0] < m.end() or m.start() < mention.span[1] <= m.end()
               for m in _RANGE.finditer(claim))


def _same_slot_rival(
    claim: str, mention: Mention, anchor: Facts, claim_names: list[set[str]], *, titled: bool = False
) -> bool:
    """Whether the anchor gives, in the same place, a name the claim does not: after the word the
    claim's name follows ("opened by Jack Lang" for the claim's "opened by Joseph Strauss",
    "Prize in Physics" for "Prize in Chemistry"), or as the one doing what both say, active or
    passive (:func:`_doer`: "Mayor Linda Okafor cut the ribbon" for "Greg Pham cut the ribbon",
    "manufactured by Halvard Electronics" for "Orbis Apps manufactures it"). A name the anchor
    simply does not mention is left alone: an answer may join facts the source gives in two places."""
    slot = _slot(claim, mention.span[0])
    relation = relation_words(claim) - set().union(*claim_names)  # the claim's words besides its names
    doer = len(relation) >= 2 and (_doer(claim, mention.span[0]) or titled)
    if not slot and not doer:
        return False
    full = _full_name(mention)
    for name in entities(anchor.text):
        words = set(name.key.split())
        # a doer of two words or more stands for one of two words or more; a one-word doer ("Ana
        # will reserve the room" beside "Ben will reserve the room") for a one-word one only
        same = slot & _slot(anchor.text, name.span[0]) or (
            doer and _full_name(name) == full and _doer(anchor.text, name.span[0], described=True)
            and name.text.isupper() == mention.text.isupper()  # not a heading ("ON-TERMINAL – The counter ...")
        )
        if same and not _given(words, set(mention.key.split()), claim_names):
            return True
    return False


def _same_document(index: Any, anchor: Facts, holders: list[Facts]) -> bool:
    """Whether a statement holding the value is in the anchor's document."""
    source = index.chunks[anchor.chunk].source_id
    return any(index.chunks[f.chunk].source_id == source for f in holders)


def _one_word_swap(claim: str, mention: Mention, anchor: Facts, index: Any) -> bool:
    """Whether a one-word name moved within one document is read as a swap: the claim's name does
    what the anchor says another one-word name does ("Mira will book the van" beside "Tomas: I'll
    book the van"), or follows the verb the anchor's other name follows ("select Enable" beside
    "select Disable"). A name after a preposition is not ("in Kenya" beside "in Nairobi": places
    nest), nor a title ("The President declared" beside "Kenyatta declared"), nor one part of a
    name the document gives whole with the other ("Jill" beside "Dillard" where it says "Jill Dillard")."""
    if "NOUN" in word_kinds(mention.text.lower()) and mention.text[1:].islower():
        return False
    doer = _doer(claim, mention.span[0])
    verb = {w for w in _slot(claim, mention.span[0]) if w not in _NOT_BEFORE_DOER and can_be_verb(w)}
    if not doer and not verb:
        return False
    source = index.chunks[anchor.chunk].source_id
    # the passages of that document that name the claim's name: where a whole name would join it
    document = " ".join(chunk.text for chunk in index.chunks if chunk.source_id == source and mention.text in chunk.text)
    for name in entities(anchor.text):
        if _full_name(name) or not (doer and _doer(anchor.text, name.span[0], described=True)
                                    or verb & _slot(anchor.text, name.span[0])):
            continue
        pair = (regex.escape(mention.text), regex.escape(name.text))
        if not any(regex.search(rf"(?<!\w){a}\s+(?:\(?\p{{Lu}}[\p{{L}}.'-]*\)?\s+)?{b}(?!\w)", document)
                   for a, b in (pair, pair[::-1])):  # "Jill Dillard", "Jill (Duggar) Dillard"
            return True
    return False


_NOT_BEFORE_DOER = frozenset({"on", "in", "at", "for", "with", "from", "to", "of", "after", "before", "during", "via"})


def _titled_as_given(claim: str, mention: Mention, holders: list[Facts]) -> bool:
    """Whether the claim's name opens its statement after a title (at most
    :data:`_MOST_TITLE_WORDS` words that say who it is) that a source statement holding the name
    gives it too: "Head librarian Tom Farrant cut ..." beside "head librarian Tom Farrant launched
    ..." is Tom Farrant doing it, as the source's own statement is read (:func:`_doer`)."""
    head = claim[: mention.span[0]]
    titles = [w for w in _SLOT_WORD.findall(head[head.rfind(":") + 1 :].lower()) if w not in _NOT_SLOT]
    if not 1 <= len(titles) <= _MOST_TITLE_WORDS or not all(_says_who(w) for w in titles):
        return False
    given = regex.compile(r"(?<!\w)" + r"\s+".join(map(regex.escape, titles)) + r"\s+" + regex.escape(mention.text)
                          + r"(?!\w)", regex.IGNORECASE)
    return any(given.search(f.text) for f in holders)


def _full_name(mention: Mention) -> bool:
    """A name of two words or more ("Ruth Caldwell", "Halvard Electronics"): one word ("Jill",
    "Russia") is too often a part, a place or a shortening of a name the other text gives whole."""
    return len(mention.key.split()) >= 2


_ADJUNCT = regex.compile(
    r"^\s*(?:in|at|on|during|after|before|for|from|under|according\s+to|following|meanwhile|earlier|later)\b[^,]*,\s*",
    regex.IGNORECASE,
)
"""A phrase of place or time opening a sentence ("In the men's marathon, ", "At Danbury Building
Society, "): the subject comes after it."""
_MOST_TITLE_WORDS = 3
"""Most words before a subject that say who it is ("finance director Colin Marsh", "Kenyan runner")."""


def _doer(text: str, start: int, *, described: bool = False) -> bool:
    """Whether the name at ``start`` is the one doing what the statement says: its subject (at most
    one word, not a preposition, other than an article before it: "Mayor Linda Okafor cut the
    ribbon") or the agent of a passive ("was designed by astronomer Ruth Caldwell"). A heading
    before a colon is no part of the statement ("Final standings, 2023: Harrow Rovers finished").

    With ``described`` (a source statement's doer) the subject may also come after an opening
    phrase of place or time and up to three lower-case words that say who it is ("At Danbury
    Building Society, finance director Colin Marsh warned"); a claim's name is read strictly
    ("One former Blackwater Worldwide security company employee, Nicholas Slatten, ..." does not
    make the company the doer)."""
    head = text[:start]
    head = head[head.rfind(":") + 1 :]
    before = _SLOT_WORD.findall(head.lower())
    if "by" in before[-3:]:
        return True
    words = [w for w in before if w not in _NOT_SLOT]
    if len(words) <= 1 and not _NOT_BEFORE_DOER & set(words):
        return True
    if not described:
        return False
    adjunct = _ADJUNCT.match(head)
    titles = [w for w in _SLOT_WORD.findall(head[adjunct.end() if adjunct else 0 :]) if w.lower() not in _NOT_SLOT]
    return len(titles) <= _MOST_TITLE_WORDS and all(_says_who(w) for w in titles)


_PRONOUNS = frozenset({"he", "she", "it", "they", "we", "i", "you", "who", "which", "that", "there"})


def _says_who(word: str) -> bool:
    """Whether a word before a name can say who it is: a lower-case noun or adjective ("finance
    director", "senior"), not a verb, an auxiliary or a pronoun ("He is the youngest Duggar son")."""
    kinds = word_kinds(word)
    return (word.islower() and word not in _PRONOUNS and "AUX" not in kinds and bool({"NOUN", "ADJ"} & kinds)
            and not word.endswith("ed"))


def _given(words: set[str], own: set[str], claim_names: list[set[str]]) -> bool:
    """Whether an anchor name is one the claim gives: it shares a word with the claim's value
    ("Puerto Rico" for "Puerto Rican"), or holds or is held by another claim name ("Marie Curie"
    for "Curie"; "Gustave Eiffel" is not "Eiffel Tower")."""
    return bool(words & own) or any(words <= other or other <= words for other in claim_names)


def _holds(facts: Facts, mention: Mention, kind: str, own: frozenset[str]) -> bool:
    if kind == "number":
        return own <= facts.tokens
    if facts.profile.has_entity(mention.key, mention.text):
        return True
    bare = mention.text.replace(".", "")  # "US" and "U.S."
    return bool(bare) and regex.search(rf"(?<!\w){regex.escape(bare)}(?!\w)", facts.text.replace(".", "")) is not None


def _rival(anchor: Facts, claim: str, mention: Mention, kind: str, claim_keys: set[str], claim_names: list[set[str]]) -> bool:
    """Whether the anchor gives another value of the same kind that the claim does not.

    A name counts as given as :func:`_given` says; a number when its key is the claim's and it
    measures the same kind of thing.
    """
    if kind == "number":
        wanted = number_class(claim, mention)
        # a bare count of a clause that leaves its noun to the first one ("the west wing has 85"
        # after "... has 120 beds") counts that noun
        elided = wanted.startswith("count ") and wanted[6:] in anchor.carried
        return bool(wanted) and any(
            (cls == wanted or (elided and not cls)) and key not in claim_keys for key, cls in anchor.classes.items()
        )
    own = set(mention.key.split())
    return any(not _given(words, own, claim_names) for words in (set(name.split()) for name in anchor.names))
