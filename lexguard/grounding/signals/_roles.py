"""Names or phrases that trade places around a shared word: "Aphids feed on ladybugs" against
"Ladybugs feed on aphids" (swapped roles), read by :mod:`lexguard.grounding.signals._polarity`;
and the two ends of a move or a cause: "migrates your settings from settings.json into config.ini"
against "... from the old config.ini file into the new settings.json format", "the fall in oxygen
caused an algal bloom" against "the drop in oxygen was caused by an algal bloom" (:func:`swapped_ends`).

A copular inversion is no swap: "A biscuit factory is the largest employer in town" states what
"The town's largest employer is a biscuit factory" does.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._lexical import _stem, content_words

__all__ = ["FUNCTION", "WORD_RUN", "swapped_ends", "swapped_names"]

FUNCTION = frozenset({"yet", "though", "although", "while", "whereas", "so", "but", "and", "also", "longer"})
"""Connectives and other words that are no part of a statement's content (nor a pivot)."""
WORD_RUN = regex.compile(r"[a-z]+(?:'[a-z]+)?")
"""A lower-case word (with its apostrophe suffix)."""
_NAME = regex.compile(r"(?<=\w\W+)[A-Z][a-z]+")


def swapped_names(clause: str, unit: str, *, any_word: bool = False) -> bool:
    """Whether two names stand on opposite sides of a shared pivot word in the two texts.

    Only capitalised words of the source (names) count as moved, unless ``any_word`` (for a
    near-copy of the source statement, :data:`~lexguard.grounding.signals._polarity.NEAR_COPY`: "the frontend service" and "the
    authentication service" trade places); a passive in either text ("was acquired by", "the
    report, prepared by the authority") rules a swap out.
    """
    clause, unit = _ATTRIBUTION.sub("", clause), _ATTRIBUTION.sub("", unit)
    a = [_stem(w) for w in WORD_RUN.findall(clause.lower())]
    b = [_stem(w) for w in WORD_RUN.findall(unit.lower())]
    shared = (set(content_words(clause)) & set(content_words(unit))) - FUNCTION
    shared = {w for w in shared if a.count(w) == 1 and b.count(w) == 1}
    # a capitalised word not at the start of either text is a name (the source's first word is
    # one when the claim writes it capitalised mid-sentence: "Arlington beat Fairview")
    names = shared if any_word else {_stem(w.lower()) for text in (unit, clause) for w in _NAME.findall(text)}
    if len(shared) < 3 or _passive(clause) or _passive(unit) or _inverted_copula(a, b, shared):
        return False
    pivots = shared if any_word else shared - names
    part_a, part_b = _parts(clause), _parts(unit)
    for pivot in pivots:
        pa, pb = a.index(pivot), b.index(pivot)
        if pa == 0 or pb == 0 or "by" in a[pa + 1 : pa + 4] or "by" in b[pb + 1 : pb + 4]:
            continue
        moved_back = moved_forward = False
        # only names of the pivot's own part of each text ("..., who were heading to Europe from
        # Africa": the sea named before the comma is no role of the heading)
        for word in {w for w in (shared & names) - {pivot}
                     if part_a[a.index(w)] == part_a[pa] and part_b[b.index(w)] == part_b[pb]}:
            before_a, before_b = a.index(word) < pa, b.index(word) < pb
            moved_back |= before_a and not before_b
            moved_forward |= before_b and not before_a
        if moved_back and moved_forward:
            return True
    return False


_END = (r"(?=\s*+(?:[,;:()]|\.(?:\s|$)|$)|\s++(?:and|but|with|on|in|at|by|for|before|after|while|which|who|when|every|each"
        r"|daily|weekly|during|because|to|so)\b)")
_ROLE = r"(?:(?!\b(?:that|which|who)\b)[^,;:()]){1,100}?"
_PAIRS = [
    regex.compile(r"\bfrom\s++(?P<first>" + _ROLE + r")\s++(?:to|into|onto|towards?)\s++(?P<second>" + _ROLE + ")" + _END,
                  regex.IGNORECASE),
    regex.compile(r"\b(?:joined|joins|join|joining|signed\s+for|signs\s+for|moved\s+to|moves\s+to|switched\s+to)\s++"
                  r"(?P<second>" + _ROLE + r")\s++from\s++(?P<first>" + _ROLE + ")" + _END, regex.IGNORECASE),
    regex.compile(r"\b(?:left|leaves|leaving|quit|quits)\s++(?P<first>" + _ROLE + r")\s++(?:to\s++join|for)\s++"
                  r"(?P<second>" + _ROLE + ")" + _END, regex.IGNORECASE),
    regex.compile(r"(?:^|[,;:]\s*+|\b(?:that|and|but|which)\s++)(?P<first>" + _ROLE + r")(?<!\b(?:was|were|is|are|be|been"
                  r"|being))\s++(?:caused|causes|cause|led\s+to|leads\s+to|triggered|triggers|resulted\s+in|results\s+in"
                  r"|brought\s+about)\s++(?P<second>" + _ROLE + ")" + _END, regex.IGNORECASE),
    regex.compile(r"(?:^|[,;:]\s*+|\b(?:that|and|but|which)\s++)(?P<second>" + _ROLE + r")\s++(?:(?:was|were|is|are"
                  r"|had\s+been|has\s+been)\s++(?:caused|triggered|brought\s+about)\s++by|resulted\s+from|results\s+from"
                  r"|(?:was|were)\s++due\s+to)\s++(?P<first>" + _ROLE + ")" + _END, regex.IGNORECASE),
    regex.compile(r"(?:^|[,;:]\s*+|\b(?:that|and|but|which)\s++)(?P<second>" + _ROLE + r")\s++(?:(?:have|has|had)\s++)?"
                  r"(?:signed|signs|sign|bought|buys|recruited|recruits|poached|poaches)\s++(?:[^,;:()]{1,60}?\s++)?"
                  r"from\s++(?P<first>" + _ROLE + ")" + _END, regex.IGNORECASE),
]
"""Two roles of a statement, *first* and *second*: a move's start and end ("from | the old config.ini
file | into | the new settings.json format", "joined | Marsh City | from | Kelton Rovers", "left |
Kelton Rovers | to join | Marsh City", "Marsh City | signed the striker from | Kelton Rovers"), a cause and its effect, active or passive ("the drop in
oxygen was caused by an algal bloom": the bloom first)."""


