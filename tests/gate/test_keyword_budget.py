"""Issue 23 (item 1, rule-set part): keyword patterns read the answer's time budget too.

On main keyword searches "always ran" (linear each, but 10,000 of them in one constraint took
41 s on a 3,000-sentence answer against a 2 s rules budget); now no search starts once the
budget is spent, the rule counts as violated (never passed) and is reported once."""

from __future__ import annotations

from lexguard._limits import validation_budget
from lexguard.gate import GateConfig, evaluate_gate

TEXT = "Sentence one says nothing forbidden. Sentence two neither."


def _config(kind: str) -> GateConfig:
    patterns = [f"forbiddenword{i}" for i in range(200)]
    return GateConfig(constraints=[{"kind": kind, "patterns": patterns, "id": "big", "severity": "hard"}])


def test_a_spent_budget_stops_keyword_prohibitions_and_fails_the_rule_once() -> None:
    assert evaluate_gate(TEXT, _config("prohibition")).passed  # with time: checked, nothing found
    with validation_budget(0.0):
        result = evaluate_gate(TEXT, _config("prohibition"))
    assert not result.passed
    assert [f.rule_id for f in result.failures] == ["big"]
    assert "not searched" in result.failures[0].description


def test_a_spent_budget_stops_keyword_requirements_and_fails_the_rule_once() -> None:
    with validation_budget(0.0):
        result = evaluate_gate(TEXT + " forbiddenword199", _config("requirement"))
    assert not result.passed and [f.rule_id for f in result.failures] == ["big"]
