"""Where a sentence divides into statements, for the rules that read a claim statement by
statement (a flipped polarity, a dropped hedge): "The path collapsed after the rains, so the
council fenced it off" states two things, and the first may overstate a source sentence that
the whole claim matches too loosely to be read against it."""

from __future__ import annotations

import regex

from lexguard.grounding.signals._excepted import UNIVERSAL

__all__ = ["CLAUSE", "clauses", "with_subject"]

_EXCEPTED_BY_BUT = regex.compile(
    rf"(?:{UNIVERSAL})\s+but\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?[.!?]?\s*$", regex.IGNORECASE
)
"""A clause that ends in an exception by "but" ("... every day but Monday")."""

CLAUSE = regex.compile(
    r";\s++|:(?!\s*+(?:false|true|no|yes)\b)\s++|,\s++(?=(?:and|so|then|which|who|yet|otherwise)\b|\p{Ll}+ing\b)"
    r"|(?<!\s)\s++(?=(?:but|though|although|while|whereas|if|unless|because|despite|until)\b)"
    r"|(?<=^\s*+(?:despite|in\s+spite\s+of|although|though|while|whereas|contrary\s+to|unlike|if|unless|because)\b"
    r"[^,;:.!?]{1,80}),\s++"
    r"|(?<!\s)\s++(?=and\s+(?:not|never|(?:does|do|did|is|are|was|were|has|have|had|can|will|would)(?:n[\u2019']t)?"
    r"|cannot|won[\u2019']t)\b)",
    regex.IGNORECASE,
)
"""Where a sentence divides into statements: a negation in one ("..., if your PC has no HDMI
port") says nothing about the others; a participle, a relative pronoun, "yet" or "otherwise" after a comma
("..., flying from ...", "..., which damage ...") opens one too ("no word yet on ..." goes on);
so does "despite" ("will reopen despite an inspection that ...") and "until" ("will remain closed |
until repairs are completed"), a phrase that opens the sentence
with one of those words or "contrary to" and ends at a comma ("Despite claims on social media,
the update does not delete ..."), and "and" before a verb of its own
("runs every 15 minutes and doesn't run after midnight"). A table's "Valet: False" is one
statement."""


def clauses(text: str) -> list[str]:
    """The statements of ``text`` when it has more than one, else ``[]``. An exception's "but"
    ("open every day but Monday") divides nothing."""
    parts = [part for part in CLAUSE.split(text) if part and part != text]
    merged: list[str] = []
    for part in parts:
        if merged and part[:4].lower() == "but " and _EXCEPTED_BY_BUT.search(f"{merged[-1]} {part}"):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return merged if len(merged) > 1 else []


_ELIDED = regex.compile(
    r"^\s*(?:but|and|yet|though|although|while|whereas)\s+(?!(?:the|a|an|this|that|these|those|it|he|she|they|we|you|i|"
    r"there|its|his|her|their|our|my|your|some|many|most|all|no|none)\b)(?-i:\p{Ll})",
    regex.IGNORECASE,
)
"""A later clause with no subject of its own: "... is open to cyclists | but closed to cars"."""
_VERB = regex.compile(
    r"\s(?:is|are|was|were|has|have|had|will|would|can|could|may|might|does|do|did)\b", regex.IGNORECASE
)


def with_subject(parts: list[str]) -> list[str]:
    """The statements of a sentence, each later one without a subject of its own opened by the
    first one's ("The bridge is open to cyclists | but closed to cars" -> "The bridge but closed to
    cars"): a statement is matched by its words, and the elided subject is one of them."""
    if len(parts) < 2:
        return parts
    verb = _VERB.search(parts[0])
    subject = parts[0][: verb.start()].strip() if verb is not None else ""
    if not subject or len(subject.split()) > 6:
        return parts
    return [parts[0]] + [f"{subject} {part.strip()}" if _ELIDED.match(part) else part for part in parts[1:]]
