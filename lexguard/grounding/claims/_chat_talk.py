"""Talk in a chat reply: advice to the reader and a guess at what they will enjoy.

A chat reply often closes with a word to the reader about what to do or what they will feel:
"You might want to read it before the party, it'd be a fun conversation starter!", "..., and it
should keep you on the edge of your seat", "Those teams were so much fun to watch!", "it's worth
settling in for!". None of it says anything of the sources' world; read as facts, such sentences
refused correct replies (a blind chat trial: 12 of its 24 false alarms). :func:`is_talk` reads a
sentence, or a closing clause, as talk when

* each of its parts (cut at commas, semicolons, dashes, "and", "but") is framed as a word to the
  reader, or only sets the tone ("Honestly, ..."): advice ("Get some snacks", "Tell her ...",
  "Prepare for some friendly trash talk"); the reader as the subject or a modal with "you", either
  with a word of liking, feeling or wanting ("You're in for a treat", "you might enjoy ...", "it'll
  keep you hooked"; not "You'll find it in the fantasy section", a fact told to the reader, nor
  "you know it's his debut", a statement after a verb of knowing); a modal with a judgement ("it'd
  be a fun conversation starter"); the reader's taste as a condition ("if you liked the first
  one"); a judgement of an activity or a choice ("fun to watch", "a great way to learn", "a great
  introduction to his style", "worth settling in for", "so much fun"); or an impression of the
  reader's choice ("it sounds like exactly your kind of thing", "it sounds like a sweet choice for
  her");
* it holds no number (in words too: "three sequels", "the nineties"), no quotation, no name that
  neither the chat nor the sources gave (a word the dictionary lacks counts as one: "oscar"), no
  name credited ("You might like Glass Harbour *by Priya Castellan*": who wrote it is checked), no
  possessive of a person ("her husband", "Milo Dunne's direction"), and no work, role or companion
  it presumes ("her *other* thriller", "the *sequel*", "*as the* villain", "*with the* sequel") nor a
  statement of what something is ("It's a comedy you'll love");
* and it states no deed: no verb in the past tense but one of liking or thought ("loved",
  "thought"), no present verb of a named or pointed-at subject ("he *plays*", "it *stars*") but
  one of being or seeming ("it *sounds*", "it *keeps*"), and no clause of its own ("that it won",
  "which was").

"You might like to know it won the Booker" (a name), "You'll love that it was his debut" (a
clause), "You should know she directed it too" (a deed) stay facts and are checked. Talk is read
so in chat replies only (:func:`~lexguard.grounding.claims._worthiness.not_a_fact` with ``chat``);
a closing clause of talk is a claim of its own everywhere
(:func:`~lexguard.grounding.claims._judged_clauses.judged_clause_start`), and outside a chat it is
checked as a fact.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._chat import FEELING_WORDS, LIKING_WORDS, PRAISE_WORDS, STATEMENT_VERB
from lexguard.grounding.claims._judgements import JUDGEMENTS
from lexguard.grounding.signals._lexical import STOPWORDS, numbers
from lexguard.grounding.signals._words import base_verb, inflected, lemmas_as, word_kinds

__all__ = ["TALK_REASON", "is_talk"]

TALK_REASON = "said to the reader (advice, or a guess at what they will enjoy), naming nothing the sources could hold; not a fact to check"
"""``Claim.reason`` of talk ("You might want to read it before the party")."""

_MODAL = regex.compile(r"\b(?:might|may|could|should|would|will|can|won['\u2019]t|wouldn['\u2019]t|can['\u2019]t)\b|(?<=\p{L})['\u2019](?:d|ll)\b", regex.IGNORECASE)
_READER = regex.compile(r"\b(?:you|your|yours|yourself)\b", regex.IGNORECASE)
_ACTIVITY = regex.compile(
    r"\bfun\s+to\s+\p{L}|\b(?:great|good|nice|perfect|lovely|brilliant|fun)\s+(?:way|place|time|introduction|intro"
    r"|start|starting\s+point)\s+to\s+\p{L}"
    r"|\bso\s+much\s+fun\b|\bworth\s+(?:\p{L}+ing|it)\b",
    regex.IGNORECASE,
)
_CONDITION = regex.compile(r"^\W*(?:if|once|when)\s+you\b", regex.IGNORECASE)
"""The reader's taste as a condition ("if you liked the first one")."""
_PART = regex.compile(r"[,;]\s*+(?:(?:and|but|so)\s++)?|\s++(?:and|but)\s++|\s[\u2014\u2013]\s*+", regex.IGNORECASE)
_READER_SUBJECT = regex.compile(r"\byou(?:['\u2019](?:re|ve|ll|d)|\s+(?:are|were|have|had|will|would|can|could|might|may"
                                r"|should|won['\u2019]t|don['\u2019]t|do|deserve|get|got))\b", regex.IGNORECASE)
