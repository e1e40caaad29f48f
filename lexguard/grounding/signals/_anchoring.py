"""Which evidence value a claim number is about: the one the claim's words stand next to.

"The film grossed over $100 million" beside "The film grossed $150 million worldwide against a
budget of $40 million": of the evidence values of the number's class (money, a unit, a
percentage, a count of the same thing), the claim is about the one its words anchor: the words
before it that the claim shares ("grossed"), nearest first, then the words after it ("an 87%
*approval rating*"), within its statement (up to the value before it: "employs 1,200 people in
Ohio and 300 in Texas"). A value whose statement names another thing than the claim does, while
the claim's name stands elsewhere in the chunk, is not the claim's ("1,200 people in Ohio" for a
claim on Texas). :mod:`lexguard.grounding.signals._bounds` compares a bound with the value it is
about; :func:`misanchored` finds a claim value the evidence gives to another statement of the same
sentence ("64% of patients, compared with 41% in the placebo group").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Literal, NamedTuple

import regex

from lexguard.grounding.signals._dates import is_calendar_key
from lexguard.grounding.signals._statements import an_age, number_class
from lexguard.grounding.signals._lexical import Mention, content_words, key_value, numbers
from lexguard.grounding.signals._share_bases import CLAUSE_OPEN, share_base, share_of_another_base
from lexguard.grounding.signals._units import is_unit_word
from lexguard.grounding.signals._value_classes import comparable as _comparable
from lexguard.grounding.signals._value_classes import magnitude
from lexguard.grounding.signals._value_classes import value_class as _class
from lexguard.grounding.signals._words import stem
from lexguard.grounding.signals._words import word_kinds

__all__ = ["MAX_OWN_ANCHOR", "MIN_RIVAL_ANCHOR", "MISANCHORED", "BoundKind", "Candidate", "anchored", "bound_words", "candidates",
           "magnitude", "misanchored", "same_words_after", "same_words_before", "without_bound_words"]

MIN_RIVAL_ANCHOR = 1.5
"""Least anchor (:func:`_anchor`) of another evidence value for a claim number to be misanchored."""
MISANCHORED = 4.0
"""How many times better another evidence value must be anchored than the claim's own value."""
MAX_OWN_ANCHOR = 0.3
"""Most anchor of the claim's own value in the evidence for it to be misanchored: the claim's
words barely stand next to it ("... compared with 41% in the placebo group")."""


BoundKind = Literal["limit", "above", "at_least", "below", "near", "about", "top"]
_TOLD_NOT = (r"(?:(?:do|does|did|must|should|may|can|will)\s+not|(?:don|doesn|mustn|shouldn)['\u2019]t|never)"
             r"\s+(?:[\p{L}-]+\s+){1,3}?")
"""A negation a few words before a bound: "Do not *take* more than six tablets" gives six as a limit."""
_BOUNDS: dict[str, BoundKind] = {
    r"(?:no|not)\s+(?:more|greater|higher)\s+than|at\s+(?:the\s+)?most|up\s+to|a\s+(?:maximum|minimum|limit)\s+of"
    r"|(?:must\s+|does\s+|do\s+|may\s+|should\s+)?not\s+(?:to\s+)?exceed(?:ing)?|(?:limited|capped)\s+(?:to|at)"
    r"|as\s+(?:many|much|few|little)\s+as|" + _TOLD_NOT + r"(?:more|greater|higher)\s+than": "limit",
    r"(?:no|not)\s+(?:less|fewer|lower)\s+than|at\s+(?:the\s+)?least|" + _TOLD_NOT + r"(?:less|fewer)\s+than": "at_least",
    r"(?:just\s+)?(?:more|greater|higher)\s+than|(?:just\s+)?(?:over|above)|in\s+excess\s+of|exceeding|upwards\s+of"
    r"|north\s+of|well\s+over|(?:exceed(?:s|ed|ing)?|surpass(?:es|ed|ing)?|topped|passed|(?<!\b(?:the|last|this)\s+)past|beyond)(?:\s+the)?": "above",
    r"(?:less|fewer|lower)\s+than|under|below|fewer\s+than|shy\s+of": "below",
    r"nearly|almost|close\s+to|approaching|just\s+under|just\s+below|just\s+shy\s+of": "near",
    r"about|around|approximately|approx\.?|roughly|some|circa|c\.|an\s+estimated|estimated|~": "about",
    r"(?:the\s+)?top[\s-]": "top",
}
_BOUND = regex.compile(
    r"(?:^|(?<=[\s(\"\u201c\u2018]))(?:" + "|".join(f"(?P<g{i}>{p})" for i, p in enumerate(_BOUNDS)) + r")\s*+$",
    regex.IGNORECASE,
)
_KINDS: list[BoundKind] = list(_BOUNDS.values())
_CURRENCY_TAIL = regex.compile(r"[$\u00a3\u20ac\u00a5\u20b9]\s*+$")
_JOINED = regex.compile(r",|;|\band\b|\bbut\b")
"""Where the words before a value join another statement ("rises in the Kolmen Hills and | flows 426 km")."""
_ATTRIBUTION = regex.compile(r"\baccording\s++to\s++[^,.;]{1,80}(?:,|$)", regex.IGNORECASE)
"""Who gives a value ("Since 2000, *according to the IOM,* almost 22,000 ..."): no word of its statement."""
"""Where a value's own clause begins: the names of "Data published by the Calder Reach Trust show
*that* 52.4% ..." are the reporter's, not another thing the value is of."""
_ARTICLE_TAIL = regex.compile(r"(?<=\s)an?\s++$", regex.IGNORECASE)
"""A currency sign right before a value that a number's span leaves out ("more than | £200,000")."""
_WINDOW = 4
"""Words before an evidence value that anchor it to the claim's relation ("the film *grossed* $150
million"), up to the value before it: "employs 1,200 people in Ohio and 300 in Texas"."""
_STOP = regex.compile(r"[.;!?](?:\s|$)|\n")
_COMMA = regex.compile(r",(?!\d{3})")
"""A comma that ends a value's words after it (not the one inside "9,870")."""
"""Where a value's statement ends: its anchor words stand between such marks."""
_AFTER = 3
"""Words after an evidence value that anchor it when no word before does ("an 87% *approval rating*")."""


