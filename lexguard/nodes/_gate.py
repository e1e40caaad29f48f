"""The ``gate`` node: deterministic rules with severities."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig

from lexguard._config import GuardConfig
from lexguard._state import GuardState
from lexguard.gate import GateResult, RuleGate, evaluate_gate
from lexguard.nodes._base import GuardNode

__all__ = ["GateNode"]


class GateNode(GuardNode):
    """Run the rule gate on the cleaned answer and add its findings to the attempt's findings.

    Proposed state changes are read from the state key ``mutations``; changes to protected
    state (canonical facts) become critical ``protected_state`` findings. The outcome is written
    to ``approved_mutations`` / ``rejected_mutations`` (and into the report's metadata).

    Args:
        config: Guard settings (``config.gate``).
        rule_gate: A :class:`~lexguard.gate.RuleGate` whose custom rules can change at run time;
            when given, its config and rules are used instead of ``config.gate``.
    """

    name = "gate"

    def __init__(self, config: GuardConfig | None = None, *, rule_gate: RuleGate | None = None) -> None:
        super().__init__(config)
        self.rule_gate = rule_gate

    def evaluate(self, state: GuardState) -> GateResult:
        """The full :class:`~lexguard.gate.GateResult` for the state's answer and mutations."""
        text = state.get("answer") or ""
        if not isinstance(text, str):
            text = str(text)
        mutations = state.get("mutations") or None
        if self.rule_gate is not None:
            return self.rule_gate.check(text, mutations=mutations)
        return evaluate_gate(text, self.config.gate, mutations=mutations)

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        findings = list(state.get("findings") or [])
        if self.rule_gate is None and not self.config.gate.enabled:
            return {"findings": findings}
        result = self.evaluate(state)
        findings.extend(result.findings)
        return {
            "findings": findings,
            "approved_mutations": list(result.approved_mutations),
            "rejected_mutations": list(result.rejected_mutations),
        }
