import pytest

from lexguard import FindingKind, Severity
from lexguard.gate import (
    CanonicalFact,
    Constraint,
    ForbiddenTopic,
    GateConfig,
    Mutation,
    MutationType,
    PatternRule,
    evaluate_gate,
    run_gate,
)


def reasons(result):
    return [f.reason for f in result.failures]


# ---- gate 1: constraints -------------------------------------------------------------------

def test_prohibited_keyword_fails_with_context():
    text = "Welcome, traveller. The password is swordfish, do not share it with anyone."
    result = evaluate_gate(text, GateConfig(prohibited_patterns=("PASSWORD",)))
    assert not result.passed and result.should_retry and not result.has_critical
    (failure,) = result.failures
    assert failure.reason == FindingKind.PROHIBITED
    assert failure.matched == "password"
    assert failure.violating_text == text[failure.span[0] - 20:failure.span[1] + 20].strip()


def test_prohibited_regex_fails_with_the_match():
    config = GateConfig(prohibited_patterns=(r"/\b\d{3}-\d{4}\b/",))
    (failure,) = evaluate_gate("Call 555-1234 now.", config).failures
    assert failure.violating_text == "555-1234" and failure.span == (5, 13)


def test_prohibition_passes_when_absent():
    result = evaluate_gate("Nothing to see.", GateConfig(prohibited_patterns=("password", "/\\d+/")))
    assert result.passed and result.failures == ()


def test_each_matching_prohibited_pattern_is_reported():
    rule = Constraint(id="no-money", kind="prohibition", patterns=("gold", "/silver/"))
    result = evaluate_gate("Gold and silver.", GateConfig(constraints=(rule,)))
    assert [f.pattern for f in result.failures] == ["gold", "/silver/"]
    assert {f.rule_id for f in result.failures} == {"no-money"}


def test_requirement_any_pattern_suffices():
    rule = Constraint(kind="requirement", patterns=("thanks", "/\\bcheers\\b/"))
    assert evaluate_gate("Cheers, friend.", GateConfig(constraints=(rule,))).passed
    result = evaluate_gate("Bye.", GateConfig(constraints=(rule,)))
    assert reasons(result) == [FindingKind.REQUIRED_MISSING]
    assert "'thanks'" in result.failures[0].description


def test_all_requirements_must_hold():
    config = GateConfig(required_patterns=("north", "bridge"))
    result = evaluate_gate("Go north.", config)
    assert reasons(result) == [FindingKind.REQUIRED_MISSING]
    assert result.failures[0].rule_id == "required:bridge"
    assert evaluate_gate("Go north over the bridge.", config).passed


def test_prohibition_beats_requirement():
    config = GateConfig(required_patterns=("gold",), prohibited_patterns=("gold",))
    result = evaluate_gate("Take the gold.", config)
    assert not result.passed
    assert reasons(result) == [FindingKind.PROHIBITED]


def test_patterns_derived_from_description():
    rule = Constraint(kind="prohibition", description="Never mention the dragon")
    result = evaluate_gate("A DRAGON sleeps here.", GateConfig(constraints=(rule,)))
    assert reasons(result) == [FindingKind.PROHIBITED]
    assert result.failures[0].matched == "DRAGON"
    quoted = Constraint(kind="requirement", description='Always say "farewell"')
    assert not evaluate_gate("Bye.", GateConfig(constraints=(quoted,))).passed
    assert evaluate_gate("Farewell!", GateConfig(constraints=(quoted,))).passed


def test_a_description_only_prohibition_that_cannot_be_checked_is_refused_at_load_time():
    # issue 13: such a rule used to be listed as "unchecked" and pass every answer; a requirement
    # like it is descriptive only (issue 24, the design), reported as such: tests/gate/test_descriptive_requirement.py
    with pytest.raises(ValueError, match="none can be derived"):
        Constraint(id="polite", kind="prohibition", description="Be polite")


def test_constraint_severity_is_used():
    rule = Constraint(kind="prohibition", patterns=("x",), severity=Severity.CRITICAL)
    result = evaluate_gate("x", GateConfig(constraints=(rule,)))
    assert result.has_critical and not result.should_retry


def test_constraint_needs_patterns_or_description():
    with pytest.raises(ValueError, match="patterns or a description"):
        Constraint(kind="prohibition")


