"""Lexical evidence: numbers, dates, quoted strings, negation, content words (names: ``_entities``).

All functions are pure and cheap; they work on plain strings and return character spans where a
finding needs one.
"""

from __future__ import annotations

import math

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

import regex

from lexguard.grounding.signals._batched import PROFILE_BATCH, joined_batches
from lexguard.grounding.signals._names import NameFacts, core_name
from lexguard.grounding.signals._us_states import state_code
from lexguard.grounding.signals._words import WORD as _WORD
from lexguard.grounding.signals._words import norm as _norm
from lexguard.grounding.signals._words import stem as _stem
from lexguard.grounding.signals._spans import Taken
from lexguard.grounding.signals._dates import dates, stated_keys
from lexguard.grounding.signals._times_written import durations, hour_parts, quarters, times
from lexguard.grounding.signals._ratios import ratio_parts, ratios
from lexguard.grounding.signals._written import (
    fold_digits,
    fractions,
    ordinal_alts,
    ordinal_keys,
    percent_alts,
    scientific,
    word_numbers,
)

__all__ = [
    "Mention",
    "LexicalProfile",
    "content_words",
    "has_negation",
    "key_value",
    "numbers",
    "quotes",
    "strip_markdown",
]

_ATTACHED_DIGITS = regex.compile(r"(?<=\p{L})\d++(?:\.\d++)?|(?<![\d.])\d++(?:\.\d++)?(?=\p{L})")
"""Digits glued to letters ("A380", "in1947", "4000mAh"), tried only where a run of digits starts
and never given back: from inside a run of 4,000 digits the search took 21 s."""
_SCALE = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9, "b": 1e9,
          "trillion": 1e12, "tn": 1e12}
_NUMBER = regex.compile(
    r"(?<![\w.])[-\u2212]?\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d_])"  # 1,000,000.5 (a unit may follow: "4,000mAh")
    r"|(?<![\w.])[-\u2212]?\$?\d+(?:_\d+)+(?:\.\d+)?(?!\w)"  # 1_000_000 ("_" joins groups of any size)
    r"|(?<![\w.])[-\u2212]?\$?\d{1,3}(?P<sep>['\u2019\u00a0\u202f\u2009])\d{3}(?:(?P=sep)\d{3})*(?:\.\d+)?(?!\w)"  # 1'500'000
    r"|(?<![\w.])[-\u2212]?\$?\d{1,3}(?: \d{3}){2,}(?:\.\d+)?(?!\w)"  # 1 500 000 (one plain-space group is two numbers)
    r"|(?<![\w.])[-\u2212]?\$?(?P<dotted>\d{1,3}(?:\.\d{3}){2,}(?:,\d+)?)(?!\w|[.,]\d)"  # 1.500.000,5 (one dot group: a decimal)
    r"|(?<![\w.,])[-\u2212]?\$?\d+(?:\.\d+)?(?:st|nd|rd|th|s)?(?![\w]|\.\d+[a-zA-Z])"  # 42, 3.5, 1990s, 21st (not the "2" of "2.4m")
    r"|(?<![\w.])\$?\d+(?:\.\d+)?(?=%|[a-zA-Z]{1,3}\b)"  # 5%, 10km, 3pm
    r"|(?<![\w.])[-\u2212]?\$?\d+(?:\.\d+)?(?=(?i:thousand|million|billion|trillion)\b)"  # £1.2million, as British news writes it
)
_SCRIPT_DIGITS = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089"
_SCRIPT_RUN = regex.compile(f"[{_SCRIPT_DIGITS}]+")
_TO_ASCII = str.maketrans(_SCRIPT_DIGITS, "0123456789" * 2)
_MAX_EXPONENT = 300
_MONEY = regex.compile(r"[$\u20ac\u00a3\u00a5]")
_SCALE_AFTER = regex.compile(r"\s*(thousand|million|billion|trillion|bn|mn|tn|k|m|b)\b", regex.IGNORECASE)
_QUOTE = regex.compile(r"[\"\u201c]([^\"\u201c\u201d]{3,200})[\"\u201d]|(?<!\w)'([^']{3,200})'(?!\w)")
_NEGATION = regex.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without|cannot|unable|lack|lacks|lacking|"
    r"fail|fails|failed)\b|n[\u2019']t\b",
    regex.IGNORECASE,
)
_NON_DIGIT = regex.compile(r"[^\d.]")
_LETTER = regex.compile(r"[a-zA-Z]")
_WHITESPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
"""Exactly the characters ``regex``'s ``\\s`` matches (``str.isspace`` minus ``\\x1c``-``\\x1f``)."""
_SENTENCE_OPENERS = frozenset('.!?:;\n"\u201c(*-\u2022')
_MARKDOWN = regex.compile(r"\*\*|__|`|^#+\s+|^\s*[-*+]\s+", regex.MULTILINE)

