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
from dataclasses import dataclass
from functools import lru_cache

import regex
from text_to_num import find_numbers

from lexguard.grounding.signals._single_units import single_units
from lexguard.grounding.signals._spans import Taken
from lexguard.grounding.signals._words import no_noun

__all__ = [
    "MULTIPLE_WORDS",
    "ORDINAL_WORDS",
    "TIMES_AFTER",
    "SMALL_NUMBERS",
    "Written",
    "fold_digits",
    "fractions",
    "number_words",
    "ordinal_alts",
    "ordinal_keys",
    "percent_alts",
    "scientific",
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


SMALL_NUMBERS = {w: n for n, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
"""Number words up to twelve: an hour on the clock ("half past five"), a count of dozens."""


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
_OF = regex.compile(
    r"\s+(?:of|off|over|under|more|less|fewer|higher|lower|above|below|bigger|smaller|larger|cheaper|dearer"
    r"|faster|slower|longer|shorter)\b",
    regex.IGNORECASE,
)
"""What makes "a fifth" a share: "a third of them", "a fifth off", "a fifth over budget", "a quarter more"."""
_A_SHARE_ALONE = regex.compile(r"\s*+(?:[,.;:)]|$|\s++(?:was|were|is|are|has|have|had|will|would|went|came)\b)")
""""a third" standing alone before a verb or a mark ("of which roughly a third was met by a grant"): a share."""
_ESTIMATED = regex.compile(r"\b(?:roughly|about|around|approximately|nearly|almost|over|under|than|just|some)\s++$",
                          regex.IGNORECASE)
"""An estimate's word before "a third": "roughly a third", "more than a quarter" (not "a third customer")."""
_BY_A_SHARE = (regex.compile(r"\bby\s++$", regex.IGNORECASE),
               regex.compile(r"\s++(?:in|on|at|since|from|during|within|compared|between|after|before|last|this|than)\b",
                             regex.IGNORECASE))
"""A change by a share, then when or since: "takings fell by a third in a single day" (not "by a third party")."""
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
        if num == 1 and (value == 0.5 or not (_OF.match(text, match.end()) or _A_SHARE_ALONE.match(text, match.end())
                                              or _ESTIMATED.search(text, max(0, match.start() - 20), match.start())
                                              or (_BY_A_SHARE[0].search(text, max(0, match.start() - 8), match.start())
                                                  and _BY_A_SHARE[1].match(text, match.end())))):
            continue  # "a third customer" is an ordinal; "a third of them", "a fifth over budget" a fraction
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


_PARTS = {"halves": 2, "thirds": 3, "quarters": 4, "fourths": 4}
_PARTS_AFTER = regex.compile(r"[\s-]++(?:(?:equal|even|roughly\s++equal)\s++)?(halves|thirds|quarters|fourths)\b", regex.IGNORECASE)


_DOZENS = regex.compile(
    r"\b(?P<n>\d{1,3}|half\s+a|" + "|".join(SMALL_NUMBERS) + r")\s+dozen\b(?!\s+of\b)", regex.IGNORECASE
)
"""A count of dozens: "two dozen children" is 24, "half a dozen" 6 ("dozens of" is no count)."""


_DECADES = regex.compile(
    r"\b(?:(?P<one>a|one|the(?:\s+(?:past|last|previous|next|coming|first))?)\s+decade"
    r"|(?P<n>\d{1,2}|" + "|".join(SMALL_NUMBERS) + r")\s+decades)\b(?!\s+(?:of|ago)\b)",
    regex.IGNORECASE,
)
"""Years counted in decades: "the past decade" is ten years, "two decades" twenty ("decades of
neglect" is no count)."""


_BOUND_BEFORE = regex.compile(r"\b(?:more\s+than|fewer\s+than|less\s+than|at\s+least|at\s+most|only|exactly)\s+$",
                           regex.IGNORECASE)
_NOT_COUNTED_AFTER = regex.compile(r"\s+(?:more|other|another|of|or|and)\b", regex.IGNORECASE)
_PERCENT_NEXT = regex.compile(r"\s*+(?:%|per\s*+cent\b|percent\b|percentage\s+points?\b)", regex.IGNORECASE)


def word_numbers(scan: str, taken: Taken) -> list[tuple[tuple[int, int], str, tuple[str, ...]]]:
    """Numbers written in words ("three hundred and thirty", "twice", "a dozen", "two dozen", "the
    past decade": 10) outside
    ``taken`` (which grows by their spans): ``(span, key, alts)`` each."""
    found = []
    for match in _DOZENS.finditer(scan):
        if not taken.hits(match.span()):
            count = match.group("n").lower()
            n = 0.5 if count.startswith("half") else int(count) if count.isdigit() else SMALL_NUMBERS[count]
            found.append((match.span(), _fmt(n * 12), ()))
            taken.append(match.span())
    for match in _DECADES.finditer(scan):  # "flooded four times in the past decade": ten years
        if not taken.hits(match.span()):
            count = (match.group("n") or "1").lower()
            n = int(count) if count.isdigit() else SMALL_NUMBERS.get(count, 1)
            found.append((match.span(), _fmt(n * 10), ()))
            taken.append(match.span())
    for span, value, _ordinal in number_words(scan):
        word = scan[span[0] : span[1]].lower()
        ranked = (word == "one" and _RANK_BEFORE.search(scan, max(0, span[0] - 12), span[0]) is not None
                  and _RANK_AFTER.match(scan, span[1]) is not None)  # not "one of the best", "number one priority"
        if word in _ORDINAL_WORDS and _PLACED.search(scan, max(0, span[0] - 16), span[0]) and not taken.hits(span):
            found.append((span, _fmt(value), (f"ord:{_ORDINAL_WORDS[word]}",)))  # "finished third": a place
            taken.append(span)
            continue
        counted = (_PERCENT_NEXT.match(scan, span[1]) is not None  # "less than one percent": a value, as is
                   or (_BOUND_BEFORE.search(scan, max(0, span[0] - 14), span[0]) is not None  # "only one novel",
                       and _NOT_COUNTED_AFTER.match(scan, span[1]) is None))  # not "at least one more year"
        if (word in _NOT_QUANTITIES and not ranked and not counted) or word.endswith("s") or taken.hits(span):
            continue  # not a quantity: "one of the", "second half", "loved ones", "hundreds of", "the sixties"
        parts = _PARTS_AFTER.match(scan, span[1])
        if parts is not None and _PARTS[parts.group(1).lower()] == value:
            continue  # "two equal halves", "four quarters": a count its own noun gives, no value to check
        found.append((span, _fmt(value), percent_alts(scan, span[1], value)))
        taken.append(span)
    for span in single_units(scan):  # "for one year", "within a month", "a one-year warranty"
        if not taken.hits(span):
            found.append((span, "1", ()))
            taken.append(span)
    for match in _WORD_NUMBER.finditer(scan):  # what text2num does not read: "half", "dozen", "twice"
        if not taken.hits(match.span()) and not _HOW_OFTEN.match(scan, match.end()):
            found.append((match.span(), _fmt(_NUMBER_WORDS[match.group(1).lower()]), ()))
    return found


MULTIPLE_WORDS = frozenset({"twice", "double", "triple", "treble", "quadruple"})
"""Words that are a multiple themselves ("twice", "double the budget"), never a count."""
TIMES_AFTER = regex.compile(r"\s*+(?:times|x)\b", regex.IGNORECASE)
"""What makes the number before it a multiple ("three *times* its budget", "4x")."""
ORDINAL_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
                 "eighth": 8, "ninth": 9, "tenth": 10}
"""Ordinal words and the places they give ("fifth": 5)."""
_ORDINAL_WORDS = ORDINAL_WORDS
_ORDINAL_WORD = regex.compile(r"\b(" + "|".join(_ORDINAL_WORDS) + r")\b", regex.IGNORECASE)
_ORDINAL_DIGITS = regex.compile(r"(?<!\d)(\d++)(?:st|nd|rd|th)$", regex.IGNORECASE)  # linear in a run of digits


def ordinal_alts(raw: str) -> tuple[str, ...]:
    """The position an ordinal in digits gives ("1st": ``("ord:1",)``), so that a source's
    "first" supports it; ``()`` for any other number. "first" and "second" are not read as
    quantities (:data:`_NOT_QUANTITIES`), so a claim's "1st" needs this other key."""
    match = _ORDINAL_DIGITS.search(raw)
    return (f"ord:{int(match.group(1))}",) if match else ()


_PLACED = regex.compile(r"\b(?:finish(?:ed|es)?|came|comes|placed|ended\s+up|ended|ends|rank(?:s|ed)?|rate[sd]?)\s++$",
                       regex.IGNORECASE)
"""A verb of a place in a contest or a list before an ordinal: "finished third", "came second",
"ranks fifth" (beside "the fifth-largest")."""
_MEDAL = regex.compile(r"\b(gold|silver|bronze)\s+medal", regex.IGNORECASE)
_MEDAL_PLACES = {"gold": 1, "silver": 2, "bronze": 3}


_RUNNER_UP = regex.compile(r"\brunners?[\s-]up\b", regex.IGNORECASE)


def ordinal_keys(text: str) -> set[str]:
    """The positions the ordinal words of ``text`` give ("the first baseman": ``{"ord:1"}``), and
    the places its medals and a runner-up give ("the bronze medal": ``{"ord:3"}``; "runners-up
    St Aldhelm's" came second)."""
    return ({f"ord:{_ORDINAL_WORDS[m.group(1).lower()]}" for m in _ORDINAL_WORD.finditer(text)}
            | {f"ord:{_MEDAL_PLACES[m.group(1).lower()]}" for m in _MEDAL.finditer(text)}
            | ({"ord:2"} if _RUNNER_UP.search(text) else set()))
