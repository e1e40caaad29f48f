import pytest

from lexguard import Finding, FindingKind, Severity
from lexguard.gate import EscalationMode, GateConfig, build_feedback, evaluate_gate

CONFIG = GateConfig(prohibited_patterns=("swordfish",), required_patterns=("thank you",))
ANSWER = "The password is swordfish."


def result():
    return evaluate_gate(ANSWER, CONFIG)


def test_every_mode_names_the_violations():
    for mode in EscalationMode:
        text = build_feedback(result(), 1, mode)
        assert "swordfish" in text and "[prohibited]" in text
        assert "[required_missing]" in text and "thank you" in text


def test_full_mode_escalates_over_three_attempts():
    first, second, third = (build_feedback(result(), n, "full") for n in (1, 2, 3))
    assert "Do NOT write" not in first and "HARD REQUIREMENTS" not in first
    assert 'Do NOT write any of the following text' in second and '- "swordfish"' in second
    assert "HARD REQUIREMENTS" not in second
    assert '- "swordfish"' in third and "HARD REQUIREMENTS" in third
    assert "MUST: required text; the answer must contain one of: 'thank you'" in third
    assert "This is retry 3" in third
    assert len(first) < len(second) < len(third)


def test_none_mode_never_escalates():
    texts = [build_feedback(result(), n, EscalationMode.NONE) for n in (1, 2, 3)]
    assert all("Do NOT write" not in t and "HARD REQUIREMENTS" not in t for t in texts)


def test_add_specific_prohibition_from_the_first_retry():
    text = build_feedback(result(), 1, EscalationMode.ADD_SPECIFIC_PROHIBITION)
    assert '- "swordfish"' in text and "HARD REQUIREMENTS" not in text


def test_harden_requirements_restates_configured_requirements():
    text = build_feedback(result(), 1, EscalationMode.HARDEN_REQUIREMENTS,
                          requirements=["Greet the player by name"])
    assert "MUST: Greet the player by name" in text and "Do NOT write" not in text


def test_previous_attempts_violations_accumulate():
    old = evaluate_gate("Try dragonfire.", GateConfig(prohibited_patterns=("dragonfire",)))
    text = build_feedback(result(), 2, "full", previous=old)
    assert '- "dragonfire"' in text and '- "swordfish"' in text


def test_accepts_plain_findings_and_ignores_soft_ones():
    findings = [
        Finding(kind=FindingKind.UNSUPPORTED, message="Claim 2 is not supported.", evidence="x"),
        Finding(kind="style", severity=Severity.SOFT, message="Too long."),
    ]
    text = build_feedback(findings, 2, "full")
    assert "Claim 2 is not supported." in text and "Too long" not in text


def test_rule_timeouts_and_missing_requirements_are_not_prohibited_text():
    config = GateConfig(prohibited_patterns=("/(a+)+$/",), regex_timeout_s=0.2,
                        timeout_severity=Severity.HARD, required_patterns=("zzz",))
    text = build_feedback(evaluate_gate("a" * 5000 + "!", config), 2, "full")
    assert "[rule_timeout]" in text and "Do NOT write" not in text


def test_rejects_unknown_items():
    with pytest.raises(TypeError, match="GateResult"):
        build_feedback([42], 1)
