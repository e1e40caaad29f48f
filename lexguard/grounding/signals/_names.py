"""When a name of a claim counts as given by the sources, written another way.

A name is *given* when the sources hold it as a phrase or all its words
(:meth:`~lexguard.grounding.signals._lexical.LexicalProfile.has_entity`), or in one of the ways
people write the same name differently:

- other spacing or punctuation: "Wi-Fi" for "WiFi", "Wal-Mart" for "Walmart";
- run together in a field name: "TV" for ``'HasTV'``, "Wi-Fi" for ``'WiFi'`` (camel case);
- an acronym and its expansion, either way: "US" for "U.S." or "United States", "United States"
  for "US"; a plural acronym ("TVs") is the acronym;
- a generational suffix or a title the sources leave out: "Floyd Mayweather Jr." for "Floyd
  Mayweather", "Senator Mark Udall" or "US President Barack Obama" for "Mark Udall", "Barack
  Obama" (:func:`core_name`), a possessive ("US's"), accents ("Beyonce" for "Beyoncé");
- a US state by its postal code or AP abbreviation ("Texas" for "TX", "Florida" for "Tampa,
  Fla.": :mod:`._us_states`);
- a people or language word, alone, beside its place: "Americans" for "America", "Zimbabwean"
  for "Zimbabwe", "Londoners" for "London" (a demonym suffix after at least four letters the
  place shares); a country's people word beside the country and the country beside it, either
  way ("French" and "France",
  "Dutch" and "the Netherlands"), and two people words of one country ("Argentine" and
  "Argentinian": :mod:`._demonyms`).

Nothing here finds a name the sources do not hold in some spelling: an invented or swapped
name stays unknown.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache

import regex

from lexguard.grounding.signals._demonyms import peoples_of, places_of
from lexguard.grounding.signals._honorifics import HONORIFICS
from lexguard.grounding.signals._us_states import abbreviated_state, state_code
from lexguard.grounding.signals._words import norm
from lexguard.grounding.signals._written import number_words

__all__ = ["PARTICIPLE_NEXT", "NameFacts", "acronym_letters", "core_name", "not_a_name"]

_ACRONYM = regex.compile(r"^(?:\p{Lu}\.?){2,6}$")
_SOURCE_ACRONYM = regex.compile(r"(?<![\p{L}.])(?:\p{Lu}\.){2,6}|(?<!\p{L})\p{Lu}{2,6}(?=s?(?!\p{L}))")
_CAMEL = regex.compile(r"\p{L}*\p{Ll}\p{Lu}\p{L}*|\p{Lu}{2,}\p{Ll}+\p{L}*")
_CAMEL_PARTS = regex.compile(r"\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+")
_CAPITALISED_RUN = regex.compile(r"\p{Lu}[\p{L}'\u2019-]*(?:[ \t]+(?:(?:of|the|and|for|de|&)[ \t]+)*\p{Lu}[\p{L}'\u2019-]*)+")
_NOT_ALNUM = regex.compile(r"[^\p{L}\p{N}]+")
_WORD = regex.compile(r"\p{L}+")
_SUFFIX_WORDS = frozenset({"jr", "sr", "ii", "iii", "iv"})
_CONNECTORS = frozenset({"of", "the", "and", "for", "de", "&"})
_LONGEST_EXPANSION = 8
"""Most words of a phrase an acronym is read as."""
_DEMONYM_SUFFIXES = ("ians", "eans", "ans", "ian", "ean", "an", "ese", "ish", "ers", "er")
_MIN_PLACE_STEM = 4


_TITLES = frozenset(
    """
    president vice senator sen representative rep congressman congresswoman governor gov mayor judge
    justice minister pm premier chancellor secretary ambassador speaker commissioner chief director
    general gen captain capt lieutenant lt colonel col sergeant sgt officer detective agent coach
    king queen prince princess pope cardinal archbishop bishop reverend father
    sister brother saint professor doctor democrat republican democratic
    republican former late ceo chairman chairwoman founder councillor councilor councilman councilwoman alderman
    """.split()
) | HONORIFICS
"""Words that stand before a name as a title or role ("Senator", "US President", "Democrat")."""


def core_name(surface: str) -> str:
    """``surface`` without the leading titles, roles and place words before a name ("US President
    Barack Obama", "Charleston Mayor Joe Riley": "Barack Obama", "Joe Riley"), a possessive
    ("US's": "US") and accents ("Beyoncé": "Beyonce").

    The words dropped are those a name's sources may leave out; at least one word is kept.
    """
    words = surface.replace("\u2019", "'").split()
    if words and words[-1].endswith("'s"):
        words[-1] = words[-1][:-2]
    titled = [i for i, w in enumerate(words[:-1]) if w.lower().strip(".") in _TITLES]
    if titled:  # "Indian PM Narendra Modi", "Charleston Mayor Joe Riley": the name follows the title
        words = words[titled[-1] + 1 :]
    while len(words) > 1 and (
        words[0].lower().strip(".") in _TITLES or acronym_letters(words[0]) is not None
    ):
        words = words[1:]
    return _fold(" ".join(words))


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


_PLACEHOLDER = regex.compile(r"[\[{<][^\[\]{}<>\n]*$")
PARTICIPLE_NEXT = regex.compile(r"\s+(?:in|on|at|with|to|for|from|by|of|as|the|a|an|this|that|its|their|our)\b")


def not_a_name(text: str, start: int, end: int, surface: str) -> bool:
    """A capitalised phrase that is no name: a number in words ("Eleven", "Twenty-Five") or a
    template placeholder ("[Manager's Name]", "{Company}", "<Your Name>")."""
    spans = number_words(surface)
    if spans and spans[0][0] == (0, len(surface)):
        return True
    opened = _PLACEHOLDER.search(text, max(0, start - 80), start)
    closed = regex.match(r"[^\[\]{}<>\n]*[\]}>]", text[end : end + 80])
    if opened is None or closed is None:
        return False
    inside = text[opened.start() + 1 : end + closed.end() - 1]
    return _TEMPLATE_WORD.search(inside) is not None  # "[Napoleon]" stays a name


_TEMPLATE_WORD = regex.compile(
    r"\b(?:name|your|insert|company|organi[sz]ation|date|address|title|position|role|department|phone|email|"
    r"recipient|manager|supervisor|employer|number|city|country|state|here|x+)\b",
    regex.IGNORECASE,
)


def acronym_letters(surface: str) -> str | None:
    """The lower-case letters of an acronym ("US", "U.S.", "TVs" -> "us", "us", "tv"), else None."""
    bare = surface.strip()
    if len(bare) > 2 and bare.endswith("s") and _ACRONYM.match(bare[:-1]):
        bare = bare[:-1]
    if not _ACRONYM.match(bare):
        return None
    return bare.replace(".", "").lower()


def _initials(run: str) -> str:
    words = [w for w in run.split() if w.lower() not in _CONNECTORS]
    return "".join(w[0] for w in words).lower()


@dataclass(frozen=True)
class NameFacts:
    """What the sources hold that a name written another way can be matched against.

    Args:
        text: The source texts, joined.
    """

    text: str

    @cached_property
    def squashed(self) -> str:
        """The texts, lower-cased, with everything but letters and digits removed."""
        return _NOT_ALNUM.sub("", _fold(self.text.lower()))

    @cached_property
    def acronyms(self) -> frozenset[str]:
        """Acronyms the texts write ("US", "U.S."), lower-cased."""
        return frozenset(m.group().replace(".", "").lower() for m in _SOURCE_ACRONYM.finditer(self.text))

    @cached_property
    def initials(self) -> frozenset[str]:
        """Initials of the texts' capitalised phrases ("United States": "us")."""
        return frozenset(_initials(m.group()) for m in _CAPITALISED_RUN.finditer(self.text))

    @cached_property
    def expansions(self) -> dict[str, str]:
        """The capitalised phrases of the texts by their initials ("ntsb": "National Transportation
        Safety Board"), each part of a longer phrase too; the first the texts write wins."""
        found: dict[str, str] = {}
        for match in _CAPITALISED_RUN.finditer(self.text):
            words = match.group().split()
            for i in range(len(words)):
                for j in range(i + 2, min(len(words), i + _LONGEST_EXPANSION) + 1):
                    part = words[i:j]
                    if part[0].lower() not in _CONNECTORS and part[-1].lower() not in _CONNECTORS:
                        found.setdefault(_initials(" ".join(part)), " ".join(part))
        return found

    @cached_property
    def camel_parts(self) -> frozenset[str]:
        """Lower-cased parts of the texts' camel-case words ("HasTV": has, tv)."""
        parts: set[str] = set()
        for match in _CAMEL.finditer(self.text):
            parts |= {p.lower() for p in _CAMEL_PARTS.findall(match.group())}
        return frozenset(parts)

    @cached_property
    def words(self) -> frozenset[str]:
        """Lower-cased words of the texts, with the parts of camel-case words."""
        return frozenset(w.lower() for w in _WORD.findall(self.text)) | self.camel_parts

    @cached_property
    def capitalised(self) -> frozenset[str]:
        """Lower-cased forms of the capitalised words of the texts (places, peoples, names)."""
        return frozenset(w.lower() for w in _WORD.findall(self.text) if w[0].isupper())

    def gives(self, surface: str, key: str) -> bool:
        """Whether the texts give the name ``surface`` (normalised ``key``) written another way."""
        letters = acronym_letters(surface)
        if letters is not None:
            return letters in self.acronyms or letters in self.initials or letters in self.camel_parts
        plain = _NOT_ALNUM.sub("", _fold(key))
        if len(plain) >= 4 and plain in self.squashed:
            return True
        words = [w.lower() for w in _WORD.findall(surface)]
        kept = [w for w in words if w not in _SUFFIX_WORDS]
        if not kept:
            return False
        if len(kept) > 1 and _initials(surface) in self.acronyms and _initials(surface) == "".join(
            w[0] for w in kept if w not in _CONNECTORS
        ):
            return True  # "United States" for "US"
        if state_code(key) in self.acronyms or abbreviated_state(key, self.text):
            return True  # "Texas" for "TX", "Florida" for "Tampa, Fla."
        if len(kept) == 1 and self._place_of(kept[0]):
            return True  # "Americans" for "America"
        if self.country_written_otherwise(" ".join(kept)):
            return True  # "French" for "France", "the Netherlands" for "Dutch"
        return all(w in self.words or self._clipped(w) for w in kept if w not in _CONNECTORS)

    def _clipped(self, word: str) -> bool:
        """Whether ``word`` is a clipped capitalised source word: "Lib Dem" for "Liberal Democrat",
        "Sat" for "Saturday" (three or four letters that begin a word at least two letters longer)."""
        return 3 <= len(word) <= 4 and any(w.startswith(word) and len(w) >= len(word) + 2 for w in self.capitalised)

    def country_written_otherwise(self, name: str) -> bool:
        """Whether ``name`` (lower-case) is a country's people word and the texts name the country,
        or a country and the texts give its people word (:mod:`._demonyms`)."""
        places = places_of(name)
        for other in (*places, *peoples_of(name)):
            words = [w for w in other.split() if w not in _CONNECTORS]
            if all(w in self.capitalised for w in words) or (len(words) > 1 and _initials(other) in self.acronyms):
                return True  # "British" beside "the UK"
        return not places.isdisjoint(self.peoples_places)  # "Argentine" beside "an Argentinian journalist"

    @cached_property
    def peoples_places(self) -> frozenset[str]:
        """The places of the texts' people words ("argentinian": "argentina", ...)."""
        return frozenset().union(*(places_of(w) for w in self.capitalised if len(w) >= _MIN_PLACE_STEM))

    def _place_of(self, word: str) -> bool:
        """Whether ``word`` is a people or language word of a place the texts name ("americans":
        "America"): a demonym suffix after at least four letters that begin a capitalised source
        word no more than two letters longer."""
        for suffix in _DEMONYM_SUFFIXES:
            stem = word[: -len(suffix)]
            if word.endswith(suffix) and len(stem) >= _MIN_PLACE_STEM:
                if any(w.startswith(stem) and len(w) - len(stem) <= 2 for w in self.capitalised):
                    return True
        return False
