"""The ``prepare`` node: start an attempt: read the answer, the sources and the model's citations."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from lexguard._errors import InputError
from lexguard._inputs import coerce_answer, coerce_sources, is_truncated
from lexguard._models import CheckOutcome, CheckResult, Finding, FindingKind, Severity
from lexguard._state import GuardState
from lexguard.checks import model_citations
from lexguard.nodes._base import GuardNode

__all__ = ["PrepareNode", "input_error"]


def input_error(message: str, *, check: str = "input", rule_id: str = "input.invalid") -> CheckResult:
    """The result that stands for an input the guard could not read (the attempt is not checked)."""
    finding = Finding(kind=FindingKind.MALFORMED, severity=Severity.CRITICAL,
                      message=f"The input could not be validated: {message}", rule_id=rule_id, stage=check)
    return CheckResult(check=check, outcome=CheckOutcome.INCONCLUSIVE, findings=(finding,), reason=message, stop=True)


class PrepareNode(GuardNode):
    """Start a new attempt.

    Writes ``attempt`` (incremented), ``answer`` (the text), ``checked_sources``,
    ``model_citations``, ``results`` (reset) and, on the first attempt, ``original_answer``. An
    answer or sources it cannot read give an ``input`` result with a critical finding, so the
    attempt goes straight to ``decide`` (and the fallback).
    """

    name = "prepare"

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        attempt = int(state.get("attempt") or 0) + 1
        raw = state.get("answer")
        update: dict[str, Any] = {"attempt": attempt, "results": [], "model_citations": [], "remedy": None,
                                  "reason": None, "raise_error": False}
        try:
            text = coerce_answer(raw)
            sources = coerce_sources(state.get("sources"))
        except InputError as exc:
            update.update(checked_sources=[], answer=raw if isinstance(raw, str) else "",
                          results=[input_error(str(exc))])
            if not state.get("original_answer"):
                update["original_answer"] = update["answer"]
            return update
        given = state.get("citations") if attempt == 1 else ()
        update["answer"] = text
        update["checked_sources"] = sources
        update["truncated"] = bool(state.get("truncated")) or is_truncated(raw)
        update["model_citations"] = model_citations(raw, text, given if isinstance(given, list | tuple) else ())
        if not state.get("original_answer"):
            update["original_answer"] = text
        return update
