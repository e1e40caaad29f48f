"""A person taken from the part of a sentence about another role.

"Daniel Okafor will be conducting the choir's spring concert" beside "The spring concert will be
conducted by Imogen Fairweather, with Daniel Okafor at the piano"; "The film was directed by Leon
Hart" beside "The film was directed by Maria Costa and produced by Leon Hart"; "contact the SENCo, Mr Owen
Trellis" beside "Deputy Head Mr Owen Trellis; SENCo Ms Hana Birch". Every name and word of the
claim is in the sentence, and the verifier, reading it whole, had called both supported. The
sentence is in parts, one per role (cut at ";" and ", with" / ", and" / ", while"):
:func:`moved_person` finds a person of the claim whose part holds none of the claim's other
words, while another part of the same sentence holds some of them and names another person, or whose
role in the claim (the verb before "by" it: "directed by", or after it: "Maria Costa produced") the
sentence gives another person while giving the claim's person another (:func:`_swapped_role`); or
whose title ("Zoo director Dr Lisa Brennan") the sources give another person while giving this one
another (:func:`_swapped_title`: "Primate curator Dr Lisa Brennan", "Zoo director Mark Ellison").
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities, personal
from lexguard.grounding.signals._honorifics import HONORIFIC_PATTERN, HONORIFICS
from lexguard.grounding.signals._lexical import STOPWORDS, Mention, content_words
from lexguard.grounding.signals._words import lemmas, word_kinds

__all__ = ["moved_person"]

_PART = regex.compile(r"\s*+(?:;|,\s*+(?:with|and|while|whereas)\b)\s*+", regex.IGNORECASE)
"""Where a sentence turns to another role: "...by Imogen Fairweather, | with Daniel Okafor at the piano"."""


MIN_SENTENCE_SHARE = 0.5
"""Share of the claim's other content words the sentence must hold for its parts to be read."""


def moved_person(claim: str, texts: Iterable[str]) -> list[tuple[Mention, str]]:
    """The claim's people named in a sentence only in a part about another role, each with that
    sentence.

    Args:
        claim: The claim text.
        texts: The claim's best evidence chunks.

    Returns:
        ``(name, sentence)`` for each person of the claim (:func:`~lexguard.grounding.signals._entities.personal`) whose every sentence
        holds half the claim's other content words or more and is in parts, the person's part
        holding none of them, and another part holding at least one of them and a person the
        claim does not name.
    """
    people = [e for e in entities(claim) if personal(e.text, common_given=True)]  # "Grace Mensah" too
    if not people:
        return []
    claim_names = {e.key.lower() for e in entities(claim)}
    sentences = list(dict.fromkeys(s for text in texts for s in passage_sentences(text)))
    claim_words = set(content_words(claim))
    out = []
    read: dict[str, str | None] = {}  # a name the claim gives many times is read once ("... Leon Hart ... Leon Hart")
    for person in people:
        if person.key in read:
            if read[person.key] is not None:
                out.append((person, read[person.key]))
            continue
        read[person.key] = None
        # a role is a name too ("the SENCo"); a title is no role
        relation = claim_words - set(content_words(person.text)) - HONORIFICS
        held = [s for s in sentences if _names(s, person.key)]
        moved = [s for s in held if _other_role(s, person.key, relation, claim_names)] if personal(person.text) else []
        if held and moved and len(moved) == len(held):
            out.append((person, moved[0]))
            read[person.key] = moved[0]
            continue
        swapped = _swapped_role(claim, person, held, relation, claim_names) or _swapped_title(
            claim, person, held, sentences, claim_names)
        if swapped is not None:
            out.append((person, swapped))
            read[person.key] = swapped
            continue
        named = {w for name in claim_names for w in content_words(name)}
        other = _other_sentence(held, sentences, relation - _CONTACT - named, claim_names,
                                set(content_words(person.text))) if len(claim_names) == 1 else None
        if other is not None:
            out.append((person, other))
            read[person.key] = other
    spans = {person.span for person in people}
    for other in (e for e in entities(claim) if e.span not in spans and _roles(claim, e)):  # a firm, a band, a studio
        if other.key in read:
            if read[other.key] is not None:
                out.append((other, read[other.key]))
            continue
        held = [s for s in sentences if _names(s, other.key)]
        read[other.key] = _swapped_role(claim, other, held, claim_words - set(content_words(other.text)), claim_names)
        if read[other.key] is not None:
            out.append((other, read[other.key]))
    return out


