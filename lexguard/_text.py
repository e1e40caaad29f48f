"""Text normalisation: make any ``str`` safe to process, and compare text by a folded key.

Two levels, so nothing visible to the user is silently altered:

* :func:`clean_text` runs once at the door (answer, sources, question). It replaces each lone
  surrogate code point (U+D800..U+DFFF, which cannot be encoded as UTF-8 and made tokenizers,
  ``str.encode`` and SQLite fail) with U+FFFD. The replacement is one character for one
  character, so every span computed on the cleaned text indexes the original text too.
* :func:`comparison_key` builds a *comparison form* for matching evidence and rule keywords:
  control, zero-width and other format characters (soft hyphen, joiners, BOM, bidi marks) are
  dropped, the rest is put in NFKC form, case-folded and folded across common homoglyphs
  (Cyrillic and Greek letters that look like Latin ones), and every whitespace character becomes a space.
  The result keeps an offset map, so a match found in the key is mapped back to a span of the
  original text with :meth:`FoldedText.span_of`.

Example:
    >>> key = comparison_key("The s\\u0435cr\\u200bet")   # Cyrillic e, zero-width space
    >>> key.text
    'the secret'
    >>> start = key.text.find("secret")
    >>> key.span_of(start, start + len("secret"))
    (4, 11)
"""

from __future__ import annotations

import unicodedata
from array import array
from dataclasses import dataclass
from functools import lru_cache

import regex

__all__ = [
    "FoldedText",
    "clean_text",
    "comparison_key",
    "fold",
    "find_folded",
    "has_lone_surrogates",
    "strip_invisible",
    "reading_form",
    "display_form",
    "needs_display_form",
    "CITATION_MARKER",
    "unconfuse",
    "split_fenced",
]

_SURROGATES = regex.compile(r"[\ud800-\udfff]")
_ASCII_CONTROL = regex.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
_INVISIBLE_ANY = regex.compile(
    r"[[\p{Cf}\p{Cc}\p{Co}\p{Cn}\u034f\ufe00-\ufe0f\U000e0100-\U000e01ef]--[\t\n\r\x0b\x0c\x1c-\x1f\x85]]",
    regex.V1,
)
_ASCII_SPACES = str.maketrans("\t\n\r\x0b\x0c", "     ")
_WHITESPACE = frozenset(" \t\n\r\x0b\x0c\x85\u00a0\u1680\u2028\u2029\u202f\u205f\u3000") | frozenset(
    chr(c) for c in range(0x2000, 0x200B)
)

# Letters that render like a Latin letter (a subset of Unicode's confusables.txt restricted to
# Cyrillic, Greek and a few Latin look-alikes, the ones seen in homograph tricks). Keys are
# lower-case: folding runs after case-folding.
_HOMOGLYPHS = {
    # Cyrillic
    "\u0430": "a", "\u0432": "b", "\u0435": "e", "\u0451": "e", "\u043a": "k", "\u043c": "m",
    "\u043d": "h", "\u043e": "o", "\u0440": "p", "\u0441": "c", "\u0442": "t", "\u0443": "y",
    "\u0445": "x", "\u0455": "s", "\u0456": "i", "\u0457": "i", "\u0458": "j", "\u04bb": "h",
    "\u0501": "d", "\u051b": "q", "\u051d": "w", "\u04cf": "l", "\u0491": "r",
    # Greek
    "\u03b1": "a", "\u03b2": "b", "\u03b5": "e", "\u03b9": "i", "\u03ba": "k", "\u03bd": "v",
    "\u03bf": "o", "\u03c1": "p", "\u03c4": "t", "\u03c5": "u", "\u03c7": "x", "\u03b7": "n",
    "\u03c3": "o", "\u03c2": "c", "\u03b3": "y", "\u03bc": "u",
    # Latin and symbol look-alikes
    "\u0131": "i", "\u0269": "i", "\u01c0": "l", "\u2170": "i", "\u217c": "l",
}

