"""Who "he" and "she" are: the person an earlier sentence of the answer or turn of the chat names.

"Yes, she won the Brightwater Music Prize" after "Ressa Lund is so talented. Has she won
anything?" says the prize is Ressa Lund's, while the sources give it to Corin Vey; read alone,
the claim names no one, and the rules that bind a name to its place (a prize's winner, a club's
player: :mod:`~lexguard.grounding.signals._binding`, :mod:`~lexguard.grounding.signals._pairs`)
had no name to bind. :func:`people_meant` tells them who the pronoun is; the claim's text is not
rewritten (the verifier, given "Ruth Penhale wrote The Tin Observatory" for "She wrote ...",
read wrong relations as supported more often than it read right chat replies better: in two
hand-written chat trials, three wrong replies accepted against two right ones refused).

A person is resolved when:

- the claim names nothing before its pronoun (else the pronoun may be that name's), or the
  pronoun is an object ("him"), never its own clause's subject;
- the person is the one name of the nearest earlier claim or turn that names any (two there, a
  name titled for the other sex, or a "her" there before the name, someone unnamed: the pronoun
  is left as it is), at most two claims back, then the turns of the chat before it (the asked
  turn first), only for the answer's first claims;
- the sources name that person too.

Only "he", "she" and their other forms are read: "it" and "they" stand for too many things that
are no name ("it" is the weather, the plan, the price).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import regex

from lexguard.grounding.signals._entities import entities, is_common_word, personal
from lexguard.grounding.signals._words import lemmas, word_kinds

__all__ = ["Meant", "her_owns", "people_in", "people_meant"]


@dataclass(frozen=True, slots=True)
class Meant:
    """Who and what a claim's pronouns stand for, named before it.

    Attributes:
        person: Who its "he" or "she" is (:func:`people_meant`).
        thing: What its "it" is (:func:`~lexguard.grounding.claims._dialogue.things_meant`).
    """

    person: str | None = None
    thing: str | None = None

_PRONOUN = regex.compile(r"(?<![\p{L}'\u2019])(?P<word>he|she|him|his|her|hers)(?![\p{L}])",
                         regex.IGNORECASE)
_SAME = {"he": "he", "him": "he", "his": "he", "she": "she", "her": "she", "hers": "she"}
_NOT_AFTER_POSSESSIVE = frozenset(
    "to in on at for with from by of and or but as up out off back down again too so yet now then here there "
    "that this a an the than when while if because before after about".split()
)
"""Words after "her" that make it the object ("gave it to her and ..."), not a possessive ("her first film")."""
_CLAIMS_BACK = 2
_CAPITALISED = regex.compile(r"(?<![\p{L}'\u2019])\p{Lu}[\p{L}'\u2019-]*")
_MEN = frozenset({"mr", "sir", "lord", "king", "prince", "duke", "father", "brother", "uncle"})
_WOMEN = frozenset({"mrs", "ms", "miss", "lady", "dame", "queen", "princess", "duchess", "mother", "sister", "aunt"})
"""Titles that tell a person's sex: "she" is never "Prince Harry"."""


def people_in(text: str) -> list[str]:
    """The names of ``text`` that may be a person's (:func:`~lexguard.grounding.signals._entities.personal`:
    "Dario Fenn"; not "Harbor of Lanterns", "Paper Comets", "Lamplight Psalms", "Oklahoma NAACP" nor "Ashford City Council"; nor, as
    unsure, "Grace Mensah": a pronoun is left as it is rather than given to a title)."""
    return list(dict.fromkeys(regex.sub(r"['\u2019]s$", "", e.text) for e in entities(text)
                              if personal(e.text) and not any(w.isupper() and len(w) > 1 for w in e.text.split())
                              and not _plural_thing(e.text.split()[-1])))


def _plural_thing(word: str) -> bool:
    """Whether a name's last word is a plural of a common noun ("Lamplight *Psalms*", "Copper
    *Moths*"): a title's or a group's, not a family name."""
    lower = word.lower()
    if not lower.endswith("s") or lower.endswith("ss") or "NOUN" not in word_kinds(lower):
        return False
    return any(lemma != lower for lemma in lemmas(lower))


