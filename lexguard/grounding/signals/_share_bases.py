"""What a share is of ("64% *of members*"), and a share given to another base than its sentence's.

"Guards will strike after 64% of members backed walkouts" beside "72% of members voted for strike
action on a turnout of 64%": every value is in the sentence, the claim's other words anchor
neither share well, and the verifier called it supported (0.84). The sentence gives the claim's
64% to no base (the turnout), and a rival share to the claim's base, "of members": that rival is
what the claim's share is about. :func:`share_of_another_base` finds such a sentence;
:func:`share_base` reads what a share is of, for :mod:`lexguard.grounding.signals._anchoring`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import regex

from lexguard.grounding.signals._lexical import Mention, content_words, numbers
from lexguard.grounding.signals._value_classes import magnitude, value_class
from lexguard.grounding.signals._words import stem

__all__ = ["CLAUSE_OPEN", "share_base", "share_of_another_base"]

_SHARE_BASE = regex.compile(
    r"\s*+(?:(?:%|per\s*cent|percent)\s*+)?of\s++(?:(?:the|its|their|all|this|that|these|those)\s++)?"
    r"(?:[\p{L}-]+['\u2019]s\s++)?(?:[\d,.]+\s++)?(?P<noun>\p{L}+)",
    regex.IGNORECASE,
)
CLAUSE_OPEN = regex.compile(r",|;|\band\b|\bbut\b|\bthat\b")
"""Where a statement's clause opens (what anchors a value stays inside it)."""
_SENTENCE = regex.compile(r"[^.!?\n]+(?:[.!?]+|$)")
_SHARE_SIGN = regex.compile(r"\s*+(?:%|per\s*+cent\b|percent\b)", regex.IGNORECASE)


def share_base(after: str) -> str | None:
    """What a share is of, by the stem of its noun, read from the text right after the value ("%
    of its 9,870 patients": "patient")."""
    found = _SHARE_BASE.match(after)
    return stem(found.group("noun").lower()) if found else None


def share_of_another_base(
    claim: str, mention: Mention, keys: set[float], rivals: Sequence[tuple[float, str]],
) -> str | None:
    """The evidence text whose sentence gives the claim's share (one of ``keys``) to no base, or
    another, with no word of the claim beside it, while a rival share of that sentence (one of
    ``rivals``: values the claim does not give, each with its text, best anchored first) is of the
    claim's base: "after 64% of members backed walkouts" beside "... 72% of members voted for
    strike action on a turnout of 64%". "41% *in the placebo group*" is the claim's share when the
    claim names the placebo group."""
    base = share_base(claim[mention.span[1] : mention.span[1] + 80])
    if base is None or value_class(claim, mention) != "percent":
        return None
    words = {stem(w) for w in content_words(claim)}
    for value, text in rivals:
        for found in _SENTENCE.finditer(text):
            sentence = found.group()
            shares = [(m, v, share_base(sentence[m.span[1] : m.span[1] + 80])) for m in numbers(sentence)
                      if value_class(sentence, m) == "percent" and (v := magnitude(sentence, m)) is not None]
            mine = [(m, b) for m, v, b in shares if any(math.isclose(v, k, rel_tol=1e-9) for k in keys)]
            if (mine and all(b != base and not _beside(sentence, m, words) for m, b in mine)
                    and any(b == base and math.isclose(v, value, rel_tol=1e-9) for _, v, b in shares)):
                return text
    return None


def _beside(sentence: str, mention: Mention, words: set[str]) -> bool:
    """Whether the content word right before or right after a value (in its clause) is one of
    ``words`` (stems)."""
    sign = _SHARE_SIGN.match(sentence, mention.span[1])
    ahead = CLAUSE_OPEN.split(sentence[: mention.span[0]])[-1]
    behind = CLAUSE_OPEN.split(sentence[sign.end() if sign else mention.span[1] :])[0]
    near = content_words(ahead)[-1:] + content_words(behind)[:1]
    return any(stem(w) in words for w in near)
