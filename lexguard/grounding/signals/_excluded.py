"""What the sources say is not part of what is offered: "Lunch is not included", "A wall charger
is sold separately", "Breakfast is not served", "The fee does not cover firing".

"The fare covers lunch" beside "The £49 fare covers the coach and a guided boat trip. Lunch is
not included." was read as supported (0.99): the claim's words are all in the sources, and the
verifier reads a denial in another sentence, with another verb, poorly. So was "The tablet comes
with a USB-C cable and a wall charger in the box" beside "A wall charger is sold separately".
:func:`excluded_thing` reads the things a source statement leaves out (what is *not included,
provided, served, offered, covered or available*, what is *sold, charged or paid for separately*
or *costs extra*, what something *does not include*) and fails a claim that says one of them is
included: the thing's words follow an inclusion word in the same clause ("comes with ..., and a
wall charger", "covers clay, glazes and firing") or come just before one ("Breakfast is served").

It stands aside when another statement of the sources names the thing (two models, one with a
charger and one without, are the other rules' to tell apart), when the claim itself says the
thing is extra or not there ("... but lunch is extra"), and when the claim shares no other word
with the source that leaves the thing out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import regex

from lexguard.grounding.signals._absent import holds_phrase, things_inventory, thing_words
from lexguard.grounding.signals._negation import denied_words, negated
from lexguard.grounding.signals._statements import sentence_facts

__all__ = ["LIST_SPLIT", "excluded_thing", "withheld_thing"]

_LEFT_OUT_VERB = (
    r"(?:included|provided|supplied|served|offered|covered|available|part\s++of\s++the\s++\w++"
    r"|in\s++the\s++(?:box|pack|package|bundle|kit|price))"
)
_SEPARATELY = (
    r"(?:(?:sold|charged|priced|bought|purchased|paid\s++for|booked|billed|available)\s++(?:separately|extra"
    r"|as\s++(?:an\s++)?extras?|at\s++(?:an\s++)?(?:extra|additional)\s++(?:cost|charge))"
    r"|(?:an\s++)?(?:optional\s++)?extras?|excluded|not\s++part\s++of\b[^,.;]*+)"
)
_PRICED_EXTRA = (
    r"(?:is|are|can\s++be)\s++(?:available|added|had|booked|hired|ordered)\s++(?:for|at)\s++(?:an?\s++)?"
    r"(?:additional|extra)\s++(?:cost|charge|fee|[£$€]\s*+\d[\d.,]*+)"
    r"|can\s++be\s++added\s++(?:for|at)\s++[£$€]\s*+\d[\d.,]*+"
    r"|(?:is|are|can\s++be)\s++(?:hired|rented|bought|purchased)(?:\s++[\p{L}]++){0,4}?\s++(?:for|at)\s++[£$€]\s*+\d"
    r"|costs?\s++[£$€]\s*+\d[\d.,]*+(?:\s++[\p{L}]++){0,3}?\s++when\s++added"
)
"""A thing priced as an extra: "is available for an additional £7.50", "can be added for £8",
"costs £14 each way when added at booking", "can be hired on the night for £4 each"."""
_SUBJECT_LEFT_OUT = regex.compile(
    r"(?:^\s*+|[,;:]\s*+|\b(?:but|and|while|whereas|although|though|however)\s++)"
    r"(?P<thing>(?:[\p{L}\p{N}'\u2019-]++\s++){0,4}?[\p{L}\p{N}'\u2019-]++)\s++"
    r"(?:(?:is|are|was|were|will\s++be|can\s++be|must\s++be)\s++(?:(?:not|never)\s++" + _LEFT_OUT_VERB
    + r"|" + _SEPARATELY + r")"
    r"|(?:isn|aren|wasn|weren)[\u2019']t\s++" + _LEFT_OUT_VERB
    + r"|costs?\s++extra|" + _PRICED_EXTRA + r")\b",
    regex.IGNORECASE,
)
"""A thing a clause says is left out, before its verb: "Lunch is not included", "A wall charger
is sold separately", "firing costs are charged separately", "Towels cost extra", "A full cooked
breakfast is available for an additional £7.50"."""
_LEFT_OUT_OBJECT = regex.compile(
    r"\b(?:(?:does|do|did)\s++not|(?:doesn|don|didn)[\u2019']t)\s++(?:include|cover|come\s++with|provide|offer|serve)"
    r"\s++(?P<items>[^.;:!?()]{1,120})"
    r"|\b(?:excluding|not\s++including|excludes?)\s++(?P<items2>[^.;:!?()]{1,120})",
    regex.IGNORECASE,
)
"""Things a clause says something does not include: "The fee does not cover firing or glazes"."""
_ITEM_END = regex.compile(
    r"\s*+(?:,\s*+(?:so|but|and\s+(?:the|it|they|its))\b|\b(?:so|but|because|which|that|who|since|although|though"
    r"|while|unless|until|apart|for|at|on|in|from)\b).*",
    regex.IGNORECASE,
)
LIST_SPLIT = regex.compile(r"\s*+(?:,\s*+(?:or|and|nor)?|\bor\b|\band\b|\bnor\b)\s*+", regex.IGNORECASE)
"""Where the items of a list part ("bed linen, towels and a hot tub")."""
_GENERIC = frozenset({"cost", "fee", "charg", "price", "extra", "item", "thing", "option"})
"""Words that name no thing of their own ("firing *costs*"): a claim names the thing without them."""
_MOST_THING_WORDS = 3

