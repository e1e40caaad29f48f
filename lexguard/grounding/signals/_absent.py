"""What the sources say is not there: "There is a water point at the summit cairn" beside "There
are no toilets or water points along the route".

The verifier read such pairs as supported (0.99): the claim's words are all in the sentence, and
a negation before a list of things is a weak signal to a small model. :func:`denied_presence`
reads the things a source sentence says there are none of ("no toilets or water points", "does
not have a lift") and fails a claim that says one of them is there, where the sources mention
that thing nowhere else (a source that says "no parking on site" and "a public car park nearby"
leaves "parking" to the other rules) and the claim is about what that source is about.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import regex

from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._negation import negated
from lexguard.grounding.signals._statements import sentence_facts

__all__ = ["denied_presence", "holds_phrase", "things_inventory", "thing_words"]

_NONE_OF = regex.compile(
    r"(?:\bthere\s++(?:is|are|was|were|will\s++be|'s)\s++no|\b(?:has|have|had|offers?|provides?|includes?|with)\s++no"
    r"|\b(?:does|do|did)\s++not\s++have|\b(?:doesn|don|didn)[\u2019']t\s++have|(?:^|[:;]\s*+)\W*+no)"
    r"(?!\s++(?:longer|more|less|later|earlier|fewer|sooner|matter|one|doubt|other|such|further|exception|need|way"
    r"|reason|wonder|problem|chance|point|choice|idea|surprise|mistake|question|time|sign|evidence|plans?)\b)"
    r"\s++(?:(?:a|an|any)\s++)?(?P<items>[^.;:!?()\u2013\u2014]{1,120})",
    regex.IGNORECASE,
)
"""A statement that there is none of something, before the things: "There are no toilets or water
points along the route", "The hotel has no lift", "does not have a lift", "No dogs are allowed" (at
a sentence's start); not "make no mistake", "knows no age", "no need to buy": a "no" inside other
words, or before a word that names no thing."""
_ITEM_END = regex.compile(
    r"\s*+(?:,\s*+(?:so|but|and\s+(?:the|it|they|its))\b|\b(?:so|but|because|which|that|who|since|although|though"
    r"|while|unless|until|except|apart)\b).*",
    regex.IGNORECASE,
)
"""Where the list of things ends: the rest of the sentence says something else."""
_SPLIT = regex.compile(r"\s*+(?:,\s*+(?:or|and|nor)?|\bor\b|\band\b|\bnor\b)\s*+(?:no\s++)?", regex.IGNORECASE)
_AFTER_THING = regex.compile(
    r"\s(?:anywhere|nowhere|along|at|on|in|for|to|of|from|with|by|near|within|between|during|after|before|inside|outside|on-site"
    r"|onsite|available|allowed|permitted)\b.*",
    regex.IGNORECASE,
)
"""What follows a thing's name ("water points *along the route*", "refreshments *anywhere* on the
trail"): where, or a verb."""
_MOST_ITEM_WORDS = 3
_CLAIM_DENIES = regex.compile(
    r"\b(?:without|lack(?:s|ing|ed)?|free\s+of|absen(?:ce|t)|instead\s+of|missing|avoid(?:s|ed|ing)?|remov(?:e|es|ed|ing)"
    r"|delet(?:e|es|ed|ing)|omit(?:s|ted|ting)?|exclud(?:e|es|ed|ing)|eliminat(?:e|es|ed|ing)|ban(?:s|ned|ning)?"
    r"|prohibit(?:s|ed|ing)?|forbid(?:s|den|ding)?|prevent(?:s|ed|ing)?|refus(?:e|es|ed|ing)|reject(?:s|ed|ing)?"
    r"|stop(?:s|ped|ping)?|instead|rather\s+than|away\s+from|out\s+of)\b",
    regex.IGNORECASE,
)
"""Words by which a claim says something is not there or not wanted ("avoid direct sun", "remove
any mention of ..."): it keeps the source's denial, in other words."""


@dataclass(frozen=True, slots=True)
class _Denial:
    words: tuple[str, ...]
    """The thing's content words, in order ("water", "point")."""
    statement: str
    source_id: str


