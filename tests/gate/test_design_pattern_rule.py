"""The validation-gating design's ``PatternValidationRule``: its pattern is a regex (issue 24, seed
audit), bounded like every regex of the gate."""

from __future__ import annotations

import pytest

from lexguard import Guard, Status
from lexguard._models import FindingKind, Severity
from lexguard.gate import GateConfig, PatternRule, PatternValidationRule, RuleGate, evaluate_gate
from tests.fakes import SubstringChecker


def _modern_terms(**overrides) -> PatternValidationRule:
    fields = {"id": "no-modern-terms", "description": "No modern terminology",
              "pattern": "computer|internet|phone", "is_prohibition": True, "severity": "hard"}
    return PatternValidationRule(**{**fields, **overrides})


def test_the_designs_custom_prohibition_rule_fires() -> None:
    gate = RuleGate()
    gate.add_rule(_modern_terms())
    result = gate.check("I don't know what a computer is.")
    assert not result.passed
    assert [(f.rule_id, f.matched) for f in result.failures] == [("no-modern-terms", "computer")]
    assert gate.check("I have no internet here.").failures[0].matched == "internet"


def test_the_designs_custom_rule_not_triggered_passes() -> None:
    gate = RuleGate()
    gate.add_rule(_modern_terms())
    assert gate.check("I sell swords and shields.").passed


def test_the_rule_refuses_through_the_guard() -> None:
    guard = Guard(checker=SubstringChecker(), audit=False, max_retries=0,
                  gate=GateConfig(custom_rules=(_modern_terms(),)))
    source = "I don't know what a computer is."
    assert guard.invoke({"answer": source, "sources": [source]}).status == Status.INVALID
    fine = "I sell swords and shields."
    assert guard.invoke({"answer": fine, "sources": [fine]}).status == Status.VALID


def test_requirement_and_case_as_in_the_design() -> None:
    greet = PatternValidationRule(id="greet", pattern=r"^(hail|greetings)\b", is_prohibition=False)
    assert greet.mode == "require" and not greet.is_prohibition
    assert greet.check("Greetings, traveller.") == []
    assert [f.rule_id for f in greet.check("Go away.")] == ["greet"]
    exact = _modern_terms(case_insensitive=False)
    assert exact.check("A COMPUTER?") == [] and exact.check("a computer") != []
    assert _modern_terms().check("A COMPUTER?") != []  # case-insensitive by default, as the design


def test_slashes_are_literal_regex_characters() -> None:
    rule = PatternValidationRule(id="path", pattern="/api/")
    assert rule.check("call /api/ now") != [] and rule.check("the api") == []


@pytest.mark.parametrize("pattern", ["(unclosed", "a{2,1}", "(" * 9 + "a" + ")" * 9, "(a{1,200}){1,200}", "x" * 1001])
def test_unsafe_or_invalid_regexes_are_refused_when_the_rule_is_built(pattern: str) -> None:
    with pytest.raises(ValueError, match="regular expression|more than|nests|repeats"):
        PatternValidationRule(id="bad", pattern=pattern)  # pydantic wraps the ConfigurationError


def test_a_catastrophic_regex_times_out_and_counts_as_violated() -> None:
    rule = PatternValidationRule(id="slow", pattern=r"(\w+\s?)+secret", severity=Severity.CRITICAL)
    result = evaluate_gate("a" * 5000 + "! The secret is 42.",
                           GateConfig(custom_rules=(rule,), regex_timeout_s=0.05))
    assert [(f.rule_id, f.reason, f.severity) for f in result.failures] == [
        ("slow", FindingKind.RULE_TIMEOUT, Severity.CRITICAL)]


def test_the_rule_draws_on_the_answers_regex_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A spent budget stops it (a keyword PatternRule, linear, is not budgeted)."""
    from lexguard.gate import _gate

    monkeypatch.setattr(_gate, "remaining_time", lambda seconds: 0.0)
    config = GateConfig(custom_rules=(_modern_terms(), PatternRule(id="kw", pattern="dragon")))
    result = evaluate_gate("No dragon, no computer.", config)
    by_rule = {f.rule_id: f.reason for f in result.failures}
    assert by_rule == {"no-modern-terms": FindingKind.RULE_TIMEOUT, "kw": FindingKind.CUSTOM_RULE}


def test_pattern_rule_keeps_its_keyword_reading() -> None:
    """``PatternRule`` stays a keyword unless written ``/.../`` (docs/checks.md says why)."""
    keyword = PatternRule(id="kw", pattern="computer|internet|phone")
    assert keyword.check("a computer") == [] and keyword.check("computer|internet|phone") != []
    assert PatternRule(id="rx", pattern="/computer|internet|phone/").check("a computer") != []


def test_design_and_lexguard_names_are_not_mixed() -> None:
    with pytest.raises(ValueError, match="not both"):
        PatternValidationRule(id="x", pattern="a", is_prohibition=True, mode="require")