def test_invalid_regex_falls_back_to_keyword_matching_with_a_warning():
    from lexguard.gate._patterns import compile_pattern, find_pattern

    compile_pattern.cache_clear()
    with pytest.warns(UserWarning, match="not a valid regular expression.*keyword"):
        Constraint(kind="prohibition", patterns=("/[unclosed/",))
        match = find_pattern("/[unclosed/", "The door is [UNCLOSED today.")
    assert match is not None and match.matched == "[UNCLOSED"


# ---- gate 2: canonical facts ---------------------------------------------------------------

KING = CanonicalFact(id="king-alive", fact="King Aldric is alive",
                     contradictions=("king's funeral", "/aldric (died|was slain)/"))
TRUST = CanonicalFact(id="trust", fact="trust the guild")


@pytest.mark.parametrize(
    "text",
    ["Rumour says King Aldric is not alive.", "King Aldric isn't alive any more.",
     "king   aldric was never alive", "King Aldric is no longer alive.",
     "We attended the King's funeral.", "Aldric died last winter.",
     "Aldric was slain.", "Never trust the guild.", "I don't trust the guild."],
)
def test_canonical_contradictions_are_critical(text):
    result = evaluate_gate(text, GateConfig(canonical_facts=(KING, TRUST)))
    assert reasons(result) == [FindingKind.CANONICAL_CONTRADICTION]
    failure = result.failures[0]
    assert failure.severity == Severity.CRITICAL
    assert result.has_critical and not result.should_retry


@pytest.mark.parametrize(
    "text",
    ["King Aldric is alive and well.", "The king is not only alive but thriving.",
     "Aldric's kingdom is not alive with music.", "Trust the guild.", ""],
)
def test_consistent_text_passes_canonical_facts(text):
    assert evaluate_gate(text, GateConfig(canonical_facts=(KING, TRUST))).passed


# ---- gate 3: knowledge boundaries -----------------------------------------------------------

def test_forbidden_topic_from_string_is_hard_and_case_insensitive():
    config = GateConfig(forbidden_topics=["the secret tunnel"])
    result = evaluate_gate("You could use THE SECRET TUNNEL.", config)
    assert reasons(result) == [FindingKind.FORBIDDEN_KNOWLEDGE]
    assert result.failures[0].severity == Severity.HARD and result.should_retry


def test_forbidden_topic_patterns_and_severity():
    topic = ForbiddenTopic(id="ending", topic="the ending", patterns=("final boss", "/true\\s+heir/"),
                           severity=Severity.CRITICAL)
    config = GateConfig(forbidden_topics=(topic,))
    result = evaluate_gate("Mira is the true  heir.", config)
    assert result.failures[0].rule_id == "ending" and result.has_critical
    assert evaluate_gate("The ending is near.", config).passed  # patterns replace the topic


def test_knowledge_severity_default_is_configurable():
    config = GateConfig(forbidden_topics=["tunnel"], knowledge_severity=Severity.SOFT)
    result = evaluate_gate("a tunnel", config)
    assert result.passed and result.failures[0].severity == Severity.SOFT


def test_allowed_topic_passes():
    assert evaluate_gate("The market opens at dawn.", GateConfig(forbidden_topics=["tunnel"])).passed


# ---- gate 4: mutations ---------------------------------------------------------------------

def test_mutations_partly_approved():
    mutations = [
        {"type": "append_episodic", "target": "memory", "value": "met the player"},
        {"type": "transform_belief", "target": "king-alive", "value": False},
        Mutation(type=MutationType.TRANSFORM_RELATIONSHIP, target="player", value=+1),
        {"type": "emit_world_intent", "target": "player-gold", "value": 0},
    ]
    config = GateConfig(canonical_facts=(KING,), protected_targets=("player-gold",))
    result = evaluate_gate("Hello there.", config, mutations=mutations)
    assert [m.target for m in result.approved_mutations] == ["memory", "player"]
    assert [m.target for m in result.rejected_mutations] == ["king-alive", "player-gold"]
    assert reasons(result) == [FindingKind.PROTECTED_STATE] * 2
    assert all(f.severity == Severity.CRITICAL for f in result.failures)


def test_all_mutations_approved_passes():
    result = evaluate_gate("Hi.", GateConfig(canonical_facts=(KING,)),
                           mutations=[{"type": "append_episodic", "target": "memory"}])
    assert result.passed and len(result.approved_mutations) == 1 and not result.rejected_mutations


