"""A question that is a chat so far: the turn that asks, and the turns before it.

A chat app passes the conversation as the question: "[Human]: Do you know Glass Harbour?
[Assistant]: I do! [Human]: Who directed it?", or one turn a line ("User: ...", "Assistant:
..."). The answer replies to its last user turn: "Anton Reyes." is read with "Who directed it?",
not after the whole transcript (a short answer read after a long history was a shape the verifier
never saw, and the question rules matched no question at all), and its "it" is the thing an
earlier turn names ("Who directed Glass Harbour?"). The turns before it are where
the answer's "he" and "she" may be named (:mod:`~lexguard.grounding.claims._antecedents`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import regex

from lexguard.grounding.claims._antecedents import her_owns, people_in
from lexguard.grounding.signals._entities import entities, is_common_word, personal
from lexguard.grounding.signals._words import word_kinds

__all__ = ["Turn", "asked_turn", "chat_turns", "things_meant"]

_USER_SIDE = r"human|user|customer|client|guest|patient|student"
_MODEL_SIDE = r"assistant|ai|bot|chatbot|agent|model|system|gpt"
_LABEL = rf"(?:{_USER_SIDE}|{_MODEL_SIDE})"
_SPEAKER = regex.compile(
    rf"(?:(?<![^\s])\[(?P<who>{_LABEL})\]|(?m:^)[ \t]*+(?P<who>{_LABEL}))[ \t]*+:[ \t]*+",
    regex.IGNORECASE,
)
"""A speaker label: "[Human]:" anywhere after a space, "User:" at the start of a line."""
_USER = regex.compile(rf"^(?:{_USER_SIDE})$", regex.IGNORECASE)
_SENTENCE_END = regex.compile(r"(?<=[.!?])\s+")
_IT = regex.compile(r"(?<![\p{L}'\u2019])(?:it|its|(?:that|this)\s+one)(?![\p{L}'\u2019])", regex.IGNORECASE)
_THEY = regex.compile(r"(?<![\p{L}'\u2019])(?:they|them|their)(?![\p{L}'\u2019])", regex.IGNORECASE)
_PLURAL = regex.compile(r"\p{Ll}(?<![aiosu])s$")
"""A word of a plural name ("Comets", "Harriers"; not "Texas", "Paris" nor "Aurelius")."""
_PRIZE = regex.compile(r"Trophy|Prize|Award|Cup|Medal|Shield|Boot|Plate|Bowl|Title|Championship|Star|Globe|Honou?r")
"""The last word of a prize's name: one thing, never "they"."""
_THEY_NAMED = regex.compile(r"(?<![\p{L}'\u2019])(?:they|them)(?![\p{L}])", regex.IGNORECASE)
_IT_SAID = regex.compile(r"(?<![\p{L}'\u2019])(?:it|(?:that|this)\s+one)(?![\p{L}])", regex.IGNORECASE)
"""An "it" of an answer's claim, "it's" too ("It's in Oskvale.")."""
"""A "they" or "them" a claim may name a group by (not "their", which owns)."""
_OPENS_WITH_IT = regex.compile(r"^\W*it(?:['\u2019]s|\s)", regex.IGNORECASE)
"""A claim whose "it" opens it: the one thing the claim before names is what it stands for."""
_PERSON = regex.compile(r"(?<![\p{L}'\u2019])(?:he|she|him|his|her)(?![\p{L}'\u2019])", regex.IGNORECASE)
_CONFIRM = regex.compile(r"^(?:is|was)\s+(?:that|it|this)\s+(?:right|true|correct|so)\?$|^(?:right|really|true)\?$",
                         regex.IGNORECASE)
"""A question that asks whether the sentence before it is true ("Is that right?")."""
_HEARD = regex.compile(r"^(?:(?:a|my)\s+\w+\s+told\s+me|i\s+(?:heard|read|saw)|someone\s+said|apparently)\s*(?:that\s+)?,?\s*",
                       regex.IGNORECASE)
"""Who told the user what the sentence says ("A friend told me ..."): the question is whether it is so."""


@dataclass(frozen=True, slots=True)
class Turn:
    """One turn of a chat.

    Attributes:
        speaker: The label as written ("Human", "Assistant").
        text: What was said, stripped.
        user: Whether the user's side said it (not the assistant's).
    """

    speaker: str
    text: str
    user: bool


