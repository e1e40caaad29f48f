"""The individual text rules of the parser. Each is a small pure function over a string."""

from __future__ import annotations

from collections.abc import Iterable

import regex

__all__ = [
    "find_meta_text",
    "strip_pattern",
    "strip_stage_directions",
    "strip_script_directions",
    "strip_speaker_labels",
    "first_line",
    "collapse_spaces",
    "is_fragment",
    "last_sentence_end",
    "ends_dangling",
    "dangling_word",
    "complete_sentence",
]

_CLOSERS = "\"'”’»)]"
# Linear-time patterns: a match can only start where a run begins (the look-behinds) and the
# runs are matched possessively, so no input makes them backtrack quadratically.
_SENTENCE_END = regex.compile(r"(?<![.!?…。！？])[.!?…。！？]++[\"'”’»)\]]*+(?=\s|$)")
_MAX_DIRECTION = 300
"""Longest ``*stage direction*`` recognised (bounds the search from each star)."""
_STAGE_ALL = regex.compile(
    r"(?<![ \t])[ \t]*+(?<![*\w])\*(?![\s*])([^*\n]{1,%d}?)(?<![\s*])\*(?![*\w])" % _MAX_DIRECTION
)
_STAGE_EDGE = regex.compile(
    r"(?m)^[ \t]*+\*(?![\s*])[^*\n]{1,%d}?(?<![\s*])\*(?!\*)[ \t]*+"
    r"|(?<![ \t])[ \t]*+(?<!\*)\*(?![\s*])[^*\n]{1,%d}?(?<![\s*])\*(?!\*)[ \t]*+$"
    % (_MAX_DIRECTION, _MAX_DIRECTION)
)
_SCRIPT = regex.compile(r"(?<![ \t])[ \t]*+\[([^\[\]\n]*+)\](?!\()")
_SPEAKER = regex.compile(
    r"(?m)^([ \t]*+)\p{Lu}[\w'’.-]*+(?:[ \t]++\p{Lu}[\w'’.-]*+){0,3}[ \t]*+:[ \t]++(?=\S)"
)
_SPACES = regex.compile(r"(?<=\S)[ \t]{2,}")
_LAST_WORD = regex.compile(r"[\w'’-]+$")
_LAST_WORD_WINDOW = 100
"""Characters at the end of the text searched for the last word (dangling words are short)."""


def _gap(match: regex.Match[str]) -> str:
    """What replaces a removed direction: a space only when it separated two words."""
    text, start, end = match.string, match.start(), match.end()
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    if before and not before.isspace() and after and after.isalnum():
        return " "
    if after.isalnum() and match.group(0)[:1].isspace():
        return " " if before else ""
    return ""


def find_meta_text(text: str, phrases: Iterable[str], anywhere: bool = False) -> str | None:
    """Return the first meta phrase found in ``text``, or None.

    Matching is case-insensitive. With ``anywhere`` a phrase counts wherever it occurs (it must
    start and end on a word boundary where it starts or ends with a letter or digit, so
    ``irrespectively`` does not contain ``respectively``); otherwise only at the start of a
    line or after ``(``/``[`` (a match must then end at a word boundary unless the phrase ends
    with punctuation, such as ``note:``).
    """
    for phrase in phrases:
        phrase = phrase.strip()
        if not phrase:
            continue
        tail = r"\b" if phrase[-1].isalnum() else ""
        if anywhere:
            head = r"\b" if phrase[0].isalnum() else ""
            pattern = rf"(?i){head}{regex.escape(phrase)}{tail}"
        else:
            pattern = rf"(?im)(?:^|[(\[])[ \t>*_\-]*{regex.escape(phrase)}{tail}"
        if regex.search(pattern, text.replace("\u2019", "'")):
            return phrase
    return None


