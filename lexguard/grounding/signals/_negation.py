"""What a negation denies: the words right after "not" (or before "unknown"), up to its clause's end.

"Don't open the oven but turn it off" denies opening, not turning off; "The man, who has not
been named, will appear in court" denies the naming only. :func:`denied_words` reads those
words for :mod:`lexguard.grounding.signals._polarity`, which decides whether a claim flips what
a source says.
"""

from __future__ import annotations

from bisect import bisect_right

import regex

from lexguard.grounding.signals._lexical import STOPWORDS, _stem, content_words
from lexguard.grounding.signals._roles import FUNCTION
from lexguard.grounding.signals._words import WORD, adverb_only, base_verb

__all__ = ["SCOPE", "denied_words", "negated", "raw_content_words", "told_not_to"]

_UNTIL = r"(?!(?:\s++(?:been\s++|be\s++)?\p{L}++){1,2}\s++(?:until|till)\b)"
"""Not before "until": "was not discovered until 3 March" tells when it was discovered, denying nothing."""
_NEGATION = regex.compile(
    r"\b(?:not(?!\s+only\b)" + _UNTIL + r"|no(?!\s*+[.,!?;])|never|none|nobody|nothing|neither|nor|cannot|yet\s+to)\b"
    r"|n[\u2019']t\b" + _UNTIL
    + r"|(?<=\b(?:is|are|was|were|remains?|remained|be|been|still|yet)\s+)"
    r"(?:unknown|unclear|undisclosed|unspecified|unconfirmed)\b"  # said of it, not "an unknown gunman"
    r"|:\s*+(?:false|no)\b",
    regex.IGNORECASE,
)
"""Plain negation (and what says "not known": "unknown" said of a thing, "yet to", a table's
"Valet: False") only; "No." / "No," answers a question and denies nothing of the statement after it: "failed", "lacks" or "without" are often the source's own wording of a
statement a faithful answer phrases positively ("stopped working" / "failed")."""


def negated(text: str) -> bool:
    """Whether ``text`` holds a plain negation (:data:`_NEGATION`)."""
    return _NEGATION.search(text) is not None


_PROHIBITION = regex.compile(
    r"(?:^|[,;:.!?]\s*+)[\"'\u201c\u2018]?\s*+(?:do\s+not|don['\u2019]t)\s++\p{Ll}"
    r"|(?:^|[.!?]\s*+)[\"'\u201c\u2018]?\s*+never\s++\p{Ll}",
    regex.IGNORECASE,
)
_TO_THE_READER = regex.compile(r"\b(?:you|your|should|must|ought|need\s+to|have\s+to)\b", regex.IGNORECASE)
_FIRST = regex.compile(r"\W*+(?:(?:if|when|once|after|before|while|until|as\s+soon\s+as)\b[^,]{0,120},\s*+)?(\p{L}+)",
                      regex.IGNORECASE)
"""The word that opens a sentence's main clause, after a leading "If ..., " or "Once ..., "."""


def told_not_to(text: str, other: str) -> bool:
    """Whether ``text`` tells its reader not to do something ("If your dog goes over a cliff, do not
    go after it") and ``other`` tells no one anything: a prohibition denies no event, so "The dog
    went over the cliff" is no flip of it. A claim that is itself advice ("You should go after
    it", "Go after it", "Once the timer rings, lift the lid") is read against the prohibition as before."""
    if _PROHIBITION.search(text) is None:
        return False
    first = _FIRST.match(other)
    return (_TO_THE_READER.search(other) is None and _PROHIBITION.search(other) is None
            and not (first is not None and base_verb(first.group(1).lower())))


def raw_content_words(text: str) -> list[str]:
    """The words :func:`content_words` keeps, as written (lower case, not stemmed)."""
    return [w for w in WORD.findall(text.lower()) if w not in STOPWORDS and len(w) > 1]


SCOPE = 4
"""Content words after a negation (or a word that says "not") that it denies."""


