"""The keys a knowledge mapping may use, and the checks that refuse the others with a hint.

A misspelt key must never be read as "no data": ``{"entites": [...]}`` would be an empty graph that
every answer passes, and an entity's ``propertes`` would be a property no check reads.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from typing import Any

from rapidfuzz.distance import OSA

from lexguard._errors import InputError

__all__ = ["CONTEXT_KEYS", "ENTITY_FIELDS", "RELATIONSHIP_KEYS", "check_extra_keys", "did_you_mean", "misspelt_field",
           "refuse_unknown_keys"]

CONTEXT_KEYS = ("entities", "relationships")
"""The keys of a :meth:`~lexguard.knowledge.KnowledgeContext.from_dict` mapping."""
ENTITY_FIELDS = ("id", "name", "type", "aliases", "properties")
"""An entity's fields; its other keys are properties."""
RELATIONSHIP_KEYS = ("subject", "predicate", "object")
"""The keys of a relationship mapping."""


def did_you_mean(key: Any, choices: Iterable[str]) -> str:
    """``" (did you mean 'x'?)"`` for the choice closest to ``key``, or ``""``."""
    near = difflib.get_close_matches(str(key), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


def refuse_unknown_keys(data: Mapping[Any, Any], allowed: Iterable[str], what: str, advice: str) -> None:
    """Refuse a mapping with a key outside ``allowed``, naming the first such key and the closest
    allowed one.

    Args:
        data: The mapping read.
        allowed: Its accepted keys.
        what: What the mapping is, for the message (``"relationship 3"``).
        advice: What to do, after the key (``"a relationship has exactly the keys ..."``).

    Raises:
        InputError: If ``data`` has a key outside ``allowed``.
    """
    keys = tuple(allowed)
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise InputError(f"{what} has the unknown key {unknown[0]!r}{did_you_mean(unknown[0], keys)}; {advice}")


def misspelt_field(key: str) -> str | None:
    """The entity field ``key`` is a likely misspelling of (``propertes``, ``alias``, ``nmae``,
    ``Name``), or ``None``.

    Fields of two letters (``id``) match only in another case (``ID``): ``uid`` or ``ip`` are
    ordinary properties.
    """
    folded = key.lower()
    for name in ENTITY_FIELDS:
        if key == name:
            return None
        if folded == name:
            return name
        allowed = 0 if len(name) < 4 else 1 if len(name) <= 4 else 2
        if allowed and OSA.distance(folded, name) <= allowed:
            return name
    return None


def check_extra_keys(extra: Mapping[Any, Any], index: int) -> None:
    """Refuse entity keys that would silently become properties no check can use."""
    for key, value in extra.items():
        field = misspelt_field(str(key))
        if field is not None:
            raise InputError(
                f"entity {index} has the key {key!r} (did you mean {field!r}?); unknown keys of an entity "
                "become properties, so fix the spelling, or put a property of that name under 'properties'"
            )
        if isinstance(value, Mapping):
            raise InputError(
                f"entity {index} has the key {key!r} holding a mapping, which no check can read as a "
                "property value; put the entity's properties under 'properties': {'version': 2, ...}"
            )
