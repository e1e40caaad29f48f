"""Refuted mentions: a source sentence that mentions a statement in order to deny it.

"It is a common myth that Einstein failed mathematics", "Early reports said the bridge collapsed,
but ...", "The paper retracted its claim that ...", "Smith was acquitted of ...": the statement is
in the source's words, and the source says it is false. The polarity rule reads each such
statement as a unit the source denies (:func:`~lexguard.grounding.signals._polarity.polarity_conflict`),
so a claim that asserts it is contradicted.
"""

from __future__ import annotations

import regex

__all__ = ["denied_statements"]

_DENIALS = [
    regex.compile(p, regex.IGNORECASE)
    for p in (
        r"\b(?:myth|misconception|misbelief|legend|rumou?r|hoax|falsehood|canard|fallacy)s?\s+(?:\w+\s+){0,3}?that\s+(?P<c>[^;:]+)",
        r"\b(?:not\s+true|untrue|false|incorrect|wrong)\s+that\s+(?P<c>[^;:]+)",
        r"\b(?:falsely|wrongly|mistakenly|erroneously|incorrectly)\s+(?:\w+\s+)?(?:claimed|said|reported|believed|stated|"
        r"suggested|thought|assumed|alleged|attributed)\s+(?:that\s+)?(?P<c>[^;:]+)",
        r"\b(?:debunked|disproved|disproven|refuted|retracted|withdrew|withdrawn|denied|dismissed|rejected)\s+(?:\w+\s+){0,3}?"
        r"(?:claims?|reports?|ideas?|notions?|rumou?rs?|allegations?|statements?|stories|story|study|paper|suggestions?)"
        r"\s+that\s+(?P<c>[^;:]+)",
        r"\b(?:early|initial|first|earlier|preliminary)\s+(?:\w+\s+)?(?:reports?|accounts?|claims?|rumou?rs?)\s+"
        r"(?:\w+\s+)?(?:said|suggested|claimed|stated|indicated|had)\s+(?:that\s+)?(?P<c>[^;]+?),?\s+(?:but|however)\b",
        r"\b(?:many|some|people|it\s+is\s+(?:often|commonly|widely))\s+(?:people\s+)?(?:believe[sd]?|think|thought|"
        r"say|said|claim(?:ed)?)\s+(?:that\s+)?(?P<c>[^;]+?),?\s+but\b",
    )
]
_ACQUITTED = regex.compile(
    r"^(?P<s>.+?)\s+(?:was|were|has\s+been|had\s+been)\s+(?:later\s+|eventually\s+|fully\s+)?"
    r"(?:acquitted|cleared|exonerated|found\s+not\s+guilty)\s+(?:of|on)\s+(?P<c>[^;:]+)",
    regex.IGNORECASE,
)


def denied_statements(sentence: str) -> list[str]:
    """Statements a sentence mentions in order to deny them.

    "It is a common myth that Einstein failed mathematics", "Early reports said the bridge
    collapsed, but ...", "The paper retracted its claim that ...", "Smith was acquitted of
    murdering ..." (the subject joins the denied act: "Smith murdering ...").
    """
    out = [m.group("c").strip(" ,.;") for pattern in _DENIALS for m in [pattern.search(sentence)] if m]
    acquitted = _ACQUITTED.search(sentence)
    if acquitted:
        out.append(f"{acquitted.group('s')} {acquitted.group('c')}".strip(" ,.;"))
    return [o for o in out if o]
