"""The fact a chat reply states, without the speaker's judgement of it, for the verifier.

A chat reply mixes a fact with a taste: "Broken Radio Summer from 1994 is a great album.", "River
of Small Bones is one of my favorites.", "Sodium Lights is my favorite track on it!", "It's from
2021 and really sweet." The verifier was trained on statements of fact: it read the judgement as
a claim the sources do not make and called such replies baseless (0.92 for "Sodium Lights is my
favorite track on Midnight Cartography!", 0.01 for "Sodium Lights is a track on Midnight
Cartography."). :func:`without_judgement` gives the verifier the fact alone: the speaker's
"favorite" becomes "a" (or, closing the sentence, goes with its verb: "River of Small Bones."),
a recommendation's verb goes ("Try Paper Rivers by Sami Roth, it's folk." -> "Paper Rivers by
Sami Roth, it's folk."), a judging word goes with the intensifier before it ("a really great album" -> "an album";
"Amara Quist is great in it" -> "Amara Quist is in it"), and so does a clause that only judges
(", really atmospheric", "I love it, ...").

Only chat replies are read so (:func:`~lexguard.grounding._reading.with_names`): in a review or
a business record the judgement ("excellent service") is what the sources say, a fact to check.
The rules read the reply as written; what is left out is a taste, never a name or a value.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._chat import PRAISE_WORDS
from lexguard.grounding.claims._judgements import JUDGEMENTS

__all__ = ["without_judgement"]

_SUPERLATIVES = frozenset({"best", "worst", "greatest", "finest"})
"""Kept: "the greatest goalscorer in club history" may state a record, a fact to check."""
_TASTE = "|".join(sorted((JUDGEMENTS - _SUPERLATIVES) | (PRAISE_WORDS - {"gem", "treat", "joy", "masterpiece", "magic"})
                         | {"atmospheric", "underrated", "solid", "epic"},
                         key=len, reverse=True))
_INTENSIFIER = r"(?:(?:really|so|very|pretty|quite|such|truly|super|absolutely|just|genuinely|seriously|incredibly)\s+)*"
_FAVORITE_NOUN = regex.compile(
    r"\b(?:(?:one|some)\s+of\s+)?my\s+(?:(?:all-time|absolute|personal|top)\s+)?(?:favou?rites?|faves?)\s+(?=\p{L})",
    regex.IGNORECASE)
"""The speaker's favourite before what it is: "my favorite *track on it*" -> "a track on it"."""
_FAVORITE_END = regex.compile(
    r"\s*(?:,\s*)?(?:\b(?:is|are|was|were)\s+|['\u2019](?:s|re)\s+)?(?:(?:still|definitely|easily|always)\s+)?"
    r"(?:(?:one|some)\s+of\s+)?my\s+(?:(?:all-time|absolute|personal|top)\s+)?(?:favou?rites?|faves?)"
    r"(?:\s+(?:too|ever|of\s+all\s+time|for\s+sure))*(?=\s*[.!?]*\s*$|\s*[,;])",
    regex.IGNORECASE)
"""The speaker's favourite closing the sentence or its clause: "X by Y is one of my favorites." -> "X by Y."."""
_TASTE_WORD = regex.compile(rf"\b{_INTENSIFIER}(?:{_TASTE})\s+(?=\p{{L}})(?!(?:deal|many|number|amount|part|news|to|known|selling)\b)",
                            regex.IGNORECASE)
"""A judging word before what it judges ("a *really great* album")."""
_TASTE_CLAUSE = regex.compile(
    rf"(?:,\s*|\s+and\s+|\s+but\s+|\s*[\u2014\u2013-]\s*)(?:(?:it|he|she|they|that)(?:['\u2019]s|['\u2019]re|\s+is|\s+are"
    rf"|\s+was|\s+were)\s+)?{_INTENSIFIER}(?:{_TASTE})(?:\s+(?:to\s+watch|to\s+read|too|though))*(?=\s*[.!?]*\s*$)",
    regex.IGNORECASE)
"""A clause that only judges, closing the sentence: ", really atmospheric", "and really sweet"."""
_TASTE_PREDICATE = regex.compile(rf"\b(?P<verb>is|are|was|were)\s+(?P<both>both\s+)?{_INTENSIFIER}(?:{_TASTE})\s+(?=in\b)",
                                 regex.IGNORECASE)
"""A judgement of someone in a work: "Amara Quist and Jules Hartnell are both *great* in it" (they
are in it: a fact the names keep)."""
_SPEAKER_LEAD = regex.compile(
    r"^\W*(?:(?:oh|yes|yeah|yep|honestly)[,!\s]+)*i\s+(?:really\s+)?(?:love|loved|like|liked|adore|adored|enjoy|enjoyed)"
    r"\s+(?:it|them|him|her|that\s+one)\s*[,!.;]\s*", regex.IGNORECASE)
"""The speaker's taste opening the reply: "I love it, it's a thriller by ..."."""
_RECOMMENDATION = regex.compile(
    r"^\W*(?:(?:then|so|maybe|definitely|also|oh|well|and)[,!\s]+)*(?:you\s+(?:should|could|might|must|have\s+to|gotta)"
    r"\s+(?:definitely\s+|really\s+|also\s+)?)?(?:try|check\s+out|watch|read|listen\s+to|see|visit|play|pick\s+up)\s+"
    r"(?=(?-i:\p{Lu}))"
    r"|^\W*(?:(?:then|so|maybe|oh|well|and)[,!\s]+)*(?:you(?:['\u2019]d|['\u2019]ll|\s+(?:might|may|could|would|will))\s+"
    r"(?:probably\s+|really\s+|also\s+)?(?:like|love|enjoy)|i(?:['\u2019]d|\s+would)\s+(?:start|begin)\s+with"
    r"|i(?:['\u2019]d|\s+would)\s+(?:probably\s+|definitely\s+)?(?:go\s+with|say|pick|choose|recommend|suggest)"
    r"|i\s+(?:recommend|suggest)|my\s+(?:top\s+)?(?:pick|vote|choice)\s+(?:is|would\s+be|goes\s+to)"
    r"|i(?:['\u2019]d|\s+would)\s+vote\s+for"
    r"|you(?:['\u2019]re|\s+are)\s+(?:probably\s+)?thinking\s+of)\s+"
    r"(?=(?-i:\p{Lu}))", regex.IGNORECASE)
