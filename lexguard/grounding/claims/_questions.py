"""The statement a question asks about, read from its words (no model).

Used to read an answer with its question: a "Yes" / "No" (:func:`answer_word`, decided in
:mod:`lexguard.grounding._polar`), a short answer (:mod:`lexguard.grounding.claims._short_answers`)
and how well a bare answer addresses its question (:mod:`lexguard.grounding.reflect._relevance`).
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from lexguard.grounding.claims._meta_split import lead_marker_end
from lexguard.grounding.signals._words import inflected

__all__ = ["AnswerWord", "answer_word", "bare_polar_answer", "polar_proposition", "yes_proposition"]

_ANSWER = regex.compile(
    r"^\s*(?:(?P<yes>yes|yeah|yep|yup|correct|indeed|right|true|exactly|definitely|absolutely|certainly|sure|"
    r"of course|agreed|(?:that'?s|that is|you'?re|you are) (?:so |very |absolutely |quite )?(?:true|right|correct))"
    r"|(?P<no>no|nope|incorrect|false|wrong|(?:unfortunately|sadly|generally|usually|i'?m\s+afraid),?\s+not"
    r"|not\s+(?:really|usually|generally|yet)))\b"
    r"\s*(?:(?:[,;:!.\u2014\u2013]|-(?!\w))+\s*+|$)"
    r"(?:(?:(?:it|they|he|she|we|you|i|there|that|this)\s+(?:do|does|did|is|are|was|were|has|have|had|can|could|will|"
    r"would|should|must|am)(?:n[\u2019']t|\s+not)?"
    r"|that(?:[\u2019']s|\s+is)\s+(?:them|him|her|it|right|correct|the\s+one))\s*(?:(?:[,;:!.\u2014\u2013]|-(?!\w))+\s*+|$))?",
    regex.IGNORECASE,
)
"""An answer word and the marks after it: "Yes, ...", "No. The bridge ...", "Correct - ...",
"Generally not; ...", "Unfortunately not, as ...";
not "Right-handed" (one word). A short echo of the question after it is part of the answer word:
"No, they don't - parking is free ...", "Yes, it is.", "Yep, that's them!" ("No, it isn't open on
Mondays" is no echo: a statement follows it without a mark)."""
_ECHO = regex.compile(
    r"^\s*(?:(?:oh|well|ah)[,!\s]+)?(?:it|they|he|she|we|you|i|there|that)\s+(?:do|does|did|is|are|was|were|has|have|"
    r"had|can|could|will|would|am)(?P<no>n[\u2019']t|\s+not)?"
    r"(?:\s*,\s*(?:yeah|yes|yep|indeed|of\s+course|actually)\b)?\s*(?:(?:[,;:!.\u2014\u2013]|-(?!\w))+\s*+|$)",
    regex.IGNORECASE,
)
"""An answer that only echoes the question's auxiliary: "She is!", "He did, yeah.", "They have, the
Tri-County Trophy!" (a yes; "He doesn't." a no). Only before a mark: "She is in the band" is a statement."""
_NUMBER_SIGN = regex.compile(r"no\.\s*+[\d#]", regex.IGNORECASE)
""""No. 10 Downing Street": the abbreviation of "number", not an answer."""


@dataclass(frozen=True)
class AnswerWord:
    """A "Yes" / "No" opening an answer: its sense and where the statement after it starts."""

    yes: bool
    end: int


def answer_word(text: str, *, echo: bool = False) -> AnswerWord | None:
    """The "Yes" / "No" (and their synonyms) that opens ``text``, or ``None``; with ``echo`` (a
    yes/no question asked), also a reply that only echoes its auxiliary ("She is!", :data:`_ECHO`)."""
    start = 0 if _ANSWER.match(text) else lead_marker_end(text)  # "In short, no: ..." answers as "No, ..." does
    match = _ANSWER.match(text[start:])
    if match is None:
        echoed = _ECHO.match(text) if echo else None
        return AnswerWord(yes=echoed.group("no") is None, end=echoed.end()) if echoed is not None else None
    if _NUMBER_SIGN.match(text[start:].lstrip()):
        return None
    return AnswerWord(yes=match.group("yes") is not None, end=start + match.end())


def bare_polar_answer(answer: str, question: str | None) -> str | None:
    """The statement a bare "Yes." / "No." (or a synonym, and nothing else) answers about, read
    from its yes/no question ("the Eiffel Tower is 330 metres tall"), or ``None``."""
    word = answer_word(answer)
    if word is None or answer[word.end:].strip():
        return None
    return polar_proposition(question)

_AUX = (
    r"is|are|was|were|am|do|does|did|has|have|had|can|could|will|would|shall|should|may|might|must"
)
_QUESTION = regex.compile(rf"^\s*(?P<aux>{_AUX})\s+(?P<rest>[^?]+?)\s*\?\s*$", regex.IGNORECASE)
_NEGATED = regex.compile(r"^(?:n[’']t|not)\b", regex.IGNORECASE)
_PRONOUN = regex.compile(r"^(?:it|he|she|they|we|you|i|this|that|these|those|there|some(?:one|body|thing)(?:\s+else)?)\b",
                         regex.IGNORECASE)
_DETERMINER = r"(?:the|a|an|this|that|these|those|his|her|its|their|our|my|your)\s+"
_NAMED_SUBJECT = regex.compile(
    rf"^(?:{_DETERMINER})?\p{{Lu}}[\p{{L}}\p{{N}}'’.-]*(?:\s+(?:(?:of|the|de|and|&)\s+)*\p{{Lu}}[\p{{L}}\p{{N}}'’.-]*)*"
)
_COMMON_SUBJECT = regex.compile(rf"^{_DETERMINER}[\p{{L}}\p{{N}}-]+(?:'s\s+[\p{{L}}\p{{N}}-]+)?", regex.IGNORECASE)
_DO = frozenset({"do", "does", "did"})
_NEGATIVE_QUESTION = regex.compile(
    rf"^\s*(?P<aux>{_AUX})n[’']t\s+(?P<rest>(?:it|he|she|they|that|this|there|the|\p{{Lu}})\S*\s+[^?]+\?)\s*$", regex.IGNORECASE)
"""A negative yes/no question ("Isn't she in Copperline too?", "Wasn't the club started by ...?"): a
"Yes" to it says the positive statement holds."""
_ASKS_THE_SPEAKER = regex.compile(
    r"^you\s+(?:ever\s+)?(?:know|knew|heard|hear|seen|see|watched|read|listened|like|liked|love|loved|enjoy|enjoyed"
    r"|remember|recall|familiar|tried|been\s+to|been\s+into|into|a\s+fan)\b",
    regex.IGNORECASE,
)
"""A yes/no question about the one answering: "(Do) you know ...", "(Have) you seen ...", "(Are) you into ..."."""
_TAGGED = regex.compile(
    rf"^\s*(?:(?:so|and|but|then)\s*,?\s+)?(?P<statement>(?!(?:{_AUX})\b)[^?]+?)\s*,\s*"
    rf"(?:right|correct|true|no|yes|(?:{_AUX})n[’']t\s+(?:it|he|she|they|we|you|i|there|that))\s*\?\s*$",
    regex.IGNORECASE,
)
"""A statement with a question tag: "So it was completed in 1900, right?", "It is tall, isn't it?"."""


def _tensed(rest: str, subject_end: int, aux: str) -> str:
    """``rest`` with the verb after its subject in the tense "did" or "does" gave it ("Did Marie
    Curie win ...?" -> "Marie Curie won ...": the verifier reads statements, not a base form)."""
    verb = regex.match(r"\s+(\p{Ll}+)\b", rest[subject_end:])
    if verb is None:
        return rest
    tensed = inflected(verb.group(1), "VBD" if aux == "did" else "VBZ")
    return f"{rest[:subject_end]} {tensed}{rest[subject_end + verb.end():]}"


def yes_proposition(question: str | None) -> str | None:
    """The statement a "Yes" to ``question`` says holds: :func:`polar_proposition`'s, or a negative
    question's positive statement ("Isn't she in Copperline too?" - "She is, yeah.": she is in
    Copperline). Only a "Yes" is read so: a "No" to a negative question means different things
    to different people."""
    negative = _NEGATIVE_QUESTION.match(question or "")
    if negative is not None:
        return polar_proposition(f"{negative.group('aux')} {negative.group('rest')}")
    return polar_proposition(question)


def polar_proposition(question: str | None) -> str | None:
    """The statement a yes/no question asks about, or ``None`` for any other question.

    "Was the Eiffel Tower completed in 1889?" -> "the Eiffel Tower was completed in 1889";
    "Did Marie Curie win two Nobel Prizes?" -> "Marie Curie won two Nobel Prizes" (the
    auxiliary "did" dropped, its tense given to the verb); a statement with a tag ("So it was completed in 1900, right?",
    "..., wasn't it?") asks about the statement. A negative question ("Wasn't it ...?", whose
    "No" means different things to different people; its "Yes" is read by
    :func:`yes_proposition`) and one about what the one answering knows or likes ("Do you know the
    song Hollow Bells?", "Have you heard of them?": its "Yes" states nothing the sources hold) give
    ``None``.
    """
    tagged = _TAGGED.match(question or "")
    if tagged is not None and "\n" not in tagged.group("statement"):
        return tagged.group("statement")
    match = _QUESTION.match(question or "")
    if match is None or _NEGATED.match(match.group("rest")) or "\n" in match.group("rest"):
        return None
    if _ASKS_THE_SPEAKER.match(match.group("rest")):
        return None
    aux, rest = match.group("aux").lower(), _asserted(match.group("rest"))
    subject = _PRONOUN.match(rest) or _NAMED_SUBJECT.match(rest) or _COMMON_SUBJECT.match(rest)
    if aux in _DO:
        return rest if subject is None or aux == "do" else _tensed(rest, subject.end(), aux)
    if subject is None:
        return rest
    return f"{subject.group()} {aux} {rest[subject.end():].strip()}".strip()


_ANY = regex.compile(r"\b(?:(?P<ever>ever)\s+|any(?P<tail>thing|one|body|where)?\b)", regex.IGNORECASE)


def _asserted(rest: str) -> str:
    """A yes/no question's words as a statement says them: "any" as "some" and "ever" dropped ("Did
    Hale write anything else?" asks whether "Hale wrote something else"; "anything else" read as a
    statement made the verifier doubt a "Yes" whose next sentence names the other book)."""
    return _ANY.sub(lambda m: "" if m.group("ever") else "some" + (m.group("tail") or "").lower(), rest)


