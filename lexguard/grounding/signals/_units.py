"""Numbers and their units: another unit than the sources give ("330 feet" for "330 metres"),
another currency ("€3 million" for "$3 million"), or the same quantity converted ("0.33 km").

A number stated with another unit is in the sources, so the strict number rule is satisfied, and
the sentence around it matches; only the unit changed. :func:`unit_conflicts` finds claim numbers
whose unit, of the same kind (length, mass, temperature, time, money), differs from every unit
the sources give that number with. :func:`converted` finds the claim numbers that are a source
quantity in another unit of the same dimension (converted by ``pint``), to the precision the
claim writes them with.
"""

from __future__ import annotations

import math
from decimal import Decimal
from functools import lru_cache
from typing import Any

import regex

from lexguard.grounding.signals._currencies import currency_code_before_number

from lexguard._limits import current_deadline
from lexguard.grounding.signals._batched import PROFILE_BATCH as UNITS_BATCH
from lexguard.grounding.signals._lexical import Mention, numbers
from lexguard.grounding.signals._dates import is_calendar_key
from lexguard.grounding.signals._times_written import duration_minutes, hours_of_duration
from lexguard.grounding.signals._unit_words import CANONICAL, PINT_NAMES, POWER, POWER_UNITS, UNITS

__all__ = ["CURRENCY_SIGNS", "UNITS", "convert", "converted", "quantity_kind", "converted_form", "index_unit_forms", "index_units", "is_unit_word", "unit_conflicts", "unit_of", "units_by_number"]

_CODE_BEFORE = regex.compile(r"(?<![\p{L}])(\p{Lu}{3})[ \t\u00a0]?+$")
_SYMBOLS = {"$": "dollar", "\u20ac": "euro", "\u00a3": "gbp", "\u00a5": "yen", "\u20b9": "rupee"}
"""Currency signs written before a number ("$3 million", "€3 million")."""
CURRENCY_SIGNS = frozenset(_SYMBOLS)
"""The signs of :data:`_SYMBOLS`."""
_SUBUNITS = {("pence", "gbp"): 0.01, ("cent", "dollar"): 0.01, ("cent", "euro"): 0.01,
             ("month", "year"): 1 / 12, ("day", "month"): 1 / 30}
"""A unit's share of another that ``pint`` does not convert: a currency's hundredth ("£4.20" is "420
pence"), a month of a year ("12-month" is "one-year"), a day of a month as people count it ("a
month" is "30 days"; 31 days is within the rounding of "a month", 28 is not)."""
MAX_ROUNDING = 0.05
"""A converted value may differ from the source's by at most half the claim's last written digit,
and never by more than this share of it ("1,100 feet" for 330 metres: yes; "0.3 km": no)."""
_AFTER = regex.compile(r"\s*-?\s*(?:degrees?\s+)?(°\s?[cf]\b|[a-z]+)", regex.IGNORECASE)
_RANGE_END = regex.compile(r"\s*(?:-|\u2013|to|and)\s*\d[\d.,]*(?=\s*(?:°|[a-z]))", regex.IGNORECASE)
"""The rest of a range whose unit follows its last number: "13-24°C", "5 to 10 km", "between 2.5
and 4 km"."""


_SPEED = regex.compile(
    r"\s*(?:(?P<km>km\s*/\s*hr?|kph|kmh|(?:kilomet(?:re|er)s?|km)\s+(?:per|an)\s+hour)"
    r"|(?P<mi>mph|mi\s*/\s*hr?|miles?\s+(?:per|an)\s+hour))\b",
    regex.IGNORECASE,
)
"""A speed after a number: "25 km/h", "25 kph", "15 mph", "15 miles per hour" (read before "km")."""


def _unit_after(text: str, end: int) -> str | None:
    """The unit word after a number ("24 °C", "24 degrees Celsius", "13-24°C": °c), if any."""
    rest = _RANGE_END.match(text, end)
    speed = _SPEED.match(text, rest.end() if rest else end)
    if speed is not None:
        return "km/h" if speed.group("km") else "mph"
    power = POWER.match(text, rest.end() if rest else end)
    if power is not None:  # "48 million cubic metres": m3, not metres
        return POWER_UNITS[power.group("unit").lower().rstrip("s").replace("meter", "metre")] + (
            "2" if power.group("power").lower().startswith("sq") else "3")
    match = _AFTER.match(text, rest.end() if rest else end)
    if match is None:
        return None
    word = match.group(1).lower().replace(" ", "")
    return word if word in UNITS else None