_INCLUDES = regex.compile(
    r"\b(?:includ(?:e|es|ed|ing)|cover(?:s|ed|ing)?|(?:come|comes|came|coming|ship|ships|shipped|arrives?|arrived"
    r"|supplied|bundled|sold|delivered)\s++with"
    r"|provid(?:e|es|ing)|suppl(?:y|ies|ying)|serv(?:e|es|ing)|offer(?:s|ing)?|inclusive\s++of|along\s++with"
    r"|together\s++with|in\s++the\s++box|thrown\s++in|free|at\s++no\s++(?:extra\s++)?(?:cost|charge)"
    r"|(?:you(?:[\u2019']ll|\s++will)?|guests?|members?)\s++(?:get|receive)"
    r"|protect(?:s|ed|ing)?|insur(?:e|es|ed|ing))\b",
    regex.IGNORECASE,
)
"""Words by which a claim says what is included, before the thing ("comes with ... a wall charger")."""
_CLAUSE_END = regex.compile(r"[.;:!?]|,\s*+(?:but|so|while|whereas|although|though|which)\b|\s(?:but|except|apart)\s",
                            regex.IGNORECASE)
_CLAUSE_REACH = 200
"""Most characters after an inclusion word read for the things it includes."""
_CLAIM_LEAVES_OUT = regex.compile(
    r"\b(?:extras?|separately|additional(?:ly)?|optional|on\s++top|own|excluding|exclud(?:e|es|ed)|without|lack(?:s|ing)?"
    r"|bring|charged?|costs?|priced|sold|pay(?:s|ing)?|paid|buy(?:s|ing)?|purchas(?:e|ed|ing)|instead|rather\s++than|missing|apart\s++from"
    r"|added\s++(?:for|at))\b",
    regex.IGNORECASE,
)
"""Words by which a claim keeps the thing out ("lunch is extra", "bring your own towels",
"a charger can be bought for £15", "a wall charger costs £15"): it says what the source says, in other words."""


@dataclass(frozen=True, slots=True)
class _LeftOut:
    words: tuple[str, ...]
    """The thing's content words, in order ("wall", "charger")."""
    statement: str
    source_id: str


_VISIT = regex.compile(
    r"^\s*+(?:(?:a|an|the|any)\s++)?(?:visits?|tours?|trips?|looks?|access|entry|admission|entrance)\s++"
    r"(?:to|of|around|round|into|inside)\s++",
    regex.IGNORECASE,
)
"""A visit to a place, which is the place: "a visit to the warehouse" leaves out the warehouse
("a look around the warehouse" names it)."""


def _thing(phrase: str) -> tuple[str, ...]:
    """The content words that name a thing, without the words that name no thing ("firing costs": firing)
    or a visit to it ("a visit to the warehouse": warehouse)."""
    phrase = _VISIT.sub("", phrase)
    words = [w for w in thing_words(phrase) if w not in _GENERIC] or thing_words(phrase)
    return tuple(words[-_MOST_THING_WORDS:])


