"""A rule gate object whose custom rules can be changed at run time."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from lexguard._errors import InputError
from lexguard._models import Finding
from lexguard.gate._config import GateConfig
from lexguard.gate._gate import GateResult, evaluate_gate
from lexguard.gate._rules import Mutation, ValidationRule

__all__ = ["RuleGate"]


class RuleGate:
    """The rule gate with a mutable set of custom rules (thread-safe).

    The custom rules of ``config`` become the gate's initial rules, so they can be removed
    too. Adding a rule whose id exists replaces it.

    Example:
        >>> gate = RuleGate(GateConfig(prohibited_patterns=("secret",)))
        >>> gate.add_rule(PatternRule(id="polite", pattern="please", mode="require"))
        >>> gate.check("Here is the secret.").passed
        False
    """

    def __init__(
        self, config: GateConfig | None = None, *, rules: Iterable[ValidationRule] = ()
    ) -> None:
        config = config or GateConfig()
        self._lock = threading.Lock()
        self._rules: dict[str, ValidationRule] = {}
        for rule in [*config.custom_rules, *rules]:
            self._rules[rule.id] = rule
        self.config = config.model_copy(update={"custom_rules": ()})

    @classmethod
    def from_rules(cls, source: str | Path | dict[str, Any], **overrides: Any) -> RuleGate:
        """Build a gate from a rules file (YAML/JSON) or mapping; see ``load_rules``."""
        return cls(GateConfig.from_rules(source, **overrides))

    @property
    def rules(self) -> tuple[ValidationRule, ...]:
        """The current custom rules, in insertion order."""
        with self._lock:
            return tuple(self._rules.values())

    def add_rule(self, rule: ValidationRule) -> None:
        """Add a custom rule (replacing one with the same id)."""
        if not isinstance(rule, ValidationRule):
            raise InputError(
                f"add_rule expects a ValidationRule, got {type(rule).__name__}; wrap patterns "
                "in PatternRule(id=..., pattern=...)"
            )
        with self._lock:
            self._rules[rule.id] = rule

    def remove_rule(self, rule_id: str) -> bool:
        """Remove the custom rule ``rule_id``; returns False when there was none."""
        with self._lock:
            return self._rules.pop(rule_id, None) is not None

    def clear_rules(self) -> None:
        """Remove every custom rule (configured constraints, facts and topics stay)."""
        with self._lock:
            self._rules.clear()

    def check(
        self, text: str, *, mutations: Iterable[Mutation | dict[str, Any]] | None = None
    ) -> GateResult:
        """Run all gates over ``text`` with the current rules."""
        return evaluate_gate(text, self.config, mutations=mutations, rules=self.rules)

    def findings(
        self, text: str, *, mutations: Iterable[Mutation | dict[str, Any]] | None = None
    ) -> tuple[Finding, ...]:
        """The failures of :meth:`check` as lexguard findings."""
        return self.check(text, mutations=mutations).findings
