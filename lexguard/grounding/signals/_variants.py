"""Variants of one thing that a source describes side by side, by a short name each.

"Standard rooms have a double bed and a shower room. Deluxe rooms have a king-size bed, a
roll-top bath and views over the lake"; "One-bedroom flats ... Two-bedroom flats ..."; "Fibre-100
..., Fibre-500 ..., Fibre-900 ...". An answer that gives one variant a feature of another ("Standard
rooms have a roll-top bath") repeats words the sources hold, and the verifier, reading them
together, had called it supported. :func:`variants` names them for
:func:`~lexguard.grounding.signals._borrowed_parts.borrowed_part`, which reads such a variant as an
item of a range: a part of the claim that only a sibling's sentence holds is borrowed.
"""

from __future__ import annotations

import regex

__all__ = ["TIERS", "is_variant", "variant_siblings", "variants"]

TIERS = frozenset(
    "Basic Standard Plus Pro Max Lite Mini Premium Deluxe Superior Classic Essential Essentials Starter Ultimate "
    "Advanced Economy Executive Gold Silver Bronze Platinum Premier Elite Signature Prime Flexi Comfort".split()
)
"""Words that name a tier of a range when written with a capital in running text ("Deluxe rooms")."""
_COUNTS = "one|two|three|four|five|six|seven|eight|nine|ten|single|double|twin|\\d{1,2}"
_VARIANT = regex.compile(
    rf"(?<![\w-])(?:(?P<count>(?i:{_COUNTS}))-(?P<kind>\p{{Ll}}{{3,}})"  # "two-bedroom", "4-door"
    rf"|(?P<tier>{'|'.join(sorted(TIERS))})(?=\s++\p{{Ll}})"  # "Deluxe rooms", "Plus plan"
    r"|(?P<model>\p{Lu}\p{Ll}++)-(?P<code>\d{1,4})"  # "Fibre-500"
    r")(?![\w-])",
)


def variants(text: str) -> list[str]:
    """The variant names ``text`` gives, as written ("one-bedroom", "Deluxe", "Fibre-500")."""
    return [m.group() for m in _VARIANT.finditer(text)]


def is_variant(name: str) -> bool:
    """Whether ``name`` is a variant name as a whole (:func:`variants`)."""
    return name in TIERS or _VARIANT.fullmatch(name) is not None


def variant_siblings(a: str, b: str) -> bool:
    """Whether two variant names are two variants of one thing: two tiers, two counts of one
    kind ("one-bedroom", "two-bedroom"), two codes of one model ("Fibre-500", "Fibre-900")."""
    if a.lower() == b.lower():
        return False
    if a in TIERS and b in TIERS:
        return True
    x, y = a.lower().split("-"), b.lower().split("-")
    if len(x) != 2 or len(y) != 2:
        return False
    return (x[1] == y[1] and not x[1].isdigit()) or (x[0] == y[0] and x[1].isdigit() and y[1].isdigit())
