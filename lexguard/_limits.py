"""Size limits and the time budget of one validation.

:class:`LimitsConfig` bounds the work one validation may cause: answer characters, number of
sources, characters per source (and in all). :func:`check_limits`
raises an :class:`~lexguard.InputError` that names the limit and the setting to raise it.

:class:`Deadline` is the total time budget of one validation. :func:`validation_budget` makes a
deadline current for the code it wraps (a context variable, so it follows ``asyncio`` tasks and
``contextvars.copy_context`` threads); checks read it with :func:`current_deadline` and stop
(reporting what they did not check) when it has passed.

Example:
    >>> limits = LimitsConfig(max_answer_chars=10)
    >>> check_limits("a short answer", [], limits)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    lexguard._errors.InputError: the answer has 14 characters, more than limits.max_answer_chars=10; ...
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from pydantic import Field

from lexguard._errors import BudgetExceededError, InputError
from lexguard._value import SettingsModel

__all__ = [
    "LimitsConfig",
    "Deadline",
    "BudgetExceededError",
    "check_limits",
    "validation_budget",
    "use_deadline",
    "current_deadline",
    "remaining_time",
]


class LimitsConfig(SettingsModel):
    """Bounds on the work one validation may cause (``GuardConfig.limits``).

    Attributes:
        max_answer_chars: Longest answer accepted, in characters.
        max_sources: Most sources per validation.
        max_source_chars: Longest single source, in characters.
        max_total_source_chars: Most source characters per validation, all sources together.
        time_budget_s: Total seconds one validation may take (``Guard.invoke`` from start to
            report, regenerations included); checks that run out of time are reported as not
            run, never as passed (rules left unchecked count as violated).

    Rule limits live with the rules: ``GateConfig.max_rules``, ``GateConfig.regex_budget_s``
    and the pattern bounds of :func:`lexguard.gate._patterns.check_pattern_shape`.
    """

    max_answer_chars: int = Field(200_000, ge=1)
    max_sources: int = Field(1_000, ge=0)
    max_source_chars: int = Field(1_000_000, ge=1)
    max_total_source_chars: int = Field(5_000_000, ge=1)
    time_budget_s: float = Field(60.0, gt=0.0)


def _too_big(what: str, size: int, setting: str, limit: int) -> InputError:
    return InputError(
        f"{what} has {size} characters, more than limits.{setting}={limit}; shorten it, split "
        f"the validation, or raise limits.{setting} (GuardConfig(limits=LimitsConfig(...)))"
    )


def check_limits(answer: str, sources: Sequence[Any], limits: LimitsConfig | None = None) -> None:
    """Raise when ``answer`` or ``sources`` exceed ``limits``.

    Args:
        answer: The answer text.
        sources: :class:`~lexguard.Source` objects (or anything with a ``content`` string).
        limits: The limits; defaults to :class:`LimitsConfig`.

    Raises:
        InputError: Naming the limit that was exceeded and the setting that raises it.
    """
    limits = limits or LimitsConfig()
    if isinstance(answer, str) and len(answer) > limits.max_answer_chars:
        raise _too_big("the answer", len(answer), "max_answer_chars", limits.max_answer_chars)
    if len(sources) > limits.max_sources:
        raise InputError(
            f"{len(sources)} sources were given, more than limits.max_sources={limits.max_sources}; "
            "pass the most relevant ones or raise limits.max_sources"
        )
    total = 0
    for index, source in enumerate(sources):
        content = getattr(source, "content", "")
        size = len(content) if isinstance(content, str) else 0
        if size > limits.max_source_chars:
            name = getattr(source, "id", None) or f"source {index}"
            raise _too_big(f"source {name!r}", size, "max_source_chars", limits.max_source_chars)
        total += size
    if total > limits.max_total_source_chars:
        raise _too_big("the sources together", total, "max_total_source_chars", limits.max_total_source_chars)


class Deadline:
    """A point in time (``time.monotonic``) by which a validation must end.

    Args:
        seconds: Budget from now; ``None`` means no deadline.
    """

    __slots__ = ("budget", "expires")

    def __init__(self, seconds: float | None) -> None:
        self.budget = seconds
        self.expires = None if seconds is None else time.monotonic() + seconds

    @classmethod
    def ending_at(cls, epoch: float, budget: float | None = None) -> Deadline:
        """A deadline at wall-clock time ``epoch`` (``time.time()``), e.g. one kept in graph state
        from node to node.

        Args:
            epoch: When the deadline passes, in seconds since the epoch.
            budget: The total budget it stands for (named in messages); defaults to the time left.
        """
        deadline = cls(max(0.0, epoch - time.time()))
        if budget is not None:
            deadline.budget = budget
        return deadline

    def remaining(self) -> float:
        """Seconds left (``inf`` without a deadline; never negative)."""
        if self.expires is None:
            return float("inf")
        return max(0.0, self.expires - time.monotonic())

    @property
    def expired(self) -> bool:
        """True once the deadline has passed."""
        return self.expires is not None and time.monotonic() >= self.expires

    def cap(self, seconds: float | None) -> float | None:
        """``seconds`` limited to the time left (``None`` stays ``None`` without a deadline)."""
        left = self.remaining()
        if seconds is None:
            return None if left == float("inf") else left
        return min(seconds, left)

    def check(self, what: str) -> None:
        """Raise :class:`BudgetExceededError` when the deadline has passed.

        Args:
            what: The work that could not be done, for the message.
        """
        if self.expired:
            raise BudgetExceededError(
                f"{what} did not run: the validation's time budget of {self.budget:g}s was spent; "
                "raise limits.time_budget_s or send less text"
            )


_CURRENT: ContextVar[Deadline | None] = ContextVar("lexguard_deadline", default=None)


def current_deadline() -> Deadline | None:
    """The deadline of the validation running in this context, if any."""
    return _CURRENT.get()


def remaining_time(default: float | None = None) -> float | None:
    """Seconds left to the current validation, capped at ``default`` (``default`` without one)."""
    deadline = _CURRENT.get()
    return default if deadline is None else deadline.cap(default)


@contextmanager
def validation_budget(seconds: float | None) -> Iterator[Deadline]:
    """Make a :class:`Deadline` of ``seconds`` current for the enclosed code.

    An enclosing, earlier deadline wins: nested budgets can only shorten the time left.
    """
    with use_deadline(Deadline(seconds)) as deadline:
        yield deadline


@contextmanager
def use_deadline(deadline: Deadline | None) -> Iterator[Deadline]:
    """Make ``deadline`` current for the enclosed code (``None``: no deadline of its own).

    An enclosing, earlier deadline wins, as in :func:`validation_budget`.
    """
    outer = _CURRENT.get()
    chosen = deadline if deadline is not None else Deadline(None)
    if outer is not None and outer.expires is not None and (
        chosen.expires is None or outer.expires < chosen.expires
    ):
        chosen = outer
    token = _CURRENT.set(chosen)
    try:
        yield chosen
    finally:
        _CURRENT.reset(token)
