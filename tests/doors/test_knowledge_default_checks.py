"""The knowledge graph's auto-fix with the default checks, knowledge findings under their own
stage, and a single-word wrong value (issue 24, 3)."""

from __future__ import annotations

import pytest

from lexguard import Guard, Status
from lexguard.knowledge import KnowledgeContext, KnowledgeValidator

GRAPH = {"entities": [{"id": "svc-x", "name": "Service X", "properties": {"version": 2, "owner": "Team Alpha"}}]}


@pytest.fixture(scope="module")
def guard() -> Guard:
    return Guard(audit=False)  # the default checks, the real support checker


@pytest.mark.parametrize("answer, fixed", [
    ("Service X has version: 3.", "Service X has version: 2."),
    ("Service X runs version 3.", "Service X runs version 2."),
])
def test_a_confident_knowledge_fix_is_applied_with_the_default_checks(guard: Guard, answer: str, fixed: str) -> None:
    report = guard.invoke({"answer": answer, "knowledge": GRAPH})
    assert report.status == Status.VALID, report.reason
    assert report.answer == fixed and report.attempts == 2
    assert report.history[0].decision.startswith("retry") and "fix" in report.history[0].decision
    knowledge = [f for f in report.history[0].findings if f.rule_id.startswith("knowledge.")]
    assert knowledge and all(f.stage == "knowledge" for f in knowledge)


@pytest.mark.parametrize("answer", ["Service X has owner: Bobcorp.", "The owner of Service X is Bobcorp."])
def test_a_single_word_wrong_value_fails_the_standalone_validator(answer: str) -> None:
    report = KnowledgeValidator(KnowledgeContext.from_dict(GRAPH)).validate_and_fix(answer)
    assert report.score < 0.5 and report.status.value == "invalid"
    (finding,) = report.findings
    assert finding.kind == "contradicted_value" and "Bobcorp" in finding.message
    assert report.corrected_text == answer.replace("Bobcorp", "Team Alpha")


def test_a_shortened_right_value_is_not_a_contradiction() -> None:
    report = KnowledgeValidator(KnowledgeContext.from_dict(GRAPH)).validate_and_fix("Service X has owner: Team.")
    assert not [f for f in report.findings if f.kind == "contradicted_value"]
