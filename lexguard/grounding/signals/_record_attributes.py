"""What a claim says a record's yes-or-no attributes are: "offers free Wi-Fi and takeout, but
does not take reservations" beside ``'attributes': {'WiFi': 'free', 'RestaurantsTakeOut': True,
'RestaurantsReservations': False, ...}``.

The verifier reads such a record poorly: one attribute a line, flattened ("attributes Restaurants
Take Out: True"), and two lines at a time; a claim of four attributes, each as the record gives
it, read 0.38 supported, and one that calls a ``False`` attribute there read as high as one that
is right. :func:`read_attributes` finds each attribute a claim names (by its key's own words,
"outdoor seating" for ``OutdoorSeating``, "lot" with "parking" for ``BusinessParking.lot``, the
words written together or apart: "take-out", "WiFi", "Wi-Fi"), reads whether the claim's clause
says it is there or not ("does not offer Wi-Fi or takeout", "lacks", "no", "without"), and
compares that with the record's value: the other value is a conflict; a claim of nothing but
attributes, each as the record gives it, is checked. A value the record leaves empty (``None``)
says neither: the claim is left to the other checks. A clause that says the record does not give
something ("no information about parking") is a refusal, read by the refusal rules.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import regex

from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._record_reading import REPORTED, RecordReading, unread_words

__all__ = ["MAX_ATTRIBUTES", "Attribute", "record_attributes", "read_attributes"]


@dataclass(frozen=True, slots=True)
class Attribute:
    """One yes-or-no attribute of a record.

    Attributes:
        names: The forms a claim may name it by, each its parts: words a claim writes in a row,
            apart or together (``("outdoor", "seating")``: "outdoor seating", "outdoorseating";
            ``("wi", "fi")``: "Wi-Fi", "WiFi"), and for an attribute of a group the group's word
            anywhere in the same stretch without a comma (``(("lot",), ("parking",))``: "parking
            lot", "parking is available in the lot").
        value: ``True`` (there), ``False`` (not there) or ``None`` (the record leaves it empty).
        text: The value as the record writes it ("free"), for "free Wi-Fi".
        line: The attribute as one line, the evidence of a conflict.
        group: Whether it stands for a group of attributes (``BusinessParking``: "parking"), there
            when one of them is, not there when none is; read only where the claim names none of
            the group's own ("offers parking", not "no valet parking").
    """

    names: tuple[tuple[tuple[str, ...], ...], ...]
    value: bool | None
    text: str
    line: str
    group: bool = False


MAX_ATTRIBUTES = 200
"""Most yes-or-no values of one record read as its attributes."""
_MAX_HITS = 16
"""Places of one word of an attribute's name looked at, for the shortest stretch that names it."""
_CAMEL = regex.compile(r"(?<=[a-z])(?=[A-Z])|_|\s+")
_PREFIXES = frozenset({"restaurants", "business", "good", "for"})
"""Key words that name no thing of their own ("RestaurantsTakeOut", "BusinessParking", "GoodForGroups")."""
_FIELDS = frozenset({"name", "address", "city", "state", "hours"})
"""Fields that are no yes-or-no attribute, whatever their value says."""
_YES = frozenset({"true", "yes", "free", "paid", "full_bar", "beer_and_wine"})
_NO = frozenset({"false", "no"})
_LITERAL = regex.compile(r"^u(?=['\"])|['\"]")
"""The quotes of a string literal written into a value ("u'free'", "'no'")."""


def _key_words(key: str) -> list[str]:
    return [w.lower() for w in _CAMEL.split(str(key)) if w]


def _value(item: Any) -> tuple[bool | None, str] | None:
    """A yes-or-no value and its text (``"u'free'"``: True, "free"; ``None``: None), else ``None``."""
    if item is None or item is True or item is False:
        return item, str(item)
    if isinstance(item, str):
        text = _LITERAL.sub("", item.strip()).lower()
        if text in _YES:
            return True, text
        if text in _NO:
            return False, text
        if text == "none":
            return None, text
    return None


def _names(words: list[str], parent: list[str]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """The forms of a key a claim may name it by (:attr:`Attribute.names`): its words without the
    prefixes, and a sub-key of parking or music with its group's word ("lot" with "parking")."""
    own = tuple(w for w in words if w not in _PREFIXES) or tuple(words)
    if parent:
        head = [w for w in parent if w not in _PREFIXES][-1:] or parent[-1:]
        if head and head[0] in {"parking", "music"}:
            return ((own, (head[0],)),)
    if len(own) > 1 and own[0] in _PASSIVES:  # "credit cards are (not) accepted" names "accepts credit cards"
        return ((own,), (own[1:], (_PASSIVES[own[0]],)))
    return ((own,),)


_PASSIVES = {"accepts": "accepted", "allows": "allowed", "takes": "taken", "offers": "offered"}
"""A key's verb as a claim writes it after the thing ("credit cards are accepted")."""


def record_attributes(record: Any) -> list[Attribute]:
    """The yes-or-no attributes of a parsed record, its nested literals parsed
    (:func:`~lexguard.grounding.evidence._records.expanded`); none for a record of more than
    :data:`MAX_ATTRIBUTES` (a list of many things, not one thing's record)."""
    found: list[Attribute] = []
    stack: list[tuple[Any, list[str]]] = [(record, [])]
    while stack:
        item, path = stack.pop()
        if isinstance(item, dict):
            for key, sub in item.items():
                stack.append((sub, [*path, str(key)]))
            group = _group(item, path)
            if group is not None:
                found.append(group)
            continue
        read = _value(item) if path else None
        if read is None or not path or (read[0] is not None and path[-1].lower() in _FIELDS):
            continue  # a field the record leaves empty ('hours': None) is one a claim may say is not given
        words = _key_words(path[-1])
        parent = _key_words(path[-2]) if len(path) > 1 and path[-2] != "attributes" else []
        line = f"{' '.join(w for p in path[-2:] for w in _key_words(p))}: {read[1]}"
        found.append(Attribute(_names(words, parent), read[0], read[1], line))
        if len(found) > MAX_ATTRIBUTES:
            return []
    return found


def _group(item: dict[Any, Any], path: list[str]) -> Attribute | None:
    """The attribute a mapping of two or more yes-or-no values stands for, where it names a thing a
    place has or not (``BusinessParking``: "parking", a ``Music`` of kinds: "music")."""
    values = [_value(v) for v in item.values()]
    if not path or len(values) < 2 or any(v is None for v in values):
        return None
    flags = [v[0] for v in values if v is not None]
    value = True if True in flags else False if all(f is False for f in flags) else None
    own = tuple(w for w in _key_words(path[-1]) if w not in _PREFIXES) or tuple(_key_words(path[-1]))
    if own[-1:] not in {("parking",), ("music",)}:
        return None  # every place has an ambience: "no specific ambience" says no "False" of it
    shown = "yes" if value else "no" if value is False else "not given"
    return Attribute(((own,),), value, shown, f"{' '.join(own)}: {shown}", group=True)


_CLAUSE = regex.compile(
    r"\s*(?:[;:.!?](?:\s+|$)|,?\s*\b(?:but|while|whereas|although|though|however|yet)\b,?"
    r"|,\s*(?=(?:the|it|it's|they|they're|its|their|there|this|which|making)\b)"
    r"|,?\s*\band\s+(?=(?:does|do|is|are|has|have|it|they|offers?|provides?|accepts?|allows?|takes?(?!\W*out)|welcomes?"
    r"|features?|lacks?|there|also|includes?|the)\b))\s*",
    regex.IGNORECASE,
)
_NEGATION = regex.compile(r"\b(?:not|no|never|neither|nor|without|lacks?|lacking|none)\b|n[\u2019']t\b|^\W*No\b")
"""A negation before an attribute in its clause ("does not offer Wi-Fi or takeout"); lower case but
at the clause's start, so the "No" of "Rose Cafe No 2" negates nothing."""
_NEGATED_AFTER = regex.compile(
    r"\s*+(?:(?:services?|options?|orders?|facilities)\s++)?"
    r"(?:(?:is|are|was|were)\s++(?:not|never)\b|(?:isn|aren|wasn|weren)[\u2019']t\b|(?:is|are)\s++unavailable\b)",
    regex.IGNORECASE,
)
"""A negation right after an attribute: "reservations are not accepted", "takeout service isn't offered"."""
_BESIDES = regex.compile(r"\b(?:except|besides|other\s+than|apart\s+from|save\s+for|but\s+for)\b", regex.IGNORECASE)
"""Words after a negation that take a thing out of it: "no parking except for street parking"."""
_UNKNOWN = regex.compile(
    r"\b(?:information|info|details?|data|specified|mentioned|listed|provided|unclear|unknown|indicated|stated)\b",
    regex.IGNORECASE,
)
"""Words of a clause that says the record does not give something: a refusal, not a "no". It is
right of what the record leaves empty (``None``); of what the record gives, the refusal rules
read it."""
_UNKNOWN_WORDS = frozenset(content_words(
    "information info details detail data specified specific mentioned listed provided unclear unknown indicated "
    "stated regarding about given structured include includes including attributes such unfortunately operation "
    "suitability"
))


def _unknown_words(clause: str) -> list[tuple[int, int]]:
    """Where a clause that says the record does not give something uses words of saying so."""
    return [m.span() for m in _WORD.finditer(clause) if set(content_words(m.group())) <= _UNKNOWN_WORDS]
_WORD = regex.compile(r"[\p{L}\p{N}]+")
_ATTRIBUTE_WORDS = frozenset(content_words(
    "offer offers offered offering provide provides provided providing have has had having include includes "
    "including feature features featuring accept accepts accepted allow allows allowed take takes welcome welcomes "
    "available availability option options service services it they its their also both well as there is are "
    "does do lack lacks lacking without no not nor neither either suitable good great ideal for place spot "
    "business restaurant establishment dining ambience ambiance atmosphere vibe setting "
    "orders order accommodate accommodates accommodating accommodation accommodations amenities "
    "facilities unavailable except besides any making customers unfortunately additionally moreover furthermore "
    "shop store deli diner bistro eatery bakery pizzeria brewery market salon studio gym venue location taproom "
    "doesn't don't isn't aren't hasn't haven't didn't cannot can't won't"
))
"""Words that say an attribute is there or not, or name the business that has it. Not "free",
"parking", "seating" or "bar", which state something of their own ("free parking", "has a
bar"): they count only as part of an attribute's name ("free" before Wi-Fi the record calls free)."""


_FREE = regex.compile(r"\bfree\W+$", regex.IGNORECASE)
_SPELLINGS = {"ambiance": "ambience"}
"""Words a claim spells otherwise than a record's key."""
_BREAK = regex.compile(r"[,;:()\u2013\u2014]")


def _mentions(clause: str, attributes: list[Attribute]) -> list[tuple[Attribute, bool | None, list[tuple[int, int]]]]:
    """The attributes a clause names, whether it says each is there, and where. A group named
    where the clause names one of its own attributes ("no parking except for street parking") is
    not judged (``None``): its words are read as part of its attributes'."""
    tokens = [(_SPELLINGS.get(m.group().lower(), m.group().lower()), m.span()) for m in _WORD.finditer(clause)]
    present = {t.rstrip("s") for t, _ in tokens} | {(a + b).rstrip("s") for (a, _), (b, _) in zip(tokens, tokens[1:])}
    out: list[tuple[Attribute, bool | None, list[tuple[int, int]]]] = []
    listed = frozenset(w for a in attributes for form in a.names if len(form) > 1 for w in form[0])
    for attribute in sorted(attributes, key=lambda a: a.group):  # a group after its own attributes
        for form in attribute.names:
            if not all("".join(part).rstrip("s") in present or all(w.rstrip("s") in present for w in part)
                       for part in form):
                continue
            found = _found(form, tokens, clause, listed)
            if found is None:
                continue
            span, own = (found[0], found[1]), found[2]
            free = _FREE.search(clause, max(0, span[0] - 12), span[0])
            if free is not None and attribute.text == "free":
                span = (free.start(), span[1])  # "free Wi-Fi": the record's word
            if attribute.group and any(not a.group for a, _, _ in out):
                out.append((attribute, None, _places(form[0], tokens)))
            else:
                passive = len(form) > 1 and form[-1][0] in _PASSIVES.values()  # "credit cards are *not* accepted"
                inside = passive and _NEGATION.search(clause, span[0], span[1]) is not None
                out.append((attribute, not (inside or _negated(clause, own, span[1])), [span]))
            break
    return out


def _negated(clause: str, start: int, end: int) -> bool:
    """Whether the clause says the attribute named from ``start`` to ``end`` is not there: a
    negation before it (and no "except" between them) or right after it."""
    before = [m.end() for m in _NEGATION.finditer(clause, 0, start)]
    own = _OWN_STATEMENT.search(clause, before[-1], start) if before else None
    own = own or (_AND.search(clause, before[-1], start) and _OWN_VERB.match(clause, end) if before else None)
    if before and _BESIDES.search(clause, before[-1], start) is None and not own:
        return True
    return _NEGATED_AFTER.match(clause, end) is not None


_OWN_STATEMENT = regex.compile(r",\s*+(?:and\s+)?(?:(?:[\p{L}-]+\s+){1,3}(?:is|are|was|were)\s+\p{L}+ed"
                            r"|(?:takes|offers|has|accepts|provides|serves|allows|welcomes|features|includes)\s)",
                            regex.IGNORECASE)
"""A statement of its own between a negation and an attribute ("do not require appointments, *credit
cards are accepted*, and only street parking"; "has no WiFi, *takes* reservations": a verb of its own,
not "does not take reservations, offer delivery", which the "not" still governs): the negation
denies nothing after it; nor past ",
and" (or a comma) before an attribute with a verb of its own ("..., and street parking *is* available")."""
_AND = regex.compile(r",\s", regex.IGNORECASE)
_OWN_VERB = regex.compile(r"\s++(?:is|are)\s", regex.IGNORECASE)


def _listed(stretch: str, listed: frozenset[str]) -> bool:
    """Whether ``stretch`` is a list of a group's own words and their group's word ("garage,
    street, validated, or valet parking")."""
    words = [w.lower() for w in _WORD.findall(stretch)]
    return all(w in listed or w in {"or", "and", "nor"} for w in words[:-1])


def _places(part: tuple[str, ...], tokens: list[tuple[str, tuple[int, int]]]) -> list[tuple[int, int]]:
    """Where the claim writes the words of ``part`` in a row, apart or joined ("wi fi", "WiFi", "take-out")."""
    joined, size, found = "".join(part), len(part), []
    for i in range(len(tokens)):
        if i + size <= len(tokens) and all(_same(tokens[i + k][0], w) for k, w in enumerate(part)):
            found.append((tokens[i][1][0], tokens[i + size - 1][1][1]))
        elif size > 1 and _same(tokens[i][0], joined):
            found.append(tokens[i][1])
        elif i + 1 < len(tokens) and _same(tokens[i][0] + tokens[i + 1][0], joined):
            found.append((tokens[i][1][0], tokens[i + 1][1][1]))
    return found


def _found(
    form: tuple[tuple[str, ...], ...], tokens: list[tuple[str, tuple[int, int]]], clause: str,
    listed: frozenset[str] = frozenset(),
) -> tuple[int, int, int] | None:
    """The shortest stretch of the clause that holds every part of ``form`` and no comma, and where
    its own words start (a negation before them is the attribute's: "street parking as there is no
    garage or valet service"): "street parking" in "no parking except for street parking" is the
    last two words; "valet parking, customers can use the lot" names no parking lot. A comma is
    crossed only in a list of the group's own words ("garage, street, or valet parking": ``listed``)."""
    places = []
    for part in form:
        hits = _places(part, tokens)
        if not hits:
            return None
        places.append(hits[:_MAX_HITS])
    picks = [(min(s for s, _ in pick), max(e for _, e in pick), pick[0][0]) for pick in itertools.product(*places)]
    picks = [p for p in picks if not _BREAK.search(clause, p[0], p[1]) or _listed(clause[p[0]:p[1]], listed)]
    return min(picks, key=lambda p: (p[1] - p[0], -p[0])) if picks else None


def _same(token: str, word: str) -> bool:
    return token == word or token.rstrip("s") == word.rstrip("s")


def _agrees(attribute: Attribute, there: bool, clause: str, span: tuple[int, int]) -> bool:
    """Whether the claim says of the attribute what the record gives: there or not, and "free
    Wi-Fi" not of Wi-Fi the record says is paid for ("no free Wi-Fi" is then right)."""
    if attribute.text == "paid" and _FREE.search(clause, max(0, span[0] - 12), span[0]):
        return not there
    return attribute.value == there


def read_attributes(claim: str, attributes: list[Attribute], name_words: frozenset[str] = frozenset()) -> RecordReading:
    """The claim's attributes read against the record's.

    Args:
        claim: The claim text.
        attributes: The record's attributes (:func:`record_attributes`).
        name_words: Content words of the record's name, which a checked claim may also hold.

    Returns:
        A conflict when the claim gives an attribute the other value; ``ok`` when every
        attribute it names is as the record gives it (none left empty); ``left``, the words
        other than the attributes' and the words of offering.
    """
    if not attributes or REPORTED.search(claim):
        return RecordReading()
    verdicts: list[str] = []
    covered: list[tuple[int, int]] = []
    offset = 0
    for clause in _CLAUSE.split(claim):
        start = claim.find(clause, offset)
        offset = max(offset, start)
        found = _mentions(clause, attributes)
        if not found:
            continue
        if _UNKNOWN.search(clause):  # "no information about parking": right where the record leaves it empty
            covered += [(start + a, start + b) for a, b in _unknown_words(clause)]
            for attribute, there, spans in found:
                covered += [(start + a, start + b) for a, b in spans]
                if there is not None:
                    verdicts.append("checked" if attribute.value is None else "open")  # else the refusal rules'
            continue
        for attribute, there, spans in found:
            covered += [(start + a, start + b) for a, b in spans]
            if there is None:
                continue
            if attribute.value is not None and not _agrees(attribute, there, clause, spans[0]):
                return RecordReading(conflict=attribute.line, named=True)
            verdicts.append("open" if attribute.value is None else "checked")
    if not verdicts:
        return RecordReading()
    pieces, at = [], 0
    for a, b in sorted(covered):
        pieces.append(claim[at:max(at, a)])
        at = max(at, b)
    pieces.append(claim[at:])
    return RecordReading(ok=all(v == "checked" for v in verdicts), named=True,
                         left=unread_words(" ".join(pieces), _ATTRIBUTE_WORDS | name_words))
