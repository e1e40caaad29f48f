"""Values of one sentence each with its own qualifier: a claim must not take one value's qualifier.

"The museum opens at 9am on weekdays and at 11am on Sundays" gives two opening times, each in a
segment of its own. "On Sundays the museum opens at 9am" holds only words and values the sentence
holds, and the verifier read it as supported (0.99); the other rules ask whether a value fits the
claim's words, and "opens at 9am" does. What the claim gets wrong is the *qualifier*: "Sundays"
belongs to the segment of 11am.

:func:`crossed_value` splits an evidence sentence at its values of the claim value's kind, one
segment per value, cut at the joint between two values (", ", "and", "while", ";"; a range, "9am
to 5pm" or "between 9am and 5pm", stays whole). A segment's *qualifiers* are its content words
that no other segment holds, that do not open the sentence before its first value (the
sentence's subject and relation, which every segment shares: "The museum opens at") and that do
not name what the value counts ("1,200 *people* in Ohio and 300 in Texas": the second value
counts people too). The claim value is crossed when the claim's words (those of the clause that
holds it, up to ";", "and the" or a comma before "and", "while", "with", ...; of its own statement where the
clause gives several values) hold a qualifier of another value's segment and none of its own
(which it has, unless it is the first: "Tickets are £18, or £12 for students" does not say that
student tickets are £18), in every evidence sentence that holds the value. It is crossed too when the sentence's
opening words are the first value's statement (that segment has no qualifier of its own) and the
claim takes them for a later value without that value's qualifiers: "Turnout was 31.4%, down from
58% at the general election" does not say the turnout was 58%.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import regex

from lexguard.grounding.signals._statements import coded_words, number_class
from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._words import lemmas

__all__ = ["crossed_value"]

_SENTENCE = regex.compile(r"(?<=[.!?])\s+(?=\S)|\n+")
_FORMER = frozenset(content_words("previous former old earlier prior"))
"""Words that make a value a former one ("the previous record of 4.61m"): its segment's other
words ("record") are no qualifier a claim of the current value ("a record level of 4.87m") crosses."""
_JOINT = regex.compile(r",\s*(?:(?:and|but|while|whereas|or)\s+)?|;\s*|\s+(?:and|but|while|whereas|or)\s+", regex.IGNORECASE)
"""Where one value's segment ends and the next one's begins: the last such joint between them."""
_RANGE = regex.compile(r"\s*(?:-|\u2013|\u2014|to|until|till|through)\s*", regex.IGNORECASE)
MAX_QUALIFIERS = 4
"""Most qualifiers of one segment: values told apart by a word or two ("on Sundays", "for students")
are parallel; a longer segment ("..., or 2 years from the date you paid the tax, whichever is later,
if you file a claim") states more than whose value it is."""
_PERCENT = regex.compile(r"\s*(?:%|per\s?cent\b|percent\b)", regex.IGNORECASE)
_COMPARISON = frozenset(_w for _w in ("increase", "decrease", "rise", "fell", "dropp", "gain", "loss", "compar", "higher",
                                      "lower", "previou", "prior", "earlier", "later", "last", "up", "down", "mark"))
"""Words of a comparison between two values ("a stark *increase* from $343 million"): the claim's
relation, not one value's qualifier."""
_CLAUSE = regex.compile(
    r"(?:[^,;\s]|,(?!\s*(?:and|but|while|whereas|with|which|where)\b)|\s(?!and\s+(?:the|its|his|her|their)\s))+",
    regex.IGNORECASE,
)
"""A clause of a claim: up to ";", a comma before "and", "while", "with", "which", ..., or "and the"."""
_WITH = regex.compile(r"\s*+with\s++(?:a|an|the)\s++(?![\p{L}-]++\s++\p{L}++ing\b)", regex.IGNORECASE)
"""A clause that adds a measure to the one before it ("..., with a median of 31 weeks"): where that
one gives no value of its own, the value is said of its subject; not one with a subject of its own
("..., with dwarf bananas reaching 4 to 7 feet")."""
_BETWEEN = regex.compile(r"\bbetween\s+\S*$", regex.IGNORECASE)
_ADJACENT = regex.compile(r"[\s*\u2020-]*(?:(?:a|an|per|each|every)\s+)?([\p{L}][\p{L}'\u2019-]*)", regex.IGNORECASE)
"""The word right after a value: what it counts or its rate ("1,200 *people*", "£90 a *year*")."""


_FROM_TO = regex.compile(r"\bfrom\s++\S++(?:\s++\S++){0,2}?\s++to\s++\S++", regex.IGNORECASE)


def _change_pair(claim: str, mention: Mention) -> tuple[set[str], set[str]] | None:
    """The keys of the two ends of a change the claim gives its value in ("from 72 cents to 61
    cents": 72 and 61), or ``None``."""
    found = numbers(claim)
    for change in _FROM_TO.finditer(claim):
        ends = [m for m in found if change.start() <= m.span[0] < change.end()]
        if len(ends) == 2 and mention in ends:
            return {ends[0].key, *ends[0].alts}, {ends[1].key, *ends[1].alts}
    return None


_FROM_OR_TO = regex.compile(r"\b(?:from|to)\b", regex.IGNORECASE)


def _told_as_change(sentence: str, start: set[str], end: set[str]) -> bool:
    """Whether ``sentence`` tells the same change, in any order: the nearest "from" or "to" before
    its value of ``start`` is "from", and before its value of ``end`` "to" ("fell to ..., or 61
    cents per share, from ..., or 72 cents per share" for "from 72 cents to 61 cents")."""
    def word_before(keys: set[str]) -> str | None:
        value = next((m for m in _found(sentence) if keys & {m.key, *m.alts}), None)
        if value is None:
            return None
        words = _FROM_OR_TO.findall(sentence, 0, value.span[0])
        return words[-1].lower() if words else None
    return word_before(start) == "from" and word_before(end) == "to"


def crossed_value(claim: str, mention: Mention, texts: Iterable[str]) -> str | None:
    """The evidence sentence whose segments give the claim value another qualifier, if any.

    Args:
        claim: The claim text.
        mention: One of the claim's numbers (dates, times, amounts).
        texts: The claim's best evidence passages.

    Returns:
        The sentence (the evidence that contradicts the claim), or ``None`` when some sentence
        holding the value fits the claim, or none holds it beside a rival.
    """
    kind = _kind(claim, mention)
    if kind == "year":
        return None  # a year belongs to the whole statement ("in 2008"): the anchor reads years
    keys = {mention.key, *mention.alts}
    if not mention.key.startswith("date:") and any(m.span == mention.span and m.key.startswith("date:") for m in numbers(claim)):
        return None  # the day of "May 9" is the date's, read as the date (not "nine pieces")
    given = {k for m in numbers(claim) for k in (m.key, *m.alts)}
    stated = _claim_statements(claim)
    # what the value counts ("three *games*") is no qualifier
    words = next(said for span, _, said in stated if span == mention.span) - _counted(claim, [mention])
    # the claim's other values of a kind this one compares with (not the ages "5 to 15" beside "£5")
    others = [(values, said) for m, (span, values, said) in zip(_found(claim), stated, strict=True)
              if span != mention.span and _comparable(_kind(claim, m), kind)]
    crossed = None
    paired = _change_pair(claim, mention)  # "falling from 72 cents to 61 cents"
    for sentence in (s for text in texts for s in _SENTENCE.split(text) if s.strip()):
        if paired and _told_as_change(sentence, paired[0], paired[1]):
            return None  # "fell to ..., or 61 cents per share, from ..., or 72 cents": the change, told the other way
        if paired and _told_as_change(sentence, paired[1], paired[0]):
            return sentence  # "fell from $28.3 million to $33.9 million" beside "fell to $28.3 million ... from $33.9 million"
        segments = _segments(sentence, kind)
        own = [i for i, (values, _) in enumerate(segments) if keys & values]
        if not segments and keys & {k for m in _found(sentence) for k in (m.key, *m.alts)}:
            if words & _said(sentence, kind):
                return None  # the value stands alone there, in a statement like the claim's: nothing to cross
            continue  # "You can join the pension after three months" says nothing of probation
        if len(own) != 1:
            if own:
                return None  # it stands in two segments
            continue
        qualifiers = _qualifiers(sentence, segments, kind)
        if any(len(q) > MAX_QUALIFIERS for q in qualifiers):
            # no parallel values: a long segment says more than which value is whose, unless the claim
            # swaps two of them ("38% of those taking the supplement ..., versus 61% on placebo")
            crossed = sentence if _swapped(words, own[0], segments, qualifiers, others) else crossed
            continue
        mine = qualifiers[own[0]]
        theirs = set().union(*(q for i, q in enumerate(qualifiers) if i != own[0] and _rival(segments[i][0], mine, others)
                               and not (q & _FORMER and not words & _FORMER)))  # "beating the previous record of 4.61m"
        theirs -= _COMPARISON
        named = {w for w in mine if " " in w}  # the item's name with its number or letter ("zone 1")
        if named and not words & named and words & {w for w in theirs if " " in w}:
            return sentence  # another item's name, not its own ("Zone 2 ... £40" beside "Zone 1 ... £40 ... Zone 2 ... £25")
        if words & mine or not (mine or own[0] == 0):
            return None  # the claim holds its value's own qualifier, or a later value has none to tell it by
        # another value's qualifier, or the sentence's opening words that are the first value's statement
        # ("Turnout was 31.4%, down from 58% at the general election": 58% is not the turnout)
        headed = own[0] > 0 and not qualifiers[0] and not segments[0][0] & given
        if not (words & theirs or headed):
            return None
        crossed = sentence
    return crossed


@lru_cache(maxsize=1024)
def _claim_statements(claim: str) -> tuple[tuple[tuple[int, int], frozenset[str], frozenset[str]], ...]:
    """Each value of the claim with its keys and the words of its own statement (:func:`_statement`),
    read once per claim however many of its values are read (a claim of 100 values is read in
    quadratic time, not cubic)."""
    return tuple((m.span, frozenset({m.key, *m.alts}),
                  frozenset(_words(_statement(claim, m, _kind(claim, m)), _kind(claim, m)))) for m in _found(claim))


def _swapped(
    words: frozenset[str], own: int, segments: list[tuple[set[str], str]], qualifiers: list[set[str]],
    others: list[tuple[frozenset[str], frozenset[str]]],
) -> bool:
    """Whether the claim gives the value of segment ``own`` with another segment's qualifiers and
    none of its own, and that segment's value with ``own``'s qualifiers and none of its own."""
    mine = qualifiers[own] - _COMPARISON
    if words & mine:
        return False
    for i, (values, _) in enumerate(segments):
        theirs = qualifiers[i] - _COMPARISON
        if i == own or not words & theirs:
            continue
        if any(keys & values and said & mine and not said & theirs for keys, said in others):
            return True
    return False


def _rival(values: set[str], mine: set[str], others: list[tuple[frozenset[str], frozenset[str]]]) -> bool:
    """Whether a segment's qualifiers tell another value than the claim's: it gives a value the
    claim does not, or one the claim gives with this value's qualifiers (two values swapped: "22.1
    for boys and 21.9 for girls"); not one the claim lists beside it ("either 54 or 55")."""
    given = [said for keys, said in others if keys & values]
    return not given or any(said & mine for said in given)


def _statement(claim: str, mention: Mention, kind: str) -> str:
    """The claim's text that speaks of ``mention``: its whole text, or where it gives several
    values of the kind, the words before its first value and its own segment (a claim that gives
    two values in one segment, "£18 (students £12)", gives them in one statement). A value
    another value of the statement gives is no rival's: the claim says which is whose there."""
    clause = next((c for c in _CLAUSE.finditer(claim) if c.start() <= mention.span[0] < c.end()), None)
    if clause is not None and clause.group().strip() != claim.strip():  # "..., with dwarf bananas reaching 4 to 7 feet"
        offset = clause.start()
        if _WITH.match(clause.group()) and not _values(claim[:offset], kind):
            offset = 0  # "Patients in London faced the longest waits, | with a median of 31 weeks": said of London
        text = claim[offset : clause.end()]
        inner = Mention(mention.text, (mention.span[0] - offset, mention.span[1] - offset), mention.key, mention.alts)
        if text.strip() != claim.strip():
            return _statement(text, inner, kind)
    values = _values(claim, kind)
    at = next((i for i, m in enumerate(values) if m.span == mention.span), None)
    if len(values) < 2 or at is None:
        return claim
    cuts = _cuts(claim, values)
    start = next(c for c in reversed(cuts[: at + 1]) if c != -1)
    end = next(c for c in cuts[at + 1 :] if c != -1)
    return f"{claim[: values[0].span[0]] if start else ''} {claim[start:end]}"


def _words(text: str, kind: str = "") -> list[str]:
    """Content words without numbers ("9am" is a value; so is "six" when it is a value of ``kind``,
    "six months for office staff", not "two" of "£80 for two bins"), a hyphenated word with its
    parts too ("second-car": "second" and "car"), and an item's name with its letter ("zone b")."""
    for m in _values(text, kind) if kind else ():
        if not any(ch.isdigit() for ch in m.text):
            text = f"{text[: m.span[0]]}{' ' * (m.span[1] - m.span[0])}{text[m.span[1] :]}"
    words = [w for w in content_words(text) if not any(ch.isdigit() for ch in w)]
    words += [p for w in words if "-" in w for p in content_words(w.replace("-", " "))]
    # the letter or number that tells an item apart ("£95 in Zone A and £60 in Zone B", "Zone 1 residents
    # pay £40 and Zone 2 residents pay £25"): a one-letter word is no content word, a number no word
    return [_singular(w) for w in words] + [w for w in coded_words(text) if " " in w]


@lru_cache(maxsize=8192)
def _singular(word: str) -> str:
    """A plural the crude stem leaves whole, singular: "boys" is "boy", "children" is "child" ("girls" is stemmed)."""
    if word.endswith("s") and word[:-1] in lemmas(word):
        return word[:-1]
    return next((lemma for lemma in lemmas(word) if word.endswith("ren") and word == f"{lemma}ren"), word)


@lru_cache(maxsize=4096)
def _found(text: str) -> tuple[Mention, ...]:
    """:func:`numbers` of a sentence, read once however many claim values are read against it."""
    return tuple(numbers(text))


@lru_cache(maxsize=4096)
def _values(text: str, kind: str) -> tuple[Mention, ...]:
    """The values of ``text`` of a kind comparable with ``kind``, one per place (a date's parts aside)."""
    out: list[Mention] = []
    for m in _found(text):
        if out and out[-1].span == m.span:
            continue
        if _comparable(_kind(text, m), kind):
            out.append(m)
    return tuple(out)


def _kind(text: str, mention: Mention) -> str:
    """What a value measures (:func:`number_class`), a percentage read as one wherever it stands ("1.4%.")."""
    if _PERCENT.match(text, mention.span[1]):
        return "percent"
    return number_class(text, mention)


def _comparable(a: str, b: str) -> bool:
    """Whether two values' kinds compare: the same kind, or bare counts ("300 in Texas" beside "1,200 people")."""
    return a == b or (a in ("", b) and b.startswith("count")) or (b == "" and a.startswith("count"))


def _cuts(text: str, values: tuple[Mention, ...]) -> list[int]:
    """Where each value's segment starts (and the text's end): the last joint between two values (the
    last ";" where there is one), none inside a range ("9am to 5pm", "between 9am and 5pm")."""
    cuts = [0]
    for a, b in zip(values, values[1:], strict=False):
        gap = text[a.span[1] : b.span[0]]
        if _RANGE.fullmatch(gap) or (gap.strip().lower() == "and" and _BETWEEN.search(text, 0, a.span[1])):
            cuts.append(-1)  # one segment: the range
            continue
        joints = list(_JOINT.finditer(gap))
        joints = [j for j in joints if j.group().startswith(";")] or joints  # "21.9; for a girl ..., at 22.1"
        cuts.append(a.span[1] + joints[-1].start() if joints else -1)  # no joint: one statement
    cuts.append(len(text))
    return cuts


def _segments(sentence: str, kind: str) -> list[tuple[set[str], str]]:
    """The sentence's segments: ``(value keys, text)`` each, one per value (a range's two in one)."""
    values = _values(sentence, kind)
    if len(values) < 2:
        return []
    cuts = _cuts(sentence, values)
    segments: list[tuple[set[str], str]] = []
    start = 0
    for i, value in enumerate(values):
        end = cuts[i + 1]
        keys = {value.key, *value.alts}
        if segments and cuts[i] == -1:
            segments[-1] = (segments[-1][0] | keys, segments[-1][1])
        else:
            segments.append((keys, ""))
        if end != -1:
            segments[-1] = (segments[-1][0], sentence[start:end])
            start = end
    return segments


def _counted(text: str, values: Iterable[Mention]) -> set[str]:
    """The words right after ``values`` in ``text``: what each counts ("three *games*", "six *months*")."""
    out: set[str] = set()
    for m in values:
        after = _ADJACENT.match(text, m.span[1])
        out |= set(_words(after.group(1))) if after else set()
    return out


def _said(sentence: str, kind: str) -> set[str]:
    """A sentence's words, but those right after its values (what they count: "months")."""
    return set(_words(sentence, kind)) - _counted(sentence, _found(sentence))


def _qualifiers(sentence: str, segments: list[tuple[set[str], str]], kind: str = "") -> list[set[str]]:
    """Per segment, its content words that no other segment holds, outside the sentence's opening
    words and the words right after a value (what it counts)."""
    found = _found(sentence)
    shared = set(_words(sentence[: min((m.span[0] for m in found), default=0)])) | _counted(sentence, found)
    words = [set(_words(text, kind)) - shared for _, text in segments]
    return [w - set().union(*(o for j, o in enumerate(words) if j != i)) for i, w in enumerate(words)]
