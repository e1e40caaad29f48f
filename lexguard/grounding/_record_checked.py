"""The support of a claim a record among the sources checks whole (``ClaimEvidence.record_checked``).

"Yankee Noodle is open from 11:30 AM to 10:00 PM from Monday to Sunday, except on Fridays and
Saturdays when it stays open until 11:00 PM" beside ``'hours': {'Monday': '11:30-22:0', ...,
'Friday': '11:30-23:0', ...}``: the verifier cannot read a table of hours (0.22 supported for
that claim, and for one whose hours are all wrong alike), nor a claim of four attributes against
flattened lines ("attributes Restaurants Take Out: True"), so the rules read them
(:func:`~lexguard.grounding.signals._record_checks.read_record`). A claim that states nothing but
the record's hours and yes-or-no attributes, and its name, each as the record gives it, is
checked by the record: its support is at least :data:`RECORD_SUPPORT` of the way from the
threshold to 1 before an LLM judge's verdict is weighed in (a judge that reads it as not
supported still pulls it down), and the verifier's doubt does not overrule it. The strict rules still fail it (a
time in no source, a name put in), and a claim of any other word keeps the verifier's reading.
"""

from __future__ import annotations

from lexguard.grounding.verify._features import ClaimEvidence

__all__ = ["RECORD_SUPPORT", "record_support"]

RECORD_SUPPORT = 0.5
"""Where between the threshold (0) and certainty (1) the support of a claim a record checks whole
is put, at least."""


def record_support(support: float, threshold: float, evidence: ClaimEvidence) -> float:
    """``support``, raised to :data:`RECORD_SUPPORT` of the way from ``threshold`` to 1 when a
    record checks the whole claim (:attr:`ClaimEvidence.record_checked`)."""
    if not evidence.record_checked:
        return support
    return max(support, threshold + RECORD_SUPPORT * (1.0 - threshold))