"""The reader as the subject: "You're in for a treat", "you've earned a break", "you don't have to ..."."""
_ASIDE = regex.compile(r"^\W*(?:honestly|seriously|obviously|ha|haha|oh|ah|yes|yeah|yep|well|so|then|trust\s+me|"
                       r"i\s+(?:promise|swear|reckon|bet)|to\s+be\s+honest|tbh|though|too)\W*$", regex.IGNORECASE)
"""A part that only sets the tone ("Honestly, ..."): it needs no frame of its own."""
_WANTING = frozenset("want wants wanna fancy fancies treat hooked sorted earned deserve deserved suit suits".split())
"""Words of the reader's wishes and rewards ("you might *want* to", "you're in for a *treat*")."""
_IMPERATIVE = regex.compile(
    r"^\W*(?:(?:maybe|so|then|just|now|definitely|perhaps|do)\W+)?(?P<verb>\p{L}+)\s+"
    r"(?:a|an|the|some|her|him|them|it|it['\u2019]s|this|these|those|your|yourself|me|us|for|at|up|out|on|into|straight)\b",
    regex.IGNORECASE,
)
"""Advice: a verb in its base form, then what it is done to ("Get some snacks", "Tell her ...")."""
_IMPRESSION = regex.compile(r"\b(?:sounds|seems|looks)\s+like\b", regex.IGNORECASE)
_TAG = regex.compile(
    r",\s*+(?:(?:is|was|are|were|does|did|do|has|have|had|can|could|would|will)n|won|can)['\u2019]t\s+"
    r"(?:he|she|it|they|that|there|you|we)\W*$",
    regex.IGNORECASE,
)
"""A closing tag question ("..., isn't she?"): it asks the reader to agree and states nothing."""
_CLAUSE = regex.compile(
    r"\b(?:which|who|whose|whom|because|although|whereas)\b"
    r"|\bthat\s+(?:he|she|it|they|his|her|its|their|the|this|there|a|an)\b",
    regex.IGNORECASE,
)
_CREDITED = regex.compile(r"\b(?:by|from|starring|featuring|with)\s+(?-i:\p{Lu})", regex.IGNORECASE)
"""A name credited ("You might like Glass Harbour *by Priya Castellan*"): who made it, a fact to check."""
_WORD = regex.compile(r"[\p{L}][\p{L}'\u2019-]*")
_SAID_OF_A_THING = regex.compile(
    r"\b(?:another|other|others|sequels?|prequels?|remakes?|versions?|adaptations?|original|spin-?offs?)\b"  # a work
    r"|\bas\s++(?:the|a|an|her|his|their)\s"  # a role: "Milo Dunne as the villain"
    r"|\b(?:with|alongside)\s++(?:the|its|their|her|his|this|that|these|those)\s"  # "Watch it with the sequel"
    r"|\bby\s++(?:her|him|them)\b|(?-i:\p{Lu}\p{L}*+)\s++(?:in|on|at|from)\s++(?-i:\p{Lu})"  # "by her", "Milo Dunne in Glass Bay"
    r"|\b(?!(?:it|he|she|that|there|what|who|where|here|how|let)['\u2019])(?-i:\p{Ll}+)['\u2019]s\s"  # "the director's cut"
    r"|(?:['\u2019]s|\b(?:is|are|was|were))\s++(?:a|an|the|one|her|his|their|its)\b",  # "It's a comedy you'll love"
    regex.IGNORECASE)