def chat_turns(question: str | None) -> list[Turn] | None:
    """The turns of a question that is a chat (each after a speaker label, nothing but space
    before the first, one of the user's at least: "[Human]: Is she in the band?" is one turn), or
    ``None``."""
    if not question:
        return None
    labels = list(_SPEAKER.finditer(question))
    if not labels or question[: labels[0].start()].strip():
        return None
    ends = [m.start() for m in labels[1:]] + [len(question)]
    turns = [Turn(m.group("who"), question[m.end() : end].strip(), bool(_USER.match(m.group("who"))))
             for m, end in zip(labels, ends, strict=True)]
    return turns if any(t.user for t in turns) else None


def asked_turn(question: str | None) -> str | None:
    """What the answer replies to: a chat's last user turn (its last question, when it asks one
    after a remark: "Really beautiful. Who made it?"; the sentence before "Is that right?", with a
    question tag), its "it", "he" or "she" written as the one thing or person an earlier turn
    names; any other question as it is.

    >>> asked_turn("[Human]: Do you know Glass Harbour? [Assistant]: I do! [Human]: Who directed it?")
    'Who directed Glass Harbour?'
    >>> asked_turn("Who directed Glass Harbour?")
    'Who directed Glass Harbour?'
    """
    turns = chat_turns(question)
    if turns is None:
        return question
    at = next((i for i in range(len(turns) - 1, -1, -1) if turns[i].user and turns[i].text), None)
    if at is None:
        return question
    last = turns[at].text
    sentences = [s.strip() for s in _SENTENCE_END.split(last) if s.strip()]
    asks = [n for n, s in enumerate(sentences) if s.endswith("?")]
    asked = sentences[asks[-1]] if asks else last
    if asks and asks[-1] and _CONFIRM.match(asked):  # "The Glass Orchard won a prize. Is that right?"
        asked = f"{_HEARD.sub('', sentences[asks[-1] - 1]).rstrip('.!')}, right?"
    return _it_named(asked, [last, *(t.text for t in reversed(turns[:at]))])


def _it_named(asked: str, before: list[str]) -> str:
    """The asked turn with its "it" written as the one thing the nearest turn naming things names
    ("Who directed it?" after "Do you know Salt Road Sisters?"), and its "he" or "she" as the one
    person the nearest turn naming people names ("Has she won anything?" after "That's Priya
    Lanthorne."): a short answer is then read against them, not against whatever the sources say
    "it" did. Left as it is when the turn names one itself, or the nearest turn naming any names two."""
    for pronoun, named in ((_IT, _what_it_may_be), (_THEY, _groups), (_PERSON, people_in)):
        found = pronoun.search(asked)
        if found is None or named(asked):
            continue
        for text in before:
            names = named(text)
            if names:
                if len(names) == 1:
                    owner = found.group().lower() in ("his", "its", "their") or (
                        found.group().lower() == "her" and her_owns(asked[found.end() :]))
                    asked = asked[: found.start()] + names[0] + ("'s" if owner else "") + asked[found.end() :]
                break
    return asked


_THINGS_BACK = 2
"""Claims of the answer, from its start, whose "it" may be the thing the chat named."""


def things_meant(
    claims: Sequence[str], turns: Sequence[str], named: Callable[[str], bool], people: Sequence[str | None] = (),
    *, chat: bool = True,
) -> list[str | None]:
    """What each claim's "it" (or "they", "that one") is, when the answer has not named a thing before it and
    the nearest turn naming things (or groups) names one the sources hold: "Marguerite Ossel
    directed it" after "Who's behind The Copper Orchard?", "Orsolya Dent coaches them" after "The
    Gulls were brilliant!" (``None`` elsewhere). Only near the start of the answer; in a chat reply
    (``chat``), a claim that opens with "it" stands for the one thing (no person) the claim before
    it names (in an answer over a record, that one thing was "WiFi").

    Args:
        claims: The answer's claims, in order.
        turns: What came before the answer, nearest last.
        named: Whether the sources name a thing.
        people: Who each claim's "he" or "she" is, if known: never its "it" or "they".
    """
    meant: list[str | None] = []
    thing = next((names for names in (_what_it_may_be(t) for t in reversed(turns)) if names), [])
    group = next((names for names in (_groups(t) for t in reversed(turns)) if names), [])
    seen = False
    for i, claim in enumerate(claims):
        own = _things(claim)
        found = _named_just_before(claims, i, named) if chat else None  # "... wrote Winter in Valbrook. | It ..."
        person = people[i] if i < len(people) else None
        if found is None and not seen and i < _THINGS_BACK and not (chat and _unnamed_just_before(claims, i)):
            for pronoun, names in ((_IT_SAID, thing), (_THEY_NAMED, [g for g in group if g != person])):
                at = pronoun.search(claim)
                # a thing the claim names before its pronoun may be what it stands for ("Salt Road is
                # hers, and it won ..."); one after it is its object ("It's in Oskvale.")
                before = [e for e in entities(claim) if e.span[1] <= at.start() and not personal(e.text)
                          ] if at and not _CLOSING_OBJECT.search(claim) else []  # not "Ines Carrow directed *it*."
                if at is not None and len(names) == 1 and named(names[0]) and not before:
                    found = names[0]
                    break
        meant.append(found)
        seen = seen or bool(own)
    return meant