STOPWORDS = frozenset(
    """
    a an the and or but if then than so as of at by for from in into on onto to with within without
    about above after again against all also am are aren't be been before being below between both
    can could did do does doing down during each few further had has have having he her here hers
    herself him himself his how i i'm is it it's its itself just me more most my myself nor not now
    off once only other our ours ourselves out over own same she should some such that that's their
    theirs them themselves there these they this those through too under until up very was we were
    what when where which while who whom why will would you your yours yourself yourselves may might
    must shall however therefore thus overall additionally furthermore moreover also based provided
    according passage passages text article source sources information mentioned given states stated
    says said one ones get got make made many much well like including include includes included
    """.split()
)
@dataclass(frozen=True, slots=True)
class Mention:
    """A number, entity or quote found in a text.

    Attributes:
        text: The surface form.
        span: ``(start, end)`` offsets in the analysed text.
        key: Normalised form used for matching (a float as text, a lower-cased name, ...).
        alts: Other keys the same words may equally mean ("75%" is also 0.75; "05/06/1937" is
            5 June or 6 May).
    """

    text: str
    span: tuple[int, int]
    key: str
    alts: tuple[str, ...] = ()


def strip_markdown(text: str) -> str:
    """Remove emphasis, code ticks, heading and bullet marks (for embedding)."""
    return _MARKDOWN.sub("", text).strip()


def _format_value(value: float) -> str:
    return f"{value:.6g}"


def _fold_script_digits(text: str) -> tuple[str, dict[int, str]]:
    """``text`` with superscript / subscript digits read, one character for one (spans keep).

    A run that stands alone ("in ¹⁶⁵⁰") becomes ASCII digits; a run attached to a letter or digit
    ("m²", "tall¹", "1889²", "10⁶") becomes spaces, and is returned as ``{offset: digits}`` so
    that a power of ten can be read ("10⁶" is a million; a marker after another number is a
    footnote).
    """
    if _SCRIPT_RUN.search(text) is None:
        return text, {}
    chars = list(text)
    attached: dict[int, str] = {}
    for run in _SCRIPT_RUN.finditer(text):
        start, end = run.span()
        digits = run.group().translate(_TO_ASCII)
        if start and text[start - 1].isalnum():
            chars[start:end] = " " * (end - start)
            attached[start] = digits
        else:
            chars[start:end] = digits
    return "".join(chars), attached


