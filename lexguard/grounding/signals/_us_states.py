"""US states as addresses and news write them, from the ``us`` package's data (BSD).

An address often gives only the postal code ("Santa Barbara, CA") and American news the AP
abbreviation ("Tampa, Fla.", "Potosi, Mo."): a claim that writes the state's name ("Tampa,
Florida") names nothing the sources do not hold. The package's table (the 50 states, DC and the
territories) is read once, on the first name that needs it.
"""

from __future__ import annotations

from functools import lru_cache

import regex

from lexguard.grounding.signals._words import norm

__all__ = ["abbreviated_state", "state_code"]


@lru_cache(maxsize=1)
def _states() -> dict[str, tuple[str, str | None]]:
    """``{normalised name: (postal code, lower case; AP abbreviation or None)}``."""
    import us

    return {norm(state.name.lower()): (state.abbr.lower(), state.ap_abbr if state.ap_abbr != state.name else None)
            for state in us.states.STATES_AND_TERRITORIES}


def state_code(key: str) -> str | None:
    """The postal code of the US state whose normalised name is ``key`` ("texa" -> "tx"), else None."""
    found = _states().get(key)
    return found[0] if found else None


def abbreviated_state(key: str, text: str) -> bool:
    """Whether ``text`` writes the US state whose normalised name is ``key`` by its AP abbreviation
    after a place and a comma, as news does ("Tampa, Fla."; capitalised, with its full stop: "ill."
    and "Miss." alone are other words)."""
    found = _states().get(key)
    if not found or found[1] is None:
        return False
    return regex.search(rf",\s*+{regex.escape(found[1])}(?!\p{{L}})", text) is not None