_CONTACT = frozenset({"contact", "touch", "email", "call", "phone", "ring", "speak", "talk", "ask", "reach", "write",
                      "message", "please", "help", "handle", "responsible", "charge", "look", "deal"})
"""Words of a claim that say how or that a person is reached or in charge, not of what: every
role's sentence may hold them ("get in touch with", "handles")."""
MIN_ROLE_WORDS = 2
"""Least words of what the claim says its person does for another person's sentence to be read
(news summaries gather what several sentences say of many people; this reads a claim that names
one person and a role: "For room bookings, get in touch with Grace Mensah")."""


def _other_sentence(
    held: list[str], sentences: list[str], relation: set[str], claim_names: set[str], own: set[str]
) -> str | None:
    """The sentence that gives all the claim says of its one person (``relation``, at least
    :data:`MIN_ROLE_WORDS` words) to another person, when no sentence naming the claim's person
    holds a word of it: "For room bookings, get in touch with
    Grace Mensah" beside "Tom Whitley ... handles all room bookings. If you're interested in
    volunteering, please get in touch with Grace Mensah."; not one that names the claim's person
    by a word of the name ("The tower was designed by ..." of "The Eiffel Tower")."""
    if not held or len(relation) < MIN_ROLE_WORDS or any(relation & set(content_words(s)) for s in held):
        return None
    for sentence in sentences:
        words = set(content_words(sentence))
        if not own & words and relation <= words and any(
                (who := _person(e)) and not any(who in name or name in who for name in claim_names)
                for e in entities(sentence)):
            return sentence
    return None


def _names(text: str, key: str) -> bool:
    """Whether ``text`` names the person (within a longer name run: "Deputy Head Mr Owen Trellis")."""
    return any(key.lower() in name for name in _name_keys(text))


@lru_cache(maxsize=4096)
def _name_keys(text: str) -> tuple[str, ...]:
    """The lower-case keys of the names in ``text`` (a sentence is read once for every name of a claim)."""
    return tuple(e.key.lower() for e in entities(text))


def _other_role(sentence: str, key: str, relation: set[str], claim_names: set[str]) -> bool:
    """Whether the person's part of ``sentence`` holds none of the claim's words (``relation``)
    and another part holds some and names another person."""
    parts = [p for p in _PART.split(sentence) if p.strip()]
    if len(parts) < 2 or len(relation & set(content_words(sentence))) < MIN_SENTENCE_SHARE * len(relation):
        return False  # a sentence that says little of what the claim says gives its people no roles for it
    own = [p for p in parts if _names(p, key)]
    if not own or any(relation & set(content_words(p)) for p in own):
        return False
    return any(relation & set(content_words(p)) and any(
        (who := _person(e)) and not any(who in name or name in who for name in claim_names)
        for e in entities(p)) for p in parts if p not in own)


def _person(name: Mention) -> str:
    """The person's name a name run ends in ("SENCo Ms Hana Birch": "hana birch"), as its key, else ""."""
    return " ".join(name.key.lower().split()[-2:]) if personal(" ".join(name.text.split()[-2:])) else ""



_ROLE_BEFORE = regex.compile(r"\b(\p{L}+)\s++by\s++(?:(?:the|a|an)\s++)?(?:(?-i:\p{Ll}[\p{Ll}-]*+)\s++){0,2}$",
                            regex.IGNORECASE)
"""The verb before "by" and a name, perhaps with what the name is: "designed by *architect* Clara Monteiro",
"operated by *launch company* Ardent Aerospace"."""
_ROLE_AFTER = regex.compile(r"\s++(?:(?:has|had|also|then|later)\s++)?(\p{L}+)", regex.IGNORECASE)


