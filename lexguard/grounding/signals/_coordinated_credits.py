"""Two credits claimed at once: "Bernard Oyelaran wrote and directed it" beside "directed by Bernard
Oyelaran ... It was written by Colm Dwyer".

:func:`~._pairs.other_relation` reads the credit a claim gives a name against the statements
that name both; a claim of two role verbs holds one the sources give (directed) and reads as
credited. :func:`coordinated_credit` reads each verb as a claim of its own ("Bernard Oyelaran wrote
it", "Bernard Oyelaran directed it"): the first the sources give another name is the conflict.
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.signals._credit_roles import roles_in
from lexguard.grounding.signals._lexical import Mention
from lexguard.grounding.signals._pairs import other_relation

__all__ = ["coordinated_credit"]

_TWO_VERBS = regex.compile(r"\b(?P<a>\p{Ll}+)\s++(?:and|&)\s++(?:also\s++)?(?P<b>\p{Ll}+)\b")


def coordinated_credit(claim: str, index: Any, meant: Any = None) -> tuple[Mention, str] | None:
    """The name and the statement that gives one of two claimed credits to another, if any.

    Args:
        claim: The claim text.
        index: The source index.
        meant: Who the claim's pronouns stand for (:class:`~lexguard.grounding.claims._antecedents.Meant`).

    Returns:
        What :func:`~._pairs.other_relation` finds for the claim read with one of its two role
        verbs ("wrote and directed": "wrote", then "directed"), for a name written before them;
        ``None`` otherwise.
    """
    for pair in _TWO_VERBS.finditer(claim):
        a, b = pair.group("a"), pair.group("b")
        roles_a, roles_b = roles_in(a), roles_in(b)
        if not roles_a or not roles_b or roles_a == roles_b:
            continue
        for kept in (a, b):
            found = other_relation(claim[: pair.start()] + kept + claim[pair.end():], index, meant)
            if found is not None and found[0].span[1] <= pair.start():
                return found
    return None