"""What talk may not carry: a work or a part the sentence presumes ("her other thriller", "the
sequel"), a role, a companion, or a statement of what something is ("It's a comedy you'll love")."""
_CHECKABLE = regex.compile(r"[\p{N}\"\u201c\u201d\u00ab\u00bb]")
_SUBJECT = frozenset("he she it they that this who".split())
_VIEWS = frozenset("loved liked enjoyed adored thought felt found guessed hoped wished deserved".split())
"""Past verbs of liking or thought: the speaker's or the reader's view, not a deed."""
_SEEMING = frozenset("be have do seem sound look feel keep make get deserve suit".split())
"""Present verbs of being or seeming ("it *sounds* like", "it *keeps* you guessing")."""
_BEING = frozenset("is was were are be been being has had have does did do 's might could should would will can may must".split())


def is_talk(text: str, heard: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` (a sentence or a closing clause of a chat reply) is talk to the reader.

    Args:
        text: The sentence.
        heard: Names the chat so far and the sources gave
            (:func:`~lexguard.grounding.claims._worthiness.heard_names`); talk may name them.

    Example:
        >>> is_talk("You might want to read it before the party, it'd be a fun conversation starter!", frozenset({"party"}))
        True
        >>> is_talk("Those teams were so much fun to watch!"), is_talk("it should keep you on the edge of your seat")
        (True, True)
        >>> is_talk("You'll love that it was his debut."), is_talk("You should know she directed it too.")
        (False, False)
        >>> is_talk("You might like it, it won three awards."), is_talk("It's a thriller.")
        (False, False)
    """
    text = _TAG.sub("", text.strip())
    if (_CHECKABLE.search(text) or _CLAUSE.search(text) or _CREDITED.search(text) or _SAID_OF_A_THING.search(text)
            or numbers(text) or not _framed(text)):
        return False  # "three sequels", "the nineties vibe": numbers in words too
    words = _WORD.findall(text)
    named = [_named(word, position) for position, word in enumerate(words)]
    if _presumes(text, heard):
        return False  # "You'll love the seaside setting": a setting the chat never spoke of
    for position, word in enumerate(words):
        if named[position] and word not in heard and word.replace("\u2019", "'").split("'")[0] not in heard:
            return False  # "You might like Paper Rivers": a name the chat has not given
        if _owned(word, words[position + 1] if position + 1 < len(words) else ""):
            return False  # "her husband", "Milo Dunne's direction": said of a person
        before = words[position - 1].lower() if position else ""
        owner = before.endswith(("'s", "\u2019s"))  # "Ines Caldera's films": a possessive, no subject
        if _deed(word.lower(), before in _SUBJECT or (position > 0 and named[position - 1] and not owner)):
            return False
    return True


def _named(word: str, position: int) -> bool:
    """Whether a word of talk is a name: capitalised inside the sentence, or a word the dictionary
    does not hold ("oscar-nominated", "lang"; not a function word such as "The" or "If")."""
    lower = _bare(word)
    if lower in STOPWORDS or word == "I":
        return False
    unknown = not all(word_kinds(piece) for piece in lower.split("-") if piece)
    return unknown or (word[0].isupper() and position > 0)


_POINTED = regex.compile(r"\b(?:the|this)\s++(?P<phrase>(?:[\p{L}'\u2019-]+\s*+){1,3})", regex.IGNORECASE)
_READERS_OWN = regex.compile(r"\bof\s++(?:your|my)\b", regex.IGNORECASE)
"""A thing pointed at with "the" or "this" ("the seaside setting"); not one of the reader's ("the
edge of your seat")."""


def _presumes(text: str, heard: frozenset[str]) -> bool:
    """Whether talk points at a thing ("the", "this") by a noun or a describing word the chat and
    the sources never used ("the seaside setting", "the award-winning score", "this silent comedy"):
    what it presumes of the work is a fact to check. Words of feeling and judgement are free, and
    so is a thing of the reader's ("the edge of your seat")."""
    for found in _POINTED.finditer(text):
        if _READERS_OWN.search(text, found.start("phrase"), found.end("phrase") + 12):
            continue  # "the edge of your seat"
        for word in _WORD.findall(found.group("phrase")):
            lower = _bare(word)
            if lower in STOPWORDS or lower in heard or lower.rstrip("s") in heard or lower in PRAISE_WORDS or lower in JUDGEMENTS:
                continue
            if lower in FEELING_WORDS or lower in LIKING_WORDS or lower in _WANTING or not word_kinds(lower) & {"NOUN", "ADJ"}:
                continue  # "this one", "the little ones"; a verb after the noun phrase
            return True
    return False


def _owned(word: str, after: str) -> bool:
    """Whether a word owns what follows it: a possessive ("Milo Dunne's", "her husband", "his
    style"), not an object ("Tell her she's ...", "for her")."""
    if word.endswith(("'s", "\u2019s")) and word[0].isupper() and _bare(word) not in STOPWORDS:
        return True  # "Milo's", not "She's"
    lower = word.lower()
    if lower in ("his", "its", "their"):
        return True
    kinds = set().union(*(word_kinds(piece) for piece in after.lower().split("-") if piece)) if after else set()
    return lower == "her" and bool(kinds & {"NOUN", "ADJ"}) and _bare(after) not in STOPWORDS  # "her award-winning role"


def _bare(word: str) -> str:
    """A word lower-cased without a contraction ("She's" -> "she")."""
    return word.lower().replace("\u2019", "'").split("'")[0]


def _framed(text: str) -> bool:
    """Whether each part of ``text`` (cut at commas, semicolons, dashes, "and", "but") is framed as a
    word to the reader: "He was their top scorer, you'd love watching him" joins a fact to it."""
    return all(_part_framed(part) for part in _PART.split(text) if _WORD.search(part))


def _part_framed(part: str) -> bool:
    """Whether one part is framed as a word to the reader (see the module's docstring)."""
    if _ASIDE.match(part):
        return True  # "Honestly, ..."
    words = [w.lower() for w in _WORD.findall(part)]
    judges = any(w in PRAISE_WORDS or w in JUDGEMENTS for w in words)
    feels = judges or any(w in LIKING_WORDS or w in _WANTING or (w in FEELING_WORDS and word_kinds(w) & {"VERB", "ADJ"})
                          for w in words)  # "hooked", "keep"; not "probably", "brother"
    reader = _READER.search(part) is not None
    if _MODAL.search(part) and (judges or (reader and feels)):
        return True  # "it'd be a fun conversation starter", "you might enjoy ...", "it'll keep you hooked"
    if _READER_SUBJECT.search(part) and feels and not STATEMENT_VERB.search(part):
        return True  # "You're in for a treat"; not "You'll find it in the fantasy section" (no feeling: a fact)
    if _ACTIVITY.search(part) or _CONDITION.match(part):
        return True  # "so much fun to watch"; "if you liked the first one"
    bidden = _IMPERATIVE.match(part)
    if bidden is not None and base_verb(verb := bidden.group("verb").lower()) and "AUX" not in word_kinds(verb):
        return True  # "Get some snacks", "Maybe check it's not too scary for them"
    return _IMPRESSION.search(part) is not None and (reader or judges)


def _deed(word: str, after_subject: bool) -> bool:
    """Whether a lower-case word states a deed: a verb in the past tense other than one of
    :data:`_VIEWS`, or a present verb (after a pronoun or a name when it is also a
    noun: ``after_subject``) other than one of :data:`_SEEMING`."""
    word = word.replace("\u2019", "'")
    if word in _BEING or word in _VIEWS or word in FEELING_WORDS or word in LIKING_WORDS or word in _WANTING:
        return False  # "you'll be hooked", "you've earned a break": the reader's feeling, no deed
    for lemma in lemmas_as(word, "VERB"):
        if word != lemma and word in (inflected(lemma, "VBD"), inflected(lemma, "VBN")):
            return True  # "directed", "won": a deed (an adjective too: "directed" is also one)
        if (lemma not in _SEEMING and word == inflected(lemma, "VBZ")
                and ("NOUN" not in word_kinds(word) or after_subject)):
            return True  # "he plays", "it stars"; not "games", "snacks"
    return False
