"""Numbers as people write them: number words, scientific notation, fractions, percentages, times.

:func:`lexguard.grounding.signals._lexical.numbers` reads plain digits; this module reads the other ways a
value is written, so that a correct value written another way is recognised ("27/05/1937" for
"27 May 1937", "three hundred and thirty" for "330", "3.3 x 10^2" for "330", "three quarters"
for "75%") and a wrong one disguised as another form is not ("27 June 1937" for "27 May 1937").

Every reader returns :class:`Written` values: a span, the key the value is matched by, and the
other keys it may equally be read as (``alts``: the other reading of an ambiguous numeric date,
a percentage as a fraction and back). Dates are read by :mod:`._dates`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import regex
from text_to_num import find_numbers

from lexguard.grounding.signals._spans import Taken, overlaps
from lexguard.grounding.signals._words import no_noun

__all__ = [
    "Written",
    "fold_digits",
    "hour_parts",
    "fractions",
    "number_words",
    "ordinal_alts",
    "ordinal_keys",
    "percent_alts",
    "quarters",
    "scientific",
    "times",
    "word_numbers",
]


@dataclass(frozen=True, slots=True)
class Written:
    """A value read from text written in words, as a date, a fraction or in scientific notation.

    Attributes:
        span: ``(start, end)`` offsets in the text.
        key: The key it is matched by (a number as ``f"{value:.6g}"``, or a ``date:`` key).
        alts: Other keys the same words may mean (ambiguous dates, percent / fraction).
        parts: Keys of the plain numbers the text also states (a date's day and year).
    """

    span: tuple[int, int]
    key: str
    alts: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()


def _fmt(value: float) -> str:
    return f"{value:.6g}"


_PART_OF_HOUR = regex.compile(
    r"\b(?:(?P<half>half)(?:\s++an|-)?\s*+hour|(?:a\s++)?(?P<quarter>quarter)\s++of\s++an\s++hour"
    r"|(?P<three>three[\s-]++quarters)\s++of\s++an\s++hour|(?P<and_half>an|one)\s++hour\s++and\s++a\s++half)\b",
    regex.IGNORECASE,
)
_HOUR_PART_MINUTES = {"half": 30, "quarter": 15, "three": 45, "and_half": 90}


def hour_parts(text: str) -> list[Written]:
    """Parts of an hour in words, as their minutes: "half an hour", "every half hour" (30), "a
    quarter of an hour" (15), "three quarters of an hour" (45), "an hour and a half" (90); the
    key is the minutes, and the phrase's last word ("hour", "half") tells no other unit."""
    return [Written(m.span(), _fmt(_HOUR_PART_MINUTES[m.lastgroup])) for m in _PART_OF_HOUR.finditer(text)]


_CLOCK_12 = regex.compile(
    r"(?<![\w.:])(?P<h>\d{1,2})(?:[:.](?P<m>[0-5]\d))?\s*(?P<half>[ap])\.?\s?m\b\.?", regex.IGNORECASE
)
_NOON = regex.compile(r"(?<![\w:.])(?:12\s*)?\b(noon|midday|midnight)\b", regex.IGNORECASE)
"""Noon and midnight ("closes at noon", "12 noon"): 12:00 and 00:00."""
_HOURS = {w: n for n, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
_HOUR = r"(?:" + "|".join(_HOURS) + r"|1[0-2]|[1-9])"
_CLOCK_WORDS = regex.compile(
    rf"(?:(?<=\b(?:at|until|till|by|before|around|about)\s+)"
    rf"(?P<rel>half|(?:a\s+)?quarter|ten|five|twenty|twenty-five)\s+(?P<dir>past|after|to)\s+(?P<h>{_HOUR})\b"
    rf"|(?P<o>{_HOUR})\s+o['\u2019]clock"
    rf"|(?<=\b(?:at|until|till|by|before|after|around|about|from|to|and|between)\s+)(?P<p>{_HOUR})(?=\s+(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night)\b))\b"
    r"(?:\s*(?P<half>[ap])\.?\s?m\b\.?|\s+(?P<part>in\s+the\s+(?:morning|afternoon|evening)|at\s+night))?",
    regex.IGNORECASE,
)
"""A time of day in words: "at half past five", "until a quarter to eight" (after a word that says
when: "within five to seven working days" is a range), "seven o'clock" ("in the evening"), "8 in
the morning", "one in the afternoon"."""
_MINUTES = {"half": 30, "quarter": 15, "ten": 10, "five": 5, "twenty": 20, "twenty-five": 25}


def _clock_words(match: regex.Match[str]) -> tuple[str, tuple[str, ...]]:
    """The key of a time in words, and the other half of the day when it says neither."""
    word = (match.group("h") or match.group("o") or match.group("p")).lower()
    hour = _HOURS.get(word) or int(word)
    minute = 0
    if match.group("rel"):
        minute = _MINUTES[match.group("rel").lower().split()[-1]]
        if match.group("dir").lower() == "to":
            hour, minute = hour - 1 or 12, 60 - minute
    part = (match.group("half") or match.group("part") or "").lower()
    later = part.startswith("p") or any(w in part for w in ("afternoon", "evening", "night"))
    if part:
        hour = hour % 12 + (12 if later else 0)
        return f"time:{hour:02d}:{minute:02d}", ()
    return f"time:{hour % 12:02d}:{minute:02d}", (f"time:{hour % 12 + 12:02d}:{minute:02d}",)


_CLOCK_24 = regex.compile(r"(?<![\w.:/])(?P<h>[01]?\d|2[0-4]):(?P<m>[0-5]\d|0)(?![\d:/])")  # "3:2" is a score
_CLOCK_DOT = regex.compile(
    r"(?<=\b(?:at|from|until|till|to|by|before|after|between|and|opens|closes)\s++)"
    r"(?P<h>[01]?\d|2[0-4])\.(?P<m>[0-5]\d)(?![\d\p{L}]|[.,]\d|\s*+(?:%|per\s*cent\b|percent\b|\p{Sc}))"
    r"(?!\s++(?!(?:every|each|on|daily|and|until|till|to|or|at|from|hrs|hours|local|sharp|the|in|when|for|with|but"
    r"|except|weekdays|weekends|mon|tue|wed|thu|fri|sat|sun)\w*\b)\p{L})",
    regex.IGNORECASE,
)
"""A time with a dot ("opens at 7.30", "until 21.00") after a word that says when, with no unit or
percent after it: a time, and the decimal it also is (an alternative reading)."""


_QUARTER = regex.compile(
    r"(?<![\w])(?:Q(?P<q>[1-4])|(?P<n>[1-4])Q)(?![\w])"
    r"|\b(?P<w>first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+|financial\s+)?quarter\b",
    regex.IGNORECASE,
)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}


def quarters(text: str) -> list[Written]:
    """Quarters of a year: "Q2", "2Q", "the second quarter", "4th fiscal quarter" (key ``quarter:N``)."""
    found = []
    for match in _QUARTER.finditer(text):
        digit = match.group("q") or match.group("n")
        number = int(digit) if digit else _ORDINALS[match.group("w").lower()]
        found.append(Written(match.span(), f"quarter:{number}"))
    return found


def times(text: str) -> list[Written]:
    """Times of day: "9 pm", "9:00 PM", "9.30 a.m.", "21:00", "21:0" (as structured data writes it), "noon",
    "half past five", "a quarter to eight", "seven o'clock" (either half of the day, unless it says which).

    Keys are ``time:HH:MM`` on a 24-hour clock ("12 am" is 00:00, "24:00" is 00:00). A time
    without am / pm is read on the 24-hour clock ("9:00" is morning): an evening hour must say
    so. The hour and minutes are not also read as plain numbers.
    """
    found: list[Written] = [Written(m.span(), "time:00:00" if m.group(1).lower() == "midnight" else "time:12:00")
                            for m in _NOON.finditer(text)]
    for match in _CLOCK_WORDS.finditer(text):  # "half past five" is 05:30 or 17:30
        key, alts = _clock_words(match)
        found.append(Written(match.span(), key, alts))
    for match in _CLOCK_12.finditer(text):
        if overlaps(match.span(), [w.span for w in found]):
            continue
        hour, minute = int(match.group("h")), int(match.group("m") or 0)
        if hour > 12:
            continue
        hour = hour % 12 + (12 if match.group("half").lower() == "p" else 0)
        found.append(Written(match.span(), f"time:{hour:02d}:{minute:02d}"))
    for match in _CLOCK_24.finditer(text):
        if overlaps(match.span(), [w.span for w in found]):
            continue
        hour, minute = int(match.group("h")) % 24, int(match.group("m"))
        found.append(Written(match.span(), f"time:{hour:02d}:{minute:02d}"))
    for match in _CLOCK_DOT.finditer(text):
        if not overlaps(match.span(), [w.span for w in found]):
            hour, minute = int(match.group("h")) % 24, int(match.group("m"))
            found.append(Written(match.span(), f"time:{hour:02d}:{minute:02d}", (f"{float(match.group()):g}",)))
    return found


_SCI = regex.compile(
    r"(?<![\w.])(?P<mantissa>[-\u2212]?\d+(?:\.\d+)?)"
    r"(?:\s*[x\u00d7*]\s*10\s*(?:\^|\*\*)\s*(?P<power>[-\u2212+]?\d{1,3})|[eE](?P<e>[-+]?\d{1,3}))(?![\w.])"
)
_SCI_SUPERSCRIPT = regex.compile(r"(?<![\w.])(?P<mantissa>[-\u2212]?\d+(?:\.\d+)?)\s*[x\u00d7*]\s*10(?=\s)")


def scientific(scan: str, attached: dict[int, str]) -> list[Written]:
    """Scientific notation: "3.3e2", "3.3 x 10^2", "3.3 × 10**2" and "3.3 × 10²" (330).

    Args:
        scan: The text with superscript digits folded (see ``_lexical._fold_script_digits``).
        attached: Offsets of superscript runs attached to the character before them.
    """
    found = []
    for match in _SCI.finditer(scan):
        power = (match.group("power") or match.group("e")).replace("\u2212", "-")
        value = float(match.group("mantissa").replace("\u2212", "-")) * 10.0 ** int(power)
        found.append(Written(match.span(), _fmt(value)))
    for match in _SCI_SUPERSCRIPT.finditer(scan):
        power = attached.get(match.end())
        if power is not None:
            value = float(match.group("mantissa").replace("\u2212", "-")) * 10.0 ** int(power)
            found.append(Written((match.start(), match.end() + len(power)), _fmt(value)))
    return found


_DENOMINATORS = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4, "fourths": 4,
    "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8, "tenth": 10, "tenths": 10,
}  # fmt: skip
_NUMERATORS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "seven": 7, "nine": 9}
_WORD_FRACTION = regex.compile(
    r"\b(?P<num>" + "|".join(_NUMERATORS) + r")[\s-]+(?P<den>" + "|".join(sorted(_DENOMINATORS, key=len, reverse=True))
    + r")\b",
    regex.IGNORECASE,
)
_OF = regex.compile(r"\s+(?:of|off)\b", regex.IGNORECASE)
_HALF_SCALE = regex.compile(r"\bhalf\s+an?\s+(thousand|million|billion)\b", regex.IGNORECASE)
_OF_SCALE = regex.compile(r"\s+of\s+an?\s+(thousand|million|billion)\b", regex.IGNORECASE)
_DIGIT_FRACTION = regex.compile(r"(?<![\w./-])(?P<num>\d{1,3})/(?P<den>\d{1,3})(?![\w]|[./-]\d)")


