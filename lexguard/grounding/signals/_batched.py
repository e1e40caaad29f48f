"""Source texts read in batches, the validation's time budget looked at between batches."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from lexguard._limits import current_deadline

__all__ = ["PROFILE_BATCH", "joined_batches"]

PROFILE_BATCH = 256
"""Texts (source chunks) read between two looks at the time budget."""


def joined_batches(parts: Sequence[str], joined: str, what: str) -> Iterator[str]:
    """``parts`` joined by newlines :data:`PROFILE_BATCH` at a time (``joined``, all of them
    joined, when they fit one batch), the time budget read between batches.

    Args:
        parts: The texts.
        joined: ``"\\n".join(parts)``, already built by the caller.
        what: The work, named in the error.

    Raises:
        BudgetExceededError: If the time budget is spent before a batch after the first.
    """
    if len(parts) <= PROFILE_BATCH:
        yield joined
        return
    deadline = current_deadline()
    for first in range(0, len(parts), PROFILE_BATCH):
        if first and deadline is not None:
            deadline.check(what)
        yield "\n".join(parts[first : first + PROFILE_BATCH])
