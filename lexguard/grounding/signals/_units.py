"""A number stated with another unit than the sources give it ("330 feet" for "330 metres").

The number is in the sources, so the strict number rule is satisfied, and the sentence around it
matches; only the unit changed. :func:`unit_conflicts` finds claim numbers whose unit, of the
same kind (length, mass, temperature, time, money), differs from every unit the sources give
that number with.
"""

from __future__ import annotations

from typing import Any

import regex

from lexguard.grounding.signals._lexical import Mention, numbers

__all__ = ["UNITS", "index_units", "unit_conflicts", "units_by_number"]

_KINDS = {
    "length": "mm cm m metre metres meter meters km kilometre kilometres kilometer kilometers inch inches "
    "ft foot feet yd yard yards mi mile miles",
    "mass": "mg g gram grams kg kilogram kilograms t tonne tonnes ton tons lb lbs pound pounds oz ounce ounces",
    "temperature": "°c °f celsius fahrenheit",
    "time": "second seconds minute minutes hour hours day days week weeks month months year years decade decades",
    "money": "dollar dollars euro euros yen yuan rupee rupees cent cents",
    "area": "acre acres hectare hectares",
    "volume": "ml millilitre millilitres milliliter milliliters l litre litres liter liters gallon gallons",
}
_CANONICAL = {
    "metre": "m", "metres": "m", "meter": "m", "meters": "m", "kilometre": "km", "kilometres": "km",
    "kilometer": "km", "kilometers": "km", "inches": "inch", "foot": "ft", "feet": "ft",
    "yard": "yd", "yards": "yd", "mile": "mi", "miles": "mi", "gram": "g", "grams": "g",
    "kilogram": "kg", "kilograms": "kg", "tonne": "t", "tonnes": "t", "ton": "t", "tons": "t",
    "lbs": "lb", "pound": "lb", "pounds": "lb", "ounce": "oz", "ounces": "oz", "celsius": "°c",
    "fahrenheit": "°f", "seconds": "second", "minutes": "minute", "hours": "hour", "days": "day",
    "weeks": "week", "months": "month", "years": "year", "decades": "decade", "dollars": "dollar",
    "euros": "euro", "rupees": "rupee", "cents": "cent", "acres": "acre", "hectares": "hectare", "millilitre": "ml", "millilitres": "ml",
    "milliliter": "ml", "milliliters": "ml", "litre": "l", "litres": "l", "liter": "l", "liters": "l",
    "gallons": "gallon",
}
UNITS: dict[str, str] = {unit: kind for kind, names in _KINDS.items() for unit in names.split()}
"""Unit word (lower case) -> its kind."""

_AFTER = regex.compile(r"\s*-?\s*(°\s?[cf]\b|[a-z]+)", regex.IGNORECASE)


def _unit_after(text: str, end: int) -> str | None:
    match = _AFTER.match(text, end)
    if match is None:
        return None
    word = match.group(1).lower().replace(" ", "")
    return word if word in UNITS else None


def units_by_number(texts: list[str]) -> dict[str, set[str]]:
    """For each number key in ``texts``: the canonical units it is given with ("" for none)."""
    found: dict[str, set[str]] = {}
    for text in texts:
        for mention in numbers(text):
            unit = _unit_after(text, mention.span[1])
            found.setdefault(mention.key, set()).add(_CANONICAL.get(unit, unit) if unit else "")
    return found


def unit_conflicts(claim: str, source_units: dict[str, set[str]]) -> list[Mention]:
    """Numbers of ``claim`` the sources give only with another unit of the same kind.

    Args:
        claim: The claim text.
        source_units: :func:`units_by_number` of the sources.
    """
    out = []
    for mention in numbers(claim):
        unit = _unit_after(claim, mention.span[1])
        given = source_units.get(mention.key)
        if unit is None or not given or "" in given:
            continue
        canonical = _CANONICAL.get(unit, unit)
        same_kind = {u for u in given if UNITS.get(u) == UNITS[unit]}
        if same_kind and canonical not in given:
            out.append(mention)
    return out


def index_units(index: Any) -> dict[str, set[str]]:
    """:func:`units_by_number` of an index's chunks, computed once and kept on the index."""
    cached = getattr(index, "_units", None)
    if cached is None:
        cached = units_by_number([chunk.text for chunk in index.chunks])
        index._units = cached
    return cached
