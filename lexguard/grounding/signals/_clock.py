"""Times worked out: a time and a duration, and the span between two times.

"The 12:40 train reaches Portleven at 13:55" beside "leave at 09:10 and 12:40. The journey takes 1
hour 15 minutes", "Runners must finish within 3 hours of the 9am start, so by 12 noon" and "It
leaves at quarter past six and takes half an hour" beside "departs 18:15, arrives 18:45" give a
time or a duration no source writes: :func:`timed` reads it as worked out when one step of clock
arithmetic gives it, with at least one of the two values the claim's own (a time and a duration
the sources alone hold would make any time "derived": "opens at 10am" beside "opens at 9am ... 60
seats").
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from lexguard.grounding.signals._lexical import Mention, key_value

__all__ = ["timed"]

_TIME_KEY = regex.compile(r"time:(\d{2}):(\d{2})")
_DAY = 24 * 60
_MOST_HOURS = 24
"""Largest number read as hours of a duration ("3 hours": 180 minutes)."""


def _minutes(key: str) -> int | None:
    """The minutes after midnight of a time's key ("time:18:15": 1095), else ``None``."""
    match = _TIME_KEY.fullmatch(key)
    return int(match.group(1)) * 60 + int(match.group(2)) if match else None


def _durations(keys: Iterable[str]) -> set[float]:
    """The durations, in minutes, a run of values may state: each as minutes and as hours, and two
    in a row as hours and minutes ("1 hour 15 minutes": 75)."""
    values = [v for v in (key_value(k) for k in keys) if v is not None and v > 0]
    out = {v for v in values} | {v * 60 for v in values if v <= _MOST_HOURS}
    out |= {a * 60 + b for a, b in zip(values, values[1:], strict=False) if a <= _MOST_HOURS and a.is_integer() and b < 60}
    return out


def timed(mention: Mention, claim_keys: Iterable[str], evidence_keys: Iterable[str]) -> bool:
    """Whether a claim time is a time plus or minus a duration, or a claim duration the span
    between two times, with one of the two values the claim's own.

    Args:
        mention: A claim value: a time ("13:55") or a number (a duration: "half an hour" is 30).
        claim_keys: Keys of the claim's other values.
        evidence_keys: Keys of the values of the claim's best evidence.
    """
    claim_keys, evidence_keys = [k for k in claim_keys if k != mention.key], list(evidence_keys)
    own_times = {t for t in map(_minutes, claim_keys) if t is not None}
    their_times = {t for t in map(_minutes, evidence_keys) if t is not None}
    own_numbers = [k for k in claim_keys if _minutes(k) is None]
    their_numbers = [k for k in evidence_keys if _minutes(k) is None]
    at = _minutes(mention.key)
    if at is not None:
        pairs = [(own_times, _durations(own_numbers) | _durations(their_numbers)), (their_times, _durations(own_numbers))]
        return any(abs((start + sign * step) % _DAY - at) < 1e-6
                   for starts, steps in pairs for start in starts for step in steps for sign in (1, -1))
    value = key_value(mention.key)
    if value is None or value <= 0 or not own_times:
        return False
    spans = {abs(a - b) for a in own_times for b in own_times | their_times if a != b}
    return any(abs(span - value) < 1e-6 or abs(span - value * 60) < 1e-6 for span in spans)