def fractions(text: str) -> list[Written]:
    """Fractions: "3/4", "three quarters", "a third", "two-thirds" (key: the value; alt: percent).

    "a half" and "half" alone are ratio words the derivation rule reads; they are not repeated
    here unless they have a numerator other than one ("three halves").
    """
    found = []
    for match in _DIGIT_FRACTION.finditer(text):
        num, den = int(match.group("num")), int(match.group("den"))
        if den and num < den:
            found.append(Written(match.span(), _fmt(num / den), (_fmt(100 * num / den),)))
    for match in _HALF_SCALE.finditer(text):  # "half a million": 500,000
        found.append(Written(match.span(), _fmt(0.5 * _SCALES[match.group(1).lower()])))
    for match in _WORD_FRACTION.finditer(text):
        num = _NUMERATORS[match.group("num").lower()]
        den = match.group("den").lower()
        value = num / _DENOMINATORS[den]
        scale = _OF_SCALE.match(text, match.end())
        if scale is not None:  # "a quarter of a million": 250,000
            found.append(Written((match.start(), scale.end()), _fmt(value * _SCALES[scale.group(1).lower()])))
            continue
        if num == 1 and (value == 0.5 or not _OF.match(text, match.end())):
            continue  # "a third customer" is an ordinal; "a third of them", "a fifth off" a fraction
        found.append(Written(match.span(), _fmt(value), (_fmt(100 * value),)))
    return found


