"""Meta phrases are prefixes, not exemptions: a sentence cut into its meta parts and its facts.

"I hope this helps, and the tower is 540 metres tall." holds a sign-off *and* a fact; "The
passages do not mention the paint, but the tower is in Berlin." a remark about the sources and a
fact; "Let me know if you also knew that Napoleon designed it." a fact inside an instruction.
:func:`meta_segments` cuts a sentence into contiguous segments that cover every character: the
meta phrases (greetings, sign-offs, list introductions, "in summary", remarks about the sources,
refusals) end ``not_checked`` with a reason; everything else is a fact to check.

A *refusal* ("I don't know", "the context does not say X") is a claim about the sources, so it
is kept apart (:data:`REFUSAL_REASON`, :func:`refusal_topic`): the support check looks for X in
the sources and reports the refusal unsupported when they do say it.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._reader_tails import READER_REASON, reader_lead_end, reader_tail_start

__all__ = ["HOPE", "LEAD_REASON", "REFUSAL_REASON", "TRAIL_REASON", "is_refusal", "lead_marker_end", "meta_segments",
           "refusal_topic"]

LEAD_REASON = "a meta phrase (greeting, preamble or sign-off), not a fact to check; the rest of its sentence is checked"
TRAIL_REASON = "a meta phrase (sign-off), not a fact to check; the rest of its sentence is checked"
REFUSAL_REASON = "a meta statement about the sources (a refusal), checked against them: the sources do not say it either"

_SOURCE_NOUN = (
    r"(?:(?:provided|given|above|retrieved|following|available)\s+)?(?:passages?|text|texts|context|article"
    r"|documents?|sources?|information|data|excerpts?|news|reviews?|records?|search\s+results)"
    r"(?:\s+(?:provided|given|above|supplied|here))?"
)
HOPE = (
    r"(?:i\s+)?hope\s+(?:this|that|it)\s+(?:helps|clears\s+(?:it|things|that)\s+up|answers\s+your\s+question|makes\s+sense"
    r"|(?:is|was|proves|will\s+be)\s+(?:useful|helpful|clear))(?:\s+you\b)?"
    r"(?:\s+(?:for|with)\s+(?:(?-i:\p{Ll}+ing)\s+)?(?:you\b|your\s+(?-i:[^.!?,;:\d\p{Lu}]){1,40}?(?=[.!?,;:]|$)))?"
)
"""A sign-off's hope that the answer helps ("I hope this helps", "Hope this is useful for your
shopping trip", "I hope this helps with planning your visit"): what it is useful for is the
reader's, not a fact, unless it holds a name or a number ("for your trip to Berlin" is read)."""
_SEP = r"[\s,!.:;—–-]*"
_CONNECTIVE = r"(?:(?:and|but|so|also|yet|though|however|although|plus)\b[\s,]*)*"

