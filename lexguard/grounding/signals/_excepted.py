"""Exceptions: what a sentence states of all but one thing is denied of that thing.

"The museum is open every day except Monday." says the museum is *not* open on Monday, yet every
word of "The museum is open on Mondays." is in it: similarity, word coverage and the learned
verifier read the claim as supported. :func:`excepted_statements` writes what the exception
denies ("The museum is open Monday"); the polarity rule reads it as a statement the source
denies (:func:`~lexguard.grounding.signals._polarity.polarity_conflict`), so a claim that asserts
it is contradicted, and one that states its opposite ("closed on Mondays") restates the source.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._words import can_be_verb, verb_only

__all__ = ["EXCEPTION", "UNIVERSAL", "excepted_statements"]

UNIVERSAL = (
    r"\b(?:every|each|all|any)\s+[\p{L}-]+|\b(?:everyone|everybody|everything|everywhere|anyone|anybody|anything"
    r"|daily|nightly|weekly|monthly|always|year-round|all\s+year)\b"
)
"""What an exception is taken out of: "every day", "all members", "daily", "always"."""

EXCEPTION = regex.compile(
    rf"(?:(?P<universal>{UNIVERSAL})\s++(?:but|save)\s++|,?\s*+\b(?P<word>except|excepting|excluding|barring"
    r"|with\s+the\s+exception\s+of)\s++)(?:for\s+|on\s+|in\s+|at\s+)?(?!(?:that|when|if|where|to|as|because)\b)"
    r"(?P<excepted>[^,;:.()\u2014]+?)(?=\s*+(?:[,;:.()\u2014]|\b(?:when|which|where|who|because)\b|$))",
    regex.IGNORECASE,
)
"""An exception and what it excepts, up to the end of its clause: "except (on) Monday",
"excluding the chair", "every day but Sunday" (a plain "but" only right after what it is
taken out of: "... but the tower stayed open" is another statement; "except that ...",
"except when ..." are conditions, not things)."""

_NEGATED = regex.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|cannot|without)\b|n[\u2019']t\b", regex.IGNORECASE
)
"""A negation before the exception turns it round: "No one may vote except the chair" says the
chair may."""

_AUXILIARIES = frozenset(
    "is are was were be been has have had do does did will would can could may might must shall should".split()
)
_CLAUSE_END = regex.compile(r"[,;:()\u2014]")

_MAX_EXCEPTED_WORDS = 6
"""Longest exception read: a longer one ("except when the river floods after heavy rain in the
hills") is a condition, not a thing taken out of the statement."""


def excepted_statements(sentence: str) -> list[tuple[str, str]]:
    """What ``sentence`` denies by exception, each with the excepted thing: the statement with
    that thing in place of what it is taken out of ("The museum is open every day except Monday."
    -> "The museum is open Monday"; "All members but Smith voted for the bill" -> "Smith voted for
    the bill"), or, after a statement with nothing universal in it, the statement with the
    thing added ("The shop opens at 9 except on Sundays" -> "The shop opens at 9 Sundays").

    An exception that opens the sentence ("Excluding fuel, prices rose") or follows a statement
    with nothing universal in it unless by "except" ("profit rose 5% excluding one-off costs")
    says what the statement leaves out, not that it is false of it: none is read. Neither is one
    after a negation ("No one may vote except the chair").
    """
    out = []
    for match in EXCEPTION.finditer(sentence):
        words = match.group("excepted").split()
        if not words or (words[0].islower() and can_be_verb(words[0])):
            continue  # "open daily but closes early on Sundays": another statement, not a thing excepted
        # the thing excepted ends before a verb: "All members except Smith | voted for the bill"
        cut = next((i for i in range(1, len(words)) if words[i].lower() in _AUXILIARIES or verb_only(words[i].lower())),
                   len(words))
        excepted = " ".join(words[:cut])
        if not excepted or cut > _MAX_EXCEPTED_WORDS:
            continue
        rest = " ".join(words[cut:])
        before = sentence[: match.start()]
        after = rest + " " + _CLAUSE_END.split(sentence[match.end():], maxsplit=1)[0]
        if _NEGATED.search(before):
            continue
        if match.group("universal") is None:
            if len(before.split()) < 2:
                continue
            found = list(regex.finditer(UNIVERSAL, before, regex.IGNORECASE))
            if found:
                last = found[-1]
                before, after = before[: last.start()], before[last.end():] + " " + after
            elif match.group("word").lower() == "except":
                after = " " + after
            else:
                continue
        statement = " ".join(f"{before} {excepted} {after}".split()).strip(" ,.;")
        if statement and statement != sentence:
            out.append((statement, excepted))
    return out