_TITLE_BEFORE = regex.compile(rf"((?:[\p{{L}}-]+\s++){{1,3}})(?:{HONORIFIC_PATTERN}\s++)?$")
_ROLE_ENDINGS = ("or", "er", "ist", "ian", "ent", "ant", "man", "woman", "person")
_ROLE_NOUNS = frozenset({"coach", "chief", "head", "captain", "boss", "mayor", "judge", "chair", "curator"})


def _titles(text: str, name: Mention) -> set[str]:
    """The role nouns a text writes right before a person's name ("Zoo *director* Mark Ellison",
    "Primate *curator* Dr Lisa Brennan"), lower-case: what the person is, as news names people."""
    found = _TITLE_BEFORE.search(text, max(0, name.span[0] - 40), name.span[0])
    if found is None:
        return set()
    titles = set()
    words = found.group(1).split()
    cut = max((i + 1 for i, word in enumerate(words) if word.lower() in STOPWORDS), default=0)
    for word in words[cut:]:  # "administrator from Colchester": a place, no person with a title
        lower = word.lower()
        if word[:1].islower() and "NOUN" in word_kinds(lower) and (lower in _ROLE_NOUNS or lower.endswith(_ROLE_ENDINGS)):
            titles.add(lemmas(lower)[0] if lemmas(lower) else lower)
    return titles


def _swapped_title(
    claim: str, person: Mention, held: list[str], sentences: list[str], claim_names: set[str]
) -> str | None:
    """The sentence that gives the claim's title of its person to another person, when the sentences
    that name this one give it another title and none the claim's: "Zoo director Dr Lisa Brennan"
    beside "Primate curator Dr Lisa Brennan, 44, said ..." and "Zoo director Mark Ellison, 60, said ..."."""
    claimed = _titles(claim, person)
    if not claimed:
        return None
    own: set[str] = set()
    for sentence in held:
        for name in entities(sentence):
            if person.key.lower() in name.key.lower():
                own |= _titles(sentence, name)
    if not own or claimed & own:
        return None
    for sentence in sentences:
        for name in entities(sentence):
            key = name.key.lower()
            if person.key.lower() not in key and not any(key in n or n in key for n in claim_names) and (
                    claimed & _titles(sentence, name)):
                return sentence
    return None


def _roles(text: str, name: Mention) -> set[str]:
    """What ``text`` says a person did, by the verb that names it: before "by" ("directed by
    Maria Costa": direct) or right after the name ("Maria Costa produced ...": produce); and what
    it says the person is, by the role noun before the name (:func:`_titles`)."""
    roles = _titles(text, name)  # "Zoo director Dr Lisa Brennan": a director
    before = _ROLE_BEFORE.search(text, max(0, name.span[0] - 40), name.span[0])
    after = _ROLE_AFTER.match(text, name.span[1])
    for match in (before, after):
        word = match.group(1).lower() if match else ""
        kinds = word_kinds(word)
        lemma = next((base for base in lemmas(word) if base != word), None)
        if "VERB" in kinds and "AUX" not in kinds and lemma:  # "directed", "wrote", "produces"
            roles.add(lemma)
    return roles


def _swapped_role(
    claim: str, person: Mention, held: list[str], relation: set[str], claim_names: set[str]
) -> str | None:
    """The sentence that gives the claim's role of its person to another person, and another
    role to this one, when no sentence gives this person that role: "directed by Leon Hart" (or
    "Leon Hart directed") beside "directed by Maria Costa and produced by Leon Hart"."""
    claimed = _roles(claim, person)
    if not claimed or not held:
        return None
    for sentence in held:
        if len(relation & set(content_words(sentence))) < MIN_SENTENCE_SHARE * len(relation):
            continue
        own: set[str] = set()
        others: set[str] = set()
        for name in entities(sentence):
            if person.key.lower() in name.key.lower():
                own |= _roles(sentence, name)
            elif not any(name.key.lower() in n or n in name.key.lower() for n in claim_names):
                others |= _roles(sentence, name)  # a person, a firm, a band: whoever did it
        if claimed & own:
            return None  # a sentence gives this person the claim's role
        if own and claimed & others:
            return sentence
    return None
