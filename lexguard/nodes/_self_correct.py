"""The ``self_correct`` node: ask the generator for a corrected answer, or repair the text."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import Runnable, RunnableConfig

from lexguard._config import GuardConfig
from lexguard._errors import InputError
from lexguard._inputs import coerce_answer, is_truncated
from lexguard._models import Finding, FindingKind, Severity, Verdict
from lexguard._state import GuardState
from lexguard.nodes._base import GuardNode
from lexguard.nodes._feedback import build_feedback
from lexguard.nodes._repair import drop_unsupported
from lexguard.nodes._retry_input import retry_call

__all__ = ["SelfCorrectNode"]


class SelfCorrectNode(GuardNode):
    """Produce the next attempt.

    With a generator (any Runnable: a chat model, a chain), re-invoke it with feedback that names
    each problem and its evidence. Without one, drop the unsupported sentences and validate the
    repaired text. When neither is possible, or the generator raises, route to ``fallback``.

    Args:
        config: Guard settings.
        generator: The Runnable that produced the answer; ``None`` for text repair only.
    """

    name = "self_correct"

    def __init__(self, config: GuardConfig | None = None, *, generator: Runnable | None = None) -> None:
        super().__init__(config)
        self.generator = generator

    def _give_up(self, state: GuardState, finding: Finding, feedback: str) -> dict[str, Any]:
        return {
            "verdict": Verdict.FALLBACK.value,
            "feedback": feedback,
            "findings": [*(state.get("findings") or []), finding],
        }

    def _repair(self, state: GuardState, feedback: str) -> dict[str, Any]:
        answer = state.get("answer") or ""
        repaired = drop_unsupported(answer, state.get("claims") or [], state.get("findings") or [])
        if not self.config.repair_without_generator or not repaired or repaired == answer:
            why = (
                "text repair is switched off (repair_without_generator=False)"
                if not self.config.repair_without_generator
                else "removing the unsupported sentences left nothing to validate"
                if not repaired
                else "the problems are not tied to sentences that could be removed"
            )
            return self._give_up(
                state,
                Finding(
                    kind=FindingKind.CHECK_ERROR,
                    severity=Severity.SOFT,
                    message=f"No generator is configured and {why}.",
                    rule_id="self_correct.no_repair",
                    stage=self.name,
                ),
                feedback,
            )
        return {"answer": repaired, "feedback": feedback, "truncated": False, "verdict": Verdict.RETRY.value}

    def _generator_failed(self, state: GuardState, exc: Exception, feedback: str) -> dict[str, Any]:
        return self._give_up(
            state,
            Finding(
                kind=FindingKind.GENERATOR_ERROR,
                severity=Severity.CRITICAL,
                message=f"The generator raised {type(exc).__name__}: {exc}",
                rule_id="self_correct.generator",
                stage=self.name,
            ),
            feedback,
        )

    def _accept_output(self, state: GuardState, output: Any, feedback: str) -> dict[str, Any]:
        try:
            text = coerce_answer(output)
        except InputError as exc:
            return self._generator_failed(state, exc, feedback)
        return {"answer": text, "feedback": feedback, "truncated": is_truncated(output),
                "verdict": Verdict.RETRY.value}

    def _auto_fix(self, state: GuardState) -> dict[str, Any] | None:
        """Apply confident suggested fixes (``fix_confidence`` above ``knowledge.auto_fix_threshold``)
        when they cover every hard finding."""
        from lexguard.knowledge import apply_fixes, is_auto_fixable

        answer = state.get("answer")
        findings = state.get("findings") or []
        hard = [f for f in findings if f.severity.rank >= Severity.HARD.rank]
        threshold = self.config.knowledge.auto_fix_threshold
        if not isinstance(answer, str) or not hard or not all(is_auto_fixable(f, threshold) for f in hard):
            return None
        fixed, applied = apply_fixes(answer, findings, threshold)
        if not applied or fixed == answer:
            return None
        notes = "; ".join(f"{answer[f.span[0]:f.span[1]]!r} -> {f.suggested_fix!r}" for f in applied if f.span)
        return {"answer": fixed, "feedback": f"Applied {len(applied)} automatic fixes: {notes}",
                "truncated": False, "verdict": Verdict.RETRY.value}

    def _prepare(self, state: GuardState) -> tuple[dict[str, Any] | None, str]:
        """Everything before the generator call: ``(update, feedback)``, the update being final
        when the answer was fixed or repaired without the generator."""
        fixed = self._auto_fix(state)
        if fixed is not None:
            return fixed, fixed["feedback"]
        feedback = build_feedback(state, self.config)
        if self.generator is None:
            return self._repair(state, feedback), feedback
        return None, feedback

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        done, feedback = self._prepare(state)
        if done is not None:
            return done
        try:
            runnable, payload = retry_call(self.generator, state, feedback)
            output = runnable.invoke(payload, config)
        except Exception as exc:  # noqa: BLE001 - any generator failure becomes a finding
            return self._generator_failed(state, exc, feedback)
        return self._accept_output(state, output, feedback)

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        done, feedback = self._prepare(state)
        if done is not None:
            return done
        try:
            runnable, payload = retry_call(self.generator, state, feedback)
            output = await runnable.ainvoke(payload, config)
        except Exception as exc:  # noqa: BLE001 - any generator failure becomes a finding
            return self._generator_failed(state, exc, feedback)
        return self._accept_output(state, output, feedback)
