"""The parts of a long claim that say something the sources have no words for, read on their own.

The verifier reads a claim whole (in windows when it is long), and a false clause appended to a
long true sentence ("..., all of which are free to attend", "... and residents will be
compensated for the disruption") sways it little: the rest of the sentence is supported, and the
verdict is the sentence's. :func:`novel_parts` finds the pieces of a claim (cut at commas,
semicolons, "and" and "or") most of whose content words occur in no source; the verifier reads each
again after the claim's opening words, as one more window whose verdict counts like the others
(the weakest window's verdict is the claim's).
"""

from __future__ import annotations

from collections.abc import Collection

import regex

from lexguard.grounding.signals._lexical import content_words

__all__ = ["MIN_NOVEL_SHARE", "MIN_NOVEL_WORDS", "claim_pieces", "novel_parts"]

MIN_NOVEL_WORDS = 2
"""Least content words of a piece for it to be read on its own."""
MIN_NOVEL_SHARE = 0.6
"""Least share of a piece's content words that no source holds."""

_PIECE = regex.compile(r"[,;]\s*+(?:(?:and|but|or)\s++)?|\s++(?:and|or)\s++|\s++(?=(?:but|while|whereas)\b)", regex.IGNORECASE)
"""Where a claim's pieces part: commas, semicolons, "and", "or" (an alternative the sources do not
give: "through the app *or* in writing at reception"), before "but" / "while"."""


_CONDITION = regex.compile(r"(?:as|so)\s+long\s+as\b|if\b|unless\b|provided\b|subject\s+to\b|when\b|once\b",
                          regex.IGNORECASE)


def claim_pieces(claim: str) -> list[str]:
    """The pieces of ``claim``, cut at commas, semicolons, "and", "or" and before "but" / "while"."""
    return [p.strip(" .!?") for p in _PIECE.split(claim)]


def novel_parts(claim: str, known: Collection[str]) -> list[str]:
    """The pieces of ``claim`` that hold at least :data:`MIN_NOVEL_WORDS` content words, at least
    :data:`MIN_NOVEL_SHARE` of them in no source (``known``: the sources' content words, as
    :func:`~lexguard.grounding.signals._lexical.content_words` writes them), after the first piece
    (which the verifier reads first) and other than a condition ("as long as there's space")."""
    pieces = claim_pieces(claim)
    out = []
    for piece in pieces[1:]:  # the first piece opens the claim: the verifier reads it first, whole
        if _CONDITION.match(piece):
            continue  # "as long as there's space": a condition reads only with what it limits
        words = [w for w in content_words(piece) if not w.isdigit()]
        if len(words) >= MIN_NOVEL_WORDS and sum(w not in known for w in words) / len(words) >= MIN_NOVEL_SHARE:
            out.append(piece)
    return out