CITATION_MARKER = regex.compile(
    r"""
    \[\s*\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\s*\]
    | \[\s*(?:source|src|doc|document|ref|chunk|passage|context)[\s_:#-]*\d{1,4}
        (?:\s*[,;–-]\s*(?:(?:source|src|doc|document|ref|chunk|passage|context)[\s_:#-]*)?\d{1,4})*\s*\]
    | \[\s*(?:source|src|doc|document|ref|chunk|passage|context)[\s_:#-]*[\w.-]{1,40}\s*\]
    | \[\^\d{1,4}\]
    | 【\d{1,4}(?:[:†][^】]{0,40})?】
    """,
    regex.VERBOSE | regex.IGNORECASE,
)
"""A citation marker such as ``[1]``, ``[1, 2]``, ``[source-0]``, ``[doc 3]``, ``[^2]``, ``【4†src】``.

A marker is a reference, not a value: checks that compare numbers should skip what this matches.
"""

_FENCE_LINE = regex.compile(r"^[ \t]{0,3}(`{3,}|~{3,})[^\n]*$", regex.MULTILINE)


def has_lone_surrogates(text: str) -> bool:
    """True when ``text`` holds a surrogate code point (it cannot be encoded as UTF-8)."""
    return _SURROGATES.search(text) is not None


def clean_text(text: str) -> str:
    """Return ``text`` with each lone surrogate replaced by U+FFFD (length is kept).

    Every other character is kept as it is, so spans into the result index the input as well.
    Non-``str`` values are returned unchanged (coercion reports those).
    """
    if not isinstance(text, str) or text.isascii():
        return text
    return _SURROGATES.sub("\ufffd", text)


def _dropped(char: str) -> bool:
    category = unicodedata.category(char)
    return category in ("Cf", "Cc", "Cs", "Co", "Cn") and char not in _WHITESPACE


@dataclass(frozen=True, slots=True, eq=False)
class FoldedText:
    """A comparison form of a text with a map back to the original.

    Attributes:
        original: The text that was folded.
        text: The comparison form.
        starts: For each character of ``text``, the index in ``original`` it came from (a compact
            integer array); ``None`` when the two texts are aligned one to one (the common ASCII
            case).
    """

    original: str
    text: str
    starts: array[int] | None = None

    @property
    def reordered(self) -> bool:
        """Whether some characters of ``text`` come in another order than in ``original`` (a
        right-to-left override run was reversed): a span's ends then do not bound its source."""
        return "\u202e" in self.original and self.starts is not None

    def index_of(self, position: int) -> int:
        """The ``original`` index of ``text[position]`` (``len(original)`` past the end)."""
        if self.starts is None:
            return position
        if position >= len(self.starts):
            return len(self.original)
        return self.starts[position]

    def span_of(self, start: int, end: int) -> tuple[int, int]:
        """Map the range ``text[start:end]`` to a ``(start, end)`` range of ``original``.

        The range covers every original character that produced the folded characters,
        including dropped characters (zero-width, soft hyphens) between them.
        """
        if self.starts is None:
            return start, end
        if end <= start:
            at = self.index_of(start)
            return at, at
        first, last = self.starts[start], self.starts[end - 1]
        if self.reordered:  # a reversed (right-to-left override) run inside: cover all it came from,
            # with the override marks around it (a span removed must not leave one behind)
            first, last = min(self.starts[start:end]), max(self.starts[start:end])
            while first and self.original[first - 1] == "\u202e":  # its own opening mark, not another's close
                first -= 1
            while last + 1 < len(self.original) and self.original[last + 1] == "\u202c":
                last += 1
        stop = last + 1
        while stop < len(self.original) and unicodedata.combining(self.original[stop]):
            stop += 1  # keep combining marks folded into the last character
        return first, stop


@lru_cache(maxsize=65536)
def _fold_cluster(cluster: str, casefold: bool, homoglyphs: bool) -> str:
    out = unicodedata.normalize("NFKC", cluster)
    if casefold:
        out = out.casefold()
    if homoglyphs:
        out = "".join(_HOMOGLYPHS.get(ch, ch) for ch in out)
    return "".join(ch for ch in out if not _dropped(ch))


