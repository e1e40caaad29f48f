"""A refused or flagged answer always carries a finding that says why (issue 24, 6)."""

from __future__ import annotations

from typing import Any

from lexguard import Guard, Status
from lexguard.checks import DEFAULT_CHECKS, BaseCheck
from tests.fakes import RecordingGenerator, SubstringChecker

SOURCES = ["Marie Curie was born in Warsaw. She moved to Paris in 1891."]


class WeakChecker(SubstringChecker):
    """Every claim supported, but the reflection's confidence below the guard's threshold (what
    "Warsaw." to "Where was Marie Curie born?" got from the Self-RAG usefulness score)."""

    def check(self, answer: str, sources: Any, question: str | None = None) -> Any:
        result = super().check(answer, sources, question)
        return result.model_copy(update={"confidence": 0.65})


class Unsure(BaseCheck):
    name = "unsure"

    def check(self, answer, context):
        return self.inconclusive("the classifier was not loaded")


def test_a_low_confidence_refusal_of_supported_claims_names_its_cause() -> None:
    guard = Guard(checker=WeakChecker(), audit=False, max_retries=0)
    report = guard.invoke({"answer": "Marie Curie was born in Warsaw.", "sources": SOURCES,
                           "question": "Where was Marie Curie born?"})
    assert report.status == Status.INVALID
    (finding,) = [f for f in report.findings if f.rule_id == "support.low_confidence"]
    assert "0.650" in finding.message and "0.70" in finding.message and "supported" in finding.message
    assert "0.65 < 0.70" in (report.reason or "") or "0.650 < 0.700" in (report.reason or "")


def test_the_low_confidence_cause_reaches_the_generator_under_its_own_heading() -> None:
    fake = RecordingGenerator(["Marie Curie was born in Warsaw."])
    guard = Guard(checker=WeakChecker(), audit=False, max_retries=1, generator=fake.runnable())
    guard.invoke({"answer": "Marie Curie was born in Warsaw.", "sources": SOURCES, "question": "Where?"})
    feedback = fake.inputs[0][-1].content
    assert "Why the answer is not trusted enough:" in feedback and "do not support" not in feedback


def test_a_refusal_without_any_check_finding_states_its_reason() -> None:
    guard = Guard(checks=[*DEFAULT_CHECKS, Unsure()], checker=SubstringChecker(), audit=False,
                  on_inconclusive="fallback")
    report = guard.invoke({"answer": "Marie Curie was born in Warsaw.", "sources": SOURCES})
    assert report.status != Status.VALID
    assert report.findings, "a refusal must say why"
    assert any("the classifier was not loaded" in f.message for f in report.findings)


def test_a_flagged_answer_without_any_check_finding_states_its_reason() -> None:
    guard = Guard(checks=[*DEFAULT_CHECKS, Unsure()], checker=SubstringChecker(), audit=False)
    report = guard.invoke({"answer": "Marie Curie was born in Warsaw.", "sources": SOURCES})
    assert report.verdict == "flag"
    assert any(f.rule_id == "decision.reason" and "classifier" in f.message for f in report.findings)
