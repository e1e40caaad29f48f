"""A chat transcript read with its speakers: "Ben: I'll reserve room 4B" says that *Ben* will.

In a transcript ("Ana: I'll send the report. Ben: I can't come on Friday.") every word of "Ana
will reserve room 4B" is in the source, and the learned verifier, which reads one line as
evidence, has no way to tell who "I" is. :func:`read_transcript` writes each first-person word
of a turn as its speaker ("Ben: Ben will reserve room 4B"), so the rules and the verifier read
the statement of the one who made it.
"""

from __future__ import annotations

import regex

__all__ = ["read_transcript"]

_TURN = regex.compile(
    r"^[ \t]*+(?P<name>\p{Lu}[\p{L}.'\u2019-]{1,30}(?:[ \t]\p{Lu}[\p{L}.'\u2019-]{0,30})?)[ \t]*+:[ \t]++\S"
)
"""A line that opens with a speaker's name and a colon: "Ben: ...", "Dr. Patel: ..." (two letters
or more: "Q:" and "A:" are no speakers)."""
_FIRST_PERSON = regex.compile(
    r"\b[Ii][\u2019'](?P<short>ll|m|ve|d)\b|\b[Ii]\s+(?P<verb>am|have|was)\b|\b(?P<word>[Ii]|me|my|myself|mine)\b"
)
"""A first-person word ("I", "I'll", "I am", "me", "my"; a chat's lower-case "i" too)."""
_THIRD = {"ll": "will", "m": "is", "ve": "has", "d": "would", "am": "is", "have": "has", "was": "was"}
_MIN_TURNS = 2
_MIN_SHARE = 0.6
"""Share of a source's non-empty lines that must open with a speaker for it to read as a transcript."""


def read_transcript(text: str) -> str | None:
    """``text`` with each first-person word of a turn written as its speaker, or ``None`` when
    ``text`` is not a transcript (fewer than two speakers, or most lines not opening with one).
    "Ben: I'll reserve room 4B for my team." -> "Ben: Ben will reserve room 4B for Ben's team."."""
    lines = text.split("\n")
    turns = [(_TURN.match(line), line) for line in lines]
    named = [m.group("name") for m, _ in turns if m is not None]
    filled = [line for line in lines if line.strip()]
    if len(named) < _MIN_TURNS or len(set(named)) < 2 or len(named) < _MIN_SHARE * len(filled):
        return None
    out = []
    for match, line in turns:
        if match is None:
            out.append(line)
            continue
        name, start = match.group("name"), match.end() - 1
        said = _FIRST_PERSON.sub(lambda m, n=name: _named(m, n), line[start:])
        out.append(line[:start] + said)
    return "\n".join(out)


def _named(match: regex.Match[str], name: str) -> str:
    """A first-person word as its speaker: "Ben will", "Ben is", "Ben's", "Ben"."""
    verb = match.group("short") or match.group("verb")
    if verb:
        return f"{name} {_THIRD[verb]}"
    return f"{name}'s" if match.group("word") in ("my", "mine") else name
