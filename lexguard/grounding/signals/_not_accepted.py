"""What the sources say is not accepted or not allowed, said to be an option by the claim.

"Yes, you can pay online, by phone or in cash at the council offices" beside "Households can pay
online or by phone; cash is not accepted" was accepted (0.97): every word of the claim but "council
offices" is in the source, and the verifier reads a refusal with another verb ("accepted" for
"pay") poorly. :func:`refused_option` reads the things a source statement refuses (*cash is not
accepted*, *dogs are not allowed*, *we do not accept cheques*, *no dogs allowed*, *you cannot pay
by card*) and fails a claim that offers one of them in a clause with no negation of its own: a
clause that says one *can*, *may*, *pay*, *use*, *bring* or *accept* it, or names it as one of
several options ("online, by phone or in cash").

It stands aside when another statement of the sources names the thing outside a refusal ("Dogs
are not allowed inside, but are welcome in the garden"), and when the claim shares no other
word with the source that refuses it.
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.signals._absent import holds_phrase, thing_words, things_inventory
from lexguard.grounding.signals._excluded import LIST_SPLIT
from lexguard.grounding.signals._negation import negated
from lexguard.grounding.signals._statements import sentence_facts

__all__ = ["refused_channel", "refused_option"]

_REFUSED_WORD = r"(?:accepted|allowed|permitted|taken|welcome|possible|an\s++option)"
_THING = r"(?P<thing>(?:[\p{L}\p{N}'\u2019-]++\s++){0,3}?[\p{L}\p{N}'\u2019-]++)"
_SUBJECT_REFUSED = regex.compile(
    r"(?:^|[,;:(]\s*+|\b(?:but|and|while|whereas|although|though|however|sorry)\s++)(?:(?:the|a|an)\s++)?" + _THING
    + r"\s++(?:(?:is|are|will\s++be)\s++(?:not|no\s++longer|never)|(?:isn|aren)[\u2019']t)\s++" + _REFUSED_WORD
    + r"\b(?P<scope>[^.;:!?]{0,80})",
    regex.IGNORECASE,
)
"""A thing a clause refuses, before its verb: "cash is not accepted", "Dogs are not allowed"."""
_OBJECT_REFUSED = regex.compile(
    r"\b(?:(?:do|does|will|can)\s++not|(?:don|doesn|won|can)[\u2019']t|cannot|no\s++longer|never)\s++"
    r"(?:accept|allow|permit|take)\s++(?P<items>[^.;:!?()]{1,80})"
    r"|\b(?:cannot|can[\u2019']t|can\s++not|may\s++not|must\s++not)\s++(?:pay|be\s++paid)\s++(?:by|with|in|using)\s++"
    r"(?P<items2>[^.;:!?()]{1,80})"
    r"|\bno\s++" + _THING.replace("thing", "items3") + r"\s++(?:are\s++|is\s++)?(?:allowed|permitted|accepted)\b",
    regex.IGNORECASE,
)
"""Things a clause refuses after its verb: "We do not accept cheques", "You cannot pay by card",
"No dogs allowed"."""
_ITEM_END = regex.compile(
    r"\s*+(?:,\s*+(?:so|but|and\s+(?:the|it|they|its|we|you))\b|\b(?:so|but|because|which|that|who|since|although"
    r"|though|while|unless|until|apart|at|on|in|from|for|inside|outside|after|before|during|if|when|whenever)\b).*",
    regex.IGNORECASE,
)
_MOST_THING_WORDS = 3
_OFFERS = regex.compile(
    r"\b(?:can|could|may|able|accept(?:s|ed|ing)?|allow(?:s|ed|ing)?|permit(?:s|ted)?|welcome|pay(?:s|ing)?|paid|use"
    r"|using|bring(?:ing)?|take(?:s|n)?|option(?:s)?|either)\b",
    regex.IGNORECASE,
)
"""Words by which a claim's clause offers a thing ("you can pay ... in cash", "cash is accepted")."""
_CLAUSE = regex.compile(r"[^.;:!?]+")
_CLAIM_REFUSES = regex.compile(
    r"\b(?:except|apart\s++from|other\s++than|but\s++not|rather\s++than|instead\s++of|without|only)\b", regex.IGNORECASE
)
"""Words by which a claim keeps a thing out itself ("any payment except cash")."""