_NUMBER_AHEAD = (r"(?=\s*+[$\u00a3\u20ac\u00a5]?\s*+(?:\d|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|"
                 r"eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|"
                 r"million|billion|dozen|half|several|a\s+few)\b))")
_BOUND_AHEAD = regex.compile(r"\b(?:" + "|".join(_BOUNDS) + r")" + _NUMBER_AHEAD, regex.IGNORECASE)


@lru_cache(maxsize=8192)
def without_bound_words(text: str) -> str:
    """``text`` with the bound words before its numbers blanked out ("killed *more than* 30",
    "*at least* 40"), for readers of opposite words: "more" and "least" there say how a number
    is bounded (:mod:`lexguard.grounding.signals._bounds` compares them), not the opposite of
    each other."""
    return _BOUND_AHEAD.sub(lambda m: " " * len(m.group()), text)


def bound_words(text: str, end: int) -> tuple[BoundKind, int] | None:
    """The bound or limit words right before ``end`` in ``text`` ("more than", "nearly", "up
    to"), as their kind and where they start; ``None`` when there are none."""
    match = _BOUND.search(text, max(0, end - 40), end)
    if match is None:
        return None
    return next(_KINDS[i] for i, group in enumerate(match.groups()) if group), match.start()


class Candidate(NamedTuple):
    """An evidence value of a claim number's class, and how well the claim's words anchor it."""

    value: float
    text: str
    given: str | None
    """The bound or limit words the evidence gives it with ("children *under* 10", "18 *or
    older*"); ``None`` when it gives it plainly."""
    score: tuple[float, int]
    """How well the claim's words anchor it (:func:`_anchor`), then the chunk's share of them."""
    chunk: str
    """The evidence text it stands in."""


def anchored(claim: str, mention: Mention, texts: Iterable[str]) -> tuple[list[Candidate], list[tuple[float, str | None]]]:
    """The evidence values of the claim number's class that the claim's words anchor best
    (:func:`_anchor`), the chunk's share of the claim's words breaking ties; and every value of
    the number's class the evidence gives, anchored or not, with its bound words. A value the claim
    gives for another of its numbers is none of this one's ("35 minutes instead of about 50")."""
    found, every = candidates(claim, mention, texts)
    others = [v for m in numbers(claim) if m.span != mention.span and (v := magnitude(claim, m)) is not None]
    found = [c for c in found if not any(math.isclose(c.value, v, rel_tol=1e-9) for v in others)]
    best = max((c.score for c in found), default=None)
    return [c for c in found if c.score == best], every


