"""An age at an event: "Bramble, who was four when she disappeared" beside "Bramble disappeared
from her home in June 2021, when she was two years old".

The claim's "four" is in the sources ("drove more than four hours"), so the number rules read it
as held, and the verifier read the sentence as supported (0.95). :func:`age_at_event_conflict`
reads a claim's "<name>, who was N when <event>" (or "<name> was N when <event>") against the
source sentences that tell the same person's age at the same event: one where the person does the
event ("Bramble disappeared ..., when she was two years old") or is given an age at it ("Bramble,
who was two when she went missing"). Another age there contradicts the claim; the same age, or
no such sentence, leaves it to the other rules.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import content_words, numbers

__all__ = ["age_at_event_conflict"]

_AGE = r"(?P<age>\d{1,3}|[a-z]+(?:-[a-z]+)?)(?:\s++years?\s++old)?"
_CLAIM_AGE = regex.compile(r"\b(?:who\s++)?(?:was|were)\s++" + _AGE + r"\s++when\s++(?P<event>[^,.;:]{3,80})",
                           regex.IGNORECASE)
"""A claim's age at an event: "who was four when she disappeared"."""
_WHEN_AGED = regex.compile(r"\bwhen\s++(?:he|she|they|it)\s++(?:was|were)\s++" + _AGE
                           + r"|\b(?:aged|at\s++the\s++age\s++of)\s++(?P<age>\d{1,3}|[a-z]+(?:-[a-z]+)?)\b",
                           regex.IGNORECASE)
"""A source's age at the sentence's event: "..., when she was two years old", "aged two"."""
_EVENT_NEAR = 40
"""Most characters between the person's name and the event's word in the source sentence."""


def _age(text: str) -> str | None:
    """The age a word or number gives ("four": "4"), if it is one (1 to 120)."""
    found = numbers(text)
    if len(found) != 1 or not found[0].key.isdigit() or not 0 < int(found[0].key) <= 120:
        return None
    return found[0].key


def _ages_at(sentence: str, person: str, event: set[str]) -> list[str]:
    """The ages the sentence gives ``person`` at the event: where the person's name is followed
    (within :data:`_EVENT_NEAR` characters) by a word of the event, the ages said after it."""
    lowered = sentence.lower()
    at = lowered.find(person)
    if at < 0:
        return []
    near = set(content_words(sentence[at + len(person) : at + len(person) + _EVENT_NEAR]))
    told = _CLAIM_AGE.match(sentence, at + len(person) + 1) if sentence[at + len(person) : at + len(person) + 1] == "," else None
    if told is not None and event & set(content_words(told.group("event"))):
        return [a for a in [_age(told.group("age"))] if a]  # "Bramble, who was two when she went missing"
    if not event & near:
        return []
    return [a for m in _WHEN_AGED.finditer(sentence, at) if (a := _age(m.group("age")))]


def age_at_event_conflict(claim: str, passages: list[str]) -> str | None:
    """The source sentence that gives the claim's person another age at the claim's event, if any.

    Example:
        >>> age_at_event_conflict("Bramble, who was four when she disappeared, came home.",
        ...                       ["Bramble disappeared from her home in June 2021, when she was two years old."])
        'Bramble disappeared from her home in June 2021, when she was two years old.'
        >>> age_at_event_conflict("Bramble, who was two when she disappeared, came home.",
        ...                       ["Bramble disappeared from her home in June 2021, when she was two years old."])
    """
    said = _CLAIM_AGE.search(claim)
    if said is None or (age := _age(said.group("age"))) is None:
        return None
    before = entities(claim[: said.start()])
    event = set(content_words(said.group("event")))
    if not before or not event:
        return None
    person = before[-1].key.split()[-1]
    other = None
    for passage in passages:
        for sentence in passage_sentences(passage):
            ages = _ages_at(sentence, person, event)
            if age in ages:
                return None
            if ages and other is None:
                other = sentence
    return other
