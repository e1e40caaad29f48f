"""What a sentence says to its reader around a fact: "..., if you want more of her films".

A chat answer often wraps a fact in a word to its reader: a condition of the reader's taste or
plans ("She also directed The Tin Crown, *if you're after more of her films*", "*If you liked
that one,* he also wrote Salt Road", "..., *in case that's your thing*", "..., *once you finish
this one*") or a suggestion made to them ("..., *which might be worth picking up once you're
done*", "..., *which sounds right up your alley*"). It states nothing of the sources' world, and
read as part of the fact it refused correct replies: "want more of her stuff" is in no source.
:func:`reader_tail_start` and :func:`reader_lead_end` find such a clause; the support check reads
the fact without it, and the clause is a ``not_checked`` meta phrase with
:data:`READER_REASON` (:func:`~lexguard.grounding.claims._meta_split.meta_segments`).

Only the reader's *taste, wishes and plans* are conditions to leave unread: "if you want", "if
you liked", "if you're into", "once you're done". A condition of circumstance restricts the fact
and stays in it ("Entry is free *if you are a student*", "closed *if you arrive on Monday*"): read
without it, "Entry is free" might pass beside "free for seniors". A clause holding a name, a
number, a quotation or a second clause (a comma, "and", "but") is never cut: "..., if you like
the 1998 Paris exhibition" and "..., if you like it, and it won the Booker" are read whole.
"""

from __future__ import annotations

import regex

__all__ = ["READER_REASON", "reader_lead_end", "reader_tail_start"]

READER_REASON = "said to the reader (their taste, plans or a suggestion), not a fact to check; the rest of its sentence is checked"
"""``Claim.reason`` of a clause addressed to the reader ("if you're after more of her films")."""

_YOU = r"(?:you|ya|u)(?:'re|’re|'ve|’ve|'d|’d|'ll|’ll)?"
_TASTE = (
    r"(?:(?:ever|still|really|also|just)\s+)?(?:"
    r"want|wanna|wanted|like|liked|enjoy|enjoyed|love|loved|fancy|prefer|dig|need\s+more|feel\s+like|crave|miss"
    r"|(?:are|were)?\s*(?:after|into|keen|curious|interested|looking\s+for|in\s+the\s+mood|a\s+fan|hungry\s+for)"
    r"|(?:are|were|get)?\s*(?:done|through|finished)|finish|get\s+through|have\s+(?:time|a\s+chance)|get\s+(?:a|the)\s+chance"
    r"|haven't|haven’t|have\s+not|didn't|didn’t"
    r"|(?:are|were)?\s*(?:ever\s+)?(?:nearby|around|in\s+the\s+area|in\s+town|passing(?:\s+through)?)"
    r")\b"
)
"""What the reader likes, wants or plans, after "you": "want more", "liked", "'re after", "'re done",
"'re ever nearby"."""
_CONDITION = (
    r"(?:(?:especially|particularly|even|only|just)\s+)?(?:if|once|when|whenever|in\s+case|should)\s+(?:"
    + _YOU + r"\s+" + _TASTE
    + r"|(?:that|it|this)(?:'s|’s|\s+is|\s+sounds\s+like)\s+(?:more\s+)?your\s+(?:thing|kind|style|speed|cup|jam|taste|genre|vibe)\b"
    r")"
)
_SUGGESTION = (
    r"(?:which|that|and\s+(?:it|that)|so\s+(?:it|that))(?:'s|’s|'d|’d)?\s+(?:(?:might|may|could|would|should|will)\s+)?"
    r"(?:(?:be|is|sounds?|seems?|makes?\s+(?:for\s+)?)\s+)?(?:(?:well|really|definitely|probably|totally|absolutely|maybe)\s+)?"
    r"(?:worth\s+(?:a\s+\w+|\p{L}+ing(?:\s+(?:up|out|into))?)|right\s+up\s+your\s+(?:alley|street)"
    r"|(?:a\s+)?(?:good|great|natural|nice|fun|solid|perfect|easy)\s+(?:next\s+)?(?:pick|choice|start|watch|read|listen|option|follow-up|place\s+to\s+start)"
    r"|(?:perfect|ideal|great)\s+for\s+you)"
)
"""A suggestion to the reader: "which might be worth picking up", "which sounds right up your alley"."""
_REST = r"(?:(?!\b(?:and|but|because|although|though|while)\b)[^,;:.!?\"“”\d—–])*?"
"""The rest of the clause: no second clause, no number, no quotation."""
_END = r"\s*[.!?]*[\s)\]\"'’”]*$"

_TAIL = regex.compile(
    r"(?:,\s*|\s+(?=(?:if|once|when|in\s+case)\b))(?P<clause>" + _CONDITION + _REST
    + r"|" + _SUGGESTION + _REST + r")" + _END,
    regex.IGNORECASE,
)
_LEAD = regex.compile(r"\W*(?P<clause>" + _CONDITION + _REST + r")\s*,\s*", regex.IGNORECASE)
_NAME = regex.compile(r"(?<!^)(?<![.!?]\s)\b(?!I\b)\p{Lu}")
_WORD = regex.compile(r"[\p{L}\p{N}]+")
_FACT_WORDS = 3
"""Fewest words left beside the clause for the rest to be read as a fact of its own."""


_PRESUMED = regex.compile(
    r"\b(?:liked|enjoyed|loved|adored)\s++(?!(?:(?:it|that|this|them|those|these|him|her)(?:\s++ones?)?"
    r"|(?:her|his|their)\s++(?:\p{L}+s|work|music|writing|stuff))"
    r"(?:\s++(?:too|as\s++well|so\s++much|a\s++lot))?\W*$)\p{L}",
    regex.IGNORECASE)
"""What the reader is said to have liked, other than "it", "that one" or someone's body of work
("her work", "his films"): "If you liked *her comedy debut*", "If you liked *the book*" presume a
work the sources must hold."""


def _says_nothing(clause: str) -> bool:
    """Whether ``clause`` names nothing (no capitalised word but "I" after its first, no thing the
    reader is said to have liked but "it" or "that one") and speaks to the reader."""
    return (_NAME.search(clause, 1) is None and _PRESUMED.search(clause) is None
            and regex.search(r"\b(?:you|your|ya|u)\b", clause, regex.IGNORECASE) is not None)


def reader_tail_start(text: str, pos: int = 0) -> int | None:
    """Where a closing clause addressed to the reader starts in ``text[pos:]``, else ``None``.

    Example:
        >>> text = "She also directed The Tin Crown, if you're after more of her films."
        >>> text[reader_tail_start(text):]
        ", if you're after more of her films."
    """
    found = _TAIL.search(text, pos)
    if found is None or not _says_nothing(found.group("clause")):
        return None
    if len(_WORD.findall(text[pos:found.start()])) < _FACT_WORDS:
        return None
    return found.start()


def reader_lead_end(text: str, pos: int = 0) -> int | None:
    """Where an opening clause addressed to the reader ends ("If you liked that one, "), else ``None``.

    Example:
        >>> text = "If you liked that one, he also wrote Salt Road."
        >>> text[reader_lead_end(text):]
        'he also wrote Salt Road.'
    """
    found = _LEAD.match(text, pos)
    if found is None or not _says_nothing(found.group("clause")):
        return None
    if len(_WORD.findall(text[found.end():])) < _FACT_WORDS:
        return None
    return found.end()
