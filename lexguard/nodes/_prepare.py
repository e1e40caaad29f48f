"""The ``prepare`` node: start an attempt: read the answer, the sources and the model's citations."""

from __future__ import annotations

import time
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.types import Overwrite

from lexguard._errors import ConfigurationError, InputError
from lexguard._inputs import coerce_answer, coerce_citations, coerce_mutations, coerce_sources, is_truncated
from lexguard._limits import check_limits, remaining_time
from lexguard._models import CheckOutcome, CheckResult, Finding, FindingKind, Severity, Verdict
from lexguard._state import GuardState
from lexguard.checks import model_citations
from lexguard.nodes._base import GuardNode

__all__ = ["PrepareNode", "input_error", "read_knowledge"]


def input_error(message: str, *, check: str = "input", rule_id: str = "input.invalid") -> CheckResult:
    """The result that stands for an input the guard could not read (the attempt is not checked)."""
    finding = Finding(kind=FindingKind.MALFORMED, severity=Severity.CRITICAL,
                      message=f"The input could not be validated: {message}", rule_id=rule_id, stage=check)
    return CheckResult(check=check, outcome=CheckOutcome.INCONCLUSIVE, findings=(finding,), reason=message, stop=True)


def read_knowledge(value: Any) -> Any:
    """Read a ``knowledge`` input once, refusing one the knowledge check could not read.

    A misspelt mapping (``{"entites": [...]}``) must not become an empty graph that every answer
    passes: the shape is checked here, before any check runs. ``None`` or an empty value is no
    knowledge (the knowledge check is skipped).

    Returns:
        The graph read (a frozen :class:`~lexguard.knowledge.KnowledgeContext`, which the checks
        use as it is), or ``value`` itself when it is empty.

    Raises:
        InputError: Naming the field and what to pass.
    """
    if not value:
        return value
    from lexguard.knowledge import KnowledgeContext, coerce_knowledge

    if isinstance(value, KnowledgeContext):
        return value
    try:
        return coerce_knowledge(value)
    except InputError as exc:
        raise InputError(f"knowledge: {exc}") from exc


class PrepareNode(GuardNode):
    """Start a new attempt.

    Writes ``attempt`` (incremented), ``answer`` (the text), ``checked_sources``,
    ``model_citations``, ``results`` (reset), on the first attempt ``original_answer``, and when a
    validation starts (not on a retry) its ``deadline`` (``limits.time_budget_s`` from now, or
    sooner when an enclosing budget, e.g. ``Guard``'s, ends sooner). A validation starts whenever
    ``prepare`` is not reached from ``self_correct`` (whose ``verdict="retry"`` it consumes), so on a
    checkpointed thread each turn starts afresh: attempt 1, and this turn's ``original_answer``,
    with the last turn's ``feedback``, ``history`` and ``timings`` cleared. An answer, sources,
    ``citations`` (:func:`~lexguard._inputs.coerce_citations`), ``mutations``
    (:func:`~lexguard._inputs.coerce_mutations`; a single one is written back as a one-item list)
    or a ``knowledge`` graph (:func:`read_knowledge`) it cannot read, or that exceed
    ``GuardConfig.limits`` (:func:`lexguard._limits.check_limits`), give an ``input`` result with a
    critical finding naming the problem, so the attempt goes straight to ``decide`` (and the
    fallback): an input the guard could not read, or too large to check, is never accepted.
    """

    name = "prepare"
    budgeted = False  # it starts the budget

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        attempt = int(state.get("attempt") or 0) + 1
        if "answer" not in state:
            raise ConfigurationError(
                "the guard graph's state has no 'answer' key, so there is nothing to check; in a parent graph "
                "with other keys use build_guard_graph(input_keys={'answer': ...}) or messages_key='messages'"
            )
        raw = state.get("answer")
        update: dict[str, Any] = {"attempt": attempt, "results": [], "model_citations": [], "remedy": None,
                                  "reason": None, "raise_error": False, "verdict": ""}
        retrying = state.get("verdict") == Verdict.RETRY.value and isinstance(state.get("deadline"), int | float)
        first = state.get("original_answer") if retrying else None
        if not retrying:  # a new validation (also a new turn on a checkpointed thread): all afresh
            attempt = update["attempt"] = 1
            update.update(deadline=time.time() + (remaining_time(self.config.limits.time_budget_s) or 0.0),
                          feedback="", history=Overwrite([]), timings=Overwrite({}))
        try:
            text = coerce_answer(raw)
            sources = coerce_sources(state.get("sources"))
            check_limits(text, sources, self.config.limits)
            given = coerce_citations(state.get("citations")) if attempt == 1 else []
            mutations = state.get("mutations")
            if not retrying:
                read_knowledge(state.get("knowledge"))
                if mutations is not None and not isinstance(mutations, list):
                    update["mutations"] = coerce_mutations(mutations)  # one dict: a one-item list
        except InputError as exc:
            update.update(checked_sources=[], answer=raw if isinstance(raw, str) else "",
                          results=[input_error(str(exc))])
            if not first:
                update["original_answer"] = update["answer"]
            return update
        update["answer"] = text
        update["checked_sources"] = sources
        update["truncated"] = bool(state.get("truncated")) or is_truncated(raw)
        update["model_citations"] = model_citations(raw, text, given)
        if not first:
            update["original_answer"] = text
        return update