def strip_pattern(
    text: str, pattern: str, *, multiline: bool = False, keep_digits: bool = False
) -> tuple[str, list[str]]:
    """Remove every match of a user (or design) ``pattern`` from ``text``.

    Args:
        text: The text.
        pattern: A regular expression.
        multiline: Compile with ``MULTILINE`` (``^`` matches at each line start).
        keep_digits: Keep matches that contain a digit (citations such as ``[1]``).

    Returns:
        The text with the matches removed (a space kept where a match separated two words)
        and the removed pieces, in order.
    """
    # spaces before a match go with it, so "five gold [1]." becomes "five gold."
    compiled = regex.compile(rf"[ \t]*(?:{pattern})", regex.MULTILINE if multiline else 0)
    removed: list[str] = []

    def _replace(match: regex.Match[str]) -> str:
        if not match.group(0) or (keep_digits and regex.search(r"\d", match.group(0))):
            return match.group(0)
        removed.append(match.group(0).strip())
        return _gap(match)

    return compiled.sub(_replace, text), removed


def strip_stage_directions(text: str, where: str) -> tuple[str, list[str]]:
    """Remove ``*...*`` stage directions (``where`` is ``keep``, ``edges`` or ``all``)."""
    if where == "keep":
        return text, []
    pattern = _STAGE_ALL if where == "all" else _STAGE_EDGE
    removed: list[str] = []
    while True:  # edges: a line may start and end with one; repeat until stable
        removed_now = [m.group(0).strip() for m in pattern.finditer(text)]
        if not removed_now:
            return text, removed
        removed.extend(removed_now)
        text = pattern.sub(_gap if where == "all" else "", text)


def strip_script_directions(text: str, keep_citations: bool) -> tuple[str, list[str]]:
    """Remove ``[...]`` script directions, keeping citation-like brackets when asked."""
    removed: list[str] = []

    def _replace(match: regex.Match[str]) -> str:
        if keep_citations and regex.search(r"\d", match.group(1)):
            return match.group(0)
        removed.append(match.group(0).strip())
        return _gap(match)

    return _SCRIPT.sub(_replace, text), removed


def strip_speaker_labels(text: str) -> tuple[str, list[str]]:
    """Remove ``Speaker Name: `` labels at the start of lines."""
    removed = [m.group(0).strip() for m in _SPEAKER.finditer(text)]
    return _SPEAKER.sub(r"\1", text), removed


def first_line(text: str) -> str:
    """Return the first non-empty line (stripped), or ``""``."""
    return next((line.strip() for line in text.split("\n") if line.strip()), "")


def collapse_spaces(text: str) -> str:
    """Collapse runs of spaces/tabs inside lines, trim line ends and the whole text."""
    text = _SPACES.sub(" ", text)
    text = "\n".join(line.rstrip() for line in text.split("\n"))
    return regex.sub(r"\n{3,}", "\n\n", text).strip()


def is_fragment(text: str, starts: Iterable[str]) -> str | None:
    """Return the fragment opening when ``text`` starts lower-case with one of ``starts``."""
    stripped = text.lstrip(" \t\n\"'“‘(")
    if not stripped or not stripped[0].islower():
        return None
    lowered = stripped.lower()
    for start in starts:
        if lowered.startswith(start.lower()) and (
            len(lowered) == len(start) or not lowered[len(start)].isalnum()
        ):
            return start
    return None


def last_sentence_end(text: str) -> int | None:
    """Index just after the last complete sentence (end punctuation + closing quotes), or None."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text)]
    return ends[-1] if ends else None


def ends_dangling(text: str, words: Iterable[str]) -> bool:
    """True when ``text`` ends without end punctuation on a dangling word, or on ``,;:``."""
    stripped = text.rstrip()
    if not stripped:
        return False
    if stripped[-1] in ",;:–—":
        return True
    if not stripped[-1].isalnum():
        return False
    match = _LAST_WORD.search(stripped[-_LAST_WORD_WINDOW:])
    if match is None:
        return False
    return match.group(0).lower() in {w.lower() for w in words}


def dangling_word(text: str, words: Iterable[str]) -> str | None:
    """The last word of ``text`` (end punctuation and commas ignored) when it is a dangling word."""
    match = _LAST_WORD.search(text.rstrip().rstrip(".!?,;:"))
    if match is None:
        return None
    word = match.group(1)
    return word if word.lower() in {w.lower() for w in words} else None


def complete_sentence(text: str) -> str:
    """Append ``.`` when the text ends on a word or closing quote without end punctuation."""
    stripped = text.rstrip()
    if not stripped or last_sentence_end(stripped) == len(stripped):
        return text
    core = stripped.rstrip(_CLOSERS)
    if core and core[-1].isalnum():
        return stripped + "."
    return text