_LEAD = regex.compile(
    r"""\W*(?:
        (?P<marker>(?:sure|certainly|of\s+course|okay|ok|absolutely|great\s+question|alright|all\s+right|well)\b[\s]*[,!.:;—–-]+\s*)
      | here(?:'s|’s|\s+is|\s+are)\s+(?:the\s+thing|what\s+i\s+(?:found|know)|(?:a|an|the|my|some)?\s*(?:[\w'’-]+\s+){0,3}?
            (?:summary|answer|overview|response|list|points|information|breakdown|rundown|details|facts)\b[^,:.!?]{0,80})\s*[,:—–-]+\s*
      | """ + HOPE + r"""\b""" + _SEP + _CONNECTIVE + r"""
      | (?:congrats|congratulations|well\s+done|good\s+(?:job|choice|pick)|nice\s+(?:one|choice|pick)|great\s+(?:choice|pick)
          |lucky\s+you)(?:\s+on\s+(?-i:[^,.!?;:\d\p{Lu}]){1,40}?)?\s*[,!.;:—–-]+\s*
      | (?:i(?:'m|’m|\s+am|(?:'ll|’ll|\s+will|'d|’d|\s+would)\s+be)\s+)?(?:happy|glad)\s+to\s+help(?:\s+further|\s+more|\s+with\s+(?:that|this|it)(?:\s+one)?)?\b""" + _SEP + _CONNECTIVE + r"""
      | (?:please\s+)?(?:let\s+me\s+know|feel\s+free)\b[^.!?]{0,120}?\b(?:knew|know|heard|realized|realised|noticed|learned|remember|aware)\s+(?:that\s+|of\s+)
      | not\s+yet\s*+[,!.;—–-]*\s*+(?:but|though)\s+i\s+(?:do\s+)?(?:know|heard)\s+(?:that\s+)?
      | (?:(?:yes|no|oh|ah)\s*+,?\s*+)?(?:me\s+too|me\s+neither|same\s+here|i\s+(?:do|don't|don’t|have|haven't|haven’t|did|didn't|didn’t))
          \s*+[,!.;—–-]+\s*+(?:(?:but|and|though|although)\s+)?(?:i\s+(?:do\s+)?(?:know|heard)\s+(?:that\s+)?)?
      | (?P<marker>(?:in\s+summary|to\s+summarize|to\s+summarise|to\s+sum\s+up|in\s+conclusion|overall|in\s+short
          |all\s+in\s+all|(?:just\s+)?to\s+be\s+clear|(?:the\s+)?good\s+news(?:\s+is)?|in\s+a\s+nutshell|put\s+simply
          |simply\s+put|basically|in\s+brief|briefly|as\s+(?:the|this|that|your)\s+(?:\w+\s+){0,2}?(?:page|notice|site|website
          |policy|guide|leaflet|letter|email|source|document|article|passage|text|timetable|menu|listing)\s+(?:explains|says
          |states|notes|mentions|puts\s+it|confirms|shows))\s*[,:—–-]+\s*)
      | (?:did\s+you\s+know|fun\s+fact(?:\s+is)?|(?:please\s+)?note|keep\s+in\s+mind|remember|be\s+aware|bear\s+in\s+mind
          |just\s+so\s+you\s+know|as\s+a\s+(?:quick\s+|friendly\s+)?reminder|for\s+your\s+information|by\s+the\s+way
          |(?:however,?\s+)?it(?:'s|’s|\s+is)\s+(?:worth|important\s+to)\s+(?:noting|mentioning|knowing|note|mention|know))
          \s*(?:that\b|:|,)\s*
    )""",
    regex.IGNORECASE | regex.VERBOSE,
)
"""A meta phrase at the start of a clause, with its separator and connective ("I hope this helps, and ").
A *marker* ("Overall, ", "Sure, ") stays with the fact it opens: the claim is read as written."""
MARKER = "marker"

_REFUSAL = regex.compile(
    r"""\W*(?:unfortunately,?\s+|however,?\s+|sorry,?\s+)?(?:
        (?:the\s+|these\s+|this\s+|my\s+)?""" + _SOURCE_NOUN + r"""\s+(?:does|do|did)\s*(?:not|n't|n’t)\s+(?:\w+ly\s+)?(?:mention|provide|say|state|contain
            |include|specify|give|offer|discuss|address|indicate|describe|cover|tell|explain|answer)\b
      | there\s+(?:is|are)\s+no\s+(?:\w+\s+){0,2}(?:information|mention|details?|data)\b
      | i\s+(?:cannot|can't|can’t|could\s+not|couldn't|couldn’t|am\s+unable\s+to|was\s+unable\s+to)\s+(?:find|determine|answer|provide
            |tell|say|confirm|verify|give|share|comment)\b
      | (?:i\s+am\s+|i'm\s+|i’m\s+|we\s+are\s+)?(?:unable|not\s+able)\s+to\s+(?:find|determine|answer|provide|tell|say|confirm)\b
      | (?:(?:it|this|that)\s+)?(?:is\s+|are\s+|was\s+|were\s+)?not\s+(?:\w+ly\s+)?(?:mentioned|specified|given|provided|stated
            |included|listed|described|indicated)\s+in\s+(?:the\s+)?""" + _SOURCE_NOUN + r"""\b
      | i\s+(?:do\s+not|don't|don’t)\s+know\b
      | i(?:'m|’m|\s+am)\s+not\s+sure\b
    )""",
    regex.IGNORECASE | regex.VERBOSE,
)
"""The head of a refusal: a statement that the sources (or the answerer) do not give something."""

_BOUNDARY = regex.compile(
    r"(?:,\s*|(?<!\s)\s+)(?:but|however|although|though|yet|except(?:\s+that)?|while(?!\s+(?!(?:not|noting|mentioning|stating|saying|adding|explaining|confirming|suggesting|indicating"
    r"|showing|highlighting|reporting|describing|claiming|listing|giving|providing)\b)\p{L}+ing\b)|whereas)\b[\s,]*"
    r"|,\s*so\s+"
    r"|,\s*and\s+|;\s*|(?<!\s)\s+[—–-]\s+|:\s+",
    regex.IGNORECASE,
)
"""Where a refusal clause ends and the next clause (a fact) begins ("while flying at 100 mph" goes
on with the refusal's own question; "while noting that it opened in 1950" states a fact)."""

