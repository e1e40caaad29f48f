"""The statements of the sources, as the binding rule reads them: sentences, and the clauses of a
sentence that holds several ("the north tower is 120 metres tall and the south tower is 95"),
each with its words, values (and what each measures: :func:`number_class`) and names.

A sentence that opens with a pronoun ("It opened in 2009.") or with "the" and a word of the
sentence that named its topic ("The Volt S2 e-scooter has ..." - "The scooter weighs 14 kg.") is
about that name: its words are carried into it, at half weight.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import regex

from lexguard._limits import current_deadline
from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._batched import PROFILE_BATCH
from lexguard.grounding.signals._dates import is_calendar_key
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import LexicalProfile, Mention, content_words, numbers
from lexguard.grounding.signals._relatives import STATEMENT_VERB
from lexguard.grounding.signals._statement_clauses import clauses_of
from lexguard.grounding.signals._units import quantity_kind
from lexguard.grounding.signals._weekdays import days_named
from lexguard.grounding.signals._words import verb_only, word_kinds

__all__ = [
    "PRONOUN_START", "WEEKDAY", "WEEKEND", "Facts", "an_age", "coded_words", "fit", "is_heading", "number_class",
    "relation_words", "sentence_facts",
]

_YEAR = regex.compile(r"\d{4}")
PRONOUN_START = regex.compile(r"\W*(?:it|its|he|his|she|her|they|their)\b", regex.IGNORECASE)
"""A sentence that opens with a pronoun is about the name the sentences before it were about
("The Harbourview Hotel has 120 rooms. It opened in 2009."): that name's words are carried into
it (half weight), so a year of another hotel's "It opened in 1996." is not read as this one's."""


_DEFINITE = regex.compile(r"\W*the\s+([\p{Ll}][\p{L}-]*)\s", regex.IGNORECASE)


def _named_before(sentence: str, kinds: frozenset[str]) -> bool:
    """Whether ``sentence`` opens with "the" and a word of the sentence that named the topic ("The
    Volt S2 e-scooter has ..." - "The scooter weighs 14 kg."): it is about the name named there."""
    match = _DEFINITE.match(sentence)
    return match is not None and bool(set(content_words(match.group(1))) & kinds)


@dataclass(frozen=True, slots=True)
class Facts:
    chunk: int
    text: str
    tokens: frozenset[str]
    classes: dict[str, str]
    profile: LexicalProfile
    names: tuple[str, ...]
    carried: frozenset[str] = frozenset()
    """Words of the sentence's first clause that an elliptical later clause leaves out (half weight)."""
    subject: tuple[str, ...] = ()
    """The name that an elliptical later clause leaves to its first ("Ledgerly Premium ... | and adds
    payroll"): the one doing what it says."""

    def _carry(self, carried: frozenset[str], subject: tuple[str, ...] | None = None) -> Facts:
        return Facts(self.chunk, self.text, self.tokens, self.classes, self.profile, self.names, carried,
                     self.subject if subject is None else subject)

    def extra(self, claim_tokens: frozenset[str]) -> int:
        """How many of its words the claim does not use (to prefer the closer of equal fits)."""
        return sum(1 for t in self.tokens if not t.startswith("#") and t not in claim_tokens)


def number_class(text: str, mention: Mention) -> str:
    """What a number measures: a date, a year, a currency or a unit's kind ("" for a bare count).
    A point in the calendar ("8.15 am") is no rival of a length of time ("42-year-old", "3 hours")."""
    if is_calendar_key(mention.key):
        return "calendar " + mention.key.split(":", 1)[0]  # "date", "time" or "quarter"
    written = mention.text.strip()
    decade = written.endswith("s") and written[:-1].rstrip("'\u2019").isdigit()  # "1940s": a span of years, not one
    if _VERSION.search(text, max(0, mention.span[0] - 40), mention.span[0]):  # bounded: linear in long claims
        return "version"  # "version 4.2": no count, and a rival of "version 4.3"
    if (_YEAR.fullmatch(mention.key) and 1000 <= float(mention.key) <= 2100 and "," not in written and not decade
            and any(ch.isdigit() for ch in written)):  # "a thousand" is a count
        return "year"
    if _HOUR_WORD.search(written):
        return "time"  # "half an hour": its key is the minutes (:func:`~lexguard.grounding.signals._written.hour_parts`)
    if an_age(text, mention) or _YEARS_OLD.match(text, mention.span[1]):
        return "age"  # "Kerry Dawes, 35,", "the 27-year-old singer": an age, no count nor a length of time
    kind = quantity_kind(text, mention)
    if kind == "time" and _ORDINAL.search(written):
        return "point in time"  # "in the 84th minute" is no length ("in the last seven minutes")
    return kind or _counted(text, mention)


_YEARS_OLD = regex.compile(r"[\s-]*+years?[\s-]++old\b", regex.IGNORECASE)


_HOUR_WORD = regex.compile(r"\bhour\b", regex.IGNORECASE)
_AGE_BEFORE = regex.compile(
    r"(?:\b(?!(?:January|February|March|April|May|June|July|August|September|October|November|December|Monday|"
    r"Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Spring|Summer|Autumn|Fall|Winter),)\p{Lu}[\p{L}.'\u2019-]*+,"
    r"|\baged)\s*+$")
_AGE_AFTER = regex.compile(r"\s*+(?:[,;)]|$|\s(?:and|from|of|who|was|is|has|had|said|says)\b)")


def an_age(text: str, mention: Mention) -> bool:
    """Whether a whole number from 1 to 120 is the age of the person named before it, as news writes
    it: "Kerry Dawes, 35, from Ashcombe", "Mrs Hendry, 34, said", "a nurse aged 35"."""
    written = mention.text
    if not written.isdigit() or not 0 < int(written) <= 120:
        return False
    return (_AGE_BEFORE.search(text, max(0, mention.span[0] - 40), mention.span[0]) is not None
            and _AGE_AFTER.match(text, mention.span[1]) is not None)
_VERSION = regex.compile(r"\b(?:version|v|release|firmware)\.?\s*+$", regex.IGNORECASE)
"""The word before a version number ("version 4.2", "v2", "firmware 3.1")."""
_NOUN_AFTER = regex.compile(r"[\s-]*([\p{L}][\p{L}'\u2019-]*)")


def _counted(text: str, mention: Mention) -> str:
    """What a bare count counts, as a class of value: "count people" for "500 people", so that 300
    people is a rival of it and 300 members is not ("" when no content word follows). A name or a
    word that only describes before the noun is passed over: "500 million Spotify streams" and "480
    million streams on Spotify" count streams, "20 new cases" counts cases."""
    start = mention.span[0]
    if start >= 2 and text[start - 1] == "-" and text[start - 2].isalpha() and mention.text[:1].isdigit():
        return "code"  # "the Pac-4 title", "an F-16": a name's number, no count
    after = _NOUN_AFTER.match(text, mention.span[1])
    if after is None:
        return ""
    words, word = content_words(after.group(1)), after
    for _ in range(0 if _ORDINAL.search(mention.text) else _MODIFIERS):  # "12 Premier League goals"; "sixth consecutive"
        if not words or not _modifier_only(word.group(1)):
            break
        word = _NOUN_AFTER.match(text, word.end())
        if word is None:
            break
        if "NOUN" in word_kinds(word.group(1).lower()) and (head := content_words(word.group(1))):
            words = head
            break
    if words and word is not None and (head := _noun_before_plural(text, word)) is not None and (plural := content_words(head.group(1))):
        words = plural  # "seven studio albums" counts albums
    return f"count {words[0]}" if words else ""


_ORDINAL = regex.compile(r"(?:\d(?:st|nd|rd|th)|first|second|third|th)$", regex.IGNORECASE)
_MODIFIERS = 3
"""Most words passed over before the noun a count counts."""


def _noun_before_plural(text: str, word: regex.Match[str]) -> regex.Match[str] | None:
    """The plural noun after a singular one that only says which kind ("seven *studio* albums", "20
    *police* officers"): the count's head; ``None`` when the next word is no plural noun."""
    own = word.group(1).lower()
    if own.endswith("s") or "NOUN" not in word_kinds(own):
        return None
    after = _NOUN_AFTER.match(text, word.end())
    if after is None:
        return None
    plural = after.group(1).lower()
    if not plural.endswith("s") or plural.endswith("ss") or "NOUN" not in word_kinds(plural):
        return None
    return after if "NOUN" in word_kinds(plural[:-1]) or "NOUN" in word_kinds(plural[:-2]) else None


def _modifier_only(word: str) -> bool:
    """Whether a word after a count only modifies the noun after it: a name the dictionary does
    not hold ("Spotify") or a word that is never a noun ("new", "additional")."""
    kinds = word_kinds(word.lower())
    return (not kinds and word[:1].isupper()) or (bool(kinds) and "NOUN" not in kinds and "ADJ" in kinds)


def fit(rest_values: frozenset[str], relation: frozenset[str], facts: Facts) -> float:
    """How much of the rest of the claim a statement holds (values and relation words, averaged;
    words carried over from the sentence's first clause count half)."""

    def held(part: frozenset[str]) -> float:
        return (len(part & facts.tokens) + 0.5 * len(part & facts.carried)) / len(part)

    parts = [held(part) for part in (rest_values, relation) if part]
    if not parts or any(p == 0 for p in parts):
        return 0.0
    return sum(parts) / len(parts)


def relation_words(text: str) -> frozenset[str]:
    """Content words without numbers (numbers are values, read by :func:`numbers`)."""
    return frozenset(w for w in content_words(text) if not any(ch.isdigit() for ch in w))


def coded_words(text: str) -> frozenset[str]:
    """A name's words with digits in them: "X200", a number with one letter that names an item
    ("Flat 3C", "Route 7A"; not "5m", "10k", "4h": amounts, nor "180C": degrees), and a capitalised word inside a
    sentence (not its first word) with the whole number or the letter after it that names its item ("the Ridge 2",
    "Terminal 5", "Zone B": "ridge 2", "zone b"; not a month's or a weekday's day, nor a score,
    "Leeds 2-1")."""
    temperatures = {m.group(1).lower() for m in _TEMPERATURE.finditer(text)}
    coded = {w for w in content_words(text) if any(ch.isdigit() for ch in w)
             and (not w[:1].isdigit() or _NUMBERED_ITEM.fullmatch(w) is not None) and w not in temperatures}
    coded.update(f"{m.group('name')} {m.group('number')}".lower() for m in _NAME_NUMBER.finditer(text)
                 if m.group("name").lower() not in _MONTHS and not days_named(m.group("name"))
                 and not _OPENS.search(text, max(0, m.start() - _OPENS_REACH), m.start()))
    coded.update(f"{m.group('name')} {m.group('letter')}".lower() for m in _NAME_LETTER.finditer(text))
    return frozenset(coded)


_NAME_NUMBER = regex.compile(
    r"(?<![\p{L}\p{N}])(?P<name>\p{Lu}\p{Ll}++)\s++(?P<number>\d++)"
    r"(?![.,:/]?\d|\p{L}|\s*+(?:-|\u2013|%)|\s++(?i:x|times|per|percent|out\s+of|to\s+\d))"
)
"""A capitalised word and the whole number that names it with it ("the Ridge 2", "residents of Zone 1")."""
_OPENS = regex.compile(r"(?:^|[.!?:;(]\s*+|\n\s*+)$")
_OPENS_REACH = 40
"""Characters before a name its sentence's opening is looked for in (a bounded look keeps a long text linear)."""
"""Where a sentence or a clause opens: a capitalised word there may be any word ("Over 500 people",
"Melt 2 tablespoons", "Zone 1 residents": an imperative with its amount reads like a name)."""
_NAME_LETTER = regex.compile(r"(?<=\S\s++)(?P<name>\p{Lu}\p{Ll}++)\s++(?P<letter>(?!I\b)\p{Lu})(?![\p{L}\p{N}'\u2019-])")
"""A capitalised word and the letter that tells its item apart ("Zone B", "Group A", "Plan C")."""
_MONTHS = frozenset("january february march april may june july august september october november december "
                    "jan feb mar apr jun jul aug sep sept oct nov dec".split())


_NUMBERED_ITEM = regex.compile(r"\d{1,4}[ac-fijnoqr-z]")
"""A number and a letter that names an item ("3c", "7a"), not an amount's unit ("5m", "2b", "4h")."""


_TEMPERATURE = regex.compile(r"(?<!\p{Lu}[\p{L}.]*\s+)(?<![\p{L}\p{N}])(\d{1,3}[CF])(?![\p{L}\p{N}])")
"""A number with a C or an F for its degrees, after no name ("Preheat the oven to 180C", "it hit
30C"): no item's code ("Flat 3C", "Row 12F")."""


def _tokens(text: str, nums: list[Mention]) -> frozenset[str]:
    """Words, a name's words with digits in them ("X200", "3C": :func:`coded_words`), values, and
    the days a statement names in other words (:func:`_day_words`)."""
    return (relation_words(text) | coded_words(text) | _day_words(text)
            | {f"#{k}" for m in nums for k in (m.key, *m.alts)})


WEEKDAY, WEEKEND = content_words("weekday weekend")
"""The words "weekday" and "weekend" as :func:`content_words` writes them."""


def _day_words(text: str) -> frozenset[str]:
    """"weekday" for a statement that names Monday to Friday, "weekend" for one that names Saturday
    and Sunday: "closes at 8pm on weekdays" is read against "is open 9am to 6pm Monday to Friday"
    (not the other way: a statement of weekends says nothing of Saturday alone)."""
    days = days_named(text)
    out: set[str] = set()
    if {0, 1, 2, 3, 4} <= days and len(days) < 7:
        out.add(WEEKDAY)
    if {5, 6} <= days and len(days) < 7:
        out.add(WEEKEND)
    return frozenset(out)


def sentence_facts(index: Any) -> list[Facts]:
    """The statements of an index's chunks (sentences, or the clauses of a sentence that holds
    several) with their words, numbers and names (kept on the index).

    Each distinct statement is read once (overlapping chunks repeat sentences); for long sources
    the time budget is read before each ``PROFILE_BATCH`` chunks after the first.

    Raises:
        BudgetExceededError: If the time budget was spent while reading a long source.
    """
    cached = getattr(index, "_sentence_facts", None)
    if cached is None:
        cached = []
        deadline = current_deadline()
        read: dict[str, Facts] = {}  # overlapping chunks repeat a sentence: each text is read once
        source, topic, kinds = None, frozenset(), frozenset()

        def facts_of(ci: int, text: str) -> Facts:
            found = read.get(text)
            if found is None:
                found = read[text] = _facts(ci, text)
            return found if found.chunk == ci else replace(found, chunk=ci)

        for ci, chunk in enumerate(index.chunks):
            if ci and ci % PROFILE_BATCH == 0 and deadline is not None:
                deadline.check("reading the sources' statements")
            opening = chunk.source_id != source
            if opening:  # the name the source's last sentence with one was about
                source, topic, kinds, heading = chunk.source_id, frozenset(), frozenset(), frozenset()
            for sentence in filter(None, passage_sentences(chunk.text)):  # "17.9" is no full stop
                clauses = [c.strip() for c in clauses_of(sentence, concessive=False) if len(c.strip()) >= 3]
                first = facts_of(ci, clauses[0] if len(clauses) >= 2 else sentence)
                if opening:
                    opening, heading = False, _opening_names(sentence)
                elif heading - first.tokens:  # "Tallowbase release history." - "Version 4.3 ... dark theme."
                    first = first._carry(first.carried | (heading - first.tokens))
                if PRONOUN_START.match(sentence) or _named_before(sentence, kinds):  # "It opened ...", "The scooter weighs ..."
                    first = first._carry(first.carried | (topic - first.tokens))
                elif first.names:
                    topic = frozenset(w for name in first.names for w in content_words(name))
                    kinds = frozenset(p for w in content_words(sentence) for p in w.split("-")) - topic
                if len(clauses) < 2:
                    cached.append(first)
                    continue
                carried = frozenset(t for t in first.tokens if not t.startswith("#")) | first.carried
                cached.append(first)
                for text in clauses[1:]:
                    facts = facts_of(ci, text)
                    own = {t for t in facts.tokens if not t.startswith("#")}
                    if len(own & carried) <= len(own) / 2:  # "... and the newer one in 1901": elided verb
                        facts = facts._carry(carried - facts.tokens, () if facts.names else first.names[:1])
                    cached.append(facts)
        index._sentence_facts = cached
    return cached


_MOST_HEADING_WORDS = 8
_FINITE = regex.compile(r"\b(?:is|are|was|were|has|have|had|will|would|can|could|may|must|should|does|do|did)\b",
                        regex.IGNORECASE)


def is_heading(sentence: str) -> bool:
    """Whether a source's first sentence is a heading ("Tallowbase release history.", "Harlow
    gallery shop."): a few words and no verb. Every later sentence of the source is about it."""
    words = sentence.split()
    return not (len(words) > _MOST_HEADING_WORDS or _FINITE.search(sentence) or sentence.rstrip().endswith(("?", "!"))
                or any(verb_only(w.strip(".,:;\"'").lower()) for w in words))


def _heading_names(sentence: str) -> frozenset[str]:
    """The words of the names of a source's heading (:func:`is_heading`): they are carried into
    every later sentence of the source (half weight)."""
    if not is_heading(sentence):
        return frozenset()
    return frozenset(w for name in entities(sentence) for w in content_words(name.text))


_TITLE = regex.compile(r"\s*+([^:.!?\n]{3,60}):\s++(?=\p{Ll})")
"""A title before a colon that opens a source and the text it heads ("Slow-roast lamb shoulder: roast
at ..."; not a headline's "Spoilers: Heather Moves Back ...", whose subject is its own)."""
_MOST_TITLE_WORDS = 6
_SOURCE_LABEL = regex.compile(r"\s*+(?:passage|document|source|context|article|text|question|answer|note)\b", regex.IGNORECASE)


def _opening_names(sentence: str) -> frozenset[str]:
    """The words of the names a source opens with, carried into every later sentence of it (half
    weight): its heading's (:func:`_heading_names`), all the words of a title before a colon
    (:data:`_TITLE`, a heading of its own: "Slow-roast lamb shoulder: roast at 160°C ..."), or those of its first sentence's subject
    ("Larchfield Surgery has four GPs." - "Dr Ruth Ellison runs the women's health clinic.": the
    clinic is the surgery's)."""
    heading = _heading_names(sentence)
    if heading:
        return heading
    title = _TITLE.match(sentence)
    if (title is not None and len(title.group(1).split()) <= _MOST_TITLE_WORDS and not _FINITE.search(title.group(1))
            and not _SOURCE_LABEL.match(title.group(1))):
        return frozenset(content_words(title.group(1)))  # "Slow-roast lamb shoulder: roast at 160°C ..."
    verb = STATEMENT_VERB.search(sentence)
    if verb is None:
        return frozenset()
    return frozenset(w for name in entities(sentence[: verb.start()]) for w in content_words(name.text))


def _facts(ci: int, text: str) -> Facts:
    nums = numbers(text)
    return Facts(
        ci, text, _tokens(text, nums), {m.key: number_class(text, m) for m in nums},
        LexicalProfile([text]), tuple(e.key for e in entities(text)),
    )
