"""Who does what: a name's place in a statement, for the binding rule (:mod:`._binding`).

A name in a claim is misplaced only where another name stands in its place in the anchor
statement: after the same word ("opened by Jack Lang" for "opened by Joseph Strauss"), or as the
one doing what both say, active or passive ("Mayor Linda Okafor cut the ribbon" for "Greg Pham
cut the ribbon"). These functions read that place: the word before a name (its *slot*), whether
it is the statement's doer, the titles and appositions that say who it is, and whether two names
are one person's, or two of one family.
"""

from __future__ import annotations

from collections.abc import Sequence
from os.path import commonprefix
from typing import Any

import regex

from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import Mention, content_words
from lexguard.grounding.signals._pairs import SHORT_STATEMENT
from lexguard.grounding.signals._statements import Facts, fit, relation_words
from lexguard.grounding.signals._words import can_be_verb, word_kinds

__all__ = [
    "SLOT_WORDS", "another_source_fits", "described", "full_name", "given", "is_doer", "kin", "modifier_held", "one_word_swap",
    "possessor", "same_document", "same_slot_rival", "speaker_only", "titled_as_given",
]

_SLOT_WORD = regex.compile(r"[\p{L}\p{N}]+")
_NOT_SLOT = frozenset({"a", "an", "the", "and", "or", "its", "his", "her", "their", "this", "that", "st"})
"""Words before a name that say nothing of its place: articles, and "St" of "St Mary's Hall", which
the name reader leaves out of the name."""
SLOT_WORDS = 1
"""Words before a name (articles aside) that say what it is: "by" in "designed by", "in" in "the Nobel Prize in"."""


def _slot(text: str, start: int) -> set[str]:
    words = [w for w in _SLOT_WORD.findall(text[max(0, start - 60) : start].lower()) if w not in _NOT_SLOT]
    return set(words[-SLOT_WORDS:])


_REPORTS = regex.compile(
    r"\s*+(?:has\s+|had\s+|have\s+)?(?:said|says|told|reported|reports|announced|warned|estimated|estimates|confirmed"
    r"|added|explained|noted|stated|claimed|claims|recorded|records)\b", regex.IGNORECASE)
"""A verb of telling after a name: the name tells what the statement says, it does not do it."""


def same_slot_rival(
    claim: str, mention: Mention, anchor: Facts, claim_names: list[set[str]], *, titled: bool = False
) -> bool:
    """Whether the anchor gives, in the same place, a name the claim does not: after the word the
    claim's name follows ("opened by Jack Lang" for the claim's "opened by Joseph Strauss",
    "Prize in Physics" for "Prize in Chemistry"), or as the one doing what both say, active or
    passive (:func:`is_doer`: "Mayor Linda Okafor cut the ribbon" for "Greg Pham cut the ribbon",
    "manufactured by Halvard Electronics" for "Orbis Apps manufactures it"). A name the anchor
    simply does not mention is left alone: an answer may join facts the source gives in two places."""
    slot = _slot(claim, mention.span[0])
    relation = relation_words(claim) - set().union(*claim_names)  # the claim's words besides its names
    # another name of the claim that a short anchor gives says what is done as a word would ("won
    # the Golden Boot" beside "Dario Fenn won award Golden Boot"); not in a long sentence, whose
    # doer may do something else ("Julie Chen Moonves revealed that this new power will impact ...")
    own = set(mention.key.split())
    held = len(anchor.text.split()) <= SHORT_STATEMENT and any(words != own and words <= anchor.tokens
                                                               for words in claim_names)
    doer = len(relation) + held >= 2 and (is_doer(claim, mention.span[0]) or titled) and not possessor(claim, mention)
    if not slot and not doer and not anchor.subject:
        return False
    full = full_name(mention)
    for name in entities(anchor.text):
        words = set(name.key.split())
        # a doer of two words or more stands for one of two words or more; a one-word doer ("Ana
        # will reserve the room" beside "Ben will reserve the room") for a one-word one only
        same = slot & _slot(anchor.text, name.span[0]) or (
            doer and full_name(name) == full and is_doer(anchor.text, name.span[0], described=True)
            and name.text.isupper() == mention.text.isupper()  # not a heading ("ON-TERMINAL – The counter ...")
            and not possessor(anchor.text, name)  # "The Duke of Ashford's baby daughter was christened"
            and not _REPORTS.match(anchor.text, name.span[1])  # "The Met Office said 143mm of rain fell": who tells it
        )
        if same and not given(words, set(mention.key.split()), claim_names, kin_of=kin(name.key, mention.key)):
            return True
    # a later clause that leaves its subject to the first ("Ledgerly Premium supports ... | and adds payroll"):
    # its words are the claim's relation, and the claim's name does it
    said = bool(relation) and relation <= anchor.tokens and is_doer(claim, mention.span[0])
    return said and full and any(
        len(key.split()) >= 2 and not given(set(key.split()), set(mention.key.split()), claim_names,
                                            kin_of=kin(key, mention.key))
        for key in (name.lower() for name in anchor.subject))


