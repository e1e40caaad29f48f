"""Failure handling: claim extraction failing, the time budget running out."""

from __future__ import annotations

from lexguard import Status
from lexguard.knowledge import KnowledgeConfig, KnowledgeValidator, split_sentence_claims
from tests.knowledge.catalogue import catalogue


def test_claim_extraction_failure_is_inconclusive():
    def broken(text):
        raise RuntimeError("extractor down")

    report = KnowledgeValidator(catalogue(), claim_extractor=broken).validate("Service X has version: 3.")
    assert report.status == Status.INCONCLUSIVE
    assert report.user_message == "Validation inconclusive"
    assert "extractor down" in report.reason
    assert report.findings == ()


class StepClock:
    """A fake clock that advances one second per reading."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 1.0
        return self.now


TEXT = "Service X is at version 2. Database Z has max connections: 500. Service X has version: 3."


def test_time_budget_exceeded_gives_partial_inconclusive_results():
    config = KnowledgeConfig(time_budget_s=1.5)
    report = KnowledgeValidator(catalogue(), config, clock=StepClock()).validate(TEXT)
    assert report.partial
    assert 0 < report.checked_claims < len(report.claims) == 3
    assert report.status == Status.INCONCLUSIVE
    assert "partial" in report.reason
    assert report.findings == ()  # the contradiction is in the unchecked third claim


def test_partial_results_keep_errors_found_so_far():
    config = KnowledgeConfig(time_budget_s=1.5)
    text = "Service X has version: 3. Database Z has max connections: 500. Service X uses Cache Q."
    report = KnowledgeValidator(catalogue(), config, clock=StepClock()).validate(text)
    assert report.partial and report.status == Status.INVALID
    assert [f.suggested_fix for f in report.findings] == ["2"]


def test_no_budget_checks_everything():
    report = KnowledgeValidator(
        catalogue(), KnowledgeConfig(time_budget_s=None), clock=StepClock()
    ).validate(TEXT)
    assert not report.partial and report.checked_claims == 3
    assert report.status == Status.INVALID


def test_internal_sentence_splitter_keeps_spans():
    text = "Service X uses Cache Q. It runs v2.5, e.g. in prod!\n\n- Database Z is fine"
    claims = split_sentence_claims(text)
    assert [c.text for c in claims] == [
        "Service X uses Cache Q.",
        "It runs v2.5, e.g. in prod!",
        "Database Z is fine",
    ]
    assert all(text[c.span[0] : c.span[1]] == c.text for c in claims)
