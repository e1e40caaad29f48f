"""The time budget read between batches of indexing work (a huge source under a short budget)."""

from __future__ import annotations

from lexguard._limits import current_deadline

__all__ = ["INDEX_BATCH", "check_budget"]

INDEX_BATCH = 256
"""Chunks (or sentence units) indexed between two looks at the time budget."""


def check_budget(what: str) -> None:
    """Raise :class:`~lexguard._errors.BudgetExceededError` when the validation's time budget
    (:func:`lexguard._limits.current_deadline`) is spent; ``what`` names the work not done.

    Read before each batch of indexing work after the first, so that a huge source under a
    short budget stops after at most one batch more instead of being indexed whole first (and
    sources that fit one batch are indexed as before: their work is one batch's at most).
    """
    deadline = current_deadline()
    if deadline is not None:
        deadline.check(what)
