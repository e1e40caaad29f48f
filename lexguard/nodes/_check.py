"""One graph node per configured check, and the edge that skips the rest after a stop."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.runnables import RunnableConfig

from lexguard._errors import InputError
from lexguard._inputs import coerce_mutations
from lexguard._models import CheckResult
from lexguard._policy import refusing_checks
from lexguard._state import GuardState, question_of
from lexguard.checks import Check, CheckContext, arun_check, run_check
from lexguard.nodes._base import GuardNode
from lexguard.nodes._prepare import input_error

__all__ = ["CheckNode", "context_of", "route_after_check"]


def context_of(state: GuardState) -> CheckContext:
    """The :class:`~lexguard.checks.CheckContext` of the state's current attempt.

    ``mutations`` are read with :func:`~lexguard._inputs.coerce_mutations` (a single dict is one
    mutation), also when ``prepare`` did not run first (custom wiring).

    Raises:
        InputError: If the state's ``mutations`` are neither a list nor a single mutation.
    """
    mutations = coerce_mutations(state.get("mutations"))
    return CheckContext(
        sources=tuple(state.get("checked_sources") or ()),
        question=question_of(state),
        attempt=int(state.get("attempt") or 1),
        truncated=bool(state.get("truncated")),
        raw_answer=state.get("answer"),
        knowledge=state.get("knowledge") or None,
        mutations=tuple(mutations),
        citations=tuple(state.get("model_citations") or ()),
        previous=tuple(state.get("results") or ()),
    )


def _halted(results: list[CheckResult]) -> bool:
    return any(r.stop for r in results) or bool(refusing_checks(results))


class CheckNode(GuardNode):
    """Run one check on the current answer and append its result to ``results``.

    A result with ``text`` (the parser's cleaned text) replaces ``answer`` for the checks after it.
    State inputs the check could not read (:func:`context_of` raises ``InputError``) give an
    ``input`` result with a critical finding under the check's name, which stops the attempt.

    Args:
        check: The check to run.
    """

    def __init__(self, check: Check, config: Any = None) -> None:
        super().__init__(config)
        self.check = check
        self.name = check.name

    def _update(self, state: GuardState, result: CheckResult) -> dict[str, Any]:
        update: dict[str, Any] = {"results": [*(state.get("results") or []), result]}
        if result.text is not None:
            update["answer"] = result.text
        return update

    def _answer(self, state: GuardState) -> str:
        answer = state.get("answer")
        return answer if isinstance(answer, str) else ""

    def _context(self, state: GuardState) -> CheckContext | CheckResult:
        """The check's context, or the result standing for state inputs it could not read."""
        try:
            return context_of(state)
        except InputError as exc:
            return input_error(str(exc), check=self.name)

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        context = self._context(state)
        if isinstance(context, CheckResult):
            return self._update(state, context)
        return self._update(state, run_check(self.check, self._answer(state), context))

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        context = self._context(state)
        if isinstance(context, CheckResult):
            return self._update(state, context)
        return self._update(state, await arun_check(self.check, self._answer(state), context))


def route_after_check(next_node: str) -> Callable[[GuardState], str]:
    """The edge after a check: the next check, or ``decide`` once a check stopped the attempt
    (the parser rejected the output, a critical finding, an unreadable input)."""

    def route(state: GuardState) -> str:
        return "decide" if _halted(list(state.get("results") or [])) else next_node

    route.__name__ = f"after_{next_node}"
    return route