_OF_A = regex.compile(r"\s+(?:of\s+)?(?:an?|the)(?=\s)", regex.IGNORECASE)
"""What stands between a fraction and its unit: "half *an* hour", "three quarters *of an* hour"."""


def _unit_start(text: str, mention: Mention) -> int:
    """Where the unit of a number may start: after it, or after "of a" when it is a fraction
    ("half an hour" is 0.5 hours; "2 a day" is no unit of 2)."""
    end = mention.span[1]
    try:
        fraction = 0.0 < float(mention.key) < 1.0
    except ValueError:
        return end
    skip = _OF_A.match(text, end) if fraction else None
    return skip.end() if skip is not None else end


def is_unit_word(word: str) -> bool:
    """Whether a lower-case word names a unit ("hours", "km", "litres")."""
    return word in UNITS or CANONICAL.get(word, "") in UNITS


def unit_of(text: str, mention: Mention) -> str | None:
    """The canonical unit of a number: a currency sign before it, else the unit word after it."""
    if is_calendar_key(mention.key):
        return None
    start = mention.span[0]
    sign = mention.text[:1] if mention.text[:1] in _SYMBOLS else text[max(0, start - 2) : start].strip()[-1:]
    if sign in _SYMBOLS:
        return _SYMBOLS[sign]
    code = _CODE_BEFORE.search(text, max(0, start - 5), start)
    if code is not None and currency_code_before_number(text, code.start(1), code.end(1)):
        return code.group(1).lower()  # "NOK 4.1 billion": Norwegian kroner
    unit = _unit_after(text, mention.span[1]) or _unit_after(text, _unit_start(text, mention))
    return CANONICAL.get(unit, unit) if unit else None


def units_by_number(texts: list[str]) -> dict[str, set[str]]:
    """For each number key in ``texts``: the canonical units it is given with ("" for none). A
    duration in hours and minutes is also given whole, in hours and in minutes ("2 hours 30
    minutes" is 2.5 hours and 150 minutes), so "two and a half hours" converts to it."""
    found: dict[str, set[str]] = {}
    for text in texts:
        for mention in numbers(text):
            found.setdefault(mention.key, set()).add(_whole_unit(text, mention) or "")
        for _, minutes in duration_minutes(text):  # "2 hours 30 minutes", "an hour and a half"
            found.setdefault(f"{minutes / 60:.6g}", set()).add("hour")
            found.setdefault(f"{minutes:.6g}", set()).add("minute")
    return found


_HOURS_OF = "hour+"
"""The unit of a number that gives only the hours of a longer duration ("2" in "2 hours 30
minutes"): "The flight takes 2 hours" beside it is another quantity, not the same one."""


def _whole_unit(text: str, mention: Mention) -> str | None:
    """:func:`unit_of`, with the hours of an hours-and-minutes duration told apart (:data:`_HOURS_OF`)."""
    unit = unit_of(text, mention)
    return _HOURS_OF if unit == "hour" and hours_of_duration(text, mention.span[0]) else unit


def unit_conflicts(claim: str, source_units: dict[str, set[str]]) -> list[Mention]:
    """Numbers of ``claim`` the sources give only with another unit of the same kind, or only with
    units of other kinds ("150 g" beside "150 ml").

    Args:
        claim: The claim text.
        source_units: :func:`units_by_number` of the sources.
    """
    out = []
    for mention in numbers(claim):
        unit = _whole_unit(claim, mention)
        given = source_units.get(mention.key)
        if unit is None or not given or "" in given:
            continue
        same_kind = {u for u in given if _kinds(u) & _kinds(unit)}
        pounds = unit in _POUNDS and bool(given & _POUNDS)  # "£2.4 million" is "2.4 million pounds"
        if same_kind and unit not in given and not pounds:
            out.append(mention)
        elif not same_kind and not pounds and None not in _kinds(unit) and all(None not in _kinds(u) for u in given):
            out.append(mention)  # "150 g of flour" beside only "150 ml of milk": another kind of measure
    return out


_POUNDS = frozenset({"lb", "gbp"})
""""pounds" weighs or pays: the word is read as either, "£" as money only."""


def _kind(unit: str) -> str | None:
    return UNITS.get(unit) or ("money" if unit in _SYMBOLS.values() else None)


def _kinds(unit: str) -> set[str | None]:
    """The kinds a unit may be of: "pounds" ("lb") is a mass or a currency ("sold for 2.4
    million pounds": "2.4 million dollars" is another unit of the same kind)."""
    return {"mass", "money"} if unit == "lb" else {_kind(unit.rstrip("+"))}


@lru_cache(maxsize=1)
def _registry() -> Any:
    import pint

    return pint.UnitRegistry()