_TRAIL = regex.compile(
    r"(?:[,;—–-]\s*(?:and\s+)?|(?<!\s)\s+and\s+)(?P<head>" + HOPE + r"|(?:please\s+)?(?:let\s+me\s+know|feel\s+free)\b"
    r"(?![^.!?]*\b(?:knew|heard|realized|realised|noticed|learned)\s+that\b))[^.!?]*[.!?]*\s*$",
    regex.IGNORECASE,
)
"""A sign-off in a sentence that states something (", I hope this helps!"); a clause after it
is a fact of its own (", and I hope this helps, and it is also open on Sundays")."""

_WORD = regex.compile(r"[\p{L}\p{N}]+")
_FACT_WORDS = 3
"""Fewest words of a remainder after a refusal for it to be read as a fact of its own."""


def _words(text: str) -> int:
    return len(_WORD.findall(text))


_SIGN_OFF = regex.compile(
    r"\W*(?:" + HOPE + r"|(?:please\s+)?(?:let\s+me\s+know|feel\s+free))\b", regex.IGNORECASE
)
"""A sign-off opening a sentence ("Let me know if you need more, but ..."): it ends where the next
clause begins, and that clause is a fact to check."""


def _clause_end(head_pattern: regex.Pattern[str], text: str, pos: int) -> int | None:
    """Where the clause opened at ``pos`` by ``head_pattern`` ends (the next clause's start), or
    ``None`` when the pattern does not open it."""
    head = head_pattern.match(text, pos)
    if head is None:
        return None
    for cut in _BOUNDARY.finditer(text, head.end()):
        if _words(text[cut.end():]) >= _FACT_WORDS:
            return cut.end()
    return len(text)


_SUMMARY = regex.compile(
    r"\W*(?:in\s+summary|to\s+summari[sz]e|to\s+sum\s+up|in\s+conclusion|overall|in\s+short|all\s+in\s+all|in\s+a\s+nutshell"
    r"|in\s+brief|briefly)\b", regex.IGNORECASE)
"""A marker that sums up ("Overall, ", "In short, "): the verifier learned to read such a claim as the
summary it is, leniently, from people's labels; read as written unless a yes or no follows it."""


def lead_marker_end(text: str, *, summaries: bool = True) -> int:
    """Where the discourse markers that open ``text`` end ("In short, ", "Just to be clear, ",
    "As the notice explains, "), 0 when none does or nothing follows them.

    A marker stays with the fact it opens (the claim is shown as written), but is no part of what
    the claim states: the support check reads the claim without it (a verifier had read "In short:
    sale items can be returned for a refund" as supported, and the sentence alone as contradicted).
    Without ``summaries``, a marker that sums up (:data:`_SUMMARY`) and those after it are kept.

    Example:
        >>> text = "In short, sale items can be exchanged."
        >>> text[lead_marker_end(text):]
        'sale items can be exchanged.'
    """
    pos = 0
    while (lead := _LEAD.match(text, pos)) is not None and lead.group("marker") and lead.end() > pos:
        if not summaries and _SUMMARY.match(text, pos):
            break
        pos = lead.end()
    return pos if _words(text[pos:]) else 0


_MOST_SIGN_OFFS = 8
"""Sign-offs between facts read in one sentence; after them the rest is read as a fact (checked)."""


def meta_segments(text: str) -> list[tuple[int, int, str | None]]:
    """Cut one sentence into contiguous meta and fact segments covering all of ``text``.

    Args:
        text: One sentence (or clause) of an answer.

    Returns:
        ``(start, end, reason)`` in order; ``reason`` is ``None`` for a fact to check, else why
        the segment is not one (:data:`LEAD_REASON`, :data:`TRAIL_REASON`, :data:`REFUSAL_REASON`,
        :data:`~lexguard.grounding.claims._reader_tails.READER_REASON`).

    Example:
        >>> [text[s:e] for text in ["I hope this helps, and the tower is tall."]
        ...  for s, e, _ in meta_segments(text)]
        ['I hope this helps, and ', 'the tower is tall.']
    """
    return _segments(text, _MOST_SIGN_OFFS)


