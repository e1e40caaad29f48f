"""The ``self_correct`` node: fix, filter or re-ask, as the policy's remedy says."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage
from langchain_core.runnables import Runnable, RunnableConfig
from langgraph.errors import GraphBubbleUp

from lexguard._config import GuardConfig
from lexguard._errors import InputError
from lexguard._inputs import coerce_answer
from lexguard._models import CheckOutcome, CheckResult, FailureAction, Finding, FindingKind, Severity, Verdict
from lexguard._policy import blocking_findings, claims_of, describe_problems, findings_of
from lexguard._state import REPAIRED, GuardContext, GuardState
from lexguard.checks import run_check
from lexguard.nodes._base import GuardNode
from lexguard.nodes._check import context_of
from lexguard.nodes._feedback import build_retry_feedback
from lexguard.nodes._repair import drop_unsupported, removed_findings, says_something, trim_to_pass
from lexguard.nodes._retry_input import retry_call

__all__ = ["SelfCorrectNode", "run_generator"]


def _next_attempt(state: GuardState, answer: Any, source: Any, feedback: str) -> dict[str, Any]:
    """The update that starts the next attempt with ``answer``; ``source`` is where it came from
    (``retry_messages``: the generator's ``AIMessage``, ``None``, or ``REPAIRED``)."""
    attempt = int(state.get("attempt") or 1)
    earlier = list(state.get("retry_messages") or [])[: max(attempt - 1, 0)]
    return {"answer": answer, "feedback": feedback, "truncated": False, "verdict": Verdict.RETRY.value,
            "retry_messages": [*earlier, source]}


def run_generator(default: Runnable | None) -> Runnable | None:
    """The generator of this run: the runtime context's (:class:`~lexguard._state.GuardContext`),
    else ``default`` (the graph's build-time generator)."""
    try:
        from langgraph.runtime import get_runtime

        context = getattr(get_runtime(), "context", None)
    except Exception:  # noqa: BLE001 - outside a graph run: no runtime
        context = None
    if isinstance(context, GuardContext) and context.generator is not None:
        return context.generator
    return default


class SelfCorrectNode(GuardNode):
    """Produce the next attempt with the remedy the policy chose (``state["remedy"]``).

    * ``fix``: apply the blocking findings' confident suggested fixes in place;
    * ``filter``: drop the sentences holding the blocking findings (and unsupported claims); for
      a blocking finding of the whole answer (no span: a length limit), keep the longest leading
      run of sentences that the check which found it passes;
    * ``reask``: re-invoke the generator (the runtime context's, else the build-time one) with
      feedback naming each problem and its evidence; without a generator, ``filter`` when
      ``repair_without_generator`` allows it.

    Each next attempt is recorded in ``retry_messages`` (the generator's ``AIMessage``, ``None``
    for text, ``REPAIRED`` for the guard's own fix / filter), so the message handed on is built from
    the attempt that was returned, never from a rejected one. When nothing can be done, or the
    generator raises, route to ``fallback`` with the reason; LangGraph's own control flow raised
    by the generator (``interrupt()``, a parent ``Command``: ``GraphBubbleUp``) is raised on, so a
    human-in-the-loop regeneration pauses the run and resumes where it stopped.

    Args:
        config: Guard settings.
        generator: The default generator; ``None`` for text repair only.
        checks: The graph's checks (``filter`` re-runs a check whose finding has no span).
    """

    name = "self_correct"

    def __init__(self, config: GuardConfig | None = None, *, generator: Runnable | None = None,
                 checks: Sequence[Any] = ()) -> None:
        super().__init__(config)
        self.generator = generator
        self.checks = tuple(checks)

    def _trimmed(self, state: GuardState, text: str) -> str:
        """``text`` cut to the sentences that the checks with whole-answer findings pass."""
        results = list(state.get("results") or [])
        names = {r.check for r in results if any(f.span is None for f in r.blocking)}
        checks = [c for c in self.checks if c.name in names]
        if not checks or not text:
            return text
        context = context_of(state)

        def passes(candidate: str) -> bool:
            return all(not run_check(c, candidate, context).blocking for c in checks)

        return trim_to_pass(text, passes) or text

    def _give_up(self, state: GuardState, finding: Finding, feedback: str, why: str,
                 outcome: CheckOutcome = CheckOutcome.SKIPPED) -> dict[str, Any]:
        results = list(state.get("results") or [])
        note = CheckResult(check=self.name, outcome=outcome, findings=(finding,), reason=why)
        return {
            "verdict": Verdict.FALLBACK.value,
            "feedback": feedback,
            "results": [*results, note],
            "reason": f"{describe_problems(results, self.config)}; {why}",
        }

    def _filter(self, state: GuardState, feedback: str, *, asked: bool) -> dict[str, Any]:
        answer = state.get("answer") or ""
        results = list(state.get("results") or [])
        claims, blocking = claims_of(results), blocking_findings(results)
        repaired = self._trimmed(state, drop_unsupported(answer, claims, blocking))
        if repaired and not says_something(repaired):
            repaired = ""  # "Sure!", an emoji: a leftover with no claim is not an answer
        if (asked or self.config.repair_without_generator) and repaired and repaired != answer:
            removed = removed_findings(answer, claims, findings_of(results), blocking)
            return {**_next_attempt(state, repaired, REPAIRED, feedback), "removed": removed}
        why = (
            "no generator is configured and text repair is switched off (repair_without_generator=False)"
            if not asked and not self.config.repair_without_generator
            else "removing the offending sentences left nothing to check"
            if not repaired
            else "the problems are not tied to sentences that could be removed"
        )
        finding = Finding(kind=FindingKind.CHECK_ERROR, severity=Severity.SOFT, message=f"Not corrected: {why}.",
                          rule_id="self_correct.no_repair", stage=self.name)
        return self._give_up(state, finding, feedback, why)

    def _fix(self, state: GuardState) -> dict[str, Any] | None:
        from lexguard.knowledge import apply_fixes

        answer = state.get("answer")
        findings = blocking_findings(state.get("results") or [])
        if not isinstance(answer, str) or not findings:
            return None
        fixed, applied = apply_fixes(answer, findings, self.config.knowledge.auto_fix_threshold)
        if not applied or fixed == answer:
            return None
        notes = "; ".join(f"{answer[f.span[0]:f.span[1]]!r} -> {f.suggested_fix!r}" for f in applied if f.span)
        return _next_attempt(state, fixed, REPAIRED, f"Applied {len(applied)} automatic fixes: {notes}")

    def _generator_failed(self, state: GuardState, exc: Exception, feedback: str) -> dict[str, Any]:
        finding = Finding(kind=FindingKind.GENERATOR_ERROR, severity=Severity.CRITICAL,
                          message=f"The generator raised {type(exc).__name__}: {exc}",
                          rule_id="self_correct.generator", stage=self.name)
        return self._give_up(state, finding, feedback, f"the generator raised {type(exc).__name__}: {exc}",
                             CheckOutcome.INCONCLUSIVE)

    def _accept_output(self, state: GuardState, output: Any, feedback: str) -> dict[str, Any]:
        try:
            coerce_answer(output)
        except InputError as exc:
            return self._generator_failed(state, exc, feedback)
        return _next_attempt(state, output, output if isinstance(output, AIMessage) else None, feedback)

    def _prepare(self, state: GuardState) -> tuple[dict[str, Any] | None, str, Runnable | None]:
        """Everything before the generator call: ``(final update or None, feedback, generator)``."""
        remedy = FailureAction(state.get("remedy") or FailureAction.REASK.value)
        if remedy == FailureAction.FIX and (fixed := self._fix(state)) is not None:
            return fixed, fixed["feedback"], None
        feedback = build_retry_feedback(state, self.config)
        if remedy == FailureAction.FILTER:
            return self._filter(state, feedback, asked=True), feedback, None
        generator = run_generator(self.generator)
        if generator is None:
            return self._filter(state, feedback, asked=False), feedback, None
        return None, feedback, generator

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        done, feedback, generator = self._prepare(state)
        if done is not None:
            return done
        try:
            runnable, payload = retry_call(generator, state, feedback)
            output = runnable.invoke(payload, config)
        except GraphBubbleUp:  # interrupt() (human in the loop), Command(graph=PARENT): LangGraph's, not a failure
            raise
        except Exception as exc:  # noqa: BLE001 - any other generator failure becomes a finding
            return self._generator_failed(state, exc, feedback)
        return self._accept_output(state, output, feedback)

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        done, feedback, generator = self._prepare(state)
        if done is not None:
            return done
        try:
            runnable, payload = retry_call(generator, state, feedback)
            output = await runnable.ainvoke(payload, config)
        except GraphBubbleUp:  # interrupt() (human in the loop), Command(graph=PARENT): LangGraph's, not a failure
            raise
        except Exception as exc:  # noqa: BLE001 - any other generator failure becomes a finding
            return self._generator_failed(state, exc, feedback)
        return self._accept_output(state, output, feedback)
