"""The parser and the gate inside the guard graph: retry with feedback, or fallback."""

from __future__ import annotations

from lexguard import FindingKind, GuardConfig, Severity, Verdict, build_guard_graph
from lexguard.gate import CanonicalFact, GateConfig, PatternRule, RuleGate
from lexguard.checks import RulesCheck
from lexguard.parsing import ParserConfig
from tests.fakes import FakeStructuredChatModel, SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. The bridge is open to traffic."]
GOOD = "The bridge opened in 1932."
QUESTION = "Tell me about the bridge."


def run(config: GuardConfig, answer: str, replies: list[str], **state):
    model = FakeStructuredChatModel(responses=replies or ["unused"])
    graph = build_guard_graph(config=config, generator=model, checker=SubstringChecker())
    out = graph.invoke({"answer": answer, "sources": SOURCES, "question": QUESTION, **state})
    return out["report"], model


def feedback_of(model: FakeStructuredChatModel, call: int = 0) -> str:
    return model.calls[call][1][-1].content


def test_hard_violation_retries_with_feedback_naming_it():
    config = GuardConfig(gate=GateConfig(prohibited_patterns=("503 metres",)))
    report, model = run(config, "The bridge opened in 1932. It is 503 metres long.", [GOOD])
    assert report.verdict == Verdict.ACCEPT
    assert report.attempts == 2 and report.answer == GOOD
    assert len(model.calls) == 1
    feedback = feedback_of(model)
    assert "prohibited" in feedback and "503 metres" in feedback
    first = report.history[0]
    assert first.decision.startswith("retry")
    assert [f.kind for f in first.findings] == [FindingKind.PROHIBITED]


def test_canonical_contradiction_goes_to_fallback_without_retry():
    fact = CanonicalFact(id="bridge-open", fact="The bridge is open")
    config = GuardConfig(gate=GateConfig(canonical_facts=(fact,)), refusal_message="Sorry.")
    report, model = run(config, "The bridge opened in 1932. The bridge is not open.", [GOOD])
    assert report.verdict == Verdict.FALLBACK
    assert report.attempts == 1 and report.answer == "Sorry."
    assert model.calls == []
    (contradiction,) = [f for f in report.findings if f.kind == FindingKind.CANONICAL_CONTRADICTION]
    assert contradiction.severity == Severity.CRITICAL
    assert contradiction.evidence == "The bridge is not open"


def test_mutation_on_protected_state_from_graph_state_falls_back():
    fact = CanonicalFact(id="bridge-open", fact="The bridge is open")
    config = GuardConfig(gate=GateConfig(canonical_facts=(fact,)))
    mutations = [{"type": "append_episodic", "target": "memory", "value": "asked about bridge"},
                 {"type": "transform_belief", "target": "bridge-open", "value": False}]
    report, model = run(config, GOOD, [GOOD], mutations=mutations)
    assert report.verdict == Verdict.FALLBACK and model.calls == []
    assert [f.kind for f in report.findings] == [FindingKind.PROTECTED_STATE]
    report, _ = run(config, GOOD, [GOOD], mutations=mutations[:1])
    assert report.verdict == Verdict.ACCEPT


def test_parser_meta_text_retries_and_cleaning_is_applied():
    config = GuardConfig(parser=ParserConfig.preset("prose"))
    report, model = run(config, "Note: the bridge is old.", ["*smiles* " + GOOD])
    assert report.verdict == Verdict.ACCEPT and report.answer == GOOD
    assert "meta-text" in feedback_of(model)


def test_dialogue_preset_format_failure_goes_to_fallback_without_retry():
    config = GuardConfig(parser=ParserConfig.preset("dialogue"))
    report, model = run(config, "The bridge opened in 1932, you can cross it.", [GOOD])
    assert report.verdict == Verdict.FALLBACK and model.calls == []
    assert [f.rule_id for f in report.findings] == ["parse.meta_text"]
    assert report.findings[0].severity == Severity.CRITICAL


def test_default_preset_passes_an_ordinary_rag_answer_to_the_support_check():
    graph = build_guard_graph(config=GuardConfig(), checker=SubstringChecker())
    for answer in ("Answer: The bridge opened in 1932.", "Note: The bridge opened in 1932.",
                   "based on the sources, The bridge opened in 1932."):
        report = graph.invoke({"answer": answer, "sources": SOURCES, "question": QUESTION})["report"]
        assert [f for f in report.history[0].findings if f.stage == "parse"] == [], answer
        assert report.history[0].answer == answer  # not cleaned, not refused by the parser


def test_malformed_structured_output_goes_to_fallback():
    config = GuardConfig(parser=ParserConfig.preset("structured"))
    report, model = run(config, "I will not answer in JSON.", ['{"answer": "x"}'])
    assert report.verdict == Verdict.FALLBACK and model.calls == []
    assert report.findings[0].kind == FindingKind.MALFORMED


def test_run_time_rule_gate_reaches_the_guard():
    from lexguard import Guard

    gate = RuleGate()
    checks = ("parse", RulesCheck(rule_gate=gate), "support")
    guard = Guard(checks=checks, sources=SOURCES, checker=SubstringChecker(), max_retries=0)
    assert guard.invoke("It is 503 metres long.").accepted
    gate.add_rule(PatternRule(id="no-lengths", pattern="/\\d+ metres/"))
    report = guard.invoke("It is 503 metres long.")  # the same compiled graph sees the new rule
    (finding,) = report.findings
    assert finding.rule_id == "no-lengths" and finding.evidence == "503 metres"
    assert not report.accepted


def test_run_time_rule_gate_reaches_build_guard_graph():
    gate = RuleGate()
    graph = build_guard_graph(GuardConfig(max_retries=0), checker=SubstringChecker(),
                              checks=("parse", RulesCheck(rule_gate=gate), "support"))
    state = {"answer": "It is 503 metres long.", "sources": SOURCES}
    assert graph.invoke(state)["report"].accepted
    gate.add_rule(PatternRule(id="no-lengths", pattern="/\\d+ metres/"))
    report = graph.invoke(state)["report"]
    assert not report.accepted and [f.rule_id for f in report.findings] == ["no-lengths"]
