"""Two statements joined by a comma: "Try Paper Rivers by Sami Roth, it's folk."

A chat reply often runs two sentences together with a comma ("She did The Quiet Orchard, it's a
drama though"; "Try Paper Rivers by Sami Roth, it's jazz"). Read whole, the verifier weighed the
first statement, which the sources give, against the second, which they may not: a wrong genre
after a right credit read as supported (0.51 against 0.44). :func:`splice_start` finds where the
second statement starts, a pronoun and its verb after a comma ("it's", "she was", "they are"),
after a first statement of three words or more; the claim extractor makes each a claim of its
own, and the pronoun is read as what the first names
(:func:`~lexguard.grounding._reading.with_names`).
"""

from __future__ import annotations

import regex

__all__ = ["splice_start"]

_SPLICE = regex.compile(
    r",\s*+(?=(?:it|he|she|they)(?:['\u2019]s|['\u2019]re|\s+(?:is|was|are|were|has|had|won|wrote|stars|starred|plays"
    r"|played|released|directed))\b)",
    regex.IGNORECASE,
)
_WORD = regex.compile(r"[\p{L}\p{N}]+")
_HEAD_WORDS = 3
"""Fewest words of the first statement."""


def splice_start(text: str) -> int | None:
    """Where a second statement joined by a comma starts in ``text`` (one sentence: at its
    pronoun), else ``None``.

    Example:
        >>> text = "Try Paper Rivers by Sami Roth, it's folk."
        >>> text[splice_start(text):]
        "it's folk."
        >>> splice_start("If it rains, it is closed.") is None
        True
        >>> splice_start("According to local police, he was found at the beach.") is None
        True
    """
    for cut in _SPLICE.finditer(text):
        head = text[: cut.start()]
        last = head.rsplit(",", 1)[-1] if "," in head else ""
        if len(_WORD.findall(head)) >= _HEAD_WORDS and not _SUBORDINATE.match(head) and not _JOINED.match(last):
            return cut.end()
    return None


_JOINED = regex.compile(r"^\s*(?:but|and|so|or|though|plus)\b", regex.IGNORECASE)
"""A last clause of the head that a conjunction opens ("..., but heads up, it's a horror film"):
the comma after it closes an aside, not a statement."""


_SUBORDINATE = regex.compile(
    r"^\W*(?:if|when|whenever|while|although|though|because|since|as|once|unless|until|after|before|whether|even\s+if"
    r"|even\s+though|where|wherever|according\s+to|in|on|at|for|with|by|during|despite|like|unlike|from|under)\b",
    regex.IGNORECASE,
)
"""A first clause that depends on the second ("If it rains, it is closed"), or a phrase that opens
it ("According to local authorities, he was found ..."): one statement."""