def candidates(claim: str, mention: Mention, texts: Iterable[str]) -> tuple[list[Candidate], list[tuple[float, str | None]]]:
    """Every evidence value of the claim number's class that a word of the claim anchors, and
    every value of its class the evidence gives (with its bound words). A value that is the base of a share ("45% of
    the 600 patients") is no measure of the claim's relation."""
    own = _class(claim, mention)
    words = bound_words(claim, len(_CURRENCY_TAIL.sub("", claim[: mention.span[0]])))
    claim_before = set(content_words(claim[: words[1] if words else mention.span[0]]))
    claim_after = set(content_words(claim[mention.span[1] :]))
    claim_names = _names(claim)
    claim_base = share_base(claim[mention.span[1] : mention.span[1] + 80])
    aged = an_age(claim, mention)
    said = frozenset(m.key for m in numbers(claim) if m.span != mention.span)  # "longer than four hours in almost half"
    out: list[Candidate] = []
    every: list[tuple[float, str | None]] = []
    for text in dict.fromkeys(texts):
        found = _numbers(text)
        shared = len((claim_before | claim_after) & set(content_words(text)))
        days = {(m.span, str(int(day))) for m in found if is_calendar_key(m.key) and m.key.count("-") >= 2
                and (day := m.key.rsplit("-", 1)[1]).isdigit()}
        for i, candidate in enumerate(found):
            if (candidate.span, candidate.key) in days or (not aged and an_age(text, candidate)):
                continue  # the day of "September 21" is no count, nor the age of "Stephen Gedge, 59,"
            value = magnitude(text, candidate)
            if value is None or not _comparable(own, _class(text, candidate)):
                continue
            start, end = candidate.span
            ahead = text[max(0, start - 80, _previous_end(found, i, said)) : start]
            ahead = _CURRENCY_TAIL.sub("", _ATTRIBUTION.sub(" ", ahead))  # "at least | £250,000": the sign is no word
            if candidate.text[:1].isalpha():  # "more than *a* thousand"
                ahead = _ARTICLE_TAIL.sub("", ahead)
            own_bound = _BOUND.search(ahead)  # "bake for *approximately* 15 minutes", "18 *or older*"
            given = own_bound or _AFTER_BOUND.match(text, end)
            every.append((value, " ".join(given.group().lower().split()) if given else None))
            if _BASE.search(text, max(0, start - 24), start):
                continue  # "45% of the 600 patients": the 600 is what the share is of
            if own_bound is not None:
                ahead = ahead[: own_bound.start()]
            behind = _behind(text, found, i, said)
            ahead, behind = _STOP.split(ahead)[-1], _COMMA.split(_STOP.split(behind)[0])[0]
            if _names_another(claim_names, _names(CLAUSE_OPEN.split(ahead)[-1] + " " + _DESTINATION.sub(" ", behind)),
                              _names(text)):
                continue  # "1,200 people in Ohio" is not the Texas figure the claim gives
            anchor = (_anchor(content_words(ahead)[::-1][:_WINDOW], claim_before, claim_after)
                      + _anchor(content_words(behind)[:_AFTER], claim_after, claim_before)
                      + (_SAME_BASE if own == "percent" and share_base(behind) and share_base(behind) == claim_base else 0.0))
            if anchor:
                out.append(Candidate(value, candidate.text, every[-1][1], (anchor, shared), text))
    return out, every


def _previous_end(found: list[Mention], i: int, said: frozenset[str] = frozenset()) -> int:
    """Where the last value before ``found[i]`` ends (a date's parts share its span: skipped), a value
    the claim also gives (``said``) read as a word of the statement ("waited longer than *four* hours
    in almost half of cases")."""
    start = found[i].span[0]
    return next((found[j].span[1] for j in range(i - 1, -1, -1) if found[j].span[1] <= start
                 and found[j].key not in said), 0)


_OF_BASE = regex.compile(r"\s*+(?:(?:%|per\s*cent|percent)\s*+)?of\s++(?:the\s++|its\s++|their\s++|all\s++)?$", regex.IGNORECASE)


_SAME_BASE = 0.5
"""Anchor a share of the evidence earns when it is a share of what the claim's share is of ("half
of October's *patients*" beside "52.4% of its 9,870 *patients*")."""


def _behind(text: str, found: list[Mention], i: int, said: frozenset[str] = frozenset()) -> str:
    """The text after ``found[i]`` that may anchor it: up to the next value (60 characters at most),
    or past the base of a share, the base's number left out ("52.4% of its 9,870 *patients*": the
    patients are what the share is of)."""
    end = found[i].span[1]
    upto = _next_start(found, i, len(text), said)
    if upto < len(text) and _OF_BASE.match(text[end:upto]):
        base = next(j for j in range(i + 1, len(found)) if found[j].span[0] >= upto)
        after = found[base].span[1]
        return text[end:upto] + text[after : min(after + 60, _next_start(found, base, len(text), said))]
    return text[end : min(end + 60, upto)]


