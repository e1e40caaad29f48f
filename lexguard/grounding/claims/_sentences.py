"""Sentence and block segmentation that keeps character offsets into the original text.

Used both to cut answers into claims and to cut sources into chunks. Robust to abbreviations
("Dr.", "e.g.", "U.S."), initials, decimals ("3.5"), numbered and bulleted lists, quotes
closing a sentence, and markdown (headings, emphasis, code fences, tables). One definition of a
line break (:data:`LINE_BREAKS`) serves the block splitter and the code-fence finder alike.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from lexguard.grounding.claims._bylines import header_end
from lexguard.grounding.claims._line_units import goes_on
from lexguard.grounding.signals._words import word_kinds

__all__ = [
    "LINE_BREAKS", "Segment", "fenced_blocks", "lines", "split_blocks", "split_sentences", "table_headers",
]

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

_WORDS_TOO = frozenset("art min max sec est op dist".split())
"""Abbreviations that are also words ("fine art.", "at its max."), not titles ("Gen. Patton") nor days
("Sun. Closed"): an abbreviation only before a number
or a lower-case word."""

LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
r"""The characters that end a line, exactly those of ``str.splitlines`` (``"\r\n"`` is one break).
Blocks, headings, rules and code fences are all found on lines cut at these, so what one step
takes for code another cannot take for text."""

_LIST_MARKER = regex.compile(
    r"^[ \t]*+(?:[-*_=]{2,}+|[-*+\u2022\u25aa\u25e6\u2023>]|\(?\d{1,3}[.)]|\(?[a-zA-Z][.)])[ \t]+"
)
_HEADING = regex.compile(r"^[ \t]{0,3}#{1,6}[ \t]+")
_FENCE = regex.compile(r"^[ \t]*+(`{3,}+|~{3,}+)(.*)$", regex.DOTALL)
_LANGUAGE_TAG = regex.compile(r"^[a-z][a-z0-9_+#.\-]{0,23}$")
# A whole line of markup: a thematic break / setext underline, or a table's header rule.
_RULE = regex.compile(r"^[ \t]*+(?:(?:[-*_=][ \t]*+){3,}+|\|?(?:[ \t]*+:?-{3,}+:?[ \t]*+\|?)++)$")
# Only a run's first punctuation mark may start a match, and nothing backtracks: linear time.
_BOUNDARY = regex.compile(r"(?<![.!?\u2026])[.!?\u2026]++[\"'\u201d\u2019)\]*_]*+(?=[\s\x1c-\x1e]|$)")
_NEXT_VISIBLE = regex.compile(r"[\s\x1c-\x1e]*+([^\s\x1c-\x1e])")
_SEMICOLON = regex.compile(r";\s")
_MAX_TOKEN = 64
"""Longest token looked at before a full stop (longer ones are never abbreviations)."""
_INITIALS = regex.compile(r"^(?:\p{L}\.)+\p{L}?$")
_EDGE_JUNK = " \t" + LINE_BREAKS + ">|#"
_EMPHASIS = ("**", "__", "*", "_", "`")


def lines(text: str) -> Iterator[Segment]:
    """The lines of ``text`` without their line breaks (see :data:`LINE_BREAKS`).

    Args:
        text: The text to cut.

    Yields:
        ``(start, end)`` of each line's body, in order.
    """
    pos = 0
    for line in text.splitlines(keepends=True):
        cut = 2 if line.endswith("\r\n") else 1 if line[-1] in LINE_BREAKS else 0
        yield pos, pos + len(line) - cut
        pos += len(line)


def _fence_info_is_text(info: str) -> bool:
    """Whether an opening fence's info string is text a reader sees, not a language tag
    (``python``, ``c++``, ``objective-c``: one lower-case token)."""
    info = info.strip()
    return bool(info) and _LANGUAGE_TAG.match(info) is None


def _scan(text: str, fences: bool) -> Iterator[tuple[str, int, int, int]]:
    """Classify each line as ``text``, ``open`` / ``close`` (a fence) or ``code`` (inside one).

    Follows CommonMark: a fence is three or more backticks or tildes (a backtick fence's info
    string has no backtick); it is closed only by a line of the same character, at least as
    long, with nothing after it; an unclosed fence runs to the end of the text.

    Yields:
        ``(kind, start, end, info_start)``: the line's body range and, for ``open``, where its
        info string starts.
    """
    opening: str | None = None
    for start, end in lines(text):
        match = _FENCE.match(text[start:end]) if fences else None
        if opening is None:
            if match and not (match.group(1)[0] == "`" and "`" in match.group(2)):
                opening = match.group(1)
                yield "open", start, end, start + match.start(2)
            else:
                yield "text", start, end, start
        elif (match and match.group(1)[0] == opening[0] and len(match.group(1)) >= len(opening)
              and not match.group(2).strip()):
            opening = None
            yield "close", start, end, start
        else:
            yield "code", start, end, start


def fenced_blocks(text: str) -> list[Segment]:
    """Content ranges of the fenced code blocks of ``text`` (the lines :func:`split_blocks` skips).

    The range of a block runs from its first content line to the end of its last one (to the end
    of the text when the fence is never closed). An opening fence's info string is content too
    unless it is a language tag (one lower-case token such as ``python``).

    Args:
        text: The text to read.

    Returns:
        Non-empty ``(start, end)`` ranges into ``text``, in order.
    """
    out: list[Segment] = []
    current: list[int] | None = None
    for kind, start, end, info in _scan(text, True):
        if kind == "open":
            current = None
            if _fence_info_is_text(text[info:end]):
                current = [info, end]
                out.append((info, end))
        elif kind == "code":
            if current is None:
                current = [start, end]
                out.append((start, end))
            current[1] = end
            out[-1] = (current[0], current[1])
        elif kind == "close":
            current = None
    return [(s, e) for s, e in out if text[s:e].strip()]


def table_headers(text: str) -> list[Segment]:
    """The header rows of the markdown tables of ``text``: the line right above a ``|---|`` rule.

    Args:
        text: The text to read (fenced code is not looked at).

    Returns:
        ``(start, end)`` of each header row's line, in order.
    """
    out: list[Segment] = []
    previous: tuple[str, int, int] | None = None
    for kind, start, end, _ in _scan(text, True):
        body = text[start:end]
        if (kind == "text" and previous is not None and previous[0] == "text" and "|" in body
                and "-" in body and _RULE.match(body) and "|" in text[previous[1]:previous[2]]):
            out.append((previous[1], previous[2]))
        previous = (kind, start, end)
    return out


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


def split_blocks(text: str, *, hard_newlines: bool = False, fences: bool = True) -> list[Segment]:
    """Cut text into blocks: paragraphs, headings, list items, table rows, outside code fences.

    Lines are cut at every :data:`LINE_BREAKS` character. Fenced code (see
    :func:`fenced_blocks`), blank lines and lines of markup only (``---``, ``***``, a table's
    ``|---|---|`` rule) are left out; every other line's text is in a block. A heading is a
    block of its own (without its ``#`` marks); text after a list marker or a rule-like run
    (``--- text``) starts a new block. Consecutive plain lines form one block (a wrapped
    paragraph) unless ``hard_newlines`` is set, in which case every line is its own block, or the
    line reads as a unit of its own (:func:`_goes_on`: news highlights, a headline).

    Args:
        text: The text to cut.
        hard_newlines: Treat each line as a block of its own (good for sources).
        fences: Recognise code fences; ``False`` reads fence lines as text (for text that is
            itself the inside of a fence).

    Returns:
        Block ranges into ``text``, in order, with list markers and edge markup trimmed off.
    """
    blocks: list[Segment] = []
    current: list[int] | None = None
    prior = ""
    for kind, line_start, line_end, _ in _scan(text, fences):
        body = text[line_start:line_end]
        if kind != "text" or not body.strip() or _RULE.match(body):
            current = None
            continue
        previous, prior = prior, body
        heading = _HEADING.match(body)
        marker = heading or _LIST_MARKER.match(body)
        content_start = line_start + (marker.end() if marker else 0)
        if (marker or current is None or hard_newlines or body.lstrip().startswith("|")
                or not goes_on(previous, body)):
            current = [content_start, line_end]
            blocks.append((0, 0))
        else:
            current[1] = line_end
        blocks[-1] = (current[0], current[1])
        if heading:
            current = None  # the next line starts a block of its own
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


def _is_abbreviation(text: str, punct_start: int, following: str = "") -> bool:
    """Whether the dot at ``punct_start`` ends an abbreviation; a word that is one only before a
    number or a lower-case word ("Art. 5", "min. temperature") ends a sentence before a capital
    ("... rather than fine art. Director Harriet Solvang ...")."""
    token = _previous_token(text, punct_start)
    if not token:
        return False
    token = token.lstrip("(\"'\u201c\u2018[").lower()
    if not token:
        return False
    if token.rstrip(".") in _WORDS_TOO and following[:1].isupper():
        return False
    if token in ABBREVIATIONS or token.rstrip(".") in ABBREVIATIONS:
        return True
    return len(token) == 1 and token.isalpha() or bool(_INITIALS.match(token))  # "J.", "U.S."


_TIME_MARK = regex.compile(r"(?:\d|\b)[ap]\.m$", regex.IGNORECASE)
_WORD_AND_NEXT = regex.compile(r"(?P<word>\p{Lu}\p{Ll}+)\s+(?P<next>\p{Ll})")


def _after_a_time(text: str, dot: int, start: int) -> bool:
    """Whether a sentence opens after the "p.m." ending at ``dot``: a capitalised dictionary word
    followed by a lower-case one ("at 3 p.m. Just so you know, ..."; read as one sentence, the
    second was checked as part of the first and passed), not a weekday, a month or a name ("8
    p.m. Friday", "3 p.m. Eastern Time")."""
    if not _TIME_MARK.search(text[max(0, dot - 6) : dot]):
        return False
    following = _WORD_AND_NEXT.match(text, start)
    return following is not None and bool(word_kinds(following.group("word").lower()))


def _written_in_lower_case(text: str, start: int, end: int) -> bool:
    """Whether no sentence of the block opens with a capital: text written in lower case (chat,
    lower-cased corpora such as "the woman , 31 , was found . police said ..."), where a word
    after a full stop opens a sentence whatever its case. In text written with capitals a
    lower-case word after a dot goes on the sentence ("approx. the", "Ph.D. students")."""
    for match in _BOUNDARY.finditer(text, start, end):
        following = _NEXT_VISIBLE.match(text, match.end(), end)
        if following is not None and following.group(1).isupper():
            return False
    first = _NEXT_VISIBLE.match(text, start, end)
    return first is None or not first.group(1).isupper()


def split_sentences(
    text: str, *, hard_newlines: bool = False, split_semicolons: bool = True, fences: bool = True
) -> list[Segment]:
    """Cut text into sentences, keeping character offsets into ``text``.

    Args:
        text: The text to cut.
        hard_newlines: Treat every line as its own block (see :func:`split_blocks`).
        split_semicolons: Also cut at semicolons (each side is usually a claim of its own).
        fences: Recognise code fences (see :func:`split_blocks`); their content is not cut here.

    Returns:
        Sentence ranges into ``text``, in order, trimmed of whitespace and edge markup.
    """
    sentences: list[Segment] = []
    for block_start, block_end in split_blocks(text, hard_newlines=hard_newlines, fences=fences):
        start = block_start
        if (header := header_end(text, block_start)) > block_start:  # a news byline or dateline
            sentences.append((start, header))
            start = header
        lower_case = _written_in_lower_case(text, block_start, block_end)
        for match in _BOUNDARY.finditer(text, start, block_end):
            end = match.end()
            following = _NEXT_VISIBLE.match(text, end, block_end)
            if following is None:
                continue  # the block end closes the sentence anyway
            nxt = following.group(1)
            if match.group(0)[0] == "." and len(match.group(0).rstrip("\"'\u201d\u2019)]*_")) == 1:
                if _is_abbreviation(text, match.start(), nxt) and not _after_a_time(text, match.start(), following.start(1)):
                    continue
            if nxt.islower() and not lower_case and not _opens_sentence(text, following.start(1), block_end):
                continue  # "approx. the same", "Ph.D. students": a lower-case word goes on the sentence
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


_FIRST_WORD = regex.compile(r"\s*(?P<word>[\p{L}\p{N}]+)")
_OPENERS = frozenset(
    "it its the this that these those he she they we i you there here a an his her their our my in on at "
    "but and however after before when while if as for so then yet".split()
)
"""Words that open a new sentence after "p.m." ("... to 5 p.m. It is closed on Mondays."); a
name or a weekday there continues it ("8 p.m. Friday")."""


def _opens_sentence(text: str, start: int, end: int) -> bool:
    """Whether the lower-case word at ``start`` opens a sentence of its own after a full stop that is
    no listed abbreviation's: a pronoun, "the" or a connective (:data:`_LOWER_OPENERS`) does ("The
    tower is in Paris. it was built by aliens." is two claims: read as one, the second passed
    unread); a preposition does not ("a Ph.D. in chemistry", "3 lbs. in total")."""
    first = _FIRST_WORD.match(text, start, end)
    return first is not None and first.group("word") in _LOWER_OPENERS


_LOWER_OPENERS = frozenset(
    "it its the this these those he she they we i you there his her their our my but however then".split()
)
"""Lower-case words that open a sentence after a full stop in text written with capitals."""
