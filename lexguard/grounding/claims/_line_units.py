"""When a line of an answer or a source is a unit of its own, not a wrapped piece of a paragraph.

Markdown joins consecutive plain lines into one paragraph; text written as news highlights, a
headline over its story or a list without markers is not a paragraph, and reading it as one let
a wrong line pass inside a long claim made of right ones.
"""

from __future__ import annotations

import regex

from lexguard.grounding.signals._words import word_kinds

__all__ = ["goes_on"]

_LAST_WORD = regex.compile(r"([\p{L}\p{N}][\p{L}\p{N}'\u2019%-]*+)[\s\x1c-\x1e]*+$")
_LINE_OPENING = regex.compile(r"[\s\x1c-\x1e\"'\u201c\u2018(]*+([\p{Lu}\p{N}][\p{L}'\u2019-]*+)")
_OPEN_ENDED = frozenset(
    """
    a an the of to in on at by for with from into onto over under about as and or but nor than that which
    who whom whose while if because so is are was were be been being has have had do does did will would
    can could should may might must shall his her its their our my your this these those such very more most
    no not per via between among including like
    """.split()
)
"""Words a line cannot end on when it is whole: a line ending on one goes on with the next."""
_TAIL = 128
"""Characters read at the end of the line above (its last word; a longer one is no word)."""


def goes_on(previous: str, line: str) -> bool:
    """Whether a plain ``line`` goes on the paragraph above it (a hard-wrapped sentence) rather than
    starting a block of its own.

    A line that starts with a capital or a digit after a line that ends on a word, not a
    punctuation mark, is a unit of its own (news highlights, a headline over its story, a list
    written without markers): "... 3-2 in the cup final" over "Rovers came from 2-0 down" was read
    as one claim, and a wrong line among right ones could pass inside it. A line goes on when it
    starts in lower case, when the line above ends on a comma, colon, dash or a word that cannot end
    a sentence ("by", "the", "and": :data:`_OPEN_ENDED`), or on a name broken over two lines
    ("Gustave" / "Eiffel": two capitalised words no dictionary holds; "... bound for the Moon" over
    "Houston firm aims ..." is two highlights)."""
    opening = _LINE_OPENING.match(line)
    end = _LAST_WORD.search(previous[-_TAIL:])
    if opening is None or end is None:
        return True
    last, first = end.group(1), opening.group(1)
    if last.lower() in _OPEN_ENDED:
        return True
    return last[0].isupper() and first.isalpha() and all(
        not word_kinds(w.lower()) and w.lower() not in _OPEN_ENDED for w in (last, first))
