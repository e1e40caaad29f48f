"""Unit words and their kinds: the tables :mod:`._units` reads numbers' units with ("metres" is
"m", a length; "48 million cubic metres" is "m3", a volume) and ``pint`` converts them by."""

from __future__ import annotations

import regex

__all__ = ["CANONICAL", "KINDS", "PINT_NAMES", "POWER", "POWER_UNITS", "UNITS"]

KINDS = {
    "length": "mm cm m metre metres meter meters km kilometre kilometres kilometer kilometers inch inches "
    "ft foot feet yd yard yards mi mile miles",
    "mass": "mg g gram grams kg kilogram kilograms t tonne tonnes ton tons lb lbs pound pounds oz ounce ounces",
    "temperature": "°c °f celsius fahrenheit",
    "time": "second seconds minute minutes hour hours day days week weeks month months year years decade decades",
    "money": "dollar dollars euro euros yen yuan rupee rupees cent cents penny pence usd eur gbp jpy cny inr",
    "area": "acre acres hectare hectares m2 km2 ft2 mi2 yd2 cm2",
    "speed": "km/h mph",
    "power": "w watt watts kw kilowatt kilowatts",
    "volume": "ml millilitre millilitres milliliter milliliters l litre litres liter liters gallon gallons m3 ft3 cm3 km3",
}
CANONICAL = {
    "metre": "m", "metres": "m", "meter": "m", "meters": "m", "kilometre": "km", "kilometres": "km",
    "kilometer": "km", "kilometers": "km", "inches": "inch", "foot": "ft", "feet": "ft",
    "yard": "yd", "yards": "yd", "mile": "mi", "miles": "mi", "gram": "g", "grams": "g",
    "kilogram": "kg", "kilograms": "kg", "tonne": "t", "tonnes": "t", "ton": "t", "tons": "t",
    "lbs": "lb", "pound": "lb", "pounds": "lb", "ounce": "oz", "ounces": "oz", "celsius": "°c",
    "fahrenheit": "°f", "seconds": "second", "minutes": "minute", "hours": "hour", "days": "day",
    "weeks": "week", "months": "month", "years": "year", "decades": "decade", "dollars": "dollar",
    "euros": "euro", "rupees": "rupee", "cents": "cent", "penny": "pence", "acres": "acre", "hectares": "hectare", "millilitre": "ml", "millilitres": "ml",
    "milliliter": "ml", "milliliters": "ml", "litre": "l", "litres": "l", "liter": "l", "liters": "l",
    "gallons": "gallon", "watt": "w", "watts": "w", "kilowatt": "kw", "kilowatts": "kw", "usd": "dollar", "eur": "euro", "jpy": "yen", "cny": "yuan", "inr": "rupee",
}
PINT_NAMES = {
    "m": "meter", "km": "kilometer", "mm": "millimeter", "cm": "centimeter", "inch": "inch", "ft": "foot",
    "yd": "yard", "mi": "mile", "g": "gram", "kg": "kilogram", "mg": "milligram", "t": "metric_ton",
    "lb": "pound", "oz": "ounce", "°c": "degC", "°f": "degF", "second": "second", "minute": "minute",
    "hour": "hour", "day": "day", "week": "week", "year": "year", "decade": "decade", "acre": "acre",
    "hectare": "hectare", "ml": "milliliter", "l": "liter", "gallon": "gallon",
    "km/h": "kilometer_per_hour", "mph": "mile_per_hour", "w": "watt", "kw": "kilowatt",
    "m2": "meter**2", "km2": "kilometer**2", "ft2": "foot**2", "mi2": "mile**2", "yd2": "yard**2", "cm2": "centimeter**2",
    "m3": "meter**3", "ft3": "foot**3", "cm3": "centimeter**3", "km3": "kilometer**3",
}  # fmt: skip
"""The canonical unit words above as ``pint`` names them (months vary in length: not converted)."""
UNITS: dict[str, str] = {unit: kind for kind, names in KINDS.items() for unit in names.split()}
"""Unit word (lower case) -> its kind."""

POWER = regex.compile(
    r"\s*+(?P<power>square|sq\.?|cubic|cu\.?)\s++(?P<unit>(?:kilo|centi)?met(?:re|er)s?|km|cm|m|feet|foot|ft|miles?|mi"
    r"|yards?|yd)\b", regex.IGNORECASE)
"""An area or a volume after a number: "12 square miles", "48 million cubic metres"."""
POWER_UNITS = {"metre": "m", "kilometre": "km", "centimetre": "cm", "m": "m", "km": "km", "cm": "cm", "feet": "ft",
                "foot": "ft", "ft": "ft", "mile": "mi", "mi": "mi", "yard": "yd", "yd": "yd"}