_PERCENT_AFTER = regex.compile(r"\s*(?:%|per\s?cent\b|percent\b)", regex.IGNORECASE)


def percent_alts(text: str, end: int, value: float) -> tuple[str, ...]:
    """A number followed by "%" / "percent" may also be read as a fraction ("75%": 0.75)."""
    return (_fmt(value / 100),) if _PERCENT_AFTER.match(text, end) else ()


_AND_A_HALF = regex.compile(r"\s+and\s+a\s+half\b(?:\s+(?P<scale>thousand|million|billion)\b)?", regex.IGNORECASE)
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9}


class _Token:
    """A word for ``text_to_num.find_numbers`` (its ``Token`` protocol)."""

    __slots__ = ("match",)

    def __init__(self, match: regex.Match[str]) -> None:
        self.match = match

    def text(self) -> str:
        return self.match.group()

    def nt_separated(self, previous: object) -> bool:  # noqa: ARG002 - protocol signature
        return False

    def not_a_number_part(self) -> bool:
        return False


_DESCRIBED = regex.compile(r"-(\p{L}+)")
"""The word a number is joined to by a hyphen ("two-*year*")."""
_TENS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_UNITS_PART = (
    r"(?:one|two|three|four|five|six|seven|eight|nine|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b"
)
_SCALE_PART = r"(?:hundred|thousand|million|billion|trillion)(?:th)?\b"
_TOKEN = regex.compile(
    r"(?:" + _TENS + r"-(?=" + _UNITS_PART + r")|[\p{L}\p{N}]+-(?=" + _SCALE_PART + r"))*[\p{L}\p{N}]+|[^\s]",
    regex.IGNORECASE,
)
"""A word for ``text2num``; a hyphen joins a tens word to its unit ("twenty-five", "twenty-second")
or a number to its scale ("two-hundred") only, so "a two-year warranty", "a twelve-mile loop" and
"a three-second memory" read 2, 12 and 3 (the whole compound was no number)."""
_HAS_NUMBER_WORD = regex.compile(
    r"\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|\w+ty|hundred|thousand"
    r"|million|billion|trillion|\w+(?:st|nd|rd|th))\b",
    regex.IGNORECASE,
)


