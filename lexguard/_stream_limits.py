"""The limits of one stream: its size limits and its share of the validation's time budget."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from lexguard._errors import InputError
from lexguard._limits import Deadline, check_limits, use_deadline
from lexguard._models import CheckOutcome, CheckResult, Finding, FindingKind, Severity

__all__ = ["StreamLimits"]


class StreamLimits:
    """What :class:`~lexguard._streaming.SentenceStreamer` does when a stream outgrows
    ``GuardConfig.limits`` or spends its time budget (it sets ``guard``, ``verdicts``,
    ``_buffer``, ``_input``, ``_spent`` and ``_refused``)."""

    guard: Any
    verdicts: list[Any]
    _buffer: Any
    _input: Any
    _spent: float
    _refused: CheckResult | None

    def _deadline(self) -> Deadline:
        """The stream's time budget left (``limits.time_budget_s`` less the time spent checking)."""
        budget = self.guard.config.limits.time_budget_s
        deadline = Deadline(max(0.0, budget - self._spent))
        deadline.budget = budget
        return deadline

    def _refuse(self, check: str, rule_id: str, message: str) -> dict[str, Any]:
        """Record why the stream stops unchecked (an ``inconclusive`` result with a critical finding,
        so the policy's reason names it) and return the ``lexguard.halt`` payload."""
        finding = Finding(kind=FindingKind.MALFORMED if check == "input" else FindingKind.NOT_CHECKED,
                          severity=Severity.CRITICAL, message=f"The answer could not be validated: {message}",
                          rule_id=rule_id, stage=check)
        self._refused = CheckResult(check=check, outcome=CheckOutcome.INCONCLUSIVE, findings=(finding,),
                                    reason=message, stop=True)
        return {"index": len(self.verdicts), "reason": finding.message, "fallback": self.guard.config.refusal_message}

    def _over_limits(self) -> dict[str, Any] | None:
        """The halt payload when the text so far or the sources exceed ``GuardConfig.limits``."""
        try:
            check_limits(self._buffer.text, self._input.sources or [], self.guard.config.limits)
        except InputError as exc:
            return self._refuse("input", "input.limits", str(exc))
        return None

    def _out_of_time(self) -> dict[str, Any] | None:
        """The halt payload when the stream's time budget is spent before a sentence is checked."""
        deadline = self._deadline()
        if not deadline.expired:
            return None
        return self._refuse("budget", "budget.spent", f"the stream's checks used up the time budget of "
                            f"{deadline.budget:g}s (limits.time_budget_s); raise it or send less text")

    @contextmanager
    def _budgeted(self) -> Iterator[None]:
        """Run a check under the stream's time budget left, and count the time it took."""
        started = time.perf_counter()
        try:
            with use_deadline(self._deadline()):
                yield
        finally:
            self._spent += time.perf_counter() - started