@lru_cache(maxsize=16)
def comparison_key(text: str, *, casefold: bool = True, homoglyphs: bool = True) -> FoldedText:
    """Fold ``text`` for comparison (see the module docstring) and keep an offset map.

    Args:
        text: Any string (lone surrogates are dropped, like other unassigned or format characters).
        casefold: Fold case (full Unicode case folding).
        homoglyphs: Fold Cyrillic/Greek look-alikes onto Latin letters.

    Returns:
        The :class:`FoldedText`; linear in ``len(text)``.
    """
    if text.isascii() and _ASCII_CONTROL.search(text) is None:
        aligned = text.translate(_ASCII_SPACES)
        return FoldedText(text, aligned.lower() if casefold else aligned)
    pieces: list[str] = []
    starts: array[int] = array("q")
    n = len(text)
    i = 0
    while i < n:
        ch = text[i]
        if ch in _WHITESPACE:
            pieces.append(" ")
            starts.append(i)
            i += 1
            continue
        j = i + 1
        while j < n and not text[j].isascii() and unicodedata.combining(text[j]):
            j += 1
        for part in _fold_cluster(text[i:j], casefold, homoglyphs):
            pieces.append(" " if part in _WHITESPACE else part)
            starts.append(i)
        i = j
    return FoldedText(text, "".join(pieces), starts)


def strip_invisible(text: str) -> FoldedText:
    """``text`` without its invisible characters, which split numbers and words for a reader that
    compares them (``3\u200b30`` is 330, ``Data\u00adbase`` is Database), with the map back:
    :meth:`FoldedText.span_of` turns a span of the stripped text into one of ``text``.

    Invisible: format, control (not whitespace), private-use and unassigned code points (zero-width
    spaces and joiners, soft hyphens, bidi marks and isolates, tag characters), the combining
    grapheme joiner and variation selectors.

    Returns:
        The :class:`FoldedText` (``starts`` is ``None`` when ``text`` has none of them).
    """
    if text.isascii() or _INVISIBLE_ANY.search(text) is None:
        return FoldedText(text, text)
    kept = array("q", (i for i, ch in enumerate(text) if _INVISIBLE_ANY.fullmatch(ch) is None))
    return FoldedText(text, "".join(text[i] for i in kept), kept)


_RLO_RUN = regex.compile(r"\u202e([^\u202c\n\r\u2029]*)")


def reading_form(text: str) -> FoldedText:
    """``text`` in the order and with the characters a reader sees, for a checker that compares
    its words with others: invisible characters dropped (see :func:`strip_invisible`) and a
    right-to-left override run (U+202E up to U+202C or the end of the line) reversed, as it is
    displayed ("in \u202eemoR\u202c" shows "in Rome", and must be checked as "Rome"). Nothing
    else is changed, unlike :func:`display_form`.

    Returns:
        The :class:`FoldedText` (``starts`` is ``None`` when ``text`` has nothing to change).
    """
    if "\u202e" not in text:
        return strip_invisible(text)
    order = _display_order(text)
    kept = array("q", (i for i in order if _INVISIBLE_ANY.fullmatch(text[i]) is None))
    return FoldedText(text, "".join(text[i] for i in kept), kept)


def _display_order(text: str) -> list[int]:
    """The indices of ``text`` in the order they are displayed: each right-to-left override run
    (U+202E up to U+202C or the end of the line) reversed."""
    order: list[int] = []
    last = 0
    for run in _RLO_RUN.finditer(text):
        order.extend(range(last, run.start(1)))
        order.extend(reversed(range(run.start(1), run.end(1))))
        last = run.end(1)
    order.extend(range(last, len(text)))
    return order


_DASHES = frozenset("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d\u2043")


def needs_display_form(text: str) -> bool:
    """Whether :func:`display_form` can differ from ``text`` (cheap: plain ASCII cannot)."""
    return not (text.isascii() and _ASCII_CONTROL.search(text) is None)


