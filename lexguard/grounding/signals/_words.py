"""Words as the support check compares them: lower-cased, crudely stemmed, apostrophes inside only."""

from __future__ import annotations

from functools import lru_cache

import regex

__all__ = ["WORD", "adverb_only", "base_verb", "can_be_verb", "describes_only", "inflected", "lemmas", "lemmas_as", "no_noun", "norm",
           "plural_dropped", "same_word_forms", "stem", "verb_only", "word_kinds"]

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


@lru_cache(maxsize=1 << 14)
def _lemmas_by_kind(word: str) -> dict[str, tuple[str, ...]]:
    from lemminflect import getAllLemmas  # English lemmas by dictionary lookup (MIT; no model)

    return dict(getAllLemmas(word))


def lemmas(word: str) -> tuple[str, ...]:
    """The English lemmas of a lower-case word ("sent" -> "send", "stopped" -> "stop"), ``()``
    for a word the dictionary does not hold."""
    return tuple(dict.fromkeys(lemma for found in _lemmas_by_kind(word).values() for lemma in found))


def lemmas_as(word: str, kind: str) -> tuple[str, ...]:
    """The lemmas of a lower-case word read as one part of speech ("warned" as ``"VERB"``: ``("warn",)``)."""
    return _lemmas_by_kind(word).get(kind, ())


def word_kinds(word: str) -> frozenset[str]:
    """The parts of speech the dictionary reads a lower-case word as ("hike": NOUN, VERB), empty
    for a word it does not hold (a name, a weekday)."""
    return frozenset(_lemmas_by_kind(word))


def base_verb(word: str) -> bool:
    """Whether a lower-case word is the base form of a verb ("apply", "visit"), as an imperative
    opening a sentence is."""
    return word in _lemmas_by_kind(word).get("VERB", ())


def can_be_verb(word: str) -> bool:
    """Whether a lower-case word has a verb reading ("closes", "voted"; also "rooms")."""
    return "VERB" in _lemmas_by_kind(word)


def verb_only(word: str) -> bool:
    """Whether a lower-case word is read as a verb only (no noun or adjective reading)."""
    return set(_lemmas_by_kind(word)) == {"VERB"}


def no_noun(word: str) -> bool:
    """Whether the dictionary knows a lower-case word but never as a noun ("summarize", "optional";
    not "may", a month too, nor "bill")."""
    kinds = set(_lemmas_by_kind(word))
    return bool(kinds) and not kinds & {"NOUN", "PROPN", "AUX"}


def describes_only(word: str) -> bool:
    """Whether a lower-case word is read as an adjective or adverb only ("basic", "likely"), never a noun."""
    kinds = set(_lemmas_by_kind(word))
    return bool(kinds) and kinds <= {"ADJ", "ADV"}


def adverb_only(word: str) -> bool:
    """Whether a lower-case word is read as an adverb only ("actually", "ever", "officially")."""
    return set(_lemmas_by_kind(word)) == {"ADV"}


@lru_cache(maxsize=1 << 14)
def same_word_forms(word: str) -> frozenset[str]:
    """Every form of a lower-case word's lemmas ("introduce": introduced, introduces, ...)."""
    from lemminflect import getAllInflections

    forms = {word}
    for lemma in lemmas(word):
        forms.add(lemma)
        forms.update(form for found in getAllInflections(lemma).values() for form in found)
    return frozenset(forms)


def inflected(verb: str, tag: str) -> str:
    """A base-form verb in the form of a Penn tag ("play", "VBD" -> "played"; "VBZ" -> "plays"),
    the verb itself when the dictionary holds no such form."""
    from lemminflect import getInflection

    found = getInflection(verb, tag) if base_verb(verb) else ()
    return found[0] if found else verb


def plural_dropped(word: str) -> str:
    """A lower-case word without a plural "s" ("eggs": "egg", "atmospheres": "atmosphere"; "glass",
    "bus" and "gas" stay), for matching what a number counts or what a first is of."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