def _segments(text: str, sign_offs: int) -> list[tuple[int, int, str | None]]:
    """:func:`meta_segments`, reading at most ``sign_offs`` sign-offs between facts."""
    segments: list[tuple[int, int, str | None]] = []
    pos = 0
    while pos < len(text) and _words(text[pos:]):
        lead = _LEAD.match(text, pos)
        if lead is not None and lead.end() > pos and _words(text[lead.end():]):
            segments.append((pos, lead.end(), MARKER if lead.group("marker") else LEAD_REASON))
            pos = lead.end()
            continue
        end = _clause_end(_REFUSAL, text, pos)
        if end is not None:
            segments.append((pos, end, REFUSAL_REASON))
            pos = end
            continue
        end = _clause_end(_SIGN_OFF, text, pos)
        if end is None or end >= len(text):
            end = reader_lead_end(text, pos)  # "If you liked that one, " is said to the reader
            why = READER_REASON
        else:
            why = LEAD_REASON
        if end is not None and end < len(text):
            segments.append((pos, end, why))
            pos = end
            continue
        break
    segments = _markers_open_facts(segments, pos, text)
    pos = segments[-1][1] if segments else 0
    if pos < len(text):
        if not _words(text[pos:]) and segments:
            start, _, reason = segments.pop()
            segments.append((start, len(text), reason))
        else:
            trail = _TRAIL.search(text, pos)
            if trail is not None and _words(text[pos:trail.start()]) >= 2 and sign_offs:
                end = _sign_off_end(text, trail.end("head"))
                segments += [(pos, trail.start(), None), (trail.start(), end, TRAIL_REASON)]
                if end < len(text):  # "..., and I hope this helps, and | it is also open on Sundays."
                    segments += [(end + lo, end + hi, why) for lo, hi, why in _segments(text[end:], sign_offs - 1)]
            elif (tail := reader_tail_start(text, pos)) is not None:  # ", if you want more of her films."
                segments += [(pos, tail, None), (tail, len(text), READER_REASON)]
            else:  # no sign-off, or too many of them: the rest is a fact to check
                segments.append((pos, len(text), None))
    if segments and segments[-1][2] is None and len(segments) > 1 and segments[-2][2] == MARKER:
        segments[-2:] = [(segments[-2][0], segments[-1][1], None)]  # "Overall, " opens the fact
    return [(lo, hi, LEAD_REASON if why == MARKER else why) for lo, hi, why in segments]


def _sign_off_end(text: str, head_end: int) -> int:
    """Where a sign-off whose words end at ``head_end`` ends: at the next clause that says
    something (three words or more after ", and", ";", ...), else at the end of ``text``."""
    for cut in _BOUNDARY.finditer(text, head_end):
        if _FACT_AHEAD.match(text, cut.end()):
            return cut.end()
    return len(text)


_FACT_AHEAD = regex.compile(r"(?:[^\p{L}\p{N}]*+[\p{L}\p{N}]++){%d}" % _FACT_WORDS)
"""At least :data:`_FACT_WORDS` words from here on."""


def _markers_open_facts(
    segments: list[tuple[int, int, str | None]], pos: int, text: str
) -> list[tuple[int, int, str | None]]:
    """Drop a trailing marker that opens the rest of the sentence (it is read with its fact)."""
    if segments and segments[-1][2] == MARKER and pos < len(text) and _words(text[pos:]):
        return segments[:-1]
    return segments


def is_refusal(text: str) -> bool:
    """Whether ``text`` is a refusal: it says the sources (or the answerer) do not give something."""
    return _REFUSAL.match(text.strip()) is not None


def refusal_topic(text: str) -> str:
    """What a refusal says the sources do not give ("the paint" of "The passages do not mention
    the paint."); empty when it names nothing ("I don't know.")."""
    head = _REFUSAL.match(text.strip())
    if head is None:
        return ""
    rest = text.strip()[head.end():]
    rest = regex.sub(r"^\s*(?:about|on|regarding|of|in|whether|if|what|how|when|where|who|why|which|anything|more)\b", " ", rest,
                     flags=regex.IGNORECASE)
    rest = regex.sub(r"\b(?:in|from)\s+(?:the\s+)?" + _SOURCE_NOUN + r"\b", " ", rest, flags=regex.IGNORECASE)
    return rest.strip(" \t\n,.;:!?")
