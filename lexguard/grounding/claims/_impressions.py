"""A chat reply's impression: what the speaker felt of a thing, not what the thing is.

"What a race that was!", "She has such a warm tone.", "I thought it ended at just the right time,
honestly.", "Nice to see it kept in the family!", "I'd finish the book first, though." say how the
speaker found a work or a person; they state nothing of the sources' world, and read as facts
they refused correct replies (a blind chat trial: 8 of its 10 false alarms). :func:`is_impression`
reads a sentence so when it names no one and gives no number, and it is

* an exclamation ("What a race that was!", "How fun!");
* a judgement made stronger ("such a warm tone", "such great comic timing", "so much richer", "such
  a crowd-pleaser");
* the speaker's own reaction or advice ("I thought ...", "I loved ...", "I'd finish the book first");
* a pleased remark or a wish ("Nice to see ...", "Glad to hear ...", "he deserves more love");
* a work judged good for an occasion ("it's a great pick for a cozy night in").

Read so in chat replies only (:func:`~lexguard.grounding.claims._worthiness.not_a_fact` with
``chat``); "I thought it was directed by Lena Sato" (a name) and "What a career, with three Oscars!"
(a number) stay facts and are checked.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._chat import PRAISE_WORDS
from lexguard.grounding.claims._judgements import JUDGEMENTS
from lexguard.grounding.signals._lexical import numbers

__all__ = ["MOST_IMPRESSION_WORDS", "is_impression"]

MOST_IMPRESSION_WORDS = 18
"""Words an impression holds at most: a longer sentence says more than how the speaker found it."""

_STRONGER = frozenset(
    "rich richer better funnier deeper crowd-pleaser page-turner tearjerker banger earworm chemistry vibe".split()
)
"""Words of liking that "such" or "so" make a judgement of beyond the judging words ("so much *richer*")."""
_JUDGING = PRAISE_WORDS | JUDGEMENTS | _STRONGER
_EXCLAMATION = regex.compile(r"^\W*+(?:what|how)\b[^.?!]*+!\W*+$", regex.IGNORECASE)
_MADE_STRONGER = regex.compile(r"\b(?:such|so)\s++(?:an?\s++)?(?:much\s++)?(?P<word>[\p{L}-]+)(?:\s++(?P<next>[\p{L}-]+))?"
                               r"[^,;:.!?]*",
                               regex.IGNORECASE)
_KIND_AFTER = regex.compile(
    r"\s++[\p{L}-]+(?:\s++[\p{L}-]+)*?\s++(?:albums?|films?|movies?|books?|novels?|series|shows?|songs?|records?|plays?"
    r"|comed(?:y|ies)|dramas?|thrillers?|documentar(?:y|ies)|bands?|musicals?|operas?|sitcoms?|memoirs?|debut)\b",
    regex.IGNORECASE,
)
"""A kind of work named after a word between ("such a warm *country* album"): the sentence says what the
work is, a fact to check ("such a gorgeous record" names none)."""
_REACTION = regex.compile(
    r"^\W*+(?:(?:honestly|personally|admittedly|and|but)\W++)?i(?:\s++(?:really|honestly|absolutely|just))?"
    r"(?:\s++(?:thought|felt|loved|enjoyed|found|liked|adored|appreciated)|(?:['\u2019]d|\s++would)\s++(?!call\b|describe\b|class\b|label\b)\p{L}+)\b",
    regex.IGNORECASE,
)
_SAYS_WHAT = regex.compile(r"\b(?:is|was|are|were|['\u2019]s)\s++(?:(?:a|an|the)\s++(?!(?:very\s++)?\p{L}+est\b)|based\b|set\b"
                           r"|about\b|from\b)", regex.IGNORECASE)
"""What a speaker's reaction may still state of a thing: "I thought it was a comedy" says what it is
("was the strongest" judges, a superlative)."""
_PLEASED = regex.compile(r"^\W*+(?:nice|good|great|glad|lovely|cool|fun|happy)\s++to\s++(?:see|hear|know|watch|read)\b",
                         regex.IGNORECASE)
_DESERVES = regex.compile(r"\bdeserve[sd]?\s++(?:(?:so\s++)?much\s++)?(?:more|all\s++the|every\s++bit\s++of\s++the)\s++"
                       r"(?:love|credit|recognition|attention|praise|hype|applause)\b", regex.IGNORECASE)
"""The speaker's wish for a person or a work ("he deserves more love", "she deserves all the credit")."""
_GOOD_FOR = regex.compile(
    r"^\W*+(?:it|that|this|she|he|they)(?:['\u2019]s|['\u2019]d\s++be|\s++(?:is|would\s++be|makes))\s++(?:an?\s++)?"
    r"(?P<word>[\p{L}-]+)\s++(?:pick|choice|watch|read|listen|option|bet|companion)\s++for\b", regex.IGNORECASE)
"""A work judged good for an occasion ("it's a great pick for a cozy night in")."""
_WORD = regex.compile(r"[\p{L}'\u2019-]+")


def _names_someone(text: str) -> bool:
    """Whether a word after the first is capitalised (a name), "I" aside."""
    words = _WORD.findall(text)
    return any(word[:1].isupper() and word not in ("I", "I'd", "I\u2019d", "I'm", "I\u2019m") for word in words[1:])


def is_impression(text: str) -> bool:
    """Whether a chat reply's sentence only tells how the speaker found what it speaks of.

    Example:
        >>> is_impression("What a race that was!"), is_impression("She has such a warm tone.")
        (True, True)
        >>> is_impression("I'd finish the book first, though."), is_impression("Nice to see it kept in the family!")
        (True, True)
        >>> is_impression("I thought it was directed by Lena Sato."), is_impression("What a career, with three Oscars!")
        (False, False)
        >>> is_impression("She has such a long career in theatre."), is_impression("It's such a warm country album.")
        (False, False)
        >>> is_impression("I'd call it soft rock."), is_impression("I thought it was a comedy.")
        (False, False)
    """
    text = text.strip()
    if not text or numbers(text) or _names_someone(text) or len(_WORD.findall(text)) > MOST_IMPRESSION_WORDS:
        return False
    if _REACTION.match(text):
        return _SAYS_WHAT.search(text) is None  # "I thought it was a comedy" is a fact told as a thought
    if _EXCLAMATION.match(text) or _PLEASED.match(text) or _DESERVES.search(text):
        return True
    if (good := _GOOD_FOR.match(text)) is not None and good.group("word").lower() in _JUDGING:
        return True
    return any((found.group("word").lower() in _JUDGING or (found.group("next") or "").lower() in _JUDGING)
               and not _KIND_AFTER.search(found.group(0), found.end("word") - found.start())
               for found in _MADE_STRONGER.finditer(text))
