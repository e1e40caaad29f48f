"""A requirement with no patterns is descriptive only, as the validation-gating design has it
(issue 24, seed audit): it never fails and the result says it was not checked."""

from __future__ import annotations

import pytest

from lexguard import Guard, Status
from lexguard.gate import Constraint, GateConfig, RuleGate, evaluate_gate, load_rules
from tests.fakes import SubstringChecker

PIRATE = {"id": "pirate", "kind": "requirement", "description": "Speak like a pirate"}


def test_a_requirement_without_patterns_builds_and_never_fails() -> None:
    rule = Constraint(**PIRATE)
    assert rule.descriptive and rule.effective_patterns == ()
    result = evaluate_gate("The gate is open.", GateConfig(constraints=(rule,)))
    assert result.passed and result.failures == ()
    assert result.descriptive == ("pirate: Speak like a pirate",)
    assert result.unchecked == ()  # descriptive, not an evaluation that could not run


def test_the_guard_accepts_and_reports_it_as_not_checked() -> None:
    guard = Guard(checker=SubstringChecker(), audit=False, max_retries=0,
                  gate=GateConfig(constraints=(Constraint(**PIRATE),)))
    report = guard.invoke({"answer": "The gate is open.", "sources": ["The gate is open."]})
    assert report.status == Status.VALID
    rules = next(c for c in report.checks if c.check == "rules")
    assert rules.data["descriptive"] == ["pirate: Speak like a pirate"]
    assert "not checked" in (rules.reason or "")


def test_it_loads_from_a_rules_file_and_the_rule_gate() -> None:
    rules = load_rules({"constraints": [{**PIRATE, "patterns": []}]})
    assert rules.constraints[0].descriptive
    gate = RuleGate(GateConfig(constraints=rules.constraints))
    assert gate.check("Anything at all.").passed


def test_a_requirement_with_checkable_patterns_still_fails() -> None:
    rule = Constraint(kind="requirement", description='Always say "ahoy"')
    result = evaluate_gate("Hello.", GateConfig(constraints=(rule,)))
    assert not result.passed and result.descriptive == ()


def test_a_prohibition_without_patterns_is_still_refused() -> None:
    with pytest.raises(ValueError, match="no patterns"):
        Constraint(kind="prohibition", description="Be nice")
    with pytest.raises(ValueError, match="needs patterns or a description"):
        Constraint(kind="requirement")