def same_document(index: Any, anchor: Facts, holders: list[Facts]) -> bool:
    """Whether a statement holding the value is in the anchor's document."""
    source = index.chunks[anchor.chunk].source_id
    return any(index.chunks[f.chunk].source_id == source for f in holders)


def another_source_fits(index: Any, anchor: Facts, holders: list[Facts], best: float, rest: frozenset[str],
                        relation: frozenset[str]) -> bool:
    """Whether a statement of another source than the anchor's, fitting the claim as well, holds the
    value: two sources disagree ("the cycle runs for about 25 minutes" beside "we timed the cycle at
    22 minutes") and the claim follows one of them; the tighter wording of one is no reason to call
    it wrong."""
    source = index.chunks[anchor.chunk].source_id
    return any(index.chunks[f.chunk].source_id != source and fit(rest, relation, f) >= best for f in holders)


def one_word_swap(claim: str, mention: Mention, anchor: Facts, index: Any) -> bool:
    """Whether a one-word name moved within one document is read as a swap: the claim's name does
    what the anchor says another one-word name does ("Mira will book the van" beside "Tomas: I'll
    book the van"), or follows the verb the anchor's other name follows ("select Enable" beside
    "select Disable"). A name after a preposition is not ("in Kenya" beside "in Nairobi": places
    nest), nor a title ("The President declared" beside "Kenyatta declared"), nor one part of a
    name the document gives whole with the other ("Jill" beside "Dillard" where it says "Jill Dillard")."""
    if "NOUN" in word_kinds(mention.text.lower()) and mention.text[1:].islower():
        return False
    doer = is_doer(claim, mention.span[0])
    verb = {w for w in _slot(claim, mention.span[0]) if w not in _NOT_BEFORE_DOER and can_be_verb(w)}
    if not doer and not verb:
        return False
    source = index.chunks[anchor.chunk].source_id
    # the passages of that document that name the claim's name: where a whole name would join it
    document = " ".join(chunk.text for chunk in index.chunks if chunk.source_id == source and mention.text in chunk.text)
    for name in entities(anchor.text):
        if full_name(name) or not (doer and is_doer(anchor.text, name.span[0], described=True)
                                    or verb & _slot(anchor.text, name.span[0])):
            continue
        pair = (regex.escape(mention.text), regex.escape(name.text))
        if not any(regex.search(rf"(?<!\w){a}\s+(?:\(?\p{{Lu}}[\p{{L}}.'-]*\)?\s+)?{b}(?!\w)", document)
                   for a, b in (pair, pair[::-1])):  # "Jill Dillard", "Jill (Duggar) Dillard"
            return True
    return False


_NOT_BEFORE_DOER = frozenset({"on", "in", "at", "for", "with", "from", "to", "of", "after", "before", "during", "via"})


def titled_as_given(claim: str, mention: Mention, holders: list[Facts]) -> bool:
    """Whether the claim's name opens its statement after a title (at most
    :data:`_MOST_TITLE_WORDS` words that say who it is) that a source statement holding the name
    gives it too: "Head librarian Tom Farrant cut ..." beside "head librarian Tom Farrant launched
    ..." is Tom Farrant doing it, as the source's own statement is read (:func:`is_doer`)."""
    head = claim[: mention.span[0]]
    titles = [w for w in _SLOT_WORD.findall(head[head.rfind(":") + 1 :].lower()) if w not in _NOT_SLOT]
    if not 1 <= len(titles) <= _MOST_TITLE_WORDS or not all(_says_who(w) for w in titles):
        return False
    given = regex.compile(r"(?<!\w)" + r"\s+".join(map(regex.escape, titles)) + r"\s+" + regex.escape(mention.text)
                          + r"(?!\w)", regex.IGNORECASE)
    return any(given.search(f.text) for f in holders)


def full_name(mention: Mention) -> bool:
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


_POSSESSIVE = regex.compile(r"['\u2019]s?(?!\p{L})")


def possessor(text: str, mention: Mention) -> bool:
    """Whether a name is written as what owns the statement's subject ("Glasswork's first-week
    sales ... have been confirmed"): the one that does what it says is what follows."""
    return _POSSESSIVE.search(mention.text) is not None or _POSSESSIVE.match(text, mention.span[1]) is not None


def is_doer(text: str, start: int, *, described: bool = False) -> bool:
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