def convert(value: float, unit: str, target: str) -> float | None:
    """``value`` of a canonical ``unit`` in ``target`` units of the same kind ("600", "g" in "kg":
    0.6; "72", "pence" in "gbp": 0.72), or ``None`` when one is not a unit of the other's kind."""
    if unit == target:
        return value
    share = _SUBUNITS.get((unit, target)) or (1 / _SUBUNITS[(target, unit)] if (target, unit) in _SUBUNITS else None)
    if share is not None:
        return value * share
    names = PINT_NAMES.get(unit), PINT_NAMES.get(target)
    if None in names or _kind(unit) != _kind(target):
        return None
    try:
        return float(_registry().Quantity(value, names[0]).to(names[1]).magnitude)
    except Exception:  # noqa: BLE001 - pint's errors: not convertible
        return None


def _tolerance(value: float) -> float:
    """Half the last significant digit a value is written with (330: 5; 0.33: 0.005)."""
    if value == 0 or not math.isfinite(value):
        return 1e-9
    exponent = Decimal(f"{abs(value):.6g}").normalize().as_tuple().exponent
    return min(0.5 * 10.0 ** int(exponent), MAX_ROUNDING * abs(value))


def _conversion(claim: str, mention: Mention, source_units: dict[str, set[str]]) -> tuple[str, str] | None:
    """The source ``(number key, unit)`` a claim number converts to, if any; a number of a length in
    hours and minutes ("1 hour 15 minutes", "an hour and a quarter") converts as the whole length."""
    whole = next((minutes for (a, b), minutes in duration_minutes(claim) if a <= mention.span[0] < b), None)
    if whole is not None:
        return next(((key, unit) for key, unit in ((f"{whole:.6g}", "minute"), (f"{whole / 60:.6g}", "hour"))
                     if unit in source_units.get(key, ())), None)
    unit = unit_of(claim, mention)
    if unit is not None and _kind(unit) == "money" and not is_calendar_key(mention.key):
        return _share_conversion(float(mention.key), unit, source_units)
    if unit in ("day", "month", "year") and not is_calendar_key(mention.key):  # pint converts no months
        shared = _share_conversion(float(mention.key), unit, source_units)
        if shared is not None:
            return shared
    target = PINT_NAMES.get(unit or "")
    if target is None or is_calendar_key(mention.key):
        return None
    value = float(mention.key)
    registry = _registry()
    for key, units in source_units.items():
        for given in units:
            name = PINT_NAMES.get(given)
            if name is None or given == unit or _kind(given) != _kind(unit or "") or is_calendar_key(key):
                continue
            try:
                other = registry.Quantity(float(key), name).to(target).magnitude
            except Exception:  # noqa: BLE001, S112 - pint's errors: not convertible
                continue
            if abs(other - value) <= _tolerance(value):
                return key, given
    return None


def _share_conversion(value: float, unit: str, source_units: dict[str, set[str]]) -> tuple[str, str] | None:
    """The source ``(number key, unit)`` that is ``value`` of ``unit`` in a share or a multiple of it
    (:data:`_SUBUNITS`: "£4.20" and "420 pence", "1 year" and "12 months"), if any."""
    for key, units in source_units.items():
        for given in units:
            factor = _SUBUNITS.get((given, unit)) or (1 / _SUBUNITS[(unit, given)] if (unit, given) in _SUBUNITS else None)
            if factor is None or is_calendar_key(key):
                continue
            if abs(float(key) * factor - value) <= _tolerance(value):
                return key, given
    return None


def converted(claim: str, mention: Mention, source_units: dict[str, set[str]]) -> bool:
    """Whether a claim number (``mention`` of ``claim``) is a quantity of the sources written in
    another unit ("0.33 km" for 330 m), by the sources' :func:`units_by_number` (``source_units``)."""
    return _conversion(claim, mention, source_units) is not None


def converted_form(claim: str, mention: Mention, index: Any) -> tuple[str, int, int] | None:
    """The sources' wording of the quantity a claim number converts to, and where the claim's
    number and unit start and end ("0.33 km" -> ``("330 metres", start of "0.33", end of "km")``;
    "£4.20" -> ``("420 pence", start of "£", end of "4.20")``)."""
    forms = index_unit_forms(index)
    found = _conversion(claim, mention, index_units(index))
    if found is None:  # the same quantity written another way ("150 minutes" for "2 hours 30 minutes")
        unit = unit_of(claim, mention)
        found = (mention.key, unit) if unit is not None else None
    form = forms.get(found) if found is not None else None
    if form is None:
        return None
    whole = next(((a, b) for (a, b), _ in duration_minutes(claim) if a <= mention.span[0] < b), None)
    if whole is not None:  # "1 hour 15 minutes" written whole as the sources' "75 minutes"
        return form, *whole
    start, end = mention.span
    if start and claim[start - 1] in _SYMBOLS:  # a currency sign before the number is its unit
        return form, start - 1, end
    if mention.text[:1] in _SYMBOLS:
        return form, start, end
    unit = _AFTER.match(claim, end) or _AFTER.match(claim, _unit_start(claim, mention))
    return None if unit is None else (form, start, unit.end())