def number_words(text: str) -> list[tuple[tuple[int, int], float, bool]]:
    """Numbers written in words, read by ``text2num``: "three hundred and thirty", "twenty-five".

    Returns:
        ``(span, value, is_ordinal)`` for each number, in order.
    """
    if _HAS_NUMBER_WORD.search(text) is None:
        return []
    tokens = [_Token(m) for m in _TOKEN.finditer(text)]
    out = []
    for occurrence in find_numbers(tokens, "en", threshold=0):
        first, last = tokens[occurrence.start], tokens[occurrence.end - 1]
        if any(ch.isdigit() for t in tokens[occurrence.start : occurrence.end] for ch in t.text()):
            continue  # digits are read by the number pattern
        value, end = float(occurrence.value), last.match.end()
        joined = _DESCRIBED.match(text, end)
        if joined is not None and no_noun(joined.group(1).lower()):
            continue  # "three-dimensional", "fourth-dimensional": a description, not a quantity
        half = _AND_A_HALF.match(text, end)
        if half is not None and not occurrence.is_ordinal:  # "two and a half million"
            value = (value + 0.5) * _SCALES.get((half.group("scale") or "").lower(), 1.0)
            end = half.end()
        out.append(((first.match.start(), end), value, bool(occurrence.is_ordinal)))
    return out


@lru_cache(maxsize=256)
def _digit_table(chars: str) -> dict[int, str]:
    return {ord(c): str(unicodedata.digit(c)) for c in chars}


_OTHER_DIGIT = regex.compile(r"[\p{Nd}--[0-9]]", regex.V1)
_UNSPACED = regex.compile(r"[\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}\p{Thai}\p{Lao}\p{Khmer}\p{Myanmar}]")
_UNDERSCORE = regex.compile(r"_(?!\d)|(?<!\d)_")


def fold_digits(text: str) -> str:
    """``text`` with digits of every script read as ASCII digits, one character for one.

    Letters of scripts written without spaces between words (Chinese, Japanese, Korean, Thai,
    ...) become spaces, so that digits attached to them are read ("于1947年" holds 1947), and so
    do underscores that join words rather than digit groups ("The_tower_is_540_metres_tall").
    """
    if text.isascii():
        return _UNDERSCORE.sub(" ", text) if "_" in text else text
    others = "".join(dict.fromkeys(_OTHER_DIGIT.findall(text)))
    if others:
        text = text.translate(_digit_table(others))
    text = _UNSPACED.sub(" ", text)
    return _UNDERSCORE.sub(" ", text) if "_" in text else text