def key_value(key: str) -> float | None:
    """The value of a number's key ("1.5e+06": 1500000.0); ``None`` for a date's or time's key
    ("date:1937-05-27") and for a value that is not finite."""
    try:
        value = float(key)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def numbers(text: str) -> list[Mention]:
    """Numbers in ``text``: digits (any script, grouped any way, scaled, attached to letters:
    "于1947年", "A380"), dates, times, quarters ("Q2", "the second quarter"), scientific notation,
    fractions, ratios ("one in five adults": :mod:`lexguard.grounding.signals._ratios`) and number words.

    ``"1,500"``, ``"1'500"``, ``"1.5 thousand"`` and ``"one thousand five hundred"`` share the key
    ``"1500"``; "10⁶" is a million, "1889²" a footnote. The forms other than digits are read by
    :mod:`lexguard.grounding.signals._written`. Spans index ``text`` as given.
    """
    scan, attached = _fold_script_digits(fold_digits(text))
    found: list[Mention] = []
    taken = Taken()
    for item in (*dates(scan), *durations(scan), *times(scan), *hour_parts(scan), *quarters(scan), *scientific(scan, attached),
                 *fractions(scan), *ratios(scan)):
        if not taken.hits(item.span):
            start, end = item.span
            found += [Mention(text[start:end], item.span, key, item.alts if key == item.key else ())
                      for key in (item.key, *item.parts)]
            taken.append(item.span)
    for match in _NUMBER.finditer(scan):
        mention = None if taken.hits(match.span()) else _digit_mention(text, scan, match, attached)
        if mention is not None:
            found.append(mention)
            taken.append(mention.span)
    for match in _ATTACHED_DIGITS.finditer(scan):  # digits glued to letters: "A380", "in1947"
        if not taken.hits(match.span()):
            found.append(Mention(match.group(), match.span(), _format_value(float(match.group()))))
            taken.append(match.span())
    found += [Mention(text[a:b], (a, b), key, alts) for (a, b), key, alts in word_numbers(scan, taken)]
    found.sort(key=lambda m: m.span)
    return found


def _digit_mention(text: str, scan: str, match: regex.Match[str], attached: dict[int, str]) -> Mention | None:
    """The number of one match of the digit pattern (with its scale word, power or percent)."""
    raw = match.group(0)
    if match.group("dotted"):  # dots group the thousands, a comma marks the decimals
        raw = raw.replace(".", "").replace(",", ".")
    digits = _NON_DIGIT.sub("", raw.replace("\u2212", "-")).strip(".")
    if not digits or digits.count(".") > 1:
        return None
    value = float(digits)
    end = match.end()
    exponent = attached.get(end)
    if exponent is not None and digits == "10" and int(exponent) <= _MAX_EXPONENT:
        value, end = 10.0 ** int(exponent), end + len(exponent)  # "10⁶"
    scale = _SCALE_AFTER.match(scan, end)
    money = _MONEY.search(scan, max(0, match.start() - 3), match.start() + 1) is not None
    glued_word = scale is not None and len(scale.group(1)) > 3  # "1.2million": a scale word, however written
    if scale and (money or glued_word or not _LETTER.match(scan, end, end + 1)) and (len(scale.group(1)) > 1 or money):
        # "m" / "k" / "b" scale money ("$3 m", "£2.4m", "$3bn"); "330 m tall" is metres, "10km" a length
        value *= _SCALE[scale.group(1).lower()]
        end = scale.end()
    alts = percent_alts(scan, end, value) + ordinal_alts(raw)
    return Mention(text[match.start():end], (match.start(), end), _format_value(value), alts)


def quotes(text: str) -> list[Mention]:
    """Quoted strings (double quotes, curly quotes, or single quotes around several words)."""
    out = []
    for match in _QUOTE.finditer(text):
        group = 1 if match.group(1) is not None else 2
        inner = match.group(group).strip()
        if group == 2 and " " not in inner:
            continue
        out.append(Mention(inner, match.span(group), _norm(inner)))
    return out


def _at_sentence_start(text: str, start: int) -> bool:
    """Whether ``text[:start]`` matches ``(?:^|[.!?:;\\n"\u201c(*\\-\u2022]\\s*)$``, in O(trailing space).

    The regex (kept in the tests as the reference) matches when the prefix is empty, or its
    trailing run of whitespace holds a newline, or the last character before that run opens
    a sentence. A whitespace-only prefix without a newline does *not* match.
    """
    if start == 0:
        return True
    head_end = start
    while head_end and text[head_end - 1] in _WHITESPACE:
        head_end -= 1
    if head_end < start and "\n" in text[head_end:start]:
        return True
    return head_end > 0 and text[head_end - 1] in _SENTENCE_OPENERS


def has_negation(text: str) -> bool:
    """Whether the text contains a negation word ("not", "never", "n't", "without", ...)."""
    return _NEGATION.search(text) is not None


def content_words(text: str) -> list[str]:
    """Lower-cased, crudely stemmed words of ``text`` that are not stopwords (nor a stopword with
    its contraction: "he's", "they're")."""
    return [_stem(w) for w in _WORD.findall(text.lower())
            if w not in STOPWORDS and len(w) > 1 and _CONTRACTED.sub("", w) not in STOPWORDS]


