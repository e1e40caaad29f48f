"""``validate_output``: the design's ValidatedOutput and ApprovedIntents (mutation validation)."""

from __future__ import annotations

from lexguard import Severity
from lexguard.gate import CanonicalFact, GateConfig, MutationType
from lexguard.parsing import ApprovedIntents, ParserConfig, ValidatedOutput, validate_output

DIALOGUE = ParserConfig.preset("dialogue")
GATE = GateConfig(canonical_facts=(CanonicalFact(id="king-name", fact="The king is named Arthur"),))
EPISODIC = {"type": "append_episodic", "target": "memory", "value": "Player asked about potions"}
INTENT = {"type": "emit_world_intent", "target": "door", "value": "open"}
PROTECTED = {"type": "transform_belief", "target": "king-name", "value": "The king is named Bob"}


def test_passed_output_carries_validated_text_mutations_and_approved_intents():
    out = validate_output("Guard: The door is open", parser=DIALOGUE, gate=GATE,
                          mutations=[EPISODIC, INTENT])
    assert isinstance(out, ValidatedOutput) and out.passed
    assert out.text == "The door is open."
    assert [m.type for m in out.approved_mutations] == [MutationType.APPEND_EPISODIC,
                                                        MutationType.EMIT_WORLD_INTENT]
    assert isinstance(out.approved_intents, ApprovedIntents)
    assert [m.target for m in out.approved_intents] == ["door"] and len(out.approved_intents) == 1
    assert out.applicable_mutations == out.approved_mutations


def test_partial_approval_rejects_the_canonical_mutation_and_withholds_intents():
    out = validate_output("The door is open.", parser=DIALOGUE, gate=GATE,
                          mutations=[EPISODIC, PROTECTED, INTENT])
    assert not out.passed and out.text is None
    assert [m.target for m in out.approved_mutations] == ["memory", "door"]
    assert [m.target for m in out.rejected_mutations] == ["king-name"]
    assert not out.approved_intents and out.applicable_mutations == ()
    assert out.has_critical_failure and not out.should_retry
    assert out.findings[-1].severity == Severity.CRITICAL


def test_parse_failure_stops_before_the_gate():
    out = validate_output("Note: the door is open.", parser=DIALOGUE, gate=GATE, mutations=[INTENT])
    assert not out.passed and out.parse.findings[0].rule_id == "parse.meta_text"
    assert out.approved_mutations == () and out.rejected_mutations == ()
    assert not out.approved_intents