def given(words: set[str], own: set[str], claim_names: list[set[str]], *, kin_of: bool = False) -> bool:
    """Whether an anchor name is one the claim gives: it holds or is held by a claim name ("Marie
    Curie" for "Curie"; "Gustave Eiffel" is not "Eiffel Tower"), or shares a word with the claim's
    value ("Puerto Rico" for "Puerto Rican") and is no other member of its family (``kin_of``,
    :func:`kin`: "Mabel Crump" is not "Elias Crump")."""
    return any(words <= other or other <= words for other in claim_names) or (bool(words & own) and not kin_of)


def kin(name: str, mention: str) -> bool:
    """Whether two full names are two members of one family: two people of one family name, the
    same last word and another first ("Mabel Crump" and "Elias Crump"), or two of one range, the
    same words but a short last one or one with a digit ("Taskwell Pro" and "Taskwell Lite", "Aerlo
    X1" and "Aerlo X2", "Group A" and "Group B"; not "Puerto Rico" and "Puerto Rican", one word's two
    forms)."""
    a, b = name.split(), mention.split()
    if len(a) < 2 or len(b) < 2:
        return False
    if a[-1] == b[-1] and a[0] != b[0]:
        return True
    if len(a) != len(b) or a[:-1] != b[:-1] or a[-1] == b[-1]:
        return False
    x, y = a[-1], b[-1]
    return len(commonprefix((x, y))) < _SAME_WORD_PREFIX and all(
        len(w) <= _MODEL_WORD or w in _TIERS or any(ch.isdigit() for ch in w) for w in (x, y))


_SAME_WORD_PREFIX = 3
"""Letters two words begin with alike when they are forms of one word ("Rico", "Rican")."""
_MODEL_WORD = 5
"""Longest last word that tells a model of a range apart ("Pro", "Lite", "Max", "X2", "B"): a longer
one is more likely a name of its own ("Oprah's Footsteps" is no Oprah Winfrey), unless it names a tier."""
_TIERS = frozenset("basic standard premium business enterprise personal family student starter essentials essential "
                   "advanced deluxe classic platinum professional ultimate".split())
"""Longer words that name a tier of a range ("Ledgerly Basic", "Ledgerly Premium")."""


_APPOSITION_BEFORE = regex.compile(r"\b(?:the|a|an|his|her|its|their)\s+([^,;:()]{1,60}),\s*+$", regex.IGNORECASE)
_APPOSITION_AFTER = regex.compile(r"^,\s*+(?:the|a|an|his|her|its|their)\s+([^,;:.()]{1,60})", regex.IGNORECASE)


def described(claim: str, mention: Mention) -> frozenset[str]:
    """The words of an apposition that says who a full name is: "the mayor" of "by the mayor, Cllr
    Dev Sharma", "the town's first postmaster" of "by Elias Crump, the town's first postmaster"
    (not of a one-word name: "a history of Panama City Beach, FL" is a place and its state)."""
    if not full_name(mention):
        return frozenset()
    before = _APPOSITION_BEFORE.search(claim[max(0, mention.span[0] - 80) : mention.span[0]])
    after = _APPOSITION_AFTER.match(claim[mention.span[1] : mention.span[1] + 80])
    return frozenset().union(*(relation_words(m.group(1)) for m in (before, after) if m is not None))


_SPEAKER = regex.compile(
    r"^\W*+(?:\p{Lu}[\p{L}'\u2019.-]*+\s*+)?(?:\(\s*+\p{Lu}[\p{L}'\u2019.-]*+\s*+\)|\p{Lu}[\p{L}'\u2019.-]*+)\s*+:\s"
)
"""A chat turn's speaker label opening a statement: "Agent (Leo): ...", "Nadia: ..."."""


def speaker_only(text: str, mention: Mention) -> bool:
    """Whether a statement names the claim's name only as its speaker label: "Agent (Leo): Nadia
    from the deliveries team will call you" says what Nadia will do, not Leo."""
    label = _SPEAKER.match(text)
    if label is None or mention.text not in label.group():
        return False
    return regex.search(rf"(?<!\w){regex.escape(mention.text)}(?!\w)", text[label.end():]) is None


_NOUN_AFTER = regex.compile(r"\s++(\p{Ll}[\p{L}-]++)")


def modifier_held(claim: str, mention: Mention, holders: Sequence[Any]) -> bool:
    """Whether a name that describes the thing after it ("the *Ventresca* tuxedo") stands in a
    statement about that thing ("The tuxedo, designed by ... Ventresca, was bought ..."): the name
    says what the thing is, wherever the claim's statement is anchored."""
    after = _NOUN_AFTER.match(claim, mention.span[1])
    if after is None or "NOUN" not in word_kinds(after.group(1).lower()):
        return False
    thing = set(content_words(after.group(1)))
    return bool(thing) and any(thing <= set(content_words(f.text)) for f in holders)
