"""A share said in words of a part and a total the sources give in one phrase.

"will close nearly a third of its shops" beside "will close 27 of its 84 shops": 27 / 84 is 32%,
nearly a third, yet no source writes a third, and the strict number rule failed the claim. The
phrase that gives the part may sit in a sentence far from what the claim's other words fit best,
so every source is read.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import regex

from lexguard.grounding.signals._lexical import Mention, key_value

__all__ = ["share_given"]

_PART_OF_TOTAL = regex.compile(
    r"(?<![\d.,])(\d[\d,]*(?:\.\d+)?)\s++(?:out\s++)?of\s++(?:(?:its|the|their|his|her|our|all|a\s+total\s+of)\s++)?"
    r"(\d[\d,]*(?:\.\d+)?)(?![\d.,])", regex.IGNORECASE)
"""A part of a total in one phrase: "27 of its 84 shops", "47 out of 50 items"."""
_LOOSE = regex.compile(r"\b(?:about|around|roughly|nearly|almost|approximately|some|just\s+(?:over|under)|over|under"
                       r"|more\s+than|less\s+than|fewer\s+than)\s*+$", regex.IGNORECASE)
_PERCENT = regex.compile(r"\s*+(?:%|per\s*cent|percent)", regex.IGNORECASE)

CLOSE = 0.06
"""How far (a share of the claim's value) a share said plainly may be from the part's."""
LOOSE = 0.10
"""How far a share said with "about", "nearly" or "over" may be."""


def share_given(claim: str, mention: Mention, sources: Iterable[str]) -> bool:
    """Whether a share said in words ("nearly a third of its shops") is the part of a total that a
    source gives in one phrase ("27 of its 84 shops").

    Args:
        claim: The claim text.
        mention: A number of the claim no source states.
        sources: The sources' texts.

    Returns:
        ``True`` when the mention is a fraction (not a percentage: the shares' rule reads those,
        :mod:`._shares`) within :data:`CLOSE` of a source's part of its total, or :data:`LOOSE`
        after "about", "nearly", "over" and the like.

    Example:
        >>> from lexguard.grounding.signals._lexical import numbers
        >>> claim = "It will close nearly a third of its shops."
        >>> share_given(claim, numbers(claim)[0], ["It will close 27 of its 84 shops by March."])
        True
    """
    if mention.text.rstrip().endswith("%") or _PERCENT.match(claim, mention.span[1]):
        return False
    share = next((v for k in (mention.key, *mention.alts) if (v := key_value(k)) is not None and 0 < v < 1), None)
    if share is None:
        return False
    tolerance = LOOSE if _LOOSE.search(claim, 0, mention.span[0]) else CLOSE
    for text in sources:
        for found in _PART_OF_TOTAL.finditer(text):
            part, total = (float(g.replace(",", "")) for g in found.groups())
            if 0 < part < total and math.isclose(part / total, share, rel_tol=tolerance):
                return True
    return False
