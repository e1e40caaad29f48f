from collections.abc import Sequence

import pytest

from lexguard import FindingKind, Severity
from lexguard.gate import GateConfig, GateFailure, PatternRule, RuleGate, ValidationRule


class NoQuestions(ValidationRule):
    def check(self, text: str, *, timeout: float = 0.25) -> Sequence[GateFailure]:
        if "?" in text:
            return [self.failure("Do not ask questions.", violating_text="?",
                                 span=(text.index("?"), text.index("?") + 1))]
        return []


class Broken(ValidationRule):
    def check(self, text: str, *, timeout: float = 0.25) -> Sequence[GateFailure]:
        raise KeyError("boom")


def test_add_remove_clear_at_run_time():
    gate = RuleGate(GateConfig(prohibited_patterns=("gold",)))
    assert gate.check("Why?").passed
    gate.add_rule(NoQuestions(id="no-q"))
    result = gate.check("Why?")
    assert [f.rule_id for f in result.failures] == ["no-q"]
    assert result.failures[0].reason == FindingKind.CUSTOM_RULE
    gate.add_rule(PatternRule(id="polite", pattern="please", mode="require"))
    assert [r.id for r in gate.rules] == ["no-q", "polite"]
    assert gate.remove_rule("no-q") is True
    assert gate.remove_rule("no-q") is False
    assert [f.rule_id for f in gate.check("Why?").failures] == ["polite"]
    gate.clear_rules()
    assert gate.rules == ()
    assert gate.check("Why?").passed
    # configured constraints survive clear_rules
    assert [f.reason for f in gate.check("gold?").failures] == [FindingKind.PROHIBITED]


def test_config_custom_rules_are_removable_and_same_id_replaces():
    gate = RuleGate(GateConfig(custom_rules=(PatternRule(id="r", pattern="x"),)))
    assert not gate.check("x").passed
    gate.add_rule(PatternRule(id="r", pattern="y"))
    assert gate.check("x").passed and not gate.check("y").passed
    assert gate.remove_rule("r") and gate.check("y").passed


def test_add_rule_rejects_non_rules():
    with pytest.raises(TypeError, match="PatternRule"):
        RuleGate().add_rule("gold")  # type: ignore[arg-type]


def test_validation_rule_is_abstract():
    with pytest.raises(TypeError):
        ValidationRule(id="x")  # type: ignore[abstract]


def test_a_raising_rule_is_a_check_error_at_its_own_severity():
    gate = RuleGate(rules=[Broken(id="broken"), NoQuestions(id="no-q")])
    result = gate.check("Why?")
    assert [f.reason for f in result.failures] == [FindingKind.CHECK_ERROR, FindingKind.CUSTOM_RULE]
    assert result.failures[0].severity == Severity.HARD  # issue 13: not checked = violated
    assert not result.passed
    assert "KeyError" in result.failures[0].description


def test_findings_and_mutations_through_rule_gate():
    gate = RuleGate(GateConfig(protected_targets=("gold",)))
    result = gate.check("Fine.", mutations=[{"type": "emit_world_intent", "target": "gold"}])
    assert result.has_critical and result.rejected_mutations[0].target == "gold"
    assert gate.findings("Fine.")[:] == ()
