"""Which language a claim is written in, by its function words (the ``stop-words`` lists): the
entity finder reads capitalisation as a name signal only where a language writes it so."""

from __future__ import annotations

from functools import lru_cache

import regex

__all__ = ["OTHER_LANGUAGES", "function_words", "text_language"]

OTHER_LANGUAGES = ("french", "german", "spanish", "italian", "portuguese", "dutch")
"""The languages besides English whose function words are told apart."""


@lru_cache(maxsize=None)
def function_words(language: str) -> frozenset[str]:
    """The function words of ``language`` (``english`` or one of :data:`OTHER_LANGUAGES`)."""
    from stop_words import get_stop_words

    return frozenset(get_stop_words(language))


def text_language(text: str) -> str:
    """``english``, or the language among :data:`OTHER_LANGUAGES` whose function words ``text``
    uses most (more than English ones)."""
    words = regex.findall(r"\p{L}+", text.lower())
    counts = {lang: sum(w in function_words(lang) for w in words) for lang in ("english", *OTHER_LANGUAGES)}
    best = max(counts, key=lambda lang: counts[lang])
    return best if counts[best] > counts["english"] else "english"
