"""A first, a record or a never-before the sources do not state.

"He becomes the first independent ever to win a by-election" beside an article that says only that
independents rarely win them: every other word of the claim is in the sources, and the verifier
read the sentence as supported. Calling something the first of its kind is a claim of its own;
:func:`unfounded_first` finds such a claim when no source says anything was a first, a record or
never done before, and returns the source sentence that best states the rest of it.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import content_words

__all__ = ["unfounded_first"]

_FIRST = regex.compile(
    r"\bfirst[\s-]+ever\b|\bfor\s+the\s+first\s+time\b|\bnever\s+before\b|\bunprecedented\b"
    r"|(?:\b(?:is|was|are|were|be|been|being|became|become|becomes|becoming|as|(?:making|made)\s+\p{L}+)|,)\s+the\s+first\s+(?:(?!(?:step|thing|stage|part|place|time|port|line|choice|option|one|half|quarter|round)\b)"
    r"[\p{L}-]+\s+){1,4}(?:ever\s+)?to\s+(?!the\b|a\b|an\b|be\s+\w+ed\b)\p{Ll}+(?<!ing)\b"
    r"|\b(?:league|club|world|national|all-time|franchise|school|course|olympic|tournament|stadium|attendance)"
    r"[\s-]record\b|\b(?:a|an|set\s+a|sets\s+a|broke\s+(?:a|the)|breaks\s+(?:a|the)|new)\s+record(?:[\s-](?:high|low|number|total"
    r"|crowd|score|sum|fee|haul))?\b(?!\s+(?:label|store|shop|company|player|deal|book|collection|of\b))"
    r"|\brecord[\s-](?:breaking|setting)\b",
    regex.IGNORECASE,
)
"""A claim that something is the first of its kind: "first-ever", "for the first time", "never
before", "unprecedented", "became the first woman to sit on ...", ", the first player to ..." (not "the
first step to success", "allow the first coat to dry"); a record ("a league-record 12 assists", "set
a new record", "a record crowd", "record-breaking"; not "a record label", "a track record")."""
_STATED = regex.compile(
    r"\b(?:first|never|record\w*|unprecedented|debut\w*|maiden|pioneer\w*|inaugural|no\s+one|nobody|"
    r"no\s+other|the\s+only|earliest|historic\w*)\b",
    regex.IGNORECASE,
)
"""Words by which a source may say, one way or another, that something was a first."""


def unfounded_first(claim: str, sources: list[str]) -> str | None:
    """The source sentence that best states a claim that calls something a first, when no source
    says anything was a first, a record or never done before; ``None`` otherwise.

    Example:
        >>> article = ["Independents rarely win by-elections. Dr Alan Metcalfe won by 212 votes."]
        >>> unfounded_first("Dr Metcalfe is the first independent ever to win a by-election.", article)
        'Independents rarely win by-elections.'
        >>> unfounded_first("Dr Metcalfe won the by-election by 212 votes.", article) is None
        True
        >>> unfounded_first("He is the first independent to win it.", ["He was the first to win."]) is None
        True
    """
    if _FIRST.search(claim) is None or any(_STATED.search(source) for source in sources):
        return None
    words = set(content_words(claim))
    best, best_shared = None, 0
    for source in sources:
        for sentence in passage_sentences(source):
            shared = len(words & set(content_words(sentence)))
            if shared > best_shared:
                best, best_shared = sentence, shared
    return best