_CLOSING_OBJECT = regex.compile(r"\b\p{L}+ed\s++(?:it|them)\s*+[.!]*+\s*+$", regex.IGNORECASE)
"""A pronoun closing the claim as the object of its verb: what the claim's name did was done to it."""


def _named_just_before(claims: Sequence[str], i: int, named: Callable[[str], bool]) -> str | None:
    """The one thing (no person) the claim before names, when claim ``i`` opens with "it": what the
    "it" stands for ("Try Paper Rivers by Sami Roth, | it's folk.")."""
    if i == 0 or not _OPENS_WITH_IT.match(claims[i]):
        return None
    before = [e.text for e in entities(claims[i - 1]) if not personal(e.text)]
    return before[0] if len(before) == 1 and named(before[0]) else None


_THE_THING = regex.compile(r"^\W*the\s+\p{Ll}[\p{L}-]*(?:\s+\p{Ll}[\p{L}-]*)?(?:\s*[,.!;]|\s+(?:is|was|are|were|has|had)\b)",
                        regex.IGNORECASE)


def _unnamed_just_before(claims: Sequence[str], i: int) -> bool:
    """Whether claim ``i`` opens with "it" after a claim that opens with a thing by its common word
    ("The lighthouse, by a long way. | It was built in 1872"): the "it" is that thing, not a
    name of the question ("... the lighthouse or the glass museum in Port Selwyn?")."""
    return i > 0 and _OPENS_WITH_IT.match(claims[i]) is not None and _THE_THING.match(claims[i - 1]) is not None


def _groups(text: str) -> list[str]:
    """The names of ``text`` that "they" may stand for: of two words or more ("Dunmore
    Harriers"), or one plural word ("the Comets"); never a prize ("the Hallworth Trophy")."""
    names = []
    for name in _names(text):
        words = name.split()
        plural = len(words) == 1 and _PLURAL.search(words[0]) is not None and not personal(name)
        if (len(words) >= 2 or plural) and not _PRIZE.fullmatch(words[-1]):
            names.append(name)
    return list(dict.fromkeys(names))


def _things(text: str) -> list[str]:
    """The names of ``text`` that are no person's ("Salt Road Sisters", not "Odile Varek")."""
    return list(dict.fromkeys(name for name in _names(text) if not personal(name)))


def _what_it_may_be(text: str) -> list[str]:
    """The names of ``text`` "it" may stand for: those that are no person's, else its one name
    when that ends in a common word ("Morrow Tide" of "Who's in Morrow Tide?", read as a person's
    name for its first word; not "Odile Varek")."""
    things = _things(text)
    if things:
        return things
    names = _names(text)
    if len(names) == 1 and not _PERSON.search(text) and is_common_word(names[0].split()[-1].lower()):
        return names
    return []


def _names(text: str) -> list[str]:
    """The names of ``text``, without a verb that opens its sentence ("Loved Morrow Tide." names
    Morrow Tide)."""
    out = []
    for found in entities(text):
        words = found.text.split()
        while (len(words) > 1 and is_common_word(words[0].lower()) and (kinds := word_kinds(words[0].lower()))
               and "VERB" in kinds and "NOUN" not in kinds):
            words = words[1:]
        out.append(" ".join(words))
    return out
