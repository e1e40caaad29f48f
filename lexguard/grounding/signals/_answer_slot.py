"""A short answer read in the place its question asks about.

"Which planet is the largest in the solar system?" - "Saturn.": the sources name Saturn, and
read as "The largest in the solar system is Saturn." beside "Jupiter is the largest planet ...
Saturn, the second largest, ..." the verifier calls it supported. The source statement that
holds the question's words says what the question asks; the answer must be what *that*
statement gives. :func:`rival_answer` returns the statement when it gives another name (or
number) of the answer's kind and not the answer: "Who founded the Marlow Theatre?" - "Thomas
Crane." beside "The Marlow Theatre was founded in 1903 by the actress Edith Crane."
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.claims._chat import FEELING_WORDS, LIKING_WORDS
from lexguard.grounding.claims._judged_facts import without_judgement
from lexguard.grounding.claims._short_answers import WH_QUESTION, bare_answer, plain_question
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import content_words, numbers
from lexguard.grounding.signals._words import lemmas, stem

__all__ = ["MIN_QUESTION_COVERAGE", "asks_for_a_thing", "rival_answer", "unrelated_answer"]

MIN_QUESTION_COVERAGE = 0.66
"""Least share of the question's content words a source statement must hold to be the one that
says what the question asks (and it must hold more of them than any other statement)."""

_WH_WORDS = frozenset({"who", "whom", "what", "which", "when", "where", "how", "many", "much"})
_ASKS_A_VALUE = regex.compile(
    r"^\s*(?:in\s+)?(?:how\s+(?:many|much|long|old|far|tall|big|high|often|large|deep)|when"
    r"|(?:what|which)\s+(?:(?:is|was|are|were)\s+)?(?:(?:the|its|their|his|her)\s+)?(?:[\p{L}-]+\s+){0,2}?"
    r"(?:year|date|day|month|time|age|price|cost|fee|percentage|percent|share|proportion|number|amount|population"
    r"|size|height|length|width|depth|distance|speed|rate|score|total|budget|salary|temperature|weight|capacity"
    r"|value|figure|count|duration|area)s?\b)",
    regex.IGNORECASE,
)
"""A question that asks for a number: "How many ...", "When ...", "What year ...", "What is the
population of ..."; not "What is the history of ...", which a number answers no slot of."""


def rival_answer(question: str, answer: str, passages: list[str]) -> str | None:
    """The source statement that answers ``question`` with another name or number than ``answer``.

    Args:
        question: The user's question (a wh-question; others are left alone).
        answer: A short answer to it ("Saturn.", "Thomas Crane.", "1973.").
        passages: The answer's best evidence chunks.

    Returns:
        The statement, or ``None`` when the answer is no short one, no statement clearly answers
        the question, the statement gives the answer, or it gives no rival of the answer's kind.
    """
    question = plain_question(question)  # "Do you know who plays drums for them?"
    bare = bare_answer(answer, question)
    if bare is None or WH_QUESTION.match(question) is None:
        return None
    asked = set(content_words(question)) - _WH_WORDS
    if len(asked) < 2 or _ONLY_IN.match(question):
        return None  # "Who's in Sunday at the Aviary?": no word of what is asked, no statement that answers it
    statement = _answering(question, asked, passages)
    if statement is None:
        return None
    if set(content_words(bare)) <= set(content_words(statement)):
        return None
    names = entities(bare)
    if names:
        rivals = [m for m in entities(statement) if not set(content_words(m.text)) <= asked]
        return statement if rivals else None
    values = {m.key for m in numbers(bare)}
    if values and _ASKS_A_VALUE.match(question):
        given = {m.key for m in numbers(question)}
        rivals = [m for m in numbers(statement) if m.key not in given and m.key not in values]
        return statement if rivals else None
    return None


_ONLY_IN = regex.compile(r"^\W*who(?:['\u2019]s|\s++is|\s++are|\s++was|\s++were)\s++(?:in|on|with)\s++(?:the\s++)?\p{Lu}",
                         regex.IGNORECASE)
"""A question that asks who is "in" a work or a band: the statement that answers it ("It stars ...",
"The duo consists of ...") shares none of its words, and the one that shares its name may credit
someone else ("... directed by Rhys Llewellyn")."""
_ASKS_A_THING = regex.compile(
    r"^\W*(?:what|which|(?:got\s+)?any|(?:can|could)\s+you\s+(?:recommend|suggest))\b", regex.IGNORECASE)
"""A question that asks for a thing ("What's a good war film?", "Any good war films?", "Can you
recommend a war film?"); "Who did the score?" is answered by "music by Hans Zimmer", a word of the
question the sources need not write."""


