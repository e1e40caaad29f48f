"""Relative clauses of a claim statement, read as statements about the name before them: "...,
who joined the band in 2018" says that of the drummer named before the comma.

:func:`relative_pieces` gives each clause with the words it is said of, for the binding rule
(:mod:`lexguard.grounding.signals._binding`), which reads the statement whole and each clause
once more.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._words import can_be_verb

__all__ = ["STATEMENT_VERB", "relative_pieces"]

STATEMENT_VERB = regex.compile(
    r"\s(?:is|are|was|were|has|have|had|will|would|can|could|may|does|do|did|\p{Ll}+(?:s|ed))\b"
)
"""A verb of a statement ("... is in the Riverside branch", "... produces ...")."""


_RELATIVE = regex.compile(r",\s++(?:which|who)\s++(?=\p{Ll})")
"""A relative clause after a comma: what it says is said of the name before the comma."""
_LINKS = frozenset({"by", "at", "in", "on", "of", "for", "to", "from", "with", "into", "near", "is", "are", "was",
                    "were", "has", "have", "had", "as", "and", "or", "than"})
_MOST_ANTECEDENT_WORDS = 5


def relative_pieces(part: str) -> list[tuple[str, str]]:
    """The relative clauses of a statement, each with the name it is said of (:func:`_relatives`;
    the first :data:`_MOST_RELATIVES`: the statement itself is read whole in any case)."""
    if "," not in part:
        return []
    pieces = _relatives(part)
    return [(text, lead) for text, lead in pieces if lead][:_MOST_RELATIVES] if len(pieces) > 1 else []


_MOST_RELATIVES = 8


def _acts_on(words: list[str], i: int) -> bool:
    """Whether ``words[i]`` is a verb before its object, a name or a determiner ("contact | Fiona
    Marsh"; not the "branch" that ends "the Riverside branch")."""
    after = words[i + 1] if i + 1 < len(words) else ""
    return (words[i][:1].islower() and can_be_verb(words[i].lower())
            and (after[:1].isupper() or after.lower() in ("the", "a", "an", "its", "their", "his", "her")))


_EMBEDDED = regex.compile(
    r"^(?P<subject>[^,]{3,80}?),\s++(?:which|who)\s++(?P<relative>[^,]{3,200}),\s++"
    r"(?P<main>(?P<verb>\p{Ll}+)\b.*)$",
    regex.DOTALL,
)
"""A relative clause between a subject and its verb: "The Plus plan, which costs £14 a month, is the
one also offered monthly"."""


def _relatives(part: str) -> list[tuple[str, str]]:
    """``part`` divided where a relative clause follows a full statement, each piece with the words
    its relative pronoun stands for ("" for the main statement): "The café is in the Riverside
    branch, which opened in 2019" -> ("The café is in the Riverside branch", ""), ("opened in 2019",
    "the Riverside branch"). A relative clause after a bare subject ("Samuel Brigg, who had looked
    after the sales, ran the mill") divides nothing."""
    embedded: list[tuple[str, str]] = []
    subject = ""
    for _ in range(_MOST_EMBEDDED):  # "The Plus plan, which costs £14, is ..." (a few, read in turn: linear)
        found = _EMBEDDED.match(part)
        if (found is None or len(found.group("subject").split()) > _MOST_ANTECEDENT_WORDS
                or not can_be_verb(found.group("verb"))):
            break
        subject = found.group("subject").strip()
        embedded.append((found.group("relative"), subject))
        part = found.group("main")
    if embedded:
        return [*embedded, *((piece, lead or subject) for piece, lead in _trailing_relatives(part))]
    return _trailing_relatives(part)


_MOST_EMBEDDED = 4


def _trailing_relatives(part: str) -> list[tuple[str, str]]:
    """``part`` divided where a relative clause follows a full statement (:func:`_relatives`)."""
    pieces: list[tuple[str, str]] = []
    start = 0
    for match in _RELATIVE.finditer(part):
        before = part[start : match.start()]
        words = before.split()[-_MOST_ANTECEDENT_WORDS:]
        cut = max((i for i, w in enumerate(words) if w.lower() in _LINKS or _acts_on(words, i)), default=-1)
        antecedent = " ".join(words[cut + 1 :])
        if not antecedent or (cut < 0 and STATEMENT_VERB.search(part[: match.start()]) is None):
            continue
        pieces.append((before, pieces[-1][1] if pieces else ""))
        start = match.end()
        pieces.append(("", antecedent))
    if not pieces:
        return [(part, "")]
    pieces[-1] = (part[start:], pieces[-1][1])
    return [(text, lead) for text, lead in pieces if text.strip()]
