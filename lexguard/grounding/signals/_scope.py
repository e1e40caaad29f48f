"""What a claim's "every", "all" or "each" ranges over, against what its source's does.

"Otters have now returned to every river in England" beside "otters are now found in every county
in England": the quantifier, the place and every other word agree, and the verifier read the claim
as supported (0.97). :func:`scope_moved` finds the source sentence that says "every <noun> in
England" of another noun, and names none of the claim's.
"""

from __future__ import annotations

import regex

from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.signals._lexical import _stem, content_words

__all__ = ["scope_moved"]

_SCOPE = regex.compile(
    r"\b(?P<q>every|all|each)\s+(?:(?:of\s+)?(?:the|its|their|his|her)\s+)?(?P<noun>\p{Ll}[\p{L}-]+)(?:\s+"
    r"(?P<prep>in|of|across|on|at|throughout)\s+(?:the\s+)?(?P<where>\p{L}[\p{L}-]+))?",
    regex.IGNORECASE,
)
"""A quantifier over a noun, and where it ranges: "every river in England", "all schools across the county"."""


def scope_moved(claim: str, passages: list[str]) -> str | None:
    """The source sentence whose "every/all/each <noun> <in> <place>" is the claim's with another
    noun, when that sentence names no noun of the claim's scope; ``None`` otherwise.

    Example:
        >>> source = ["Otters, once rare, are now found in every county in England."]
        >>> scope_moved("Otters have now returned to every river in England.", source)
        'Otters, once rare, are now found in every county in England.'
        >>> scope_moved("Otters are now in every county in England.", source) is None
        True
    """
    claimed = [m for m in _SCOPE.finditer(claim) if m.group("where")]
    rest = set(content_words(claim))
    if not claimed or not rest:  # "All the ones in it." has no content word to share
        return None
    for passage in passages:
        for sentence in passage_sentences(passage):
            words = {_stem(w.lower()) for w in regex.findall(r"\p{L}+", sentence)}
            shared = len(rest & set(content_words(sentence))) / len(rest)
            for ours in claimed:
                if _stem(ours.group("noun").lower()) in words:
                    continue
                for theirs in _SCOPE.finditer(sentence):
                    placed = theirs.group("where") and (theirs.group("prep").lower(), theirs.group("where").lower()) == (
                        ours.group("prep").lower(), ours.group("where").lower())
                    loose = ours.group("q").lower() != "all" and shared >= MIN_SHARED  # "all the cells" is often loose
                    if theirs.group("q").lower() == ours.group("q").lower() and (placed or loose):
                        return sentence
    return None


MIN_SHARED = 0.5
"""Share of the claim's content words a sentence whose quantifier ranges over no place ("found in
every county") must hold to be the claim's statement (for "every" and "each": "all the cells of the
body" beside a sentence on "all the systems" is no such swap)."""