"""A recommendation of a named thing: "Then try *The Tin Cathedral*", "You should check out *Paper
Rivers by Sami Roth*", "You might like *Glass Harbour by Priya Castellan*", "I'd start with *Wildwater*",
"I'd go with *Darnell Ostrowski*", "You're probably thinking of *Luca Varnholt*", "My vote goes to
*Iron Meadow*"."""
_PICKED = regex.compile(
    r"(?<=^\W*(?:(?:then|so|oh|well)[,!\s]+)?(?-i:\p{Lu})[^,;:!?]{0,60}?)\s*+(?:,\s*+)?(?:would\s+be\s+my\s+(?:top\s+)?"
    r"(?:pick|choice|vote|recommendation)|(?:could|might|would|should)\s+be\s+(?:just\s+)?(?:the\s+(?:thing|one|ticket)"
    r"|perfect(?:\s+for\s+(?:that|this|you))?|ideal|an?\s+(?:good|great|perfect)\s+(?:fit|bet|choice|pick))"
    r"|is\s+an?\s+(?:good|great|safe|solid)\s+(?:bet|choice|pick|fit)|for\s+sure|hands\s+down|no\s+question)"
    r"(?=\s*[.!]*\s*$)",
    regex.IGNORECASE)
"""The speaker's pick after what it names, closing the sentence: "*Ember Road* would be my pick.",
"*Neon Heist* could be just the thing!", "Then *The Brass Parade* is a good bet!", "*Iron Meadow*, hands down."."""
_PICK_LEAD = regex.compile(r"^\W*(?:(?:then|so|oh|well)[,!\s]+)(?=(?-i:\p{Lu}))", regex.IGNORECASE)
_ARTICLE = regex.compile(r"\b(?P<a>[Aa])n?\s+(?P<next>\p{L})")
_TASTE_OPENING = regex.compile(
    rf"^(?P<subject>\W*(?-i:\p{{Lu}})[^,;:!?]{{0,60}}?)\s+(?:is|are|was|were)\s+{_INTENSIFIER}(?:{_TASTE})(?=\s*,\s*\S)",
    regex.IGNORECASE)
"""A judgement of what the rest of the sentence states: "Pebble and the Comet *is sweet*, Soren
Ackley directed it" -> "Pebble and the Comet, Soren Ackley directed it"."""
_ASKED_BACK = regex.compile(
    r"\s*,\s*(?:and\s+|so\s+)?(?:have|do|did|would|are|were|can|could)\s+you\b[^,;.!?]*\?\s*$", regex.IGNORECASE)
"""A question to the reader closing the sentence: "..., have you heard it?" (asks; states nothing)."""


def without_judgement(text: str) -> str:
    """``text`` with the speaker's judgement of what it states left out (see the module).

    Example:
        >>> without_judgement("Broken Radio Summer from 1994 is a great album.")
        'Broken Radio Summer from 1994 is an album.'
        >>> without_judgement("River of Small Bones by Aurelio Sandoval is one of my favorites.")
        'River of Small Bones by Aurelio Sandoval.'
        >>> without_judgement("Sodium Lights is my favorite track on it!")
        'Sodium Lights is a track on it!'
        >>> without_judgement("It's a 2012 album, really atmospheric.")
        "It's a 2012 album."
        >>> without_judgement("I love it, Amara Quist and Jules Hartnell are both great in it.")
        'Amara Quist and Jules Hartnell are both in it.'
        >>> without_judgement("Then try The Tin Cathedral, it's sci-fi!")
        "The Tin Cathedral, it's sci-fi!"
        >>> without_judgement("Pebble and the Comet is sweet, Soren Ackley directed it.")
        'Pebble and the Comet, Soren Ackley directed it.'
        >>> without_judgement("The drumming on Porchlight Static is so good, have you heard it?")
        'The drumming on Porchlight Static.'
        >>> without_judgement("It won the Halden Prize in 2015.")
        'It won the Halden Prize in 2015.'
    """
    out = _ASKED_BACK.sub(".", _TASTE_OPENING.sub(r"\g<subject>", text, count=1), count=1)
    out = _TASTE_CLAUSE.sub("", _RECOMMENDATION.sub("", _SPEAKER_LEAD.sub("", out, count=1), count=1))
    picked = _PICKED.sub("", out, count=1)
    out = _PICK_LEAD.sub("", picked, count=1) if picked != out else out
    out = _TASTE_PREDICATE.sub(lambda m: f"{m.group('verb')} {m.group('both') or ''}", out)
    out = _FAVORITE_END.sub("", out)
    out = _FAVORITE_NOUN.sub("a ", out)
    out = _TASTE_WORD.sub("", out)
    if out == text or len(out.split()) < 2:
        return text
    return _ARTICLE.sub(_article, out)


def _article(found: regex.Match[str]) -> str:
    """"a" or "an" as the next word's sound asks (by its letter: "an album", "a track")."""
    vowel = found.group("next").lower() in "aeiou"
    return f"{found.group('a')}{'n' if vowel else ''} {found.group('next')}"
