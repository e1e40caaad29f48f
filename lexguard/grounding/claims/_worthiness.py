"""Claim worthiness: the one pass that says which pieces of an answer are not facts to check.

A filler ("Sure!", "Hope this helps!"), a question back to the reader ("Have you seen it?"), a
remark about the speaker ("I haven't read it myself": :mod:`~lexguard.grounding.claims._chat`)
and a meta statement (a preamble, a sign-off, a statement about the sources:
:func:`~lexguard.grounding.claims._meta.is_meta_statement`) are not looked up in the sources; they are ``not_checked`` ``meta`` claims with the reason, never dropped. The rule
based extractor (:func:`~lexguard.grounding.claims._claims.extract_claims`) asks
:func:`not_a_fact` of every sentence, and the support check runs :func:`mark_not_facts` over the
claims of any extractor (an LLM's, a custom one), so each claim is judged once, the same way.

A meta statement is recognised in the text as the support models read it (:func:`read_text`:
citation markers, look-alike letters, pictographs, an opening "Yes," / "No," and markdown read
away), so "No, the passages do not mention it." is about the sources.
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from lexguard._models import Claim
from lexguard._text import CITATION_MARKER, unconfuse
from lexguard.grounding.claims._chat import is_praise, is_question_to_reader, is_speaker_remark
from lexguard.grounding.claims._chat_talk import TALK_REASON, is_talk
from lexguard.grounding.claims._impressions import is_impression
from lexguard.grounding.claims._judged_facts import without_judgement
from lexguard.grounding.claims._meta import is_meta_statement
from lexguard.grounding.claims._meta_split import lead_marker_end
from lexguard.grounding.claims._wishes import is_closing_wish
from lexguard.grounding.signals._lexical import strip_markdown
from lexguard.grounding.signals._rewrite import blank_answer_word

__all__ = [
    "FILLER_REASON", "META_REASON", "QUESTION_REASON", "SPEAKER_REASON", "heard_names", "mark_not_facts", "not_a_fact", "plain_text", "read_text",
    "talk_names",
]

META_REASON = "a meta statement about the answer or the sources, not a fact to check"
"""``Claim.reason`` of a meta statement."""
FILLER_REASON = "a meta statement (a filler: greeting, acknowledgement or sign-off), not a fact to check"
"""``Claim.reason`` of a filler."""
QUESTION_REASON = "a question to the reader, not a fact to check"
"""``Claim.reason`` of a question back to the user ("Have you seen it?": :mod:`~lexguard.grounding.claims._chat`)."""
SPEAKER_REASON = "a remark about the speaker's own reading or taste, not a fact to check"
"""``Claim.reason`` of a remark such as "I haven't read it myself" (:mod:`~lexguard.grounding.claims._chat`)."""

_FILLER = regex.compile(
    r"^(?:(?:sure|certainly|absolutely|of course|okay|ok|great|no problem)\s*+[,!.\u2014-]\s*+)?"
    r"(?:no problem|no worries|not at all|my pleasure|"
    r"(?:i can|i'?d be (?:happy|glad) to|i'?m (?:happy|glad) to|i'?ll be (?:happy|glad) to|let me|i'?ll) "
    r"(?:clarify|help|explain|check)"
    r"(?: (?:that|this|with that|with this))?|"
    r"sure(?: thing)?|certainly|of course|okay|ok|yes|no|yeah|yep|yup|nope|exactly|absolutely|definitely|indeed|agreed|"
    r"(?:(?:yes|no|oh|ah),?\s+)?(?:me too|me neither|same here|i do|i don'?t|i have|i haven'?t|i did|i didn'?t|i agree|"
    r"neither (?:do|have|did) i|so (?:do|have|did) i)|"
    r"(?:oh|ah|wow|hmm+|haha|lol|cool|nice|great|awesome|interesting)|(?:good|great|interesting) question|"
    r"(?:that'?s|that is|you'?re|you are) (?:so |very |absolutely |quite )?(?:true|right|correct|interesting|great|cool)|"
    r"thanks?(?: you)?(?: (?:so |very )?much)?(?: for (?:asking|reaching out|getting in touch|your (?:question|patience|interest))"
    r"|(?: for)? the question)?|"
    r"you'?re welcome|"
    r"(?:best|kind) regards|(?:(?:i'?m|i am) )?(?:glad|happy) to help(?: (?:with (?:that|this|it)(?: one)?|further|more))?|"
    r"(?:i )?hope (?:this|that|it) (?:helps|clears (?:it|things|that) up|answers your question|makes sense)|"
    r"let me know if [^,;:]*|that'?s it|that is it|"
    r"(?:(?:so|therefore|thus),?\s+)?(?:based on [^,:]{1,80},\s*)?here(?:'s| is| are)(?![^:]*\d)\s+"
    r"(?:(?:a|an|the|some|my|our)\s+)?(?:[\w'’-]+\s+){0,3}?(?:summary|answer|overview|response|list|steps|points|"
    r"facts|ways|reasons|tips|details|options|examples|differences?|guide|breakdown|rundown|information|answers)"
    r"(?:\s+(?:of|to|on|about|for|from|in|between|regarding)\b[^:]{0,160})?:|"
    r"in summary|to summarize|answer|summary|overview)[.!:]*$",
    regex.IGNORECASE,
)
_TRAILING_HEDGE = regex.compile(
    r",\s*+(?:I\s+(?:believe|think|reckon|guess)|if\s+I(?:'m|\u2019m|\s+am)\s+not\s+mistaken"
    r"|if\s+I\s+remember\s+(?:right|rightly|correctly)|I(?:'m|\u2019m)\s+pretty\s+sure)(?=[\s.!?]*$)",
    regex.IGNORECASE,
)
"""A hedge that closes a statement (", I believe."): the statement is checked as if said plainly."""
_CAPITALISED = regex.compile(r"\b\p{Lu}[\p{L}\p{N}'\u2019-]*")
_LOWER_WORD = regex.compile(r"\p{L}[\p{L}-]*")
_PICTOGRAPH = regex.compile(r"\p{Extended_Pictographic}")


def plain_text(text: str) -> str:
    """``text`` as the support check's features read it, same length (spans still index it).

    Citation markers ("[1]", "[source-0]") are references, not values: blanked out. Look-alike
    letters are read as their Latin twins; pictographs as spaces (the verifier has no word for
    them); a leading "Yes," / "No," as spaces (it answers the question; the statement is the claim),
    and so the discourse markers that open it ("Just to be clear, ", "As the page explains, ", not
    one that sums up, "Overall, ": :func:`~lexguard.grounding.claims._meta_split.lead_marker_end`), and
    a closing hedge (", I believe."): the statement is checked as if said plainly.
    """
    blanked = CITATION_MARKER.sub(lambda m: " " * len(m.group()), text)
    read = blank_answer_word(_PICTOGRAPH.sub(" ", unconfuse(blanked)))
    lead = lead_marker_end(read, summaries=False)  # "Just to be clear, " is no part of what the claim states
    read = _TRAILING_HEDGE.sub(lambda m: " " * len(m.group()), read)  # ", I believe." hedges what it states
    return " " * lead + read[lead:]


def read_text(text: str) -> str:
    """``text`` as read for its meaning: :func:`plain_text` without markdown marks."""
    plain = plain_text(text)
    return strip_markdown(plain) or plain


def not_a_fact(
    text: str, heard: frozenset[str] = frozenset(), chat: bool = False, talked: frozenset[str] | None = None,
) -> str | None:
    """Why ``text`` (one sentence or claim) is not a fact to check, or ``None`` when it is one.

    Args:
        text: The sentence or claim.
        heard: Names the chat so far and the sources gave (:func:`heard_names`): a question to
            the reader and talk to them may name them ("Are you a Comets fan?").
        chat: Whether ``text`` is of a chat reply: its praise of what it points at ("It's a
            classic.") is the speaker's taste (:func:`~lexguard.grounding.claims._chat.is_praise`), as is
            its impression ("What a race that was!", :func:`~lexguard.grounding.claims._impressions.is_impression`),
            and its advice or guess at what the reader will enjoy is talk
            (:func:`~lexguard.grounding.claims._chat_talk.is_talk`).
        talked: The names talk may give (:func:`talk_names`), for a reply to a question that asks
            for a thing; ``None`` for any other: "You might like Velvet Harbor." to "What's a good
            war film?" recommends a title only the sources gave, a pick to check, not talk.

    Returns:
        :data:`FILLER_REASON` for a filler, :data:`QUESTION_REASON` for a question to the reader,
        :data:`SPEAKER_REASON` for a remark about the speaker,
        :data:`~lexguard.grounding.claims._chat_talk.TALK_REASON` for talk to the reader,
        :data:`META_REASON` for a meta statement.
    """
    read = read_text(text)
    if _FILLER.match(text.strip()) or is_closing_wish(read):
        return FILLER_REASON
    if is_question_to_reader(read, heard):
        return QUESTION_REASON
    if is_speaker_remark(read) or (chat and (is_praise(read) or is_impression(read))):
        return SPEAKER_REASON
    if chat and is_talk(read, heard) and (talked is None or is_talk(read, talked) or not _names_a_pick(read)):
        return TALK_REASON
    if is_meta_statement(read):
        return META_REASON
    return None


_PICK = regex.compile(r"\W*+(?-i:\p{Lu})[\p{L}\p{N}'\u2019-]*+(?:\s++(?:(?-i:\p{Lu})[\p{L}\p{N}'\u2019-]*+"
                      r"|of|the|and|from|in|on|a|an|de|la|le|du|von|van))*+\W*+")
"""What a recommendation names when its frame is left out: "The Quiet Ferry!" of "Try The Quiet Ferry!"."""


def _names_a_pick(text: str) -> bool:
    """Whether ``text`` recommends a name and says nothing else ("You might like Velvet Harbor.",
    "Try Iron Meadow!"), not talk that names something on the way ("Maybe plan a little Beatles
    pilgrimage")."""
    picked = without_judgement(text)
    return picked != text and _PICK.fullmatch(picked) is not None


def heard_names(*texts: str | None) -> frozenset[str]:
    """The capitalised words of ``texts`` (the question or chat so far, the sources), and their
    other words lower-cased (what talk to the reader may point at: "the ending" of a chat about it)."""
    return frozenset(word for text in texts if text for word in (*_CAPITALISED.findall(text),
                                                                 *_LOWER_WORD.findall(text.lower())))


def talk_names(question: str | None, sources: Sequence[str]) -> frozenset[str]:
    """The names talk to the reader may give (:func:`not_a_fact`): those of the chat so far, and
    the sources' other words lower-cased; a name only the sources give is the speaker's pick."""
    return heard_names(question, *(text.lower() for text in sources))


def mark_not_facts(
    claims: Sequence[Claim], heard: frozenset[str] = frozenset(), chat: bool = False,
    talked: frozenset[str] | None = None,
) -> list[Claim]:
    """``claims`` with each one still to check that :func:`not_a_fact` names made a
    ``not_checked`` ``meta`` claim with the reason (claims already decided are kept as they are);
    ``heard``, ``chat`` and ``talked`` as for :func:`not_a_fact`."""
    out: list[Claim] = []
    for claim in claims:
        reason = None if claim.status is not None else not_a_fact(claim.text, heard, chat, talked)
        out.append(claim if reason is None else claim.model_copy(
            update={"status": "not_checked", "reason": reason, "kind": "meta", "supported": None, "support": None}))
    return out