def _named_before(text: str, at: int) -> bool:
    """Whether the text names anything before ``at`` ("McHenry posted ..., saying she ...", "Bates
    denied that he ..."): the pronoun is that name's, or too unsure to give to another. Any
    capitalised word counts but a common word opening the text ("The", "Yes")."""
    for n, word in enumerate(_CAPITALISED.finditer(text[:at])):
        if not (n == 0 and not text[: word.start()].strip(" \"'\u201c") and is_common_word(word.group().lower())):
            return True
    return False


def _unsure(text: str, name: str, person: str) -> bool:
    """Whether a context may name someone else the pronoun stands for: a pronoun of that person
    before the name, someone it leaves unnamed ("made fun of her and Prince Harry": "her" is not
    Prince Harry; "Marisol Tennant's name ... What's she known for?" is hers), or a one-word
    name that may be a person's ("ordered to pay ex-wife Simone": "she" is not Marcus Delaney)."""
    named_at = text.find(name)
    if any(_SAME[m.group("word").lower()] == person and m.start() < named_at for m in _PRONOUN.finditer(text)):
        return True
    return any(len(e.text.split()) == 1 and e.text not in name and not is_common_word(e.text.lower())
               for e in entities(text))


def _of_sex(name: str, person: str) -> bool:
    title = name.split()[0].lower().rstrip(".") if name.split() else ""
    return not (person == "he" and title in _WOMEN or person == "she" and title in _MEN)


def _nearest(contexts: Sequence[tuple[str, list[str]]], person: str) -> str | None:
    """The one person of the nearest context that names any, else ``None`` (none, two there, or
    one the pronoun cannot be)."""
    for text, people in contexts:
        if people:
            if len(people) == 2 and _after_preposition(text, people[1]) and not _after_preposition(text, people[0]):
                people = people[:1]  # "Is Ivo Renke still with Larkspur Static?": the subject, not what it is with
            if len(people) != 1 or not _of_sex(people[0], person) or _unsure(text, people[0], person):
                return None
            return people[0]
    return None


def _after_preposition(text: str, name: str) -> bool:
    """Whether ``name`` stands after a preposition in ``text`` ("with Larkspur Static")."""
    return regex.search(rf"\b(?:with|for|at|in|of|from|by|on|to)\s+(?:the\s+)?{regex.escape(name)}", text,
                        regex.IGNORECASE) is not None


def _role(text: str, m: regex.Match[str]) -> str:
    """``"subject"``, ``"object"`` or ``"possessive"``: "her" is possessive before a word that is
    no preposition, joiner or article ("her first film"), else the object ("gave it to her")."""
    word = m.group("word").lower()
    if word in ("he", "she"):
        return "subject"
    if word in ("his", "hers"):
        return "possessive"
    if word == "him":
        return "object"
    return "possessive" if her_owns(text[m.end() :]) else "object"


def her_owns(after: str) -> bool:
    """Whether a "her" followed by ``after`` is a possessive: before a word that is no
    preposition, joiner or article ("her first film"), not the object ("gave it to her")."""
    word = regex.match(r"\s+(\p{L}+)", after)
    return word is not None and word.group(1).lower() not in _NOT_AFTER_POSSESSIVE


def people_meant(claims: Sequence[str], turns: Sequence[str], named: Callable[[str], bool]) -> list[str | None]:
    """Who each claim's "he" or "she" is (see the module), ``None`` where no one is resolved.

    Args:
        claims: The answer's claims, in order.
        turns: What came before the answer, nearest last: the chat's earlier turns, then the
            asked one (or the question alone).
        named: Whether the sources name a person.
    """
    people = [people_in(c) for c in claims]
    meant: list[str | None] = []
    before = [(t, people_in(t)) for t in reversed(turns)]
    for i, claim in enumerate(claims):
        first = _PRONOUN.search(claim)
        name = None
        # "him" is never the subject of its own clause ("Kestrel Bay Rovers have him"): named elsewhere
        named_here = first is not None and _role(claim, first) != "object" and _named_before(claim, first.start())
        if first is not None and not named_here:
            person = _SAME[first.group("word").lower()]
            back = [(claims[j] if meant[j] is None else "", [*people[j], *([meant[j]] if meant[j] and meant[j] not in people[j] else [])])
                    for j in range(i - 1, max(-1, i - 1 - _CLAIMS_BACK), -1)]
            name = _nearest([*back, *(before if i <= _CLAIMS_BACK else [])], person)  # the chat only near the start
        meant.append(name if name is not None and named(name) else None)
    return meant
