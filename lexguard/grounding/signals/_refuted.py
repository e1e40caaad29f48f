"""Refuted mentions: a source sentence that mentions a statement in order to deny it.

"It is a common myth that Einstein failed mathematics", "Early reports said the bridge collapsed,
but ...", "Social media posts claimed the concert was cancelled, but ...", "The paper retracted its claim that ...", "Smith was acquitted of ...": the statement is
in the source's words, and the source says it is false. The polarity rule reads each such
statement as a unit the source denies (:func:`~lexguard.grounding.signals._polarity.polarity_conflict`),
so a claim that asserts it is contradicted.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._entities import entities

__all__ = ["denial_words", "denied_by_next", "denied_statements"]

_DENIALS = [
    regex.compile(p, regex.IGNORECASE)
    for p in (
        r"\b(?:myth|misconception|misbelief|legend|rumou?r|hoax|falsehood|canard|fallacy)s?\s+(?:\w+\s+){0,3}?that\s+(?P<c>[^;:]+)",
        r"\b(?:not\s+true|untrue|false|incorrect|wrong)\s+that\s+(?P<c>[^;:]+)",
        r"\b(?:falsely|wrongly|mistakenly|erroneously|incorrectly)\s+(?:\w+\s+)?(?:claimed|said|reported|believed|stated|"
        r"suggested|thought|assumed|alleged|attributed)\s+(?:that\s+)?(?P<c>[^;:]+)",
        r"\b(?:debunked|disproved|disproven|refuted|retracted|withdrew|withdrawn|denied|dismissed|rejected)\s+(?:\w+\s+){0,3}?"
        r"(?:claims?|reports?|ideas?|notions?|rumou?rs?|allegations?|statements?|stories|story|study|paper|suggestions?)"
        r"(?:\s+(?:by|from|of)\s+(?:[\w-]+\s+){0,3}?(?-i:(?P<by>\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){0,2})))?"
        r"\s+that\s+(?P<c>[^;:]+)",
        r"\b(?:early|initial|first|earlier|preliminary)\s+(?:\w+\s+)?(?:reports?|accounts?|claims?|rumou?rs?)\s+"
        r"(?:\w+\s+)?(?:said|suggested|claimed|stated|indicated|had)\s+(?:that\s+)?(?P<c>[^;]+?),?\s+(?:but|however)\b",
        r"\b(?:many|some|people|it\s+is\s+(?:often|commonly|widely))\s+(?:people\s+)?(?:believe[sd]?|think|thought|"
        r"say|said|claim(?:ed)?)\s+(?:that\s+)?(?P<c>[^;]+?),?\s+but\b",
        r"\b(?:posts?|rumou?rs?|messages?|videos?|users|headlines?|social\s+media)\s+(?:\w+\s+){0,3}?(?:claimed|said|"
        r"suggested|alleged)\s+(?:that\s+)?(?P<c>[^;]+?),?\s+but\b",
        r"\b(?:previously|earlier|originally|once|had)\s+(?:\w+\s+)?(?:stated|said|claimed|reported|listed|advertised|"
        r"announced|suggested)\s+(?:that\s+)?(?P<c>[^;:]{1,300}?),?\s+(?:but\s+)?(?:this|that|it)\s+(?:was|is|has\s+been|proved)\s+"
        r"(?:an?\s+)?(?:error|mistake|typo|incorrect|wrong|false|untrue|inaccurate|not\s+(?:true|correct|the\s+case))\b",
        r"\b(?:declined|refused|turned\s+down|rejected|has\s+declined|has\s+refused)\s+(?:an?\s+|the\s+|their\s+|his\s+|her\s+)?"
        r"(?:offer|invitation|chance|opportunity|call-up|request)\s+to\s+(?P<to>)(?P<c>[^;:,.]+)",
        r"\b(?:reports?|claims?|rumou?rs?|suggestions?|stories|speculation)\s+(?:that\s+|(?!(?:from|of|in|on|at|about|by|for|to|with|were|was|are|is)\b))(?P<c>[^;:]{1,300}?)\s+(?:were|was|are|is|"
        r"proved|turned\s+out\s+to\s+be)\s+(?:false|untrue|wrong|incorrect|unfounded|baseless|inaccurate|mistaken)\b",
    )
]
_DENIED_AFTER = regex.compile(
    r"\s++(?:were|was|have\s+been|has\s+been|had\s+been)\s++(?:(?:firmly|strongly|flatly|quickly)\s++)?"
    r"(?:denied|dismissed|rejected|refuted|debunked|disproved|disproven)\b.*+$",
    regex.IGNORECASE | regex.DOTALL,
)
"""The denial after a mentioned statement ("Rumours that the arena will be demolished | were denied
on Tuesday by its owners"): no part of what is denied."""
_ACQUITTED_BY = regex.compile(
    r"\b(?:acquitted|exonerated)\s+(?P<s>[^,;]+?(?:,\s*+[^,;]+?,)?)\s+(?:of|on)\s+(?P<c>[^;:]+)",
    regex.IGNORECASE,
)
"""A court acquitting someone: "A court acquitted the captain, Pieter Hoek, of causing the spill"
("Crews cleared the road of debris" acquits no one)."""
_PRONOUN = regex.compile(r"^(?:he|she|they|it)\b", regex.IGNORECASE)
_MAX_SUBJECT_WORDS = 8
_NOT_A_SUBJECT = regex.compile(r"\b(?:is|are|was|were|be|been|has|have|had|it|there|this|that)\b", regex.IGNORECASE)
"""Words of a clause, not of a name: "It is a myth that it ..." has no subject to put for "it"."""
_DENIAL = regex.compile(
    r"\b(?:myths?|misconceptions?|rumou?rs?|hoax|untrue|falsely|wrongly|mistakenly|debunk\w*|disprov\w*|refut\w*"
    r"|retract\w*|den(?:y|ies|ied|ial)|dismiss\w*|acquit\w*|cleared|exonerat\w*|not\s+guilty|declin\w*|refus\w*"
    r"|turn(?:ed|s|ing)?\s+down)\b",
    regex.IGNORECASE,
)
"""Words that deny what they mention: a claim that uses one reports the denial ("She denied
the rumours") and does not assert what is denied."""




def _without_trailing_denial(text: str) -> str:
    """``text`` without the denial words it ends on ("The singer Lena Voss denied" -> "The singer
    Lena Voss"), one word at a time (linear in long text)."""
    words = text.split()
    while words and _DENIAL.fullmatch(words[-1]):
        words.pop()
    return " ".join(words).strip(" ,")


def denial_words(text: str) -> set[str]:
    """The denial words of ``text``, lower case ("denied", "acquitted")."""
    return {m.group().lower() for m in _DENIAL.finditer(text)}


_ACQUITTED = regex.compile(
    r"^(?P<s>.+?)\s+(?:was|were|has\s+been|had\s+been)\s+(?:later\s+|eventually\s+|fully\s+)?"
    r"(?:acquitted|cleared|exonerated|found\s+not\s+guilty)\s+(?:of|on)\s+(?P<c>[^;:]+)",
    regex.IGNORECASE,
)


def denied_statements(sentence: str) -> list[str]:
    """Statements a sentence mentions in order to deny them.

    "It is a common myth that Einstein failed mathematics", "Early reports said the bridge
    collapsed, but ...", "The paper retracted its claim that ...", "Smith was acquitted of
    murdering ..." (the subject joins the denied act: "Smith murdering ..."; so does the one a
    court acquits). A denied statement that opens with a pronoun is of the sentence's subject
    ("Lena Voss denied rumours that she was leaving the band" -> "Lena Voss was leaving the band").
    """
    out = []
    for pattern in _DENIALS:
        match = pattern.search(sentence)
        if match is None:
            continue
        denied = _DENIED_AFTER.sub("", match.group("c")).strip(" ,.;")  # "Rumours that X | were denied by ..."
        subject = _without_trailing_denial(sentence[: match.start()])
        named = 0 < len(subject.split()) <= _MAX_SUBJECT_WORDS and not _NOT_A_SUBJECT.search(subject)
        claimant = match.groupdict().get("by")
        if match.groupdict().get("to") is not None:
            # "Rhian Adley has declined the offer to join the squad": what she declined is hers to do
            doer = next(iter(entities(subject)[-1:]), None)
            denied = f"{doer.text} {denied}" if doer is not None else ""
        elif _PRONOUN.match(denied) and claimant:
            # "dismissed a claim by Derek Vance that he was unfairly dismissed": the claim is of Derek Vance
            denied = _PRONOUN.sub(claimant, denied, count=1)
        elif _PRONOUN.match(denied) and named:
            # "Lena Voss denied rumours that she was leaving": the denied statement is of Lena Voss
            denied = _PRONOUN.sub(subject, denied, count=1)
        out.append(denied)
    for acquitted in filter(None, (_ACQUITTED.search(sentence), _ACQUITTED_BY.search(sentence))):
        out.append(f"{acquitted.group('s')} {acquitted.group('c')}".strip(" ,.;"))
    return [o for o in out if o]


_DENIES_THE_LAST = regex.compile(
    r"\b(?:this|that|the\s+(?:claim|idea|story|belief|rumou?r|report|notion))\s+(?:is|was|has\s+been|had\s+been)\s+"
    r"(?:not\s+(?:true|correct|the\s+case)|untrue|false|incorrect|a\s+(?:myth|misconception|hoax|legend)"
    r"|debunked|disproved|disproven|refuted)\s*+[.!]?\s*+$",
    regex.IGNORECASE,
)
"""A sentence that says the one before it is false: "Astronauts have confirmed that this is not true."."""
_REPORTED = regex.compile(
    r"^\W*(?:it\s+(?:is|was|has\s+been|had\s+been)\s+(?:\w+\s+){0,2}?(?:said|claimed|believed|thought|reported|"
    r"suggested|rumou?red|assumed)\s+that\s+|(?:many|some|most)\s+(?:people\s+)?(?:believe[sd]?|think|thought|say|said|"
    r"claim(?:ed)?)\s+(?:that\s+)?"
    r"|(?:correction\s*+:\s*+)?(?:an?|the|our|this|one)\s+(?:earlier\s+|previous\s+)?(?:article|report|story|post|statement"
    r"|notice|version(?:\s+of\s+this\s+\w+)?)\b[^.;:]{0,80}?\s(?:stated|said|reported|claimed|suggested|wrongly\s+said)"
    r"\s+that\s+)",
    regex.IGNORECASE,
)
"""How a sentence reports what others say ("It was once claimed that ...", "Correction: an article
published on 12 May stated that ...")."""
_MAX_DENIAL_WORDS = 14


def denied_by_next(sentence: str, following: str) -> str | None:
    """What ``sentence`` reports when the sentence after it ends by saying that is false ("It was
    once claimed that the wall is visible from the Moon." - "Astronauts have confirmed that this
    is not true."): the statement without its reporting words, or ``None`` (also when the
    sentence reports nothing, or the next one narrows its denial: "This is not true for the
    256 GB model.")."""
    if not following or len(following.split()) > _MAX_DENIAL_WORDS or not _DENIES_THE_LAST.search(following):
        return None
    reported = _REPORTED.match(sentence)
    if reported is None:  # "The council closed it in 2019. That was wrong, residents said.": a judgement
        return None
    statement = sentence[reported.end():].strip(" .")
    return statement or None
