"""Peoples and their places, as countryinfo's data gives them: "French" for France, "Dutch" for
the Netherlands, "Welsh" for Wales.

A claim that calls a company "French" beside a source that says it is based in France named
nothing the sources do not hold, but "French" shares too few letters with "France" for the
suffix rule of :mod:`._names` ("Americans" for "America"), and the name rule refused it. The
country data of the ``countryinfo`` package (MIT) holds each country's demonym; it is read once,
on the first word that needs it.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["peoples_of", "places_of"]


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """``(places by people word, people words by place)``, all lower-case."""
    from countryinfo import CountryInfo

    places: dict[str, set[str]] = {}
    peoples: dict[str, set[str]] = {}
    for name, info in CountryInfo.all().items():
        # "GB", "GBR" are codes, not how a text names the place; "Great Britain" is
        spelled = {name, *(alt.lower() for alt in info.get("altSpellings") or () if len(alt) > 3 and not alt.isupper())}
        for people in (info.get("demonym") or "").lower().split(","):
            people = people.strip()
            if not people:
                continue
            places.setdefault(people, set()).update(spelled)
            for place in spelled:
                peoples.setdefault(place, set()).add(people)
    for people, place in _BRITISH_ISLES:
        places.setdefault(people, set()).add(place)
        peoples.setdefault(place, set()).add(people)
    return ({k: frozenset(v) for k, v in places.items()}, {k: frozenset(v) for k, v in peoples.items()})


_BRITISH_ISLES = (("british", "britain"), ("briton", "britain"), ("briton", "united kingdom"), ("scot", "scotland"),
                  ("scots", "scotland"), ("english", "england"))
"""Words countryinfo's data leaves out (it names the country "United Kingdom" or "Great Britain",
and its people "British"): "Briton" and "Britain" are how British news names them."""


def places_of(word: str) -> frozenset[str]:
    """The places a people or language word names, lower-case ("french": "france", ...; a plural
    "peruvians" as "peruvian"); empty for any other word."""
    word = word.lower()
    table = _tables()[0]
    found = table.get(word)
    if found is None and word.endswith("s"):
        found = table.get(word[:-1])
    return found or _variant_places(word.removesuffix("s"))


_VARIANT_ENDINGS = ("ian", "ean", "ine", "an", "e")
"""Endings by which one people word varies from another: "Argentine", "Argentinian" and
"Argentinean" (the one countryinfo's data gives)."""
_MIN_VARIANT_STEM = 6


@lru_cache(maxsize=1)
def _stems() -> dict[str, frozenset[str]]:
    """The places of each people word's stem (the word less a variant ending, of at least
    :data:`_MIN_VARIANT_STEM` letters), where the stem is one people's alone."""
    out: dict[str, set[str]] = {}
    for people, places in _tables()[0].items():
        for stem in _stems_of(people):
            out.setdefault(stem, set()).update(places)
    return {k: frozenset(v) for k, v in out.items()}


def _stems_of(word: str) -> list[str]:
    return [word[: -len(e)] for e in _VARIANT_ENDINGS if word.endswith(e) and len(word) - len(e) >= _MIN_VARIANT_STEM]


def _variant_places(word: str) -> frozenset[str]:
    """The places of a people word countryinfo's data spells otherwise ("argentinian", "argentine"
    for "argentinean"): one with the same stem."""
    stems = _stems()
    return frozenset().union(*(stems.get(stem, frozenset()) for stem in _stems_of(word)))


def peoples_of(place: str) -> frozenset[str]:
    """The people words of a place, lower-case ("netherlands": "dutch"); empty for a word that
    names no country."""
    return _tables()[1].get(place.lower(), frozenset())
