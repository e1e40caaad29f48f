"""Where a sentence divides into statements, each a place of its own for the values it gives.

"Seniors get in free on Tuesdays, and children pay $25": the $25 is read with "children pay", not
with the seniors' statement (:mod:`._binding`, :mod:`._pairs`, :mod:`._crossed_pairs`). Split from
:mod:`._statements`, which reads each statement's facts.
"""

from __future__ import annotations

import regex

__all__ = ["clauses_of"]

_CLAUSE = regex.compile(
    r"(?<!\s)\s*+;\s++|,\s++(?:and|while|whereas|but)\s++|(?<!\s)\s++(?:while|whereas)\s++"
    r"|,\s++or\s++(?=(?:whenever|when|if|once|after|before|wherever|as\s+soon\s+as)\s)"
    r"|,\s++(?=(?:after|at|by|during|before)\s++which\b)"
    r"|,\s+(?=the\s+(?:second|first|other|latter|former)\b)"
    r"|(?<=\d[^;!?]*),\s++(?=which\s++(?:the|a|an|its|his|her|their|this|that|he|she|it|they|we|you|(?-i:\p{Lu}))\b)"
    r"|(?<=\d[^;!?]*),\s++(?=(?!(?:including|excluding|following|according|regarding|concerning|during|pending|bringing|making"
    r"|leaving|totalling|totaling|averaging|ranging|starting|beginning|ending|resulting|giving|meaning|taking|pushing"
    r"|putting|amounting|adding|reaching|hitting|rising|falling|climbing|dropping)\b)"
    r"(?!\p{Ll}{3,}ing\s++(?:\S+\s++){0,5}?(?:will|would|can|could|should|may|might|is|are|was|were|gives?)\b)"
    r"\p{Ll}{3,}ing\s++(?:\S+\s++){0,6}?[^\d\s]*\d)"
)
"""Where a sentence divides into statements: also before ", or" and a condition of its own ("every
two months, *or whenever* the light comes on"), and ", after which" ("The cycle takes about 40
minutes, *after which* the machine beeps"), and ", which" with a subject of its own after a value ("the
community raised £95,000, *which the council will match* to pay for repairs"; not "version 2.6,
which was released in July"); also before a participle's phrase that gives a value of
its own, after a statement with a value ("will build a $22 million plant, *offering jobs to all 140
workers* at its Elmsford plant"; not "is the new finance director, joining after 19 years ..."), not
one that adds to the values before it ("..., including 40 children", "..., resulting in a cost of
$300", "..., reaching heights of 120 feet"), nor a gerund that is the subject of a verb ("...,
dividing it by two will give you 45 degrees")."""
_CONCESSION = regex.compile(r",\s++(?:though|although)\s++")
_AND_THE = regex.compile(r"(?<!\s)\s++and\s++(?=(?:the|its|his|her|their)\s)")


_AND = regex.compile(r"(?<!\s)\s++(?:and|but)\s++")  # possessive, from a run's start: linear in long runs
_VALUE_AFTER_WORDS = regex.compile(
    r"^(?:[\p{L}'\u2019-]+\s+){2,}?[^\d\s]*\d|^(?:at|on|in|from|for|by|until|till)\s+[^\d\s]*\d", regex.IGNORECASE
)
"""Two words or more, or a preposition, then a number: the right side of "adults pay $25 and
children pay $12", of "closes at 5:30 pm Monday to Thursday and at 1 pm on Fridays"."""


def clauses_of(sentence: str, *, concessive: bool = True) -> list[str]:
    """A sentence's statements: split at ";", ", and", "while", ..., at " and the" where no comma
    comes before it (after a comma it closes a list: "France, Belgium and the UK"), and at " and"
    between two statements that each give a number after two words or more ("adults pay $25 and
    children pay $12"; not "between 1887 and 1889", nor "3 eggs and 2 cups of flour"). With
    ``concessive`` (a claim's), also at ", though" and ", although" ("the 11-game run is over,
    *though* they stay four points clear"); a source's concession is read with its statement ("rose
    to 69 per cent, although that remains below the target of 76 per cent": a summary gives both
    in one clause)."""
    out = []
    pieces = _CONCESSION.split(sentence) if concessive else [sentence]
    for part in (part for piece in pieces for part in _CLAUSE.split(piece)):
        if not part:
            continue
        cut = _AND_THE.search(part)
        if cut is not None and "," not in part[: cut.start()]:
            out += [part[: cut.start()], part[cut.end() :]]
        else:
            out += _value_statements(part)
    return out


def _value_statements(part: str) -> list[str]:
    for cut in _AND.finditer(part):
        left, right = part[: cut.start()], part[cut.end() :]
        if _VALUE_AFTER_WORDS.match(right) and any(ch.isdigit() for ch in left) and "," not in left[-25:]:
            return [left, *_value_statements(right)]
    return [part]
"""Where a sentence holds two statements ("the north tower is 120 metres tall and the south tower
is 95"): each is a place of its own for the values it gives."""