@dataclass(frozen=True, slots=True)
class _Inventory:
    denials: list[_Denial]
    statements: list[tuple[frozenset[str], str]]
    """Every statement's content words, with its text."""
    source_words: dict[str, frozenset[str]]
    """Each source's content words."""


def thing_words(text: str) -> list[str]:
    """Content words, singular ("taps" and "tap" alike: the stemmer keeps short plurals), a long
    word without its final "e" ("table" and "tables", which the stemmer cuts to "tabl", alike)."""
    words = [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in content_words(text)]
    return [w[:-1] if len(w) > 4 and w.endswith("e") else w for w in words]


def _listed(items: str) -> str:
    """The list of things after "no": up to the list's end, and up to its first comma unless a
    conjunction follows one ("no lift, so ..."; "no toilets, taps or benches")."""
    items = _ITEM_END.sub("", items)
    if "," in items and not regex.search(r",[^,]*\b(?:or|and|nor|no)\b", items):
        items = items.split(",", 1)[0]
    return items


def _items(text: str) -> list[tuple[str, ...]]:
    """The things ``text`` says there are none of, each as its content words."""
    out = []
    for m in _NONE_OF.finditer(text):
        for item in _SPLIT.split(_listed(m.group("items"))):
            words = tuple(thing_words(_AFTER_THING.sub("", f" {item}")))
            if 0 < len(words) <= _MOST_ITEM_WORDS:
                out.append(words)
    return out


def things_inventory(index: Any) -> _Inventory:
    """What the sources say there are none of, every statement's words and text, and each source's
    words, read once per index (kept on it)."""
    cached = getattr(index, "_absent_inventory", None)
    if cached is not None:
        return cached
    denials: list[_Denial] = []
    statements: list[tuple[frozenset[str], str]] = []
    words_of: dict[str, set[str]] = {}
    for f in sentence_facts(index):
        source_id = index.chunks[f.chunk].source_id
        words = frozenset(thing_words(f.text))
        statements.append((words, f.text))
        words_of.setdefault(source_id, set()).update(words)
        denials += [_Denial(item, f.text, source_id) for item in _items(f.text)]
    index._absent_inventory = _Inventory(denials, statements, {k: frozenset(v) for k, v in words_of.items()})
    return index._absent_inventory


def _mentioned(text: str, phrase: tuple[str, ...]) -> bool:
    """Whether a statement names ``phrase`` outside the lists of things it says there are none of
    ("There is no parking on site, but a public car park is nearby" names parking)."""
    rest = text
    for m in reversed(list(_NONE_OF.finditer(text))):
        items = m.group("items")
        listed = len(items) - len(_listed(items))
        rest = rest[: m.start()] + " " + rest[m.end() - listed :] if listed else rest[: m.start()] + " " + rest[m.end() :]
    return holds_phrase(thing_words(rest), phrase)


def holds_phrase(words: list[str], phrase: tuple[str, ...]) -> bool:
    """Whether ``words`` hold ``phrase``, its words in a row."""
    n = len(phrase)
    return any(tuple(words[i : i + n]) == phrase for i in range(len(words) - n + 1))


def denied_presence(claim: str, index: Any) -> str | None:
    """The source statement that says there is none of a thing the claim says is there, if any.

    Args:
        claim: The claim text.
        index: The source index.

    Returns:
        The statement, when the claim (with no negation of its own) names the thing as a phrase,
        no other source statement mentions that thing, and the claim shares a word besides the
        thing with the source that denies it; else ``None``.
    """
    if negated(claim) or _CLAIM_DENIES.search(claim) or not index.chunks:
        return None
    inventory = things_inventory(index)
    words = thing_words(claim)
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for denial in inventory.denials:
        if (denial.source_id, denial.words) in seen or not holds_phrase(words, denial.words):
            continue
        seen.add((denial.source_id, denial.words))  # each thing once per source: linear in the sources
        wanted = set(denial.words)
        if any(wanted <= held and _mentioned(text, denial.words) for held, text in inventory.statements):
            continue  # the thing is there elsewhere in the sources ("but a public car park nearby")
        if (set(words) - wanted) & inventory.source_words.get(denial.source_id, frozenset()):
            return denial.statement
    return None