def _thing(phrase: str) -> tuple[str, ...]:
    """The last content words of a phrase that names a thing ("by cheque": cheque)."""
    return tuple(thing_words(phrase)[-_MOST_THING_WORDS:])


_SCOPE = regex.compile(
    r"^\s*+(?P<scope>(?:in|inside|on|at|after|before|during|for|within|without|until|beyond|past"
    r"|outside|under|over|with)\b[^.;,]{0,60})",
    regex.IGNORECASE,
)
_CONTRAST = regex.compile(r"\b(?:but|though|although|however|except|unless|apart\s++from|only|if|when|whenever)\b",
                          regex.IGNORECASE)
"""What limits a refusal ("not allowed *inside*", "not accepted *on the bus*"), or a contrast that
grants the thing something ("not allowed inside, *but* are welcome in the garden"), or a condition
("Do not take ibuprofen *if* you have had a stomach ulcer": no refusal of ibuprofen)."""
_AMOUNT = regex.compile(r"\s*+(?:more|less|fewer|over|under|above|below|longer|beyond|in\s++excess|any\s++more|\p{N})\b",
                        regex.IGNORECASE)
"""An amount after a refusal's verb: "Do not take *more than six tablets* in 24 hours" limits a
dose ("up to six tablets" says so), it refuses no thing."""