def display_form(text: str) -> FoldedText:
    """``text`` as a reader sees it, for rules that must not be dodged by characters nobody sees.

    Invisible characters are dropped (see :func:`strip_invisible`), accents written as combining
    marks are dropped (``pa\u0301ssword`` reads "password"), compatibility forms are put in NFKC
    form (full-width letters and digits), every dash-like character becomes ``-`` (a
    non-breaking hyphen in ``555\u20111234``), look-alike letters become their Latin twins (case
    kept), and a right-to-left override run (U+202E up to U+202C or the end of the line) is
    reversed, as it is displayed (``\u202edrowssap`` shows "password"). Case is kept, so
    case-sensitive patterns still apply. :meth:`FoldedText.span_of` maps a span back to ``text``.
    """
    order = _display_order(text)
    pieces: list[str] = []
    starts: array[int] = array("q")
    for i in order:
        ch = text[i]
        if _INVISIBLE_ANY.fullmatch(ch) is not None:
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        for part in unicodedata.normalize("NFKC", base):
            if part in _DASHES:
                part = "-"
            else:
                twin = _HOMOGLYPHS.get(part.lower())
                if twin is not None and len(twin) == 1:
                    part = twin.upper() if part.isupper() else twin
            pieces.append(part)
            starts.append(i)
    return FoldedText(text, "".join(pieces), starts)


def fold(text: str, *, casefold: bool = True, homoglyphs: bool = True) -> str:
    """Only the comparison form of ``text`` (see :func:`comparison_key`)."""
    return comparison_key(text, casefold=casefold, homoglyphs=homoglyphs).text


def find_folded(
    needle: str, haystack: str, *, casefold: bool = True, homoglyphs: bool = True
) -> tuple[int, int] | None:
    """Find ``needle`` in ``haystack`` by comparison form; return the span in ``haystack``.

    Uses ``str.find`` on the folded texts, which is linear in their lengths, so a long needle
    or a long haystack cannot make it hang.

    Returns:
        ``(start, end)`` into the original ``haystack``, or ``None`` when not found (or when
        ``needle`` folds to nothing).
    """
    key = fold(needle, casefold=casefold, homoglyphs=homoglyphs).strip()
    if not key:
        return None
    folded = comparison_key(haystack, casefold=casefold, homoglyphs=homoglyphs)
    at = folded.text.find(key)
    if at < 0:
        return None
    return folded.span_of(at, at + len(key))


def split_fenced(text: str) -> list[tuple[int, int, bool]]:
    """Cut ``text`` into ranges outside and inside fenced code blocks (```` ``` ```` / ``~~~``).

    Returns:
        ``(start, end, fenced)`` triples covering ``text`` in order; ``fenced`` ranges include
        their fence lines. An unclosed fence runs to the end of the text. Linear time.
    """
    parts: list[tuple[int, int, bool]] = []
    pos = 0
    opening: tuple[int, str] | None = None
    for match in _FENCE_LINE.finditer(text):
        marker = match.group(1)
        if opening is None:
            if match.start() > pos:
                parts.append((pos, match.start(), False))
            opening = (match.start(), marker)
        elif marker[0] == opening[1][0] and len(marker) >= len(opening[1]):
            parts.append((opening[0], match.end(), True))
            pos = match.end()
            opening = None
    if opening is not None:
        parts.append((opening[0], len(text), True))
    elif pos < len(text):
        parts.append((pos, len(text), False))
    return parts


def unconfuse(text: str) -> str:
    """``text`` with look-alike letters (Cyrillic / Greek homoglyphs) replaced by their Latin
    twins, and styled letters and digits (fullwidth "ｆｕｌｌ", mathematical bold "𝐁") by their
    compatibility form, one character for one, so offsets into ``text`` stay valid."""
    out = []
    for ch in text:
        twin = _HOMOGLYPHS.get(ch.lower())
        if twin is None or len(twin) != 1 or len(ch.lower()) != 1:
            out.append(_plain_form(ch))
        else:
            out.append(twin.upper() if ch.isupper() else twin)
    return "".join(out)


def _plain_form(ch: str) -> str:
    """``ch``'s NFKC form where that is one ASCII letter or digit and ``ch`` a letter or digit."""
    if ch.isascii() or unicodedata.category(ch)[0] not in "LN" or unicodedata.category(ch) == "No":
        return ch
    form = unicodedata.normalize("NFKC", ch)
    return form if len(form) == 1 and form.isascii() and form.isalnum() else ch