_CONTRACTED = regex.compile(r"['\u2019](?:s|re|ve|ll|d|m)$")


_LETTERED = regex.compile(r"\p{Lu}\p{Ll}+\s\p{Lu}$")
"""A name that ends in the capital letter that tells its item apart ("Group A", "Zone B")."""


class LexicalProfile:
    """Pre-computed lexical facts of a set of source texts, for fast membership tests.

    Words, text and numbers are read :data:`PROFILE_BATCH` texts at a time, the time budget
    read between batches (``BudgetExceededError`` when spent).

    Args:
        texts: The source texts (or chunk texts).
    """

    def __init__(self, texts: Iterable[str]) -> None:
        self._parts = tuple(texts)
        self._joined = "\n".join(self._parts)
        parts = joined_batches(self._parts, self._joined, "reading the sources' words")
        self.words = {w for part in parts for w in content_words(part)}

    # The other facts are computed on first use: per-chunk profiles only ever need ``words``.
    @cached_property
    def text(self) -> str:
        """The normalised texts (lower-cased, stemmed words joined by spaces)."""
        parts = joined_batches(self._parts, self._joined, "reading the sources' text")
        return " ".join(t for t in map(_norm, parts) if t)

    @cached_property
    def padded(self) -> str:
        """:attr:`text` with a space on each side, for word-aligned phrase tests."""
        return f" {self.text} "

    @cached_property
    def squashed(self) -> str:
        """:attr:`text` without spaces."""
        return self.text.replace(" ", "")

    @cached_property
    def numbers(self) -> set[str]:
        """Keys of the numbers in the texts, with the other readings of each, what a full date
        also states (its month, its day), the positions ordinal words give ("first": ``ord:1``) and
        the two numbers of a ratio ("one out of 200": 1 and 200)."""
        keys: set[str] = set()
        for part in joined_batches(self._parts, self._joined, "reading the sources' numbers"):
            keys |= {k for m in numbers(part) for key in (m.key, *m.alts) for k in stated_keys(key)}
            keys |= ordinal_keys(part) | ratio_parts(part)
        return keys

    def has_phrase(self, key: str) -> bool:
        """Whether a normalised phrase occurs in the texts (word-aligned)."""
        return bool(key) and f" {key} " in self.padded

    @cached_property
    def names(self) -> NameFacts:
        """What the texts hold for matching a name written another way (:mod:`._names`)."""
        return NameFacts(self._joined)

    def has_entity(self, key: str, surface: str | None = None) -> bool:
        """Whether a name (normalised ``key``, written ``surface``) occurs, all of its words occur
        in the texts, or the texts write it another way (:meth:`NameFacts.gives`)."""
        if self.has_phrase(key):
            return True
        state = state_code(key)
        if state and self.has_phrase(state):
            return True
        if key.endswith("s") and len(key) > 3 and self.has_phrase(key[:-1]):
            return True  # "Roth IRAs" beside "Roth IRA"
        words = [w for w in key.split() if w not in STOPWORDS]
        # "Group A", "Plan B": the letter tells the item apart, and "a" is a word of any text
        if _LETTERED.search(surface or "") is not None and not self.has_phrase(" ".join(key.split()[-2:])):
            return False
        if words and all(w in self.words or f" {w} " in self.padded or self.names.country_written_otherwise(w)
                         for w in words):
            return True  # "Hana Gebremedhin of Ethiopia" beside "Ethiopian runner Hana Gebremedhin"
        if self.names.gives(surface or key, key):
            return True
        owner, mark, owned = (surface or "").replace("\u2019", "'").partition("'s ")
        if mark and owner.strip() and owned.strip():  # "ESA's Aurelis": the agency and its probe, each given
            return self.has_entity(_norm(owner), owner) and self.has_entity(_norm(owned), owned)
        core = core_name(surface or key)  # "Senator Mark Udall": "Mark Udall"
        return core != (surface or key) and self.has_entity(_norm(core), core)
