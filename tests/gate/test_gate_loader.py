import json
from pathlib import Path

import pytest

from lexguard import ConfigurationError, FindingKind, Severity
from lexguard.gate import EscalationMode, GateConfig, RuleGate, evaluate_gate, load_rules

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rules.yaml"

RULES = {
    "version": 1,
    "constraints": [
        {"id": "no-coupons", "kind": "prohibition", "patterns": ["/coupon\\s+code/"]},
        {"id": "thanks", "kind": "requirement", "description": 'Always say "thank you"'},
    ],
    "prohibited_patterns": ["swordfish"],
    "canonical_facts": [{"id": "king", "fact": "The king is alive"}],
    "forbidden_topics": ["tunnel", {"id": "end", "topic": "the ending", "severity": "critical"}],
    "protected_targets": ["gold"],
    "custom_rules": [{"id": "caps", "pattern": "/[A-Z]{6,}/", "case_sensitive": True,
                      "severity": "soft"}],
    "settings": {"regex_timeout_s": 0.5, "escalation": "harden_requirements"},
}


def test_example_file_loads_and_works():
    config = GateConfig.from_rules(EXAMPLE)
    assert config.escalation == EscalationMode.FULL
    result = evaluate_gate("Here is a coupon code. The king's funeral was sad.", config)
    assert {f.reason for f in result.failures} >= {
        FindingKind.PROHIBITED, FindingKind.CANONICAL_CONTRADICTION, FindingKind.REQUIRED_MISSING}


@pytest.mark.parametrize("suffix", [".json", ".yaml", ".yml"])
def test_json_and_yaml_files_give_the_same_rules(tmp_path, suffix):
    import yaml

    path = tmp_path / f"rules{suffix}"
    path.write_text(json.dumps(RULES) if suffix == ".json" else yaml.safe_dump(RULES), "utf-8")
    rules = load_rules(path)
    assert rules == load_rules(RULES)
    assert [c.id for c in rules.all_constraints()] == ["no-coupons", "thanks", "prohibited:swordfish"]
    assert rules.forbidden_topics[0].topic == "tunnel"
    assert rules.custom_rules[0].case_sensitive is True


def test_from_rules_applies_settings_and_overrides():
    config = GateConfig.from_rules(RULES, regex_timeout_s=1.0)
    assert config.regex_timeout_s == 1.0
    assert config.escalation == EscalationMode.HARDEN_REQUIREMENTS
    result = evaluate_gate("THANK YOU, TRAVELLER. The king is not alive. Tunnel!", config,
                           mutations=[{"type": "transform_belief", "target": "king"},
                                      {"type": "transform_belief", "target": "gold"}])
    kinds = [f.reason for f in result.failures]
    assert kinds == [FindingKind.CANONICAL_CONTRADICTION, FindingKind.FORBIDDEN_KNOWLEDGE,
                     FindingKind.PROTECTED_STATE, FindingKind.PROTECTED_STATE,
                     FindingKind.CUSTOM_RULE]
    assert result.failures[-1].severity == Severity.SOFT


def test_rules_file_in_config_is_merged_and_reloaded(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("prohibited_patterns: [dragon]\n", "utf-8")
    config = GateConfig(rules_file=path, prohibited_patterns=("troll",))
    assert [f.rule_id for f in evaluate_gate("troll and dragon", config).failures] == [
        "prohibited:troll", "prohibited:dragon"]
    path.write_text("prohibited_patterns: [ogre]\n", "utf-8")
    import os
    os.utime(path, ns=(1, 10**18))  # make sure the mtime changes
    assert [f.rule_id for f in evaluate_gate("dragon ogre", config).failures] == ["prohibited:ogre"]


def test_rule_gate_from_rules():
    gate = RuleGate.from_rules(RULES)
    assert [r.id for r in gate.rules] == ["caps"]


@pytest.mark.parametrize(
    ("content", "message"),
    [("constraints: [{kind: forbid, patterns: [x]}]", "constraints.0.kind"),
     ("unknown_section: 1", "unknown_section"),
     ("- just\n- a list", "mapping at the top level"),
     ("version: 2", "version"),
     ("a: [unclosed", "not valid YAML")],
)
def test_schema_errors_are_configuration_errors(tmp_path, content, message):
    path = tmp_path / "rules.yaml"
    path.write_text(content, "utf-8")
    with pytest.raises(ConfigurationError, match=message):
        load_rules(path)


def test_missing_file_says_check_the_path(tmp_path):
    with pytest.raises(ConfigurationError, match="check the path"):
        load_rules(tmp_path / "nope.yaml")


def test_one_spelling_of_the_shorthand():
    assert load_rules({"prohibited_patterns": ["swordfish"], "required_patterns": ["thanks"]}).prohibited_patterns
    for old in ("prohibited", "required"):
        with pytest.raises(ConfigurationError, match=f"{old}: Extra inputs are not permitted"):
            load_rules({old: ["swordfish"]})


def test_shorthand_prohibition_has_the_same_severity_inline_and_from_a_file(tmp_path):
    """The same pattern was critical inline and hard from a rules file; now both follow
    ``prohibited_severity``."""
    path = tmp_path / "rules.yaml"
    path.write_text("prohibited_patterns: [dragon]\n", "utf-8")
    config = GateConfig(rules_file=path, prohibited_patterns=("troll",), prohibited_severity="critical")
    severities = {f.rule_id: f.severity for f in evaluate_gate("troll and dragon", config).failures}
    assert severities == {"prohibited:troll": Severity.CRITICAL, "prohibited:dragon": Severity.CRITICAL}
    from_rules = GateConfig.from_rules({"prohibited_patterns": ["dragon"]}, prohibited_severity="critical")
    assert [f.severity for f in evaluate_gate("a dragon", from_rules).failures] == [Severity.CRITICAL]
    in_file = GateConfig.from_rules({"prohibited_patterns": ["dragon"], "settings": {"prohibited_severity": "critical"}})
    assert [f.severity for f in evaluate_gate("a dragon", in_file).failures] == [Severity.CRITICAL]
    path.write_text("prohibited_patterns: [dragon]\nsettings: {prohibited_severity: soft}\n", "utf-8")
    import os
    os.utime(path, ns=(1, 10**18))
    severities = {f.rule_id: f.severity for f in evaluate_gate("troll and dragon", config).failures}
    assert severities == {"prohibited:troll": Severity.CRITICAL, "prohibited:dragon": Severity.SOFT}
