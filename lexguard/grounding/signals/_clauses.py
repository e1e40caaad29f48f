"""Where a sentence divides into statements, for the rules that read a claim statement by
statement (a flipped polarity, a dropped hedge): "The path collapsed after the rains, so the
council fenced it off" states two things, and the first may overstate a source sentence that
the whole claim matches too loosely to be read against it."""

from __future__ import annotations

import regex

from lexguard.grounding.signals._excepted import UNIVERSAL
from lexguard.grounding.signals._words import base_verb, can_be_verb, word_kinds

__all__ = ["CLAUSE", "clauses", "statement_at", "with_subject"]

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
    r"|cannot|won[\u2019']t)\b)"
    r"|(?<!\s)\s++(?=and\s+that\s)"
    r"|,\s++(?=\p{Ll}+ed\s+by\s)"
    r"|,\s++(?=as\s+(?!(?:well|of|part|a\s+result|such|usual|long|far|soon|much|many|if|though|for|to|in|with|per)\b)"
    r"\p{L}+\s+\p{L}+)",
    regex.IGNORECASE,
)
"""Where a sentence divides into statements: a negation in one ("..., if your PC has no HDMI
port") says nothing about the others; a participle, a relative pronoun, "yet" or "otherwise" after a comma
("..., flying from ...", "..., which damage ...") opens one too ("no word yet on ..." goes on);
so does "despite" ("will reopen despite an inspection that ...") and "until" ("will remain closed |
until repairs are completed"), a phrase that opens the sentence
with one of those words or "contrary to" and ends at a comma ("Despite claims on social media,
the update does not delete ..."), and "and" before a verb of its own
("runs every 15 minutes and doesn't run after midnight") or "that" ("said the defence had improved
and that the away form had too"), and a past participle with "by" after a comma ("..., caused by a
faulty valve"); see also :func:`_at_and_verb`. A table's "Valet: False" is one
statement."""

_AND_VERB = regex.compile(
    r"(?<!\s)\s++(?=and\s+(?:\p{Ll}+ly\s+)?(?P<verb>\p{Ll}{2,})\s+(?:the|its|their|his|her|this|that|a|an)\s)"
    r"|(?<=\S(?:\s+\S+){2}),\s++(?=to\s+(?P<base>\p{Ll}{2,})\s)"
)
"""Where "and" opens a statement with a verb of its own that acts on something ("... by up to
20% and slightly increases its capacity", "... and said the squad needed ..."), and where an
infinitive of purpose follows a statement of three words or more ("..., to protect battery health")."""


def clauses(text: str) -> list[str]:
    """The statements of ``text`` when it has more than one, else ``[]``. An exception's "but"
    ("open every day but Monday") divides nothing."""
    parts = [piece for part in CLAUSE.split(text) if part for piece in _at_and_verb(part) if piece != text]
    merged: list[str] = []
    for part in parts:
        if merged and part[:4].lower() == "but " and _EXCEPTED_BY_BUT.search(f"{merged[-1]} {part}"):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return merged if len(merged) > 1 else []


def _at_and_verb(part: str) -> list[str]:
    """``part`` divided where "and" opens a statement with a verb of its own (:data:`_AND_VERB`)."""
    cuts = [m.start() for m in _AND_VERB.finditer(part)
            if (m.group("verb") and can_be_verb(m.group("verb"))) or (m.group("base") and base_verb(m.group("base")))]
    pieces = [part[a:b].strip().lstrip(", ") for a, b in zip([0, *cuts], [*cuts, len(part)], strict=True)]
    return [piece for piece in pieces if piece]


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
    return [parts[0]] + [f"{subject} {part.strip()}" if _elided(part) else part for part in parts[1:]]


_FIRST_AFTER = regex.compile(r"^\s*+\p{L}++\s++(\p{L}++)")


def _elided(part: str) -> bool:
    """Whether a later clause leaves its subject to the first (:data:`_ELIDED`): not when it opens
    with a noun of its own ("No one was injured, | but passengers described ..."; read with "No
    one", the clause denied what the passengers said)."""
    if _ELIDED.match(part) is None:
        return False
    first = _FIRST_AFTER.match(part)
    kinds = word_kinds(first.group(1).lower()) if first else frozenset()
    return not kinds or not kinds <= {"NOUN", "PROPN"}


def statement_at(text: str, position: int) -> str:
    """The statement of ``text`` (:func:`clauses`) that holds the character at ``position``, or
    ``text`` when it has one: a word of another statement says nothing of what stands there
    ("buy two sets *before* the season, and hold the dinner with tickets at £12")."""
    start = 0
    for part in clauses(text):
        at = text.find(part, start)
        if at < 0:
            continue
        if at <= position < at + len(part):
            return part
        start = at + len(part)
    return text

