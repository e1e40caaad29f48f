"""Seed rules of the designs that the guard's doors did not keep (issue 24, seed audit)."""

from __future__ import annotations

from lexguard import Guard, Status
from tests.fakes import SubstringChecker

INTENT = [{"type": "emit_world_intent", "target": "gate", "value": "open"}]


def _guard() -> Guard:
    return Guard(checker=SubstringChecker(), audit=False, max_retries=0)


def test_a_refused_answers_mutations_and_world_intents_are_not_approved() -> None:
    report = _guard().invoke({"answer": "The gate is shut.", "sources": ["The gate is open."], "mutations": INTENT})
    assert report.status == Status.INVALID
    mutations = report.metadata["mutations"]
    assert mutations["approved"] == [] and mutations["world_intents"] == []
    assert [m["target"] for m in mutations["not_applied"]] == ["gate"]


def test_an_accepted_answers_world_intents_are_approved() -> None:
    report = _guard().invoke({"answer": "The gate is open.", "sources": ["The gate is open."], "mutations": INTENT})
    assert report.status == Status.VALID
    assert [m["target"] for m in report.metadata["mutations"]["world_intents"]] == ["gate"]


def test_the_self_rag_designs_environment_variables_are_read(monkeypatch) -> None:
    from lexguard import GuardConfig

    monkeypatch.setenv("VALIDATION_CONFIDENCE_THRESHOLD", "0.8")
    monkeypatch.setenv("SELF_CORRECTION_MAX_RETRIES", "3")
    monkeypatch.setenv("HALLUCINATION_MAX_RATE", "0.2")
    config = GuardConfig()
    assert (config.confidence_threshold, config.max_retries, config.grounding.max_hallucination_rate) == (0.8, 3, 0.2)
    monkeypatch.setenv("LEXGUARD_MAX_RETRIES", "1")  # lexguard's own variable wins, an argument wins over both
    assert GuardConfig().max_retries == 1 and GuardConfig(max_retries=0).max_retries == 0


def test_the_self_rag_deviation_is_documented_with_its_reason() -> None:
    """A 2-claim answer with one false claim (50 %, over the design's 30 %) is retried, not
    rejected: docs/checks.md names the constant, its value, what happens instead and why."""
    from pathlib import Path

    from lexguard.grounding.reflect._self_rag import MIN_REJECTED_CLAIMS

    text = (Path(__file__).resolve().parents[2] / "docs" / "checks.md").read_text(encoding="utf-8")
    assert f"MIN_REJECTED_CLAIMS = {MIN_REJECTED_CLAIMS}" in text
    section = text[text.index(f"MIN_REJECTED_CLAIMS = {MIN_REJECTED_CLAIMS}"):][:1400]
    assert "deviation" in text[text.index("MIN_REJECTED_CLAIMS") - 200:text.index("MIN_REJECTED_CLAIMS")]
    assert "2-claim answer with one false claim" in section and "retried" in section and "Why" in section
