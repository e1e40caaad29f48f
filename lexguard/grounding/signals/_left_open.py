"""A question the sources leave open, stated as settled.

"However, she cautioned that the study could not show whether city foxes were more intelligent"
beside a summary's "The researchers concluded that living alongside people has made city foxes
more intelligent": every word of the claim is in the article, and the verifier read it as
supported. :func:`left_open` finds the source sentence that says the question is open ("could not
show whether ...", "too early to say whether ...", "was unable to determine if ...") when the
claim states its answer: it holds every content word of the open question and neither hedges nor
denies it.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._negation import negated
from lexguard.grounding.signals._overstated import HEDGES

__all__ = ["left_open"]

_OPEN = regex.compile(
    r"\b(?:(?:could|can|did|does|do|would)(?:\s+not|n['\u2019]t)|cannot|(?:was|were|is|are)\s+unable\s+to"
    r"|(?:too\s+early|impossible|not\s+possible|unclear|not\s+clear)\s+(?:yet\s+)?to)\s+(?:yet\s+)?"
    r"(?:show|prove|establish|determine|confirm|say|tell|conclude|know)\s+(?:for\s+certain\s+)?(?:whether|if)\b"
    r"(?P<question>[^.;!?]*)",
    regex.IGNORECASE,
)
"""A question said to be open: "could not show whether ...", "too early to say whether ..."."""
_MIN_QUESTION_WORDS = 2
"""Fewest content words of the open question for it to tell what the claim answers."""
_UNSURE = regex.compile(r"\b(?:whether|unclear|unknown|uncertain|not\s+(?:yet\s+)?(?:known|clear))\b", regex.IGNORECASE)


def left_open(claim: str, passages: list[str]) -> str | None:
    """The evidence sentence that leaves open the question the claim answers as settled, if any.

    Example:
        >>> evidence = ["She said the study could not show whether city foxes were more intelligent."]
        >>> left_open("The researchers found city foxes are more intelligent.", evidence) is not None
        True
        >>> left_open("It could not show whether city foxes are more intelligent.", evidence) is None
        True
    """
    if _OPEN.search(claim) or _UNSURE.search(claim) or negated(claim) or HEDGES.search(claim.lower()):
        return None
    words = set(content_words(claim))
    for passage in passages:
        if _OPEN.search(passage) is None:
            continue  # every source is read for every claim: cut into sentences only where a question is open
        for sentence in passage_sentences(passage):
            for found in _OPEN.finditer(sentence):
                asked = set(content_words(found.group("question")))
                if len(asked) >= _MIN_QUESTION_WORDS and asked <= words:
                    return sentence
    return None
