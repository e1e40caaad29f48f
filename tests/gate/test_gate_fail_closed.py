"""Issue 13 item 3: rules cannot be turned against the guard (timeouts, budgets, bad patterns)."""

from __future__ import annotations

import pytest

from lexguard import ConfigurationError, InputError, RuleTimeoutError
from lexguard._models import FindingKind, Severity
from lexguard.gate import (
    CanonicalFact,
    Constraint,
    ForbiddenTopic,
    GateConfig,
    PatternRule,
    RuleGate,
    evaluate_gate,
    find_pattern,
    load_rules,
)
from lexguard.gate._patterns import RegexBudget, check_pattern_shape

EVIL = r"/(\w+\s?)+secret/"
ATTACK = "a" * 5000 + "! The secret is 42."


def test_a_timed_out_prohibition_is_a_violation_at_its_severity():
    config = GateConfig(prohibited_patterns=(EVIL,), prohibited_severity=Severity.CRITICAL,
                        regex_timeout_s=0.05)
    result = evaluate_gate(ATTACK, config)
    assert not result.passed and result.has_critical
    (failure,) = result.failures
    assert failure.reason == FindingKind.RULE_TIMEOUT and failure.severity == Severity.CRITICAL


def test_a_timed_out_requirement_fails_and_a_timed_out_fact_is_critical():
    config = GateConfig(
        constraints=(Constraint(kind="requirement", patterns=(EVIL,), severity=Severity.HARD),),
        canonical_facts=(CanonicalFact(id="f", fact="x", contradictions=(EVIL,)),),
        regex_timeout_s=0.05,
    )
    result = evaluate_gate(ATTACK, config)
    severities = {f.gate: f.severity for f in result.failures}
    assert severities == {"constraints": Severity.HARD, "canonical_facts": Severity.CRITICAL}


def test_one_total_budget_for_all_patterns_of_an_answer():
    patterns = tuple(f"/(\\w+\\s?)+secret(?:{i})?/" for i in range(40))
    config = GateConfig(prohibited_patterns=patterns, regex_timeout_s=0.05, regex_budget_s=0.2)
    result = evaluate_gate(ATTACK, config)
    assert len(result.failures) == 40
    assert all(f.reason == FindingKind.RULE_TIMEOUT and f.severity == Severity.HARD
               for f in result.failures)
    spent = [f for f in result.failures if "total time budget" in f.description]
    assert spent, "the later rules must be refused by the spent budget, not searched"


def test_the_budget_refuses_searches_once_spent():
    budget = RegexBudget(0.0, 0.25)
    with pytest.raises(RuleTimeoutError, match="total time budget"):
        find_pattern("/x/", "x", budget=budget)


def test_custom_rule_timeouts_and_errors_are_violations():
    class Broken(PatternRule):
        def check(self, text, *, timeout=0.25):
            raise ValueError("boom")

    config = GateConfig(custom_rules=(
        PatternRule(id="slow", pattern=EVIL, severity=Severity.CRITICAL),
        Broken(id="broken", pattern="x", severity=Severity.HARD),
    ), regex_timeout_s=0.05)
    result = evaluate_gate(ATTACK, config)
    assert [(f.rule_id, f.severity) for f in result.failures] == [
        ("slow", Severity.CRITICAL), ("broken", Severity.HARD)]


def test_long_keywords_are_searched_in_linear_time_and_long_topics_are_refused():
    keyword = "ab" * 450  # 900 characters: allowed, searched with str.find on the folded text
    assert find_pattern(keyword, "x" * 200_000 + keyword) is not None
    with pytest.raises(ValueError, match="more than 1000"):
        GateConfig(forbidden_topics=["t" * 13_000])
    with pytest.raises(ValueError, match="more than 1000"):
        GateConfig(prohibited_patterns=("k" * 3_000,))
    with pytest.raises(ConfigurationError, match="more than 1000"):
        load_rules({"forbidden_topics": ["t" * 13_000]})


@pytest.mark.parametrize("pattern", [
    "/((((((((((a))))))))))/",          # 10 nested groups
    "/((a{100}){100}){100}/",            # a million-fold repetition to compile
    "/(?:x{1000}){1000}/",
])
def test_patterns_that_are_expensive_to_compile_are_refused_at_load_time(pattern):
    with pytest.raises(ConfigurationError, match="nests groups|repeats too much"):
        check_pattern_shape(pattern)
    with pytest.raises(ConfigurationError):
        load_rules({"prohibited_patterns": [pattern]})


@pytest.mark.parametrize("pattern", [r"/\bcoupon\b/", r"/(\d{1,3},)*\d{3}/", r"/[({]x{2,5}[)}]/",
                                     r"/\(a\)\{3\}/", r"/(a+)+$/"])
def test_ordinary_patterns_pass_the_shape_check(pattern):
    check_pattern_shape(pattern)


def test_description_derived_keywords_are_bounded_too():
    with pytest.raises(ValueError, match="more than 1000"):
        Constraint(kind="prohibition", description='Never say "' + "z" * 2000 + '"')
    with pytest.raises(ValueError):
        ForbiddenTopic(topic="t" * 2000)


def test_too_many_rules_are_refused():
    with pytest.raises(ValueError, match="max_rules"):
        GateConfig(prohibited_patterns=tuple(f"w{i}" for i in range(11)), max_rules=10)


def test_keywords_see_through_zero_width_characters_and_homoglyphs():
    config = GateConfig(prohibited_patterns=("secret",))
    for text in ("the sec\u200bret", "the s\u0435cret", "the SE\u00adCRET"):
        result = evaluate_gate(text, config)
        (failure,) = result.failures
        assert text[failure.span[0]:failure.span[1]].startswith(text[4:6])


@pytest.mark.parametrize("call", [
    lambda: evaluate_gate(None),  # type: ignore[arg-type]
    lambda: evaluate_gate("x", mutations=5),  # type: ignore[arg-type]
    lambda: evaluate_gate("x", 5),  # type: ignore[arg-type]
    lambda: evaluate_gate("x", rules=[5]),  # type: ignore[list-item]
    lambda: RuleGate().add_rule(5),  # type: ignore[arg-type]
])
def test_wrong_argument_types_are_input_errors(call):
    """Issue 13 item 7: the gate no longer passes None or fails with a bare TypeError."""
    with pytest.raises(InputError):
        call()


def test_custom_rule_errors_have_no_hook_that_could_fail_open():
    """``check_custom_rules(on_error=)`` was accepted and never passed by the gate: removed, so a
    rule that raises is always a ``check_error`` at its own severity."""
    import inspect

    from lexguard.gate._gates import check_custom_rules

    assert "on_error" not in inspect.signature(check_custom_rules).parameters

    class Broken(PatternRule):
        def check(self, text, *, timeout):
            raise RuntimeError("boom")

    (failure,) = check_custom_rules("x", [Broken(id="b", pattern="x", severity="critical")],
                                    timeout=0.1, timeout_severity=Severity.SOFT)
    assert failure.reason == "check_error" and failure.severity == Severity.CRITICAL