_CHARGED_LATER = regex.compile(
    r"^\s*+(?P<thing>(?:[\p{L}\p{N}'\u2019-]++\s++){0,3}?[\p{L}\p{N}'\u2019-]++)\s++(?:is|are)\s++(?:[^.;:!?]|(?<=\d)[.:](?=\d)){1,80}?"
    r"\b(?:and|but)\s++(?:(?:is|are)\s++(?:charged|sold|priced|billed|paid\s++for)\s++(?:separately|extra|as\s++(?:an\s++)?extras?)"
    r"|costs?\s++(?:extra|[£$€]\s*+\d))",
    regex.IGNORECASE,
)
"""A thing a sentence opens with, charged for after what else it says of it: "Breakfast is served
from 7am to 10am and costs £11.50 per person", "Catering is provided by our approved suppliers
and is charged separately"."""


_OF = regex.compile(r"\s++(?:for|of|with|in|on|at|from)\s++", regex.IGNORECASE)


def _left_out(text: str) -> list[tuple[str, ...]]:
    """The things a statement says are left out, each as its content words."""
    out = [_thing(item) for m in _SUBJECT_LEFT_OUT.finditer(text) for item in LIST_SPLIT.split(m.group("thing"))]
    out += [_thing(_OF.split(m.group("thing"))[0]) for m in _CHARGED_LATER.finditer(text)]  # "Catering | for functions"
    for m in _LEFT_OUT_OBJECT.finditer(text):
        items = _ITEM_END.sub("", m.group("items") or m.group("items2"))
        out += [_thing(item) for item in LIST_SPLIT.split(items)]
    return [thing for thing in out if thing]


def _left_out_items(index: Any) -> list[_LeftOut]:
    """What the sources leave out, read once per index (kept on it)."""
    cached = getattr(index, "_excluded_inventory", None)
    if cached is None:
        cached = index._excluded_inventory = [
            _LeftOut(thing, f.text, index.chunks[f.chunk].source_id) for f in sentence_facts(index)
            for thing in _left_out(f.text)]
    return cached


def _says_included(claim: str, thing: tuple[str, ...]) -> bool:
    """Whether the claim says ``thing`` is included: its words follow an inclusion word in the same
    clause, or come just before one."""
    for m in _INCLUDES.finditer(claim):
        reach = min(len(claim), m.end() + _CLAUSE_REACH)  # a clause's words, bounded: a long claim stays linear
        end = _CLAUSE_END.search(claim, m.end(), reach)
        if holds_phrase(thing_words(claim[m.end() : end.start() if end else reach]), thing):
            return True
    return any(tuple(thing_words(claim[max(0, m.start() - 80) : m.start()])[-len(thing) :]) == thing
               for m in _INCLUDED_AFTER.finditer(claim))


_INCLUDED_AFTER = regex.compile(
    r"(?<=[\p{L}\p{N}])\s++(?=(?:(?:is|are|was|were|'s|will\s++be)\s++)?(?:also\s++)?(?:included|provided|supplied"
    r"|served|offered|covered|thrown\s++in|free|available|part\s++of|(?:comes?|came)\s++with)\b)",
    regex.IGNORECASE,
)
"""Where a claim says a thing it names just before is included ("Breakfast | is served", "towels | provided")."""


def excluded_thing(claim: str, index: Any) -> str | None:
    """The source statement that leaves out a thing the claim says is included, if any.

    Args:
        claim: The claim text.
        index: The source index.

    Returns:
        The statement, when a clause of the claim (with no negation of its own, nor words that keep
        the thing out) says the thing is included, no other source statement names it, and the
        claim shares a word besides the thing with the source that leaves it out; else ``None``.
    """
    # read clause by clause: "No need — chairs are included with your ticket, ... and you're welcome
    # to bring a picnic" says the chairs are included; its "No need" and its "bring" are other clauses'
    parts = [part for part in _CLAIM_CLAUSES.split(claim) if part.strip()
             and not negated(part) and not _CLAIM_LEAVES_OUT.search(part)]
    if not parts or not index.chunks:
        return None
    inventory = things_inventory(index)
    words = thing_words(claim)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for item in _left_out_items(index):
        if (item.source_id, item.words) in seen or not holds_phrase(words, item.words):
            continue
        seen.add((item.source_id, item.words))  # each thing once per source: linear in the sources
        if any(set(item.words) <= held and holds_phrase(thing_words(text), item.words)
               and item.words not in _left_out(text) for held, text in inventory.statements):
            continue  # another statement names the thing ("The Pro comes with a charger")
        if (set(words) - set(item.words)) & inventory.source_words.get(item.source_id, frozenset()) and any(
                _says_included(part, item.words) and not _priced_after(part, item.words) for part in parts):
            return item.statement
    return None


