"""Sentence and block segmentation that keeps character offsets into the original text.

Used both to cut answers into claims and to cut sources into chunks. Robust to abbreviations
("Dr.", "e.g.", "U.S."), initials, decimals ("3.5"), numbered and bulleted lists, quotes
closing a sentence, and markdown (headings, emphasis, code fences, tables).
"""

from __future__ import annotations

import regex

__all__ = ["Segment", "split_blocks", "split_sentences"]

Segment = tuple[int, int]
"""A half-open ``(start, end)`` character range."""

ABBREVIATIONS = frozenset(
    """
    mr mrs ms dr prof sr jr st vs etc e.g i.e eg ie inc ltd co corp no nos fig figs approx dept est
    jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
    u.s u.k u.n e.u a.m p.m mt ft gen gov sen rep lt col capt cpt sgt rev vol vols pp al op cf
    ca no. art sec ch min max av ave blvd rd hwy dist univ assn bros mfg pres supt hon messrs
    """.split()
)

_LIST_MARKER = regex.compile(r"^[ \t]*+(?:[-*+\u2022\u25aa\u25e6\u2023>]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])[ \t]+")
_HEADING = regex.compile(r"^[ \t]{0,3}#{1,6}[ \t]+")
_FENCE = regex.compile(r"^[ \t]*+(```|~~~)")
_TABLE_RULE = regex.compile(r"^[ \t]*+\|?[ \t]*+:?-{3,}")
# Only a run's first punctuation mark may start a match, and nothing backtracks: linear time.
_BOUNDARY = regex.compile(r"(?<![.!?\u2026])[.!?\u2026]++[\"'\u201d\u2019)\]*_]*+(?=\s|$)")
_NEXT_VISIBLE = regex.compile(r"\s*+(\S)")
_SEMICOLON = regex.compile(r";\s")
_MAX_TOKEN = 64
"""Longest token looked at before a full stop (longer ones are never abbreviations)."""
_INITIALS = regex.compile(r"^(?:\p{L}\.)+\p{L}?$")
_EDGE_JUNK = " \t\r\n>|#"
_EMPHASIS = ("**", "__", "*", "_", "`")


def _trim(text: str, start: int, end: int) -> Segment:
    """Strip whitespace, quote/table/heading marks and emphasis wrapping the whole segment."""
    changed = True
    while changed and start < end:
        changed = False
        while start < end and text[start] in _EDGE_JUNK:
            start, changed = start + 1, True
        while end > start and text[end - 1] in _EDGE_JUNK:
            end, changed = end - 1, True
        for mark in _EMPHASIS:
            n = len(mark)
            if end - start > 2 * n and text.startswith(mark, start) and text.endswith(mark, start, end):
                start, end, changed = start + n, end - n, True
                break
        if not changed and end > start and text[start] in "*_" and text.count(text[start], start, end) == 1:
            start, changed = start + 1, True  # a lone bullet-like star
        if not changed and end > start and text[end - 1] in "*_" and text.count(text[end - 1], start, end) == 1:
            end, changed = end - 1, True
    return start, end


def split_blocks(text: str, *, hard_newlines: bool = False) -> list[Segment]:
    """Cut text into blocks: paragraphs, list items, table rows, outside code fences.

    Headings and fenced code are dropped. Consecutive plain lines form one block (a wrapped
    paragraph) unless ``hard_newlines`` is set, in which case every line is its own block.

    Args:
        text: The text to cut.
        hard_newlines: Treat each line as a block of its own (good for sources).

    Returns:
        Block ranges into ``text``, in order, with list markers and edge markup trimmed off.
    """
    blocks: list[Segment] = []
    current: list[int] | None = None
    in_fence = False
    pos = 0
    for line in text.splitlines(keepends=True):
        line_start, pos = pos, pos + len(line)
        body = line.rstrip("\r\n")
        line_end = line_start + len(body)
        if _FENCE.match(body):
            in_fence = not in_fence
            current = None
            continue
        if in_fence or not body.strip() or _HEADING.match(body) or _TABLE_RULE.match(body):
            current = None
            continue
        marker = _LIST_MARKER.match(body)
        content_start = line_start + (marker.end() if marker else 0)
        if marker or current is None or hard_newlines or body.lstrip().startswith("|"):
            current = [content_start, line_end]
            blocks.append((0, 0))
        else:
            current[1] = line_end
        blocks[-1] = (current[0], current[1])
    trimmed = [_trim(text, s, e) for s, e in blocks]
    return [(s, e) for s, e in trimmed if e > s]


def _previous_token(text: str, end: int) -> str:
    """The non-space token ending at ``end`` (at most ``_MAX_TOKEN`` characters are read)."""
    start = end
    floor = max(0, end - _MAX_TOKEN - 1)
    while start > floor and not text[start - 1].isspace():
        start -= 1
    if start == floor and floor > 0 and not text[floor - 1].isspace():
        return ""  # longer than any abbreviation
    return text[start:end]


def _is_abbreviation(text: str, punct_start: int) -> bool:
    token = _previous_token(text, punct_start)
    if not token:
        return False
    token = token.lstrip("(\"'\u201c\u2018[").lower()
    if not token:
        return False
    if token in ABBREVIATIONS or token.rstrip(".") in ABBREVIATIONS:
        return True
    return len(token) == 1 and token.isalpha() or bool(_INITIALS.match(token))  # "J.", "U.S."


def split_sentences(text: str, *, hard_newlines: bool = False, split_semicolons: bool = True) -> list[Segment]:
    """Cut text into sentences, keeping character offsets into ``text``.

    Args:
        text: The text to cut.
        hard_newlines: Treat every line as its own block (see :func:`split_blocks`).
        split_semicolons: Also cut at semicolons (each side is usually a claim of its own).

    Returns:
        Sentence ranges into ``text``, in order, trimmed of whitespace and edge markup.
    """
    sentences: list[Segment] = []
    for block_start, block_end in split_blocks(text, hard_newlines=hard_newlines):
        start = block_start
        for match in _BOUNDARY.finditer(text, block_start, block_end):
            end = match.end()
            following = _NEXT_VISIBLE.match(text, end, block_end)
            if following is None:
                continue  # the block end closes the sentence anyway
            nxt = following.group(1)
            if match.group(0)[0] == "." and len(match.group(0).rstrip("\"'\u201d\u2019)]*_")) == 1:
                if _is_abbreviation(text, match.start()):
                    continue
            if nxt.islower():
                continue
            sentences.append((start, end))
            start = end
        sentences.append((start, block_end))
    if split_semicolons:
        cut: list[Segment] = []
        for s, e in sentences:
            last = s
            for m in _SEMICOLON.finditer(text, s, e):
                cut.append((last, m.start() + 1))
                last = m.end()
            cut.append((last, e))
        sentences = cut
    trimmed = [_trim(text, s, e) for s, e in sentences]
    return [(s, e) for s, e in trimmed if e > s]