def index_unit_forms(index: Any) -> dict[tuple[str, str], str]:
    """``(number key, unit) -> "330 metres"``: how the sources write each quantity (kept on the index)."""
    cached = getattr(index, "_unit_forms", None)
    if cached is None:
        cached = {}
        for chunk in index.chunks:
            text = chunk.text
            for mention in numbers(text):
                unit = unit_of(text, mention)
                start, end = mention.span
                if unit in _SYMBOLS.values():  # "$2.50": the sign is its unit
                    sign = start - 1 if start and text[start - 1] in _SYMBOLS else start
                    cached.setdefault((mention.key, unit), text[sign:end])
                elif unit and (match := _AFTER.match(text, end)) is not None:
                    cached.setdefault((mention.key, unit), text[start : match.end()])
            for (a, b), minutes in duration_minutes(text):  # a duration in two units, whole
                cached.setdefault((f"{minutes:.6g}", "minute"), text[a:b])
                cached.setdefault((f"{minutes / 60:.6g}", "hour"), text[a:b])
        index._unit_forms = cached
    return cached


def index_units(index: Any) -> dict[str, set[str]]:
    """:func:`units_by_number` of an index's chunks, computed once and kept on the index (the
    time budget read before each ``UNITS_BATCH`` chunks after the first).

    Raises:
        BudgetExceededError: If the time budget was spent while reading a long source.
    """
    cached = getattr(index, "_units", None)
    if cached is None:
        cached, deadline = {}, current_deadline()
        texts = [chunk.text for chunk in index.chunks]
        for first in range(0, len(texts), UNITS_BATCH):  # the time budget read between batches
            if first and deadline is not None:
                deadline.check("reading the units of the sources' numbers")
            for key, units in units_by_number(texts[first : first + UNITS_BATCH]).items():
                cached.setdefault(key, set()).update(units)
        index._units = cached
    return cached


_WORD_AFTER = regex.compile(r"[\s-]*([a-zA-Z]{2,})\b")


@lru_cache(maxsize=4096)
def _dimension(word: str) -> str | None:
    """``pint``'s dimensionality of a unit word ("megawatts": power), or ``None`` for other words."""
    if word.lower() in _NOT_UNIT_WORDS:
        return None
    try:
        dimension = str(_registry().parse_units(word).dimensionality)
    except Exception:  # noqa: BLE001 - pint raises many kinds of errors for a word that is no unit
        return None
    return None if dimension == "dimensionless" else dimension


_NOT_UNIT_WORDS = frozenset(
    "a an the in at of on to by or and as is it be are was were for from with per one two second seconds "
    "min ft in am pm st nd rd th km".split()
) - {"ft", "km"}
"""Short words ``pint`` would read as units ("in": inch, "a": year, "second" after an ordinal)."""


_PAID = regex.compile(
    r"\b(?:costs?|costing|priced?|prices?|pay|pays|paid|paying|fees?|fares?|charges?|charged|worth|sold|sells?|"
    r"buy|buys|bought|spent|spend|spends|raised?|raising|fined?|salary|wages?|earns?|earned|budget|bill|owes?|owed)"
    r"\b[^.;:!?]*+$",
    regex.IGNORECASE,
)
"""A word of paying before "pounds" in its clause: the pounds are money, not weight."""
_PAID_REACH = 60


def quantity_kind(text: str, mention: Mention) -> str | None:
    """What a number measures: ``"money"``, a unit kind ("length"), or ``pint``'s dimensionality
    of the unit word after it ("1,200 megawatts"); ``None`` for a bare count or a date."""
    unit = unit_of(text, mention)
    if unit == "lb" and _PAID.search(text, max(0, mention.span[0] - _PAID_REACH), mention.span[0]):
        return "money"  # "Entry costs 6 pounds" pays (beside "£12"); "weighs 6 pounds" weighs
    if unit is not None:
        return _kind(unit)
    after = _WORD_AFTER.match(text, mention.span[1])
    return _dimension(after.group(1)) if after else None
