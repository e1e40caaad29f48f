"""Where a sentence divides into statements, for the rules that read a claim statement by
statement (a flipped polarity, a dropped hedge): "The path collapsed after the rains, so the
council fenced it off" states two things, and the first may overstate a source sentence that
the whole claim matches too loosely to be read against it."""

from __future__ import annotations

import regex

__all__ = ["CLAUSE", "clauses"]

CLAUSE = regex.compile(
    r";\s++|:(?!\s*+(?:false|true|no|yes)\b)\s++|,\s++(?=(?:and|so|then|which|who|yet)\b|\p{Ll}+ing\b)"
    r"|(?<!\s)\s++(?=(?:but|though|although|while|whereas|if|unless|because|despite)\b)",
    regex.IGNORECASE,
)
"""Where a sentence divides into statements: a negation in one ("..., if your PC has no HDMI
port") says nothing about the others; a participle, a relative pronoun or "yet" after a comma
("..., flying from ...", "..., which damage ...") opens one too ("no word yet on ..." goes on);
so does "despite" ("will reopen despite an inspection that ..."). A table's "Valet: False" is one
statement."""


def clauses(text: str) -> list[str]:
    """The statements of ``text`` when it has more than one, else ``[]``."""
    return [part for part in CLAUSE.split(text) if part and part != text]
