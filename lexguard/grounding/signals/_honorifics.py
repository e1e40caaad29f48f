"""Honorifics: the words before a person's name that say how to address them, not who they are.

"Mrs Hendry" names Hendry, "Primate curator Dr Lisa Brennan" names Lisa Brennan, and "Cllr Dev
Sharma" Dev Sharma. One list, read by every rule that takes a name apart: the core of a name
(:mod:`~lexguard.grounding.signals._names`, with the roles before it), the person an age is said of
(:mod:`~lexguard.grounding.signals._ages`), the role a sentence gives a person
(:mod:`~lexguard.grounding.signals._name_segments`) and the words that tell one source's subject
from another's (:mod:`~lexguard.grounding.signals._other_source`).
"""

from __future__ import annotations

__all__ = ["HONORIFICS", "HONORIFIC_PATTERN"]

HONORIFICS = frozenset("mr mrs ms miss mx dr prof sir dame lady lord cllr rev capt sgt".split())
"""Honorifics, lower case and without a full stop ("Dr." is "dr")."""

HONORIFIC_PATTERN = "(?:" + "|".join(sorted((h.capitalize() for h in HONORIFICS), key=len, reverse=True)) + r")\.?"
"""A regular expression (a string) for an honorific as written before a name: capitalised, with or
without a full stop ("Dr", "Mrs.")."""