def _refused(text: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The things a statement refuses, each as its content words, with the words that limit the
    refusal (``("dog",), ("inside",)``); a refusal a contrast follows is none."""
    found = [(m.group("thing"), m.group("scope")) for m in _SUBJECT_REFUSED.finditer(text)]
    for m in _OBJECT_REFUSED.finditer(text):
        items = m.group("items") or m.group("items2") or m.group("items3")
        if _AMOUNT.match(items):
            continue
        end = _ITEM_END.search(items)
        found.append((items[: end.start()] if end else items, items[end.start() :] if end else ""))
    out = []
    for things, after in found:
        if _CONTRAST.search(after):
            continue
        limit = _SCOPE.match(after)
        scope = tuple(thing_words(limit.group("scope"))) if limit is not None else ()
        out += [(thing, scope) for item in LIST_SPLIT.split(things) if (thing := _thing(item))]
    return out


def _offered(claim: str, thing: tuple[str, ...], scope: tuple[str, ...]) -> bool:
    """Whether a clause of the claim without a negation or an exception names ``thing`` and offers it
    (where the refusal is limited, within the limit: every word of ``scope``)."""
    for clause in _CLAUSE.finditer(claim):
        text = clause.group()
        words = thing_words(text)
        if holds_phrase(words, thing) and not negated(text) and not _CLAIM_REFUSES.search(text):
            if _OFFERS.search(text) and set(scope) <= set(words):
                return True
    return False


def _refusals(index: Any) -> list[tuple[Any, list[tuple[tuple[str, ...], tuple[str, ...]]]]]:
    """The source statements that refuse something, with what each refuses, read once per index (kept on it)."""
    cached = getattr(index, "_refusals", None)
    if cached is None:
        cached = index._refusals = [(f, found) for f in sentence_facts(index) if (found := _refused(f.text))]
    return cached


def refused_option(claim: str, index: Any) -> str | None:
    """The source statement that refuses a thing the claim offers, if any.

    Args:
        claim: The claim text.
        index: The source index.

    Returns:
        The statement, when a clause of the claim (with no negation or exception of its own) offers
        the thing, no other source statement names it outside a refusal, and the claim shares a
        word besides the thing with the source that refuses it; else ``None``.
    """
    if not index.chunks:
        return None
    words = thing_words(claim)
    inventory = None
    for fact, refusals in _refusals(index):
        for thing, scope in refusals:
            if not holds_phrase(words, thing) or not _offered(claim, thing, scope):
                continue
            inventory = inventory or things_inventory(index)
            source_id = index.chunks[fact.chunk].source_id
            if any(set(thing) <= held and text != fact.text and holds_phrase(thing_words(text), thing)
                   and thing not in {t for t, _ in _refused(text)} for held, text in inventory.statements):
                continue  # another statement names it ("... but are welcome in the garden")
            if (set(words) - set(thing)) & inventory.source_words.get(source_id, frozenset()):
                return fact.text
    return None


_CHANNEL = regex.compile(
    r"\b(?:over\s++the\s++(?:tele)?phone|by\s++(?:tele)?phone|(?:by|via)\s++e-?mail|by\s++post|online|in\s++person)\b",
    regex.IGNORECASE,
)
"""A way of getting in touch a refusal may name ("We do not take requests *over the phone*")."""
_CHANNEL_REFUSED = regex.compile(
    r"\b(?:(?:do|does|will|can)\s++not|(?:don|doesn|won|can)[\u2019']t|cannot|no\s++longer|never)\s++"
    r"(?:accept|allow|permit|take|process|handle|deal\s++with)\s++(?P<items>[^.;:!?()]{1,80})"
    r"|\s(?:(?:is|are|can|will)\s++(?:not|never)|(?:isn|aren|can)[\u2019']t|cannot)"
    r"\s++(?:be\s++)?(?:accepted|taken|made|placed|processed|handled)\s++(?P<after>[^.;:!?()]{1,40})",
    regex.IGNORECASE,
)
_CLAUSE_START = regex.compile(r"[.;:!?()]")
_ITEMS_REACH = 80
"""Characters before a refusal's verb its subject ("Permit renewals cannot be made ...") may start at."""
_WAYS = {"phone": ("phone", "telephone", "call", "ring"), "mail": ("email", "e-mail"), "post": ("post",),
         "online": ("online",), "person": ("in person",)}
"""The words by which a claim offers each way ("you can simply *phone* the surgery", "*call* us")."""
_WAY_OF = {"phone": "phone", "telephone": "phone", "mail": "mail", "e-mail": "mail", "email": "mail", "post": "post",
           "online": "online", "person": "person"}
_WAY_NAMED = {way: regex.compile(r"\b(?:" + "|".join(regex.escape(w).replace(r"\ ", r"\s+") for w in words) + r")\b",
                                 regex.IGNORECASE) for way, words in _WAYS.items()}
_WAY_VERB = regex.compile(r"\b(?:just|simply|also|can)\s+(?:phone|call|ring|email)\b", regex.IGNORECASE)
"""A way offered by its own verb ("or you can simply phone the surgery")."""


def _channels_refused(text: str) -> list[tuple[str, frozenset[str]]]:
    """The ways a statement refuses something by (``"phone"``, ``"mail"``, ...), each with the words
    of what it refuses that way ("We do not take prescription requests over the phone")."""
    out = []
    for m in _CHANNEL_REFUSED.finditer(text):
        before = text[max(0, m.start() - _ITEMS_REACH):m.start()]
        items = m.group("items") or _CLAUSE_START.split(before)[-1]
        where = m.group("items") or m.group("after") or ""
        turn = _CONTRAST.search(where)  # "... over the phone, but online": the way after the turn is granted
        for channel in _CHANNEL.finditer(where[: turn.start()] if turn else where):
            way = _WAY_OF[channel.group().lower().split()[-1]]
            what = frozenset(thing_words(_CHANNEL.sub(" ", items))) - {"phone", "telephone"}
            if what:
                out.append((way, what))
    return out


def refused_channel(claim: str, index: Any) -> str | None:
    """The source statement that refuses a way of asking the claim offers for the same thing: "or
    you can simply phone the surgery" in an answer about repeat prescriptions beside "We do not take
    prescription requests over the phone". The claim's clause that names the way offers it (no
    negation, an offering word or the way's own verb) and the claim holds a word of the thing refused.
    """
    cached = getattr(index, "_channel_refusals", None)
    if cached is None:
        cached = index._channel_refusals = [(f, found) for f in sentence_facts(index) if (found := _channels_refused(f.text))]
    if not cached:
        return None
    claim_words = set(thing_words(claim))
    for fact, refusals in cached:
        for way, what in refusals:
            if what & claim_words and _way_offered(claim, way):
                return fact.text
    return None


def _way_offered(claim: str, way: str) -> bool:
    """Whether a clause of the claim names ``way`` and offers it: no negation or exception of its
    own, and an offering word or the way's own verb."""
    return any(_WAY_NAMED[way].search(text) and not negated(text) and not _CLAIM_REFUSES.search(text)
               and (_OFFERS.search(text) or _WAY_VERB.search(text))
               for text in (c.group() for c in _CLAUSE.finditer(claim)))
