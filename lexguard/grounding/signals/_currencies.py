"""Currency codes: "NOK 4.1 billion" is an amount in Norwegian kroner, and "NOK" no name.

The codes are those the ``countryinfo`` package (MIT) gives for each country's currencies (ISO
4217: "USD", "EUR", "NOK", ...), read once, on first use.
"""

from __future__ import annotations

from functools import lru_cache

import regex

__all__ = ["currency_code_before_number"]

_NUMBER_NEXT = regex.compile(r"[ \t\u00a0]?+\d")


@lru_cache(maxsize=1)
def _codes() -> frozenset[str]:
    from countryinfo import CountryInfo

    return frozenset(code for info in CountryInfo.all().values() for code in info.get("currencies") or ())


def currency_code_before_number(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a currency code written before an amount ("NOK 4.1 billion",
    "USD40"): the amount's unit, not a name."""
    return text[start:end] in _codes() and _NUMBER_NEXT.match(text, end) is not None
