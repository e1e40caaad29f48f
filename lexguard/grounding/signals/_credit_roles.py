"""What part a person or a group had in a work or a team: directed, starred, wrote, coached.

Knowledge triples and records credit people by role ("The Salt Orchard is directed by Mireille
Vantongeren", "Harbor of Lanterns is starring Elodie Marsh"), and a chat reply that gives the right
two names another role ("She directed The Salt Road" of the film she starred in) reads to the
verifier as supported (0.99): it weighs the two names, not the verb between them.
:func:`roles_in` reads the roles a text's words name; :func:`same_role` says whether two sets of
roles can be one credit ("created" and "wrote" can: a show's creator often writes it);
:func:`credits` reads which name a sentence of several credits gives each role ("a film directed
by Paul Ostrander and starring Nadia Ferro").
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.signals._words import lemmas

__all__ = ["credits", "roles_in", "same_role"]

_ROLE_WORDS = {
    "direct": "direct director helm filmmaker",
    "act": "star starring act actor actress cast appear",
    "write": "write writer author pen novelist screenwriter screenplay script",
    "produce": "produce producer",
    "compose": "compose composer",
    "sing": "sing singer vocalist vocal",
    "found": "found founder establish",
    "create": "create creator",
    "coach": "coach manage manager",
    "own": "own owner",
    "develop": "develop developer",
    "publish": "publish publisher",
    "paint": "paint painter",
    "design": "design designer architect",
    "translate": "translate translator",
    "illustrate": "illustrate illustrator",
    "member": "member player striker goalkeeper keeper defender midfielder captain",
}
"""The roles and the words (base forms) that name each."""
_ROLE_OF = {word: role for role, words in _ROLE_WORDS.items() for word in words.split()}
_ONE_CREDIT = {
    "create": {"write", "found", "develop", "design", "direct", "produce"},
    "sing": {"compose", "write"},  # a singer-songwriter's song: the triples say either
    "compose": {"write", "sing"},
    "write": {"create", "compose", "sing"},
    "found": {"create", "own"},
    "own": {"found"},
    "develop": {"create", "design"},
    "design": {"create", "develop"},
    "direct": {"create"},
    "produce": {"create"},
    "member": {"found", "create"},  # a band's founder is one of its members
}
"""Roles a source may give where a claim says another without contradicting it."""
_WORD = regex.compile(r"\p{L}+")
_PLAYS_FOR = regex.compile(r"\b(?:play|plays|played|playing)\s+for\b", regex.IGNORECASE)
"""A member of a team: "plays for" (not "plays the lead", an actor's part)."""


def roles_in(text: str, skip: Iterable[tuple[int, int]] = ()) -> frozenset[str]:
    """The roles the words of ``text`` name (outside the ``skip`` spans: its names).

    Example:
        >>> sorted(roles_in("The Salt Orchard is directed by Mireille Vantongeren"))
        ['direct']
        >>> sorted(roles_in("That's all Matthias Ekwueme, he's the writer on it."))
        ['write']
    """
    spans = list(skip)
    out = {"member" for found in _PLAYS_FOR.finditer(text) if not any(a <= found.start() < b for a, b in spans)}
    for token in _WORD.finditer(text):
        if any(a <= token.start() < b for a, b in spans):
            continue
        word = token.group().lower()
        for base in (word, *lemmas(word)):
            if base in _ROLE_OF:
                out.add(_ROLE_OF[base])
                break
    return frozenset(out)


def same_role(claimed: frozenset[str], given: frozenset[str]) -> bool:
    """Whether a role of ``claimed`` is one of ``given`` or may be said of the same credit.

    Example:
        >>> same_role(frozenset({"direct"}), frozenset({"act"})), same_role(frozenset({"write"}), frozenset({"create"}))
        (False, True)
    """
    return any(role in given or _ONE_CREDIT.get(role, set()) & given for role in claimed)


_BETWEEN = regex.compile(r"(?:\s*+(?:by|and|with|the|a|an|,))*+\s*+", regex.IGNORECASE)
"""What may stand between a role word and the names it credits: "directed *by* A", "starring B
*and* C"."""


def credits(text: str, names: Iterable[tuple[tuple[int, int], str]]) -> dict[str, frozenset[str]]:
    """The role each name of ``text`` is credited with by the role word before it, with nothing
    between them but "by", "and", "with", articles, commas and the other names it credits.

    Args:
        text: A source sentence.
        names: Its names' spans and keys, in order.

    Example:
        >>> text = "Orchard Light is a film directed by Ana Roe and starring Ben Hale and Cy Dunn."
        >>> found = credits(text, [((0, 13), "orchard light"), ((36, 43), "ana roe"), ((57, 65), "ben hale"),
        ...                        ((70, 77), "cy dunn")])
        >>> {key: sorted(roles) for key, roles in found.items()}
        {'ana roe': ['direct'], 'ben hale': ['act'], 'cy dunn': ['act']}
    """
    out: dict[str, frozenset[str]] = {}
    role: str | None = None
    end = 0
    for (start, stop), key in names:
        gap = text[end:start]
        words = list(_WORD.finditer(gap))
        last = words[-1] if words else None
        named = None
        for token in reversed(words):  # the role word nearest before the name, if it credits it
            word = token.group().lower()
            found = next((_ROLE_OF[b] for b in (word, *lemmas(word)) if b in _ROLE_OF), None)
            if found is not None:
                named = found if _BETWEEN.fullmatch(gap[token.end():]) else None
                break
        if named is None and role is not None and last is not None and _BETWEEN.fullmatch(gap):
            named = role  # "starring B and C": C is credited as B is
        elif named is None and not words and role is not None:
            named = role
        if named is not None:
            out[key] = out.get(key, frozenset()) | {named}
        role, end = named, stop
    return out
