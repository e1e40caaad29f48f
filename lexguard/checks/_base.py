"""The check interface: one small protocol every check implements.

A check looks at one answer (and the :class:`CheckContext` around it: sources, question,
knowledge, the results of the checks before it) and returns a
:class:`~lexguard.CheckResult`. The guard runs the configured checks in order
(``GuardConfig.checks``); the decision policy turns their results into the verdict.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict

from lexguard._errors import ConfigurationError, is_graph_control
from lexguard._limits import current_deadline
from lexguard._models import CheckOutcome, CheckResult, FailureAction, Finding, FindingKind, Severity, Source

__all__ = ["BaseCheck", "Check", "CheckContext", "arun_check", "failure_action", "run_check"]


def failure_action(value: Any, where: str = "a check") -> FailureAction:
    """``value`` as a :class:`~lexguard.FailureAction`.

    Args:
        value: A ``FailureAction`` or its name (``"reask"``, ``"refuse"``, ...).
        where: What the value belongs to, for the message (``"check 'support'"``).

    Raises:
        ConfigurationError: If ``value`` is no failure action; the message lists the valid ones.
    """
    try:
        return FailureAction(value)
    except ValueError:
        names = [action.value for action in FailureAction]
        raise ConfigurationError(
            f"on_fail of {where} is {value!r}, not a failure action; use one of {', '.join(names[:-1])} or "
            f"{names[-1]}"
        ) from None


class CheckContext(BaseModel):
    """Everything around the answer that a check may need.

    Attributes:
        sources: The sources the answer must be grounded in.
        question: The user question, when known.
        attempt: Number of the attempt being checked (1 for the first answer).
        truncated: True when the generator stopped early (finish reason ``length``).
        raw_answer: The answer as the caller gave it (a message keeps its metadata).
        knowledge: A knowledge-graph context, when the input carries one.
        mutations: Proposed state changes, when the input carries them.
        citations: Citations the model produced (from the input, the message's content blocks
            or ``additional_kwargs``), as dicts.
        previous: The results of the checks that ran before this one on this attempt.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    sources: tuple[Source, ...] = ()
    question: str | None = None
    attempt: int = 1
    truncated: bool = False
    raw_answer: Any = None
    knowledge: Any = None
    mutations: tuple[Any, ...] = ()
    citations: tuple[dict[str, Any], ...] = ()
    previous: tuple[CheckResult, ...] = ()


@runtime_checkable
class Check(Protocol):
    """What the guard needs from a check.

    Attributes:
        name: Unique name: the graph node, the key of ``GuardConfig.on_fail`` and
            ``CheckResult.check``.
        on_fail: What a failure of this check makes the guard do (default ``reask``).
    """

    name: str
    on_fail: FailureAction

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        """Check ``answer`` and return the result (sync path)."""
        ...

    async def acheck(self, answer: str, context: CheckContext) -> CheckResult:
        """Async :meth:`check`."""
        ...


class BaseCheck:
    """Convenience base class: a name, a failure action, an async path and result helpers.

    Subclasses set ``name`` and implement :meth:`check`; override :meth:`acheck` when the check
    does I/O. Example (one class and one config entry make a new check)::

        class MaxWords(BaseCheck):
            name = "max_words"

            def __init__(self, limit: int = 100, **kwargs):
                super().__init__(**kwargs)
                self.limit = limit

            def check(self, answer, context):
                words = len(answer.split())
                if words <= self.limit:
                    return self.passed()
                return self.failed([self.finding(f"{words} words, the limit is {self.limit}.")])

        Guard(checks=[*DEFAULT_CHECKS, MaxWords(limit=50)])

    Args:
        name: Overrides the class's ``name``.
        on_fail: Overrides the class's failure action.
    """

    name = "check"
    on_fail: FailureAction = FailureAction.REASK

    def __init__(self, *, name: str | None = None, on_fail: FailureAction | str | None = None) -> None:
        if name is not None:
            self.name = name
        if on_fail is not None:
            self.on_fail = failure_action(on_fail, f"check {self.name!r}")

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        """Check ``answer``. Override in subclasses."""
        raise NotImplementedError(f"{type(self).__name__} must implement check(answer, context)")

    async def acheck(self, answer: str, context: CheckContext) -> CheckResult:
        """Async :meth:`check`; by default runs :meth:`check` in a worker thread."""
        return await asyncio.to_thread(self.check, answer, context)

    # -- helpers ---------------------------------------------------------------------------------

    def finding(self, message: str, *, kind: str | None = None, severity: Severity | str = Severity.HARD,
                **fields: Any) -> Finding:
        """A finding of this check (``kind`` and ``rule_id`` default to the check's name)."""
        return Finding(kind=kind or self.name, severity=Severity(severity), message=message,
                       rule_id=fields.pop("rule_id", self.name), stage=fields.pop("stage", self.name), **fields)

    def result(self, findings: Any = (), **fields: Any) -> CheckResult:
        """A result whose outcome follows the findings: ``failed`` with a blocking one, else ``passed``."""
        findings = tuple(findings)
        if "outcome" not in fields:
            blocking = any(f.severity.rank >= Severity.HARD.rank for f in findings)
            fields["outcome"] = CheckOutcome.FAILED if blocking else CheckOutcome.PASSED
        return CheckResult(check=self.name, findings=findings, action=self.on_fail, **fields)

    def passed(self, **fields: Any) -> CheckResult:
        """A passed result."""
        return self.result((), outcome=CheckOutcome.PASSED, **fields)

    def failed(self, findings: Any, **fields: Any) -> CheckResult:
        """A failed result with ``findings``.

        Give it at least one hard or critical finding (:meth:`finding`'s default severity is
        ``hard``): that is what blocks the answer and what the retry feedback names. A failed
        result with no finding, or soft findings only, is not settled: the decision policy
        treats it as inconclusive (never accepted, never refused for soft findings; see
        :func:`lexguard._policy.unsettled_failures`)."""
        return self.result(findings, outcome=CheckOutcome.FAILED, **fields)

    def inconclusive(self, reason: str, findings: Any = (), **fields: Any) -> CheckResult:
        """An inconclusive result: the check could not run (on all of the answer)."""
        return self.result(findings, outcome=CheckOutcome.INCONCLUSIVE, reason=reason, **fields)

    def skipped(self, reason: str, **fields: Any) -> CheckResult:
        """A skipped result: the check does not apply to this input."""
        return self.result((), outcome=CheckOutcome.SKIPPED, reason=reason, **fields)


