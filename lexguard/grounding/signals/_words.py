"""Words as the support check compares them: lower-cased, crudely stemmed, apostrophes inside only."""

from __future__ import annotations

from functools import lru_cache

import regex

__all__ = ["WORD", "norm", "stem"]

WORD = regex.compile(r"[\p{L}\p{N}](?:[\p{L}\p{N}'\u2019-]*[\p{L}\p{N}])?")  # "TX'" is "tx"


def norm(text: str) -> str:
    """``text`` as compared: its words lower-cased and stemmed, joined by spaces."""
    return " ".join(stem(w) for w in WORD.findall(text.lower()))


@lru_cache(maxsize=1 << 16)
def stem(word: str) -> str:
    """A crude stem: a possessive and one of the suffixes -ies, -es, -s, -ing, -ed, -ly removed."""
    word = word.replace("\u2019", "'")
    if word.endswith("'s"):
        word = word[:-2]
    for suffix in ("ies", "es", "s", "ing", "ed", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)] + ("y" if suffix == "ies" else "")
    return word