def _answering(question: str, asked: set[str], passages: list[str]) -> str | None:
    """The one source statement that says what the question asks: the most of the question's
    relation words (its words outside its names: "conducts", "captain"), by their root
    ("conductor" for "conducts", "coached" for "coaches", "written" for "wrote"), then the most of
    its names' words, a pronoun standing for them ("*Its* conductor", "*Their* captain") or the
    passage naming them around a statement that leaves them out ("The screenplay was written by
    ..."); ``None`` when no statement holds :data:`MIN_QUESTION_COVERAGE` of the question's words
    that way, or two tie."""
    named = {w for n in entities(question) for w in content_words(n.text)}
    relation = asked - named
    def score(sentence: str, passage: set[str]) -> tuple[float, float]:
        words = set(content_words(sentence))
        rel = sum(any(_same_root(w, x) for x in words) for w in relation) / len(relation) if relation else 1.0
        own = sum(w in words for w in named) / len(named) if named else 1.0
        if own < 1.0 and (_STANDS_FOR.search(sentence) or (own == 0.0 and named <= passage)):
            own = _LEFT_TO_PASSAGE if not _STANDS_FOR.search(sentence) else 1.0
        return rel, own
    pairs: dict[str, set[str]] = {}
    for p in passages:  # a sentence's passage words: of every passage it stands in
        words = set(content_words(p))
        for s in passage_sentences(p):
            if s:
                pairs.setdefault(s, set()).update(words)
    sentences = list(pairs)
    ranked = sorted(((score(s, pairs[s]), s) for s in sentences), key=lambda pair: pair[0], reverse=True)
    if not ranked:
        return None
    (rel, own), statement = ranked[0]
    whole = (rel * len(relation) + own * len(named)) / max(len(relation) + len(named), 1)
    if rel < 0.5 or whole < MIN_QUESTION_COVERAGE:
        return _most_asked(asked, sentences)  # "Who plays Watson?" beside "... stars ... Freeman as Dr Watson"
    if len(ranked) > 1 and ranked[1][0] == ranked[0][0]:
        return None  # two statements say it equally: no one place to read the answer in
    return statement


def _most_asked(asked: set[str], sentences: list[str]) -> str | None:
    """The one statement that holds the most of the question's words, :data:`MIN_QUESTION_COVERAGE` at least."""
    ranked = sorted(((len(asked & set(content_words(s))) / len(asked), s) for s in sentences), key=lambda pair: -pair[0])
    if not ranked or ranked[0][0] < MIN_QUESTION_COVERAGE:
        return None
    if len(ranked) > 1 and ranked[1][0] == ranked[0][0] and ranked[1][1] != ranked[0][1]:
        return None  # two statements say it equally: no one place to read the answer in
    return ranked[0][1]


_LEFT_TO_PASSAGE = 0.75
"""How much of the question's names a statement holds when it leaves them to its passage."""
_STANDS_FOR = regex.compile(r"\b(?:its|their|his|her|the\s+(?:team|club|band|group|film|show|series|book|company|choir))\b",
                            regex.IGNORECASE)
"""Words by which a statement names the question's subject without its name ("*Its* conductor")."""


def _same_root(word: str, other: str) -> bool:
    """Whether two words share a root: the same, a lemma in common ("wrote", "written"), or the
    same first five letters ("conduct", "conductor"; "coaches", "coached")."""
    return (word == other or (len(word) >= 5 and len(other) >= 5 and word[:5] == other[:5])
            or bool(set(lemmas(word)) & set(lemmas(other))))


_ASKING_WORDS = frozenset(
    "suggestion suggestions recommendation recommendations idea ideas pick picks option options thing things "
    "something anything any good great best nice fun new recommend suggest like enjoy watch read listen try tip tips "
    "rec recs".split())
"""Words of the asking itself ("Any suggestions?", "a good one"): they say nothing of what the answer is."""


_OFFERED = regex.compile(r"^\W*(?:how|what)\s+about\s+(?P<name>(?-i:\p{Lu})[^,;:.!?]{0,60})\?\s*$", regex.IGNORECASE)
"""A name offered as a question ("How about *Iron Meadow*?"): the speaker's pick."""


def _asking(question: str) -> str:
    """The question's last sentence that asks ("Any good war films?"), as a plain question."""
    return plain_question(next((s for s in reversed(list(passage_sentences(question))) if "?" in s), question))


def asks_for_a_thing(question: str | None) -> bool:
    """Whether the question asks for a thing ("What's a good war film?", "Any good war films?",
    "Can you recommend a war film?"): a name the answer gives is its pick."""
    return bool(question) and _ASKS_A_THING.match(_asking(question)) is not None


def unrelated_answer(question: str, answer: str, passages: list[str]) -> str | None:
    """The source sentence that names a short answer's name when no source sentence relates it to
    what the question asks: "I'd go with Odile Brenner." (read as the name) to "What's a good
    award-winning war film?" beside "Copper Sparrow is directed by Odile Brenner. Copper Sparrow
    is a war drama. Odile Brenner was born in 1958." (no sentence naming her holds "war", "film"
    or "award"). ``None`` when the answer is no short one naming a name, the question asks nothing
    the sources could hold, the sources never name the name (a rule of unknown names reads it), a
    sentence that names it holds a word of the question, or none holds one (nothing in the sources
    tells what is asked for from the rest).
    """
    asking = _asking(question)
    offered = _OFFERED.match(answer)  # "How about Iron Meadow?"
    bare = bare_answer(offered.group("name") if offered else without_judgement(answer), asking)  # "I'd go with Odile Brenner."
    if bare is None or _ASKS_A_THING.match(asking) is None or not entities(bare):
        return None
    # what is asked for, in the whole turn ("I love war films. Can you recommend one?"), the
    # words of asking and of feeling aside ("Love them. Any suggestions?" asks for no kind)
    asked = {stem(w) for w in content_words(plain_question(question))
             if w.lower() not in _ASKING_WORDS | FEELING_WORDS | LIKING_WORDS} - _WH_WORDS
    name = " ".join(bare.lower().split())
    holders = [s for p in passages for s in passage_sentences(p) if name in " ".join(s.lower().split())]
    if not asked or not holders:
        return None
    if any(asked & {stem(w) for w in content_words(s)} for s in holders):
        return None
    if not any(asked & {stem(w) for w in content_words(s)} for p in passages for s in passage_sentences(p)):
        return None  # "Any film tips?" beside sources that never write "film": nothing tells a film from the rest
    return holders[0]