def test_invalid_mutation_is_reported_not_raised():
    result = evaluate_gate("Hi.", GateConfig(), mutations=[{"type": "teleport", "target": "x"}])
    assert reasons(result) == ["invalid_mutation"]
    assert result.approved_mutations == () and result.should_retry


# ---- gate 5: custom rules ------------------------------------------------------------------

def test_pattern_rule_prohibit_and_require():
    shout = PatternRule(id="shout", pattern="/\\b[A-Z]{5,}\\b/", case_sensitive=True,
                        severity=Severity.SOFT, description="Do not shout.")
    greet = PatternRule(id="greet", pattern="hello", mode="require")
    config = GateConfig(custom_rules=(shout, greet))
    result = evaluate_gate("LISTEN to me.", config)
    assert reasons(result) == [FindingKind.CUSTOM_RULE] * 2
    assert [f.rule_id for f in result.failures] == ["shout", "greet"]
    assert result.failures[0].violating_text == "LISTEN"
    assert evaluate_gate("Hello, listen to me.", config).passed


def test_case_sensitive_pattern_rule_negative():
    rule = PatternRule(id="acme", pattern="ACME", case_sensitive=True)
    assert evaluate_gate("acme corp", GateConfig(custom_rules=(rule,))).passed
    assert not evaluate_gate("ACME corp", GateConfig(custom_rules=(rule,))).passed


# ---- switching gates, timeouts, conversion -------------------------------------------------

def test_gates_can_be_switched_off_and_minimal_preset():
    config = GateConfig.preset("minimal", canonical_facts=(KING,), forbidden_topics=["tunnel"],
                               prohibited_patterns=("gold",))
    result = evaluate_gate("Aldric died in the tunnel with gold.", config,
                           mutations=[{"type": "transform_belief", "target": "king-alive"}])
    assert reasons(result) == [FindingKind.PROHIBITED]
    assert len(result.approved_mutations) == 1
    off = GateConfig(enabled=False, prohibited_patterns=("gold",))
    assert evaluate_gate("gold", off).passed


def test_catastrophic_regex_reports_a_timeout_and_other_rules_still_run():
    config = GateConfig(prohibited_patterns=("/(a+)+$/", "b"), regex_timeout_s=0.2,
                        custom_rules=(PatternRule(id="evil", pattern="/(a|aa)+$/"),))
    result = evaluate_gate("a" * 5000 + "! b", config)
    assert [f.reason for f in result.failures] == [
        FindingKind.RULE_TIMEOUT, FindingKind.PROHIBITED, FindingKind.RULE_TIMEOUT]
    assert result.failures[0].rule_id == "prohibited:/(a+)+$/"
    assert result.failures[2].rule_id == "evil"
    # issue 13 item 3: a rule that could not be checked counts as violated at its own severity
    assert result.failures[0].severity == Severity.HARD
    assert not result.passed


def test_timeout_severity_is_configurable():
    config = GateConfig(required_patterns=("/(a+)+$/",), regex_timeout_s=0.2,
                        timeout_severity=Severity.HARD)
    result = evaluate_gate("a" * 5000 + "!", config)
    assert reasons(result) == [FindingKind.RULE_TIMEOUT]  # not also required_missing
    assert not result.passed


def test_gate_failures_convert_to_findings():
    findings = run_gate("The password.", GateConfig(prohibited_patterns=("password",)))
    (finding,) = findings
    assert finding.kind == FindingKind.PROHIBITED and finding.stage == "gate"
    assert finding.evidence == "password" and finding.span == (4, 12)
    assert finding.rule_id == "prohibited:password"


def test_very_long_unicode_text():
    text = ("Le château est à côté de la rivière. " * 20000) + "Das Geheimnis: ÆØÅ."
    # a 740 KB text: generous time budgets, so a busy machine cannot turn this into a timeout
    config = GateConfig(forbidden_topics=["geheimnis"], required_patterns=("/rivière/",),
                        canonical_facts=(KING,), regex_timeout_s=10.0, regex_budget_s=60.0)
    result = evaluate_gate(text, config)
    assert reasons(result) == [FindingKind.FORBIDDEN_KNOWLEDGE]
    assert result.failures[0].span[0] == text.index("Geheimnis")
