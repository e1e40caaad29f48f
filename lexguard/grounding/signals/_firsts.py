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
from lexguard.grounding.signals._words import plural_dropped

__all__ = ["one_of_the_first", "unfounded_first"]

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


_THE_FIRST = regex.compile(
    r"(?<!\b(?:of|among)\s)\bthe\s+(?:very\s+)?(?P<which>first|earliest|only|last|oldest|largest|biggest)\s+"
    r"(?:(?:known|confirmed|recorded|true|such)\s+)?(?P<noun>\p{L}{3,})\b",
    regex.IGNORECASE,
)
_ONE_OF = regex.compile(
    r"\b(?:one|some|two|three|several|a\s+few)\s+of\s+the\s+(?:very\s+)?(?P<which>first|earliest|only|last|oldest|largest|biggest)\s+"
    r"(?:(?:known|confirmed|recorded|true|such)\s+)?(?P<noun>\p{L}{3,})\b|\bamong\s+the\s+(?P<which2>first|earliest|last|oldest|largest|biggest)\b",
    regex.IGNORECASE,
)
MIN_FIRST_SHARED = 2
"""Content words (the noun aside) a claim's "the first <noun>" shares with the source's "one of the first"."""


def one_of_the_first(claim: str, sources: list[str]) -> str | None:
    """The source sentence that calls one of several the first what the claim calls the only first.

    Example:
        >>> said = ["This would be one of the first atmospheres detected on a rocky planet around a red dwarf."]
        >>> one_of_the_first("It would be the first atmosphere ever detected on a rocky world orbiting a red dwarf.", said)
        'This would be one of the first atmospheres detected on a rocky planet around a red dwarf.'
        >>> one_of_the_first("It is one of the first atmospheres found on a rocky planet near a red dwarf.", said) is None
        True

    Returns:
        The sentence that says "one of the first <noun>s" ("among the first", "one of the oldest")
        of the claim's "the first <noun>", sharing :data:`MIN_FIRST_SHARED` more content words with
        the claim, where no source says "the first <noun>" itself; ``None`` otherwise.
    """
    claimed = _THE_FIRST.search(claim)
    if claimed is None:
        return None
    which, noun = claimed.group("which").lower(), plural_dropped(claimed.group("noun").lower())
    words = set(content_words(claim)) - {claimed.group("noun").lower(), which}
    sentences = [s for source in sources for s in passage_sentences(source)]
    for sentence in sentences:
        for said in _THE_FIRST.finditer(sentence):
            if said.group("which").lower() == which and plural_dropped(said.group("noun").lower()) == noun:
                return None
    for sentence in sentences:
        for said in _ONE_OF.finditer(sentence):
            same = said.group("which") and said.group("which").lower() == which and plural_dropped(said.group("noun").lower()) == noun
            among = (said.group("which2") or "").lower() == which and noun in {plural_dropped(w) for w in content_words(sentence)}
            if (same or among) and len(words & set(content_words(sentence))) >= MIN_FIRST_SHARED:
                return sentence
    return None