_SCOPE_END = regex.compile(r"\s*(?:(?<!\d),|,(?!\d)|[;:()\[\]\u2013\u2014])\s*|\s+-\s+")
"""Punctuation that closes a negation's clause: in "the man, who has not been named, will appear
in court" the negation denies "named", not "appear"."""
_ASIDE_WORDS = frozenset({
    "however", "though", "therefore", "moreover", "also", "yet", "still", "indeed", "even", "then", "fact", "course",
    "reported", "reportedly", "claimed", "often", "said", "noted", "perhaps", "surprisingly", "unfortunately",
    "fortunately",
})
"""Words of an aside inside a negation's clause ("did not, in fact, open"): a piece of the clause
made of them only is read past."""
_ASIDE = frozenset(content_words(" ".join(sorted(_ASIDE_WORDS))))  # as content_words writes them


_POSTFIX = regex.compile(r"unknown|unclear|undisclosed|unspecified|unconfirmed|:\s*+(?:false|no)", regex.IGNORECASE)
"""Negations that deny what stands before them."""
_ELLIPTIC = regex.compile(r"\s*+(?:did|does|do|was|were|is|are|has|have|had|would|could|will|can|should)\b",
                          regex.IGNORECASE)
"""After "neither" / "nor", an auxiliary marks an elided verb ("..., and neither did Ben Affleck, who
lobbied ..."): the negation denies the other clause's predicate, not the words that follow."""


def denied_words(text: str) -> tuple[set[str], set[str]]:
    """The content words right after each negation of ``text`` ("don't open the oven": open, oven),
    up to the end of its clause (stemmed), and the first of them for each negation as written
    (``open``: what it denies, the head); an aside ("did not, however, sign") is read past, and an
    elliptic "neither did ..." denies nothing here. ``text`` is cut into clause pieces once, so a
    text of thousands of negations is read in ``O(n log n)``."""
    bounds = [0]
    for cut in _SCOPE_END.finditer(text):
        bounds += [cut.start(), cut.end()]
    bounds.append(len(text))
    pieces = list(zip(bounds[::2], bounds[1::2], strict=True))
    starts = [start for start, _ in pieces]
    out: set[str] = set()
    heads: set[str] = set()
    for m in _NEGATION.finditer(text):
        if m.group().lower() in ("neither", "nor") and _ELLIPTIC.match(text, m.end()):
            continue
        k = max(bisect_right(starts, m.start()) - 1, 0)
        if _POSTFIX.fullmatch(m.group()):  # "the name is unknown", "Valet: False": what comes before
            raw = [w for w in raw_content_words(text[pieces[k][0] : m.start()]) if _stem(w) not in _ASIDE]
            out.update(_stem(w) for w in raw[-SCOPE:])
            heads.update(raw[-1:])
            continue
        for n, (start, end) in enumerate([(m.end(), pieces[k][1]), *pieces[k + 1 : k + 1 + _MAX_ASIDES]]):
            if n and _NEW_CLAUSE.match(text, start):
                break  # "I wouldn't, and neither did Ben Affleck, who ...": an elided verb, then a clause of its own
            raw = raw_content_words(text[start:end])
            # the head: "no longer free" denies "free", "did not actually plead" denies "plead"
            kept = [w for w in raw if _stem(w) not in _ASIDE and w not in FUNCTION and not adverb_only(w)]
            if kept:  # a piece of aside words only is read past
                out.update(_stem(w) for w in raw[:SCOPE])
                heads.add(kept[0])
                break
    return out, heads


_NEW_CLAUSE = regex.compile(r"\s*+(?:and|but|or|so|while|whereas|yet)\b", regex.IGNORECASE)
"""A piece after a negation's own that opens with a conjunction is a clause of its own, not an aside."""
_MAX_ASIDES = 3
"""Pieces of aside words a negation's clause reads past ("did not, in fact, however, open")."""