def _priced_after(part: str, thing: tuple[str, ...]) -> bool:
    """Whether the claim gives the thing's price after it ("serves breakfast from 7:30 for £12 per
    person"): it says what the source says, the charge included."""
    at = next((m.end() for m in _TOKEN.finditer(part) if thing_words(m.group())[-1:] == list(thing[-1:])), None)
    return at is not None and _OWN_PRICE.match(part, at) is not None


_TOKEN = regex.compile(r"[\p{L}\p{N}'\u2019-]+")
_OWN_PRICE = regex.compile(r"[^,;]{0,60}?\b(?:for|at|costs?|costing|priced\s++at|charged\s++at)\s++[£$€]\s*+\d",
                           regex.IGNORECASE)
"""A price the claim gives the thing right after it ("breakfast from 7:30 to 10:00 *for £12*"), not
that of what includes it ("included in the £22 daily hire")."""


_CLAIM_CLAUSES = regex.compile(
    r"\s*+(?:(?<!\d)[.:]|[.:](?!\d)|[;!?\u2013\u2014]|\s-\s|,\s*+(?:but|so|while|whereas|although|though)\b"
    r"|,\s*+and\s++(?=(?:you|we|they|it|there|he|she|i)\b))\s*+",
    regex.IGNORECASE,
)
"""Where a claim's clauses part: its "No need —" and "..., and you're welcome to bring a picnic"
are clauses of their own."""


_OWN = regex.compile(r"\b(?:bring|supply|provide|take)\s++(?:your|their|his|her|our|my)\s++own\s++(?P<items>[^.;:!?()]{1,80})",
                     regex.IGNORECASE)
"""Things a claim says one must bring: "need to bring their own table"."""
_CHARGED = regex.compile(r"[£$€]\s*+\d|\d\s*+(?:p|pence)\b|\b(?:hire|rent)\b", regex.IGNORECASE)


def _withheld(claim: str) -> list[tuple[str, ...]]:
    """The things a claim says are left out or must be brought ("towels aren't included", "bring
    their own table")."""
    things = _left_out(claim)
    for m in _OWN.finditer(claim):
        things += [_thing(item) for item in LIST_SPLIT.split(_ITEM_END.sub("", m.group("items")))]
    return [thing for thing in things if thing]


def withheld_thing(claim: str, index: Any) -> str | None:
    """The source statement that includes a thing the claim says is left out, if any: "Yes, towels
    aren't included, so you'll need to bring your own" beside "All our lodges include bed linen,
    towels and a hot tub"; "need to bring their own table" beside "tables are provided".

    Args:
        claim: The claim text.
        index: The source index.

    Returns:
        The statement, when a clause of it says the thing is included (with no negation, price,
        hire or charge of its own), no source statement leaves the thing out, and the claim shares a word besides
        the thing with its source; else ``None``.
    """
    things = _withheld(claim)
    if not things or not index.chunks:
        return None
    left = {item.words[-1] for item in _left_out_items(index)}
    words = set(thing_words(claim))
    inventory = things_inventory(index)
    for thing in things:
        if thing[-1] in left:
            continue  # a source leaves it out too ("Towels can be hired for £3"): not the claim's error alone
        for fact in sentence_facts(index):
            text = fact.text
            if not (words - set(thing)) & inventory.source_words.get(index.chunks[fact.chunk].source_id, frozenset()):
                continue
            if (words - set(thing)) & set(thing_words(" ".join(denied_words(text)[0]))):
                continue  # the source denies it where the claim does ("... but not in guest rooms")
            # the clause that includes it ("..., and tables are provided"), with no price or charge of its own
            if any(_says_included(part, thing) and not negated(part) and not _CHARGED.search(part)
                   and not _CLAIM_LEAVES_OUT.search(part) for part in _JOINTS.split(text)):
                return text
    return None


_JOINTS = regex.compile(r",\s*+(?:and|but|while|whereas|so)\s++|;\s*+|\s++(?:but|while|whereas)\s++", regex.IGNORECASE)
"""Where a source sentence's clauses part ("book a pitch for £15, | and tables are provided")."""
