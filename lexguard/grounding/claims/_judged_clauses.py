"""A judgement joined to a fact: "It's a drama, *and a really quietly devastating one at that*."

A chat reply often states a fact and judges it in one sentence. Read whole, the sentence is a
fact (the judgement hides nothing, but the fact is there) and the verifier, finding no source
that calls the drama devastating, doubted it: correct replies were refused for their praise
("It's a mystery, and a properly twisty one", 0.50; "It's at the Belmarsh Gallery, so worth a
visit", 0.45). :func:`judged_clause_start` finds a closing clause, after ", and", ", so", ", but",
";", a dash or ", which is", that only judges (:func:`~lexguard.grounding.claims._claim_types.classify_claim`
reads it as an opinion: no name, number or quotation, nothing done), or, in a chat reply, talks to
the reader (", and it should keep you on the edge of your seat":
:func:`~lexguard.grounding.claims._chat_talk.is_talk`) or praises (", but it's also really witty":
:func:`~lexguard.grounding.claims._chat.is_praise`), after a fact of three words or more; the
claim extractor makes it a claim of its own. The fact is then checked alone, and the judgement as
every opinion is: not a fact to check, and the answer is not accepted on it when the sources do
not support it.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._chat import is_praise, is_reaction
from lexguard.grounding.claims._chat_talk import is_talk
from lexguard.grounding.claims._claim_types import classify_claim

__all__ = ["judged_clause_start"]

_BREAK = regex.compile(
    r",\s*+(?:and|so|but)\s++|;\s*+|\s++[\u2014\u2013-]\s++|,\s*+(?=(?:definitely|easily|absolutely|well)\s+worth\b|worth\b)"
    r"|,\s*+(?=which\s+(?:is|could|might|would|should|will|sounds|seems|makes)\b)"  # ", which could be a good next watch"
    r"|,\s*+(?=(?:i\s+(?:think|bet|reckon|guess)|you(?:['\u2019]d|['\u2019]ll|\s+would|\s+might|\s+will))\s)"  # ", I think you'd like it"
    r"|,\s*+(?=it(?:['\u2019]d|['\u2019]ll|\s+(?:would|should|will|might|could))\s)",  # ", it'd be a fun conversation starter"
    regex.IGNORECASE,
)
_CONNECTIVE = regex.compile(r"^[\s,;\u2014\u2013-]*(?:(?:and|so|but|which)\s+)?", regex.IGNORECASE)
_CHECKABLE = regex.compile(r"[\d\"\u201c\u201d]|(?<=\w\W+)(?!I\b)\p{Lu}")
_WORD = regex.compile(r"[\p{L}\p{N}]+")
_FACT_WORDS = 3
"""Fewest words of the fact before the judgement."""


def judged_clause_start(text: str, chat: bool = False) -> int | None:
    """Where a closing clause that only judges starts in ``text`` (one sentence), else ``None``;
    in a chat reply (``chat``), also a closing clause of talk to the reader or of praise.

    Example:
        >>> text = "It's a drama, and a really quietly devastating one at that."
        >>> text[judged_clause_start(text):]
        ', and a really quietly devastating one at that.'
        >>> judged_clause_start("It's a drama, and it won the Halden Prize.") is None
        True
    """
    for cut in _BREAK.finditer(text):
        head, tail = text[: cut.start()], text[cut.start() :]
        judged = tail[_CONNECTIVE.match(tail).end() :]
        if len(_WORD.findall(head)) < _FACT_WORDS or not _WORD.search(judged) or _CHECKABLE.search(judged):
            continue
        talk = chat and (is_talk(judged) or is_praise(judged))  # "..., but it's also really witty"
        if (classify_claim(judged) == "opinion" or is_reaction(judged) or talk) and classify_claim(head) == "fact":
            return cut.start()  # "..., and I really like watching him" is the speaker's, as "I like him" is
    return None