def _next_start(found: list[Mention], i: int, default: int, said: frozenset[str] = frozenset()) -> int:
    """Where the first value after ``found[i]`` starts (one the claim also gives aside)."""
    end = found[i].span[1]
    return next((found[j].span[0] for j in range(i + 1, len(found)) if found[j].span[0] >= end
                 and found[j].key not in said), default)


_BASE = regex.compile(r"(?:%|\bper\s*cent|\bpercent)\s+of\s+(?:the\s+|its\s+|their\s+)?$", regex.IGNORECASE)
_AFTER_BOUND = regex.compile(
    r"\s*(?:[\p{L}%]+\s+)?(?:or\s+(?:more|older|younger|less|fewer|over|above|under|below|higher|lower|later|earlier)\b|\+)",
    regex.IGNORECASE,
)
"""Bound words after a value: "18 *or older*", "500+"."""


def misanchored(claim: str, mention: Mention, texts: Iterable[str]) -> str | None:
    """The evidence text that gives a claim number to another statement than the claim's, if
    any: "The drug reduced symptoms in 41% of patients" beside "the drug reduced symptoms in 64%
    of patients, compared with 41% in the placebo group". Another value of its class, one the
    claim does not give, in a passage that holds the claim's value, is anchored by the claim's words at least :data:`MISANCHORED` times as
    well as the claim's own value is and by :data:`MIN_RIVAL_ANCHOR` at least, while the claim's
    words barely anchor its own value (:data:`MAX_OWN_ANCHOR`); years, dates and bounds aside."""
    kind = number_class(claim, mention)
    if kind == "year" or kind.startswith("calendar") or bound_words(claim, mention.span[0]) is not None:
        return None
    value = magnitude(claim, mention)
    keys = {v for v in map(key_value, (mention.key, *mention.alts)) if v is not None} | ({value} if value is not None else set())
    found, _ = candidates(claim, mention, texts)
    given = {v for m in numbers(claim) for v in map(key_value, (m.key, *m.alts)) if v is not None}  # the claim's own values
    mine = [c for c in found if any(math.isclose(c.value, k, rel_tol=1e-9) for k in keys)]
    own = [c.score[0] for c in mine]
    where = {c.chunk for c in mine}  # a rival of another passage ("18.3" of the 8-year-olds) is another statement's
    other = [c for c in found if c.chunk in where and not any(math.isclose(c.value, k, rel_tol=1e-9) for k in given)]
    if own and other:
        rival = max(other, key=lambda c: c.score[0])
        if rival.score[0] >= MIN_RIVAL_ANCHOR and rival.score[0] >= MISANCHORED * max(own) and max(own) <= MAX_OWN_ANCHOR:
            return rival.chunk
    rivals = [(c.value, c.chunk) for c in sorted(found, key=lambda c: -c.score[0]) if c.score[0] >= MIN_RIVAL_ANCHOR
              and not any(math.isclose(c.value, k, rel_tol=1e-9) for k in given)]
    return share_of_another_base(claim, mention, keys, rivals)  # "64% of members" for a turnout of 64%


_NAME = regex.compile(r"(?<![.!?]\s*|^\s*)\b\p{Lu}\p{Ll}+")


def _names(text: str) -> set[str]:
    """Capitalised words not opening a sentence: names, roughly."""
    return {m.group() for m in _NAME.finditer(text)}


_DESTINATION = regex.compile(
    r"\b(?:into|onto|towards?|via|through|past)\s++(?:the\s++)?(?-i:\p{Lu})[\p{L}'\u2019-]*+(?:\s++(?-i:\p{Lu})[\p{L}'\u2019-]*+)*+",
    regex.IGNORECASE)
"""A place a value's statement goes to, after it ("flows 418 kilometres north-west before emptying
*into Lake Imral*"): no other thing the value measures ("1,200 people in *Ohio*" is one)."""


def _names_another(claim_names: set[str], near: set[str], everywhere: set[str]) -> bool:
    """Whether the value's statement names another thing than the claim does, while the claim's
    name stands elsewhere in the chunk ("1,200 people in Ohio and 300 in Texas": Texas)."""
    return bool(near - claim_names) and bool((claim_names & everywhere) - near)