_NUMBER_WORDS = {"half": 0.5, "dozen": 12, "twice": 2, "double": 2, "triple": 3, "thrice": 3}
"""Quantity words ``text2num`` does not read (it reads "two", "thirty", "hundred", "fifth")."""
_NOT_QUANTITIES = frozenset({"one", "first", "second", "single", "once"})
_RANK_BEFORE = regex.compile(r"\b(?:number|no\.|rank(?:ed)?)\s+$", regex.IGNORECASE)
"""Words after which "one" is a position: "debuted at number one" (beside "number three")."""
_HOW_OFTEN = regex.compile(r"\s+(?:a|an|per|each|every)?\s*(?:day|daily|week|weekly|month|monthly|year|yearly|night|nightly)\b",
                          regex.IGNORECASE)
""""twice daily" says how often, no quantity: "take 500 mg twice daily" gives no 2 to multiply."""
_RANK_AFTER = regex.compile(
    r"\s*(?:[.,;:!?)\u2014]|$)|\s+(?:on|in|at|spot|position|place|seed|ranking|hit|single|album|song|pick|overall|for)\b",
    regex.IGNORECASE,
)
"""What follows "number one" as a position ("at number one on the chart", "the number one seed"),
not an idiom ("our number one priority")."""
_WORD_NUMBER = regex.compile(r"\b(" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")\b", regex.IGNORECASE)


_DOZENS = regex.compile(
    r"\b(?P<n>\d{1,3}|half\s+a|" + "|".join(_HOURS) + r")\s+dozen\b(?!\s+of\b)", regex.IGNORECASE
)
"""A count of dozens: "two dozen children" is 24, "half a dozen" 6 ("dozens of" is no count)."""


def word_numbers(scan: str, taken: Taken) -> list[tuple[tuple[int, int], str, tuple[str, ...]]]:
    """Numbers written in words ("three hundred and thirty", "twice", "a dozen", "two dozen") outside
    ``taken`` (which grows by their spans): ``(span, key, alts)`` each."""
    found = []
    for match in _DOZENS.finditer(scan):
        if not taken.hits(match.span()):
            count = match.group("n").lower()
            n = 0.5 if count.startswith("half") else int(count) if count.isdigit() else _HOURS[count]
            found.append((match.span(), _fmt(n * 12), ()))
            taken.append(match.span())
    for span, value, _ordinal in number_words(scan):
        word = scan[span[0] : span[1]].lower()
        ranked = (word == "one" and _RANK_BEFORE.search(scan, max(0, span[0] - 12), span[0]) is not None
                  and _RANK_AFTER.match(scan, span[1]) is not None)  # not "one of the best", "number one priority"
        if (word in _NOT_QUANTITIES and not ranked) or word.endswith("s") or taken.hits(span):
            continue  # not a quantity: "one of the", "second half", "loved ones", "hundreds of", "the sixties"
        found.append((span, _fmt(value), percent_alts(scan, span[1], value)))
        taken.append(span)
    for match in _WORD_NUMBER.finditer(scan):  # what text2num does not read: "half", "dozen", "twice"
        if not taken.hits(match.span()) and not _HOW_OFTEN.match(scan, match.end()):
            found.append((match.span(), _fmt(_NUMBER_WORDS[match.group(1).lower()]), ()))
    return found


_ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                  "eighth": 8, "ninth": 9, "tenth": 10}
_ORDINAL_WORD = regex.compile(r"\b(" + "|".join(_ORDINAL_WORDS) + r")\b", regex.IGNORECASE)
_ORDINAL_DIGITS = regex.compile(r"(?<!\d)(\d++)(?:st|nd|rd|th)$", regex.IGNORECASE)  # linear in a run of digits


def ordinal_alts(raw: str) -> tuple[str, ...]:
    """The position an ordinal in digits gives ("1st": ``("ord:1",)``), so that a source's
    "first" supports it; ``()`` for any other number. "first" and "second" are not read as
    quantities (:data:`_NOT_QUANTITIES`), so a claim's "1st" needs this other key."""
    match = _ORDINAL_DIGITS.search(raw)
    return (f"ord:{int(match.group(1))}",) if match else ()


def ordinal_keys(text: str) -> set[str]:
    """The positions the ordinal words of ``text`` give ("the first baseman": ``{"ord:1"}``)."""
    return {f"ord:{_ORDINAL_WORDS[m.group(1).lower()]}" for m in _ORDINAL_WORD.finditer(text)}