def _action(check: Any) -> FailureAction:
    return failure_action(getattr(check, "on_fail", FailureAction.REASK), f"check {getattr(check, 'name', check)!r}")


def _errored(check: Any, exc: BaseException, seconds: float) -> CheckResult:
    name = getattr(check, "name", type(check).__name__)
    finding = Finding(
        kind=FindingKind.CHECK_ERROR,
        severity=Severity.SOFT,
        message=f"The {name} check failed with {type(exc).__name__}: {exc}; the answer was not checked by it.",
        rule_id=f"{name}.error",
        stage=name,
    )
    return CheckResult(check=name, outcome=CheckOutcome.INCONCLUSIVE, findings=(finding,),
                       reason=f"the {name} check failed: {type(exc).__name__}: {exc}", action=_action(check),
                       seconds=seconds)


def _out_of_time(check: Any) -> CheckResult | None:
    """The ``inconclusive`` result of a check that cannot start because the validation's time
    budget is spent (``None`` while there is time left): a check not run is never a pass."""
    deadline = current_deadline()
    if deadline is None or not deadline.expired:
        return None
    name = getattr(check, "name", type(check).__name__)
    reason = f"the {name} check did not run: the time budget of {deadline.budget:g}s (limits.time_budget_s) was spent"
    finding = Finding(kind=FindingKind.NOT_CHECKED, severity=Severity.SOFT, message=f"The answer was not checked: {reason}.",
                      rule_id=f"{name}.budget", stage=name)
    return CheckResult(check=name, outcome=CheckOutcome.INCONCLUSIVE, findings=(finding,), reason=reason,
                       action=_action(check), seconds=0.0)


def _finish(check: Any, result: Any, seconds: float) -> CheckResult:
    name = getattr(check, "name", type(check).__name__)
    if not isinstance(result, CheckResult):
        return _errored(check, TypeError(f"check() returned {type(result).__name__}, not a CheckResult"), seconds)
    update: dict[str, Any] = {"seconds": seconds}
    if result.check != name:
        update["check"] = name
    if result.action != _action(check):
        update["action"] = _action(check)
    return result.model_copy(update=update)


def run_check(check: Check, answer: str, context: CheckContext) -> CheckResult:
    """Run one check; an exception becomes an ``inconclusive`` result naming the error, except a
    :class:`~lexguard.ConfigurationError`, which is raised (a misconfigured guard never runs
    silently unchecked).

    The result carries the check's name, its failure action and the time it took. A check does
    not start once the validation's time budget (:func:`lexguard._limits.current_deadline`) is
    spent: its result is ``inconclusive``, saying so.
    """
    if (late := _out_of_time(check)) is not None:
        return late
    started = time.perf_counter()
    try:
        result = check.check(answer, context)
    except ConfigurationError:
        raise  # a misconfigured guard must be fixed: it raises instead of checking nothing
    except Exception as exc:  # noqa: BLE001 - a failing check never crashes the guard; it is inconclusive
        if is_graph_control(exc):
            raise  # interrupt() in a check (human review): LangGraph pauses the run
        return _errored(check, exc, time.perf_counter() - started)
    return _finish(check, result, time.perf_counter() - started)


async def arun_check(check: Check, answer: str, context: CheckContext) -> CheckResult:
    """Async :func:`run_check` (uses ``acheck`` when the check has one)."""
    if (late := _out_of_time(check)) is not None:
        return late
    started = time.perf_counter()
    try:
        if hasattr(check, "acheck"):
            result = await check.acheck(answer, context)
        else:
            result = await asyncio.to_thread(check.check, answer, context)
    except ConfigurationError:
        raise
    except Exception as exc:  # noqa: BLE001 - see run_check
        if is_graph_control(exc):
            raise
        return _errored(check, exc, time.perf_counter() - started)
    return _finish(check, result, time.perf_counter() - started)
