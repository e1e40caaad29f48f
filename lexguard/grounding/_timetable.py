"""The support of a claim a record's table of opening hours checks whole (``ClaimEvidence.timetable``).

"Yankee Noodle is open from 11:30 AM to 10:00 PM from Monday to Sunday, except on Fridays and
Saturdays when it stays open until 11:00 PM" beside ``'hours': {'Monday': '11:30-22:0', ...,
'Friday': '11:30-23:0', ...}``: the verifier cannot read a table of hours (0.22 supported for
that claim, and for one whose hours are all wrong alike), so the rules read it
(:func:`~lexguard.grounding.signals._opening_hours.read_hours`). A claim that states nothing but
the days and times of opening, and the record's name, each as the table gives it, is checked by
the table: its support is at least :data:`TABLE_SUPPORT` on the threshold's scale, and the
verifier's doubt does not overrule it. The strict rules still fail it (a time in no source, a
name put in), and a claim of any other word keeps the verifier's reading.
"""

from __future__ import annotations

from lexguard.grounding.verify._features import ClaimEvidence

__all__ = ["TABLE_SUPPORT", "table_support"]

TABLE_SUPPORT = 0.5
"""Where between the threshold (0) and certainty (1) the support of a claim the table checks
whole is put, at least."""


def table_support(support: float, threshold: float, evidence: ClaimEvidence) -> float:
    """``support``, raised to :data:`TABLE_SUPPORT` of the way from ``threshold`` to 1 when the
    record's table of hours checks the whole claim (:attr:`ClaimEvidence.timetable`)."""
    if not evidence.timetable:
        return support
    return max(support, threshold + TABLE_SUPPORT * (1.0 - threshold))