def _roles(text: str) -> list[tuple[set[str], set[str]]]:
    """The (first, second) role words of each pair :data:`_PAIRS` finds in ``text``."""
    out = []
    for pattern in _PAIRS:
        for m in pattern.finditer(text):
            first, second = set(content_words(m.group("first"))), set(content_words(m.group("second")))
            first, second = first - second, second - first  # "from its road budget to its care budget": the budget is both's
            if first and second:
                out.append((first, second))
    return out


def swapped_ends(claim: str, passages: list[str]) -> str | None:
    """The sentence that gives a move or a cause of the claim the other way round, if any: the
    claim's first role is mostly the sentence's second and the claim's second mostly its first
    ("from A into B" beside "from B into A"; "the fall in oxygen caused a bloom" beside "the drop
    in oxygen was caused by an algal bloom"), and no sentence gives it the claim's way ("from Leeds
    to York ..., and the return from York to Leeds")."""
    pairs = None
    for part in clauses(claim) or [claim]:
        for a, b in _roles(part):
            pairs = pairs if pairs is not None else [  # the sources read only for a claim that gives roles
                (s, first, second) for p in passages for s in passage_sentences(p) for first, second in _roles(s)]
            if any(_leans(a, first, second) and _leans(b, second, first) for _, first, second in pairs):
                continue  # the sources give it as the claim does
            swapped = next((s for s, first, second in pairs if _leans(a, second, first) and _leans(b, first, second)), None)
            if swapped is not None:
                return swapped
    return None


def _leans(words: set[str], towards: set[str], away: set[str]) -> bool:
    """Whether a role's words are more those of ``towards`` than of ``away``."""
    return len(words & towards) > len(words & away)


_ATTRIBUTION = regex.compile(
    r",\s*+(?:according\s+to\s+[^,;]{1,80}+|[^,;]{1,80}?\b(?:said|says|reported|reports|told|announced|added|stated)\b[^,;]{0,60}+)\W*$",
    regex.IGNORECASE,
)
"""A closing attribution ("..., the Italian Coast Guard said Saturday."): who reports a statement
is none of its roles ("978 rescued ..., the Coast Guard said" beside "The Coast Guard rescued 978")."""


_PART_END = regex.compile(r"[,;:()]")


def _parts(text: str) -> list[int]:
    """For each lower-case word of ``text`` (as :data:`WORD_RUN` reads them), the index of the part
    between commas, semicolons, colons or brackets it stands in."""
    out: list[int] = []
    for i, part in enumerate(_PART_END.split(text.lower())):
        out += [i] * len(WORD_RUN.findall(part))
    return out


_BE = frozenset({"is", "are", "was", "were", "been", "being"})


def _passive(text: str) -> bool:
    """A be-verb followed later by "by" ("300 trees were planted along the trail by volunteers"),
    or right before a past participle ("April 27 is celebrated as Freedom Day"), or a participle
    with its agent ("the report, prepared by the authority, ...")."""
    words = WORD_RUN.findall(text.lower())
    if any(w.endswith(("ed", "en")) and "by" in words[i + 1 : i + 3] for i, w in enumerate(words)):
        return True
    first_be = next((i for i, w in enumerate(words) if w in _BE), None)
    if first_be is None:
        return False
    return "by" in words[first_be + 1 :] or any(w.endswith(("ed", "en")) for w in words[first_be + 1 : first_be + 3])


def _inverted_copula(a: list[str], b: list[str], shared: set[str]) -> bool:
    """Whether the two (stemmed words) say "X is Y" and "Y is X": the shared words before the
    first be-verb of one are those after it in the other, and the other way round."""
    be_a = next((i for i, w in enumerate(a) if w in _BE), None)
    be_b = next((i for i, w in enumerate(b) if w in _BE), None)
    if be_a is None or be_b is None:
        return False
    left_a, right_a = shared & set(a[:be_a]), shared & set(a[be_a + 1 :])
    left_b, right_b = shared & set(b[:be_b]), shared & set(b[be_b + 1 :])
    return bool(left_a and right_a) and left_a == right_b and right_a == left_b
