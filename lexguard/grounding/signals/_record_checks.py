"""What a record among the sources says of a claim, its readers put together.

Structured sources (a business's record: ``'hours': {...}``, ``'attributes': {...}``) are read
by rules, not by the verifier, which reads neither a table of hours nor a flattened attribute
line against a sentence of several of them. :func:`read_record` reads the claim's hours
(:func:`~lexguard.grounding.signals._opening_hours.read_hours`) and its yes-or-no attributes
(:func:`~lexguard.grounding.signals._record_attributes.read_attributes`): a conflict of either
is the claim's; the claim is checked by the record when every statement either reads is as the
record gives it, neither reader left one open, and every word of the claim is one of them read.
"""

from __future__ import annotations

from typing import Any

from lexguard.grounding.signals._opening_hours import read_hours
from lexguard.grounding.signals._record_attributes import read_attributes
from lexguard.grounding.signals._record_reading import RecordReading, unread_words

__all__ = ["read_record"]


def read_record(claim: str, index: Any) -> RecordReading:
    """The record's reading of ``claim``: the first conflict, or ``ok`` when the record checks the
    claim whole (``left`` is then empty).

    Args:
        claim: The claim text.
        index: The source index (its tables of hours, attributes, record names and sources).
    """
    alone = len(index.sources) == 1
    readings = [read_hours(claim, index.hours, index.record_names, alone=alone),
                read_attributes(claim, index.attributes if alone else [], index.record_names)]
    conflict = next((r.conflict for r in readings if r.conflict is not None), None)
    if conflict is not None:
        return RecordReading(conflict=conflict, named=True)
    named = [r for r in readings if r.named]
    if not named:  # a claim no reader read (every claim beside prose sources): nothing more to do
        return RecordReading()
    every = unread_words(claim, frozenset())
    left = frozenset.intersection(*(r.left if r.named else every for r in readings))
    return RecordReading(ok=all(r.ok for r in named) and not left, named=True, left=left)