def _anchor(words: list[str], same_side: set[str], other_side: set[str]) -> float:
    """How well the words next to an evidence value (nearest first) anchor it to the claim's
    relation: each shared word weighs the inverse of its distance, half as much when the claim
    has it on the other side of its number."""
    return sum((1.0 if w in same_side else 0.5 if w in other_side else 0.0) / (k + 1) for k, w in enumerate(words))


@lru_cache(maxsize=4096)
def _numbers(text: str) -> list[Mention]:
    return numbers(text)


_TWO_WORDS_BEFORE = regex.compile(r"(\p{L}+)\s++(\p{L}+)\s++[$\u00a3\u20ac]?$")


def same_words_before(
    claim: str, mention: Mention, text: str, claim_keys: set[str], elsewhere: Iterable[str] = (),
) -> bool:
    """Whether the statement gives another value right after the two words the claim writes before
    its value ("Approvals fell to 5.2 per cent" beside "Mortgage approvals fell to 41,300"): the
    same relation's value, whatever it counts. Words of no content ("in the") and years say nothing
    of a relation, and a value the sources also give after the same words (``elsewhere``) is their
    own statement ("Let it cook for three more minutes" beside "let cook for 10 minutes")."""
    before = _TWO_WORDS_BEFORE.search(claim, max(0, mention.span[0] - 40), mention.span[0])
    if before is None or not content_words(before.group()) or _class(claim, mention) == "year":
        return False  # "in the 1920s": a time, and words any statement may write before a value
    phrase = regex.compile(rf"\b{regex.escape(before.group(1))}\s++{regex.escape(before.group(2))}\s++[$\u00a3\u20ac]?",
                           regex.IGNORECASE)
    for other in elsewhere:  # "Let it cook for three more minutes" is a source's own statement too
        if any(_value_at(other, found.end(), {mention.key, *mention.alts}) for found in phrase.finditer(other)):
            return False
    for found in phrase.finditer(text):
        value = next((m for m in numbers(text[found.end():found.end() + 30]) if m.span[0] == 0), None)
        if value is not None and value.key not in claim_keys and not is_calendar_key(value.key):
            return True
    return False


_TWO_WORDS_AFTER = regex.compile(r"\s*+(?:%|per\s?+cent\b|percent\b)?\s*+(\p{L}+)\s++(\p{L}+)\b", regex.IGNORECASE)


def same_words_after(
    claim: str, mention: Mention, text: str, claim_keys: set[str], elsewhere: Iterable[str] = (),
) -> bool:
    """Whether the statement gives another value right before the two words the claim writes after
    its value ("It came in 25% over budget" beside "It cost €45 million, 20% over budget" and
    "Tickets are 25% cheaper online"): the same relation's value, the mirror of
    :func:`same_words_before`. The first word must say a relation (an adverb or adjective: "over",
    "cheaper"), not name the thing counted ("14 shows of", "5% of children"), and one of the two
    must have content other than a unit ("nine hours before" says none); never after a year, a
    date or a bound ("more than 41,000 adults aged" is met by more than one value), and never
    where a statement holding the claim's value (``elsewhere``) writes the words after it."""
    after = _TWO_WORDS_AFTER.match(claim, mention.span[1])
    if (after is None or _class(claim, mention) == "year" or is_calendar_key(mention.key)
            or bound_words(claim, mention.span[0]) is not None):
        return False
    said = [w for w in content_words(after.group(1) + " " + after.group(2)) if not is_unit_word(w)]
    if not said or not word_kinds(after.group(1).lower()) & {"ADJ", "ADV"}:
        return False
    words = (after.group(1).lower(), after.group(2).lower())
    keys = {mention.key, *mention.alts}
    for other in elsewhere:
        if any(_words_at(other, m.span[1]) == words and keys & {m.key, *m.alts} for m in numbers(other)):
            return False  # the sources give the claim's value before the same words too
    return any(_words_at(text, m.span[1]) == words and m.key not in claim_keys and not claim_keys & set(m.alts)
               and not is_calendar_key(m.key) for m in numbers(text))


def _words_at(text: str, end: int) -> tuple[str, str] | None:
    """The two words right after a value that ends at ``end`` (a percent sign or word skipped)."""
    found = _TWO_WORDS_AFTER.match(text, end)
    return (found.group(1).lower(), found.group(2).lower()) if found else None


def _value_at(text: str, start: int, keys: set[str]) -> bool:
    """Whether ``text`` gives one of ``keys`` right at ``start`` (digits or words: "three")."""
    first = next((m for m in numbers(text[start:start + 30]) if m.span[0] == 0), None)
    return first is not None and bool(keys & {first.key, *first.alts})
