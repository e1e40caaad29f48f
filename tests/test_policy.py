"""The one decision policy: each contradiction listed in issue 12 / 14 has a test here.

These tests use only the API that existed before the policy (``Guard``, ``GuardConfig``,
``build_guard_graph``), so each of them fails on the old code for the reason it names.
"""

from __future__ import annotations

import pytest

from lexguard import ConfigurationError, Guard, GuardConfig, Status, Verdict, build_guard_graph
from lexguard.checks import DEFAULT_CHECKS, BaseCheck
from lexguard.gate import GateConfig
from lexguard.grounding import SupportResult
from tests.fakes import SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."]
GOOD = "The bridge opened in 1932. It is 503 metres long."
BAD = "The bridge opened in 1932. It was painted gold in 1990."


class NoClaims(SubstringChecker):
    """What the real checker says about "Edison did.": no checkable claim, confidence 1.0."""

    def check(self, answer, sources, question=None):
        self.calls += 1
        return SupportResult(confidence=1.0, inconclusive_reason="no claims: the answer has no checkable statement")


def graph(checker=None, **config):
    return build_guard_graph(GuardConfig(**config), checker=checker or SubstringChecker())


def test_a_refused_report_never_shows_a_passing_confidence():
    # the sources support every claim (support confidence 1.0) but a rule fails: old code said 1.0
    gate = GateConfig(prohibited_patterns=("503 metres",))
    report = graph(gate=gate, max_retries=0).invoke({"answer": GOOD, "sources": SOURCES})["report"]
    assert report.verdict == Verdict.FALLBACK and report.status == Status.INVALID
    assert report.confidence < 0.7


@pytest.mark.parametrize("fallback", ["refuse", "best_attempt"])
def test_verdict_and_confidence_agree_on_every_route(fallback):
    threshold = 0.7
    for answer in (GOOD, BAD, "", "Edison did."):
        for sources in (SOURCES, []):
            report = graph(max_retries=0, fallback=fallback).invoke({"answer": answer, "sources": sources})["report"]
            assert report.accepted == (report.confidence >= threshold and report.verdict == Verdict.ACCEPT)
            if not report.accepted:
                assert report.confidence < threshold, (answer, sources, report.confidence)


def test_soft_knowledge_finding_alone_does_not_refuse_and_agrees_with_the_validator():
    from lexguard.knowledge import KnowledgeValidator
    from tests.knowledge.catalogue import catalogue

    text = "Service X runs on 4 servers."
    standalone = KnowledgeValidator(catalogue()).validate(text)
    report = Guard(checker=SubstringChecker()).validate_answer(text, [text], knowledge=catalogue())  # supported
    assert standalone.status == Status.VALID_WITH_WARNINGS
    assert report.status == Status.VALID_WITH_WARNINGS
    assert report.accepted and report.answer == text
    assert report.confidence >= 0.7


def test_no_retry_claimed_when_none_ran():
    report = graph(repair_without_generator=False).invoke({"answer": BAD, "sources": SOURCES})["report"]
    assert report.verdict == Verdict.FALLBACK and report.attempts == 1
    assert "retry 1 of" not in report.reason
    assert "repair_without_generator=False" in report.reason


def test_unchecked_answer_is_never_accepted_with_full_confidence():
    for state in ({"answer": "Edison did.", "sources": SOURCES}, {"answer": GOOD}):
        report = graph(checker=NoClaims()).invoke(state)["report"]
        assert not report.accepted
        assert report.status == Status.INCONCLUSIVE
        assert report.confidence < 1.0 and report.confidence < 0.7
        assert report.answer == state["answer"]  # flagged: handed on, not accepted, reason given
        assert report.reason


def test_on_inconclusive_fallback_refuses_every_unchecked_path():
    for state in ({"answer": "Edison did.", "sources": SOURCES}, {"answer": GOOD}):
        report = graph(checker=NoClaims(), on_inconclusive="fallback").invoke(state)["report"]
        assert report.verdict == Verdict.FALLBACK and report.answer != state["answer"]


def test_misspelled_settings_raise_with_the_closest_key():
    with pytest.raises(ConfigurationError, match="did you mean 'confidence_threshold'"):
        GuardConfig(confidence_treshold=0.95)
    with pytest.raises(ConfigurationError, match="did you mean 'max_retries'"):
        GuardConfig(max_retry=0)
    with pytest.raises(ConfigurationError, match="did you mean 'top_k'"):
        GuardConfig(grounding={"top_kk": 3})
    with pytest.raises(ConfigurationError, match="did you mean 'max_retries'"):
        Guard(max_retry=0)


def test_model_citations_are_validated_inside_the_guard_and_audited(tmp_path):
    from lexguard.audit import SQLiteAuditStore

    store = SQLiteAuditStore(tmp_path / "audit.db")
    guard = Guard(checker=SubstringChecker(), sources=[{"id": "bridge", "content": SOURCES[0]}], audit=store,
                  max_retries=0)
    citations = [{"source": "bridge", "quote": "It opened in 1990 with great fanfare"},
                 {"source": "bridge", "quote": "It is 503 metres long", "span_in_answer": "It is 503 metres long."}]
    report = guard.invoke({"answer": GOOD, "citations": citations})
    invalid = [f for f in report.findings if f.kind == "invalid_citation"]
    assert len(invalid) == 1 and invalid[0].source_id == "bridge"
    assert not report.accepted
    assert store.get(report.metadata["audit_id"]).citations_failed == 1


def test_citations_in_message_metadata_and_answer_text_are_read():
    from langchain_core.messages import AIMessage

    guard = Guard(checker=SubstringChecker(), sources=[{"id": "bridge", "content": SOURCES[0]}], max_retries=0)
    message = AIMessage(content=GOOD, additional_kwargs={"citations": [{"source": "nope", "quote": "It is 503 metres"}]})
    assert [f.kind for f in guard.invoke(message).findings] == ["invalid_citation"]
    text = 'The bridge opened in 1932. The source says "it was painted gold in 1990" [bridge].'
    report = guard.invoke({"answer": text, "sources": [{"id": "bridge", "content": SOURCES[0]}]})
    assert any(f.kind == "invalid_citation" for f in report.findings)


def test_stream_halt_on_is_reachable_from_the_guard():
    guard = Guard(checker=SubstringChecker(), sources=SOURCES, halt_on="hard", return_type="text")
    out = "".join(guard.stream(BAD))
    assert out == "The bridge opened in 1932. " + guard.config.refusal_message


def test_every_error_the_middleware_raises_is_a_lexguard_error():
    from lexguard import LexguardError
    from lexguard.integrations import GroundingMiddleware

    for kwargs in ({"max_retries": -1}, {"fallback": "explode"}, {"confidence_treshold": 0.5}):
        with pytest.raises(LexguardError):
            GroundingMiddleware(**kwargs)
    assert GroundingMiddleware(confidence_threshold=0.9).guard.config.confidence_threshold == 0.9


def test_configuration_error_raises_instead_of_switching_the_guard_off(monkeypatch):
    guard = Guard(sources=["The bridge opened in 1932."])
    monkeypatch.setenv("LEXGUARD_ENCODER_BACKEND", "bogus")  # set after the guard was built: found on first use
    with pytest.raises(ConfigurationError, match="bogus"):
        guard.invoke("The bridge opened in 1990.")


@pytest.mark.parametrize(("variable", "value", "needle"), [
    ("LEXGUARD_ENCODER_BACKEND", "bogus", "unknown encoder backend 'bogus'"),
    ("LEXGUARD_ENCODER_BACKEND", " ONNX-Int9 ", "LEXGUARD_ENCODER_BACKEND"),
    ("LEXGUARD_GROUNDING__THRESHOLD_FILE", "/nonexistent/missing.json", "lexguard calibrate"),
])
def test_settings_the_support_check_reads_on_first_use_are_checked_when_the_guard_is_built(
        monkeypatch, variable, value, needle):
    monkeypatch.setenv(variable, value)
    with pytest.raises(ConfigurationError, match=needle):
        Guard()
    with pytest.raises(ConfigurationError, match=needle):
        Guard(max_retries=0)  # keyword settings too
    Guard(checker=SubstringChecker())  # a custom support checker reads neither


def test_good_encoder_backends_are_accepted_when_the_guard_is_built(monkeypatch):
    for value in ("auto", "torch", "ONNX", "onnx-int8"):
        monkeypatch.setenv("LEXGUARD_ENCODER_BACKEND", value)
        Guard()  # no model is loaded here


def test_environment_settings_that_do_not_parse_raise_a_lexguard_error(monkeypatch):
    monkeypatch.setenv("LEXGUARD_CHECKS", "parse,rules")
    with pytest.raises(ConfigurationError, match="JSON"):
        GuardConfig()
    monkeypatch.setenv("LEXGUARD_CHECKS", '["parse", "rulez"]')
    with pytest.raises(ConfigurationError, match="did you mean 'rules'"):
        Guard()


@pytest.mark.parametrize(("variable", "near"), [
    ("LEXGUARD_CONFIDENCE_TRESHOLD", "LEXGUARD_CONFIDENCE_THRESHOLD"),
    ("lexguard_max_retry", "LEXGUARD_MAX_RETRIES"),
    ("LEXGUARD_GROUNDNG__SUPPORT_THRESHOLD", "LEXGUARD_GROUNDING__SUPPORT_THRESHOLD"),
    ("LEXGUARD_AUDIT_UR", "LEXGUARD_AUDIT_URL"),
])
def test_a_misspelt_environment_variable_names_the_closest_valid_one(monkeypatch, variable, near):
    monkeypatch.setenv(variable, "0.9")
    with pytest.raises(ConfigurationError, match=f"{variable}; did you mean {near}\\?"):
        Guard()


def test_the_variables_read_outside_the_config_stay_allowed(monkeypatch):
    from lexguard._config import OTHER_ENVIRONMENT

    for variable in OTHER_ENVIRONMENT - {"LEXGUARD_ENCODER_BACKEND", "LEXGUARD_ENCODER_THREADS"}:
        monkeypatch.setenv(variable, "x")
    monkeypatch.setenv("LEXGUARD_ENCODER_THREADS", "2")
    monkeypatch.setenv("LEXGUARD_SOMETHING_ELSE_ENTIRELY", "1")  # not close to a setting: another tool's
    assert GuardConfig().confidence_threshold == 0.7


def test_a_lexguard_variable_the_package_reads_is_allowed_or_a_setting():
    import re
    from pathlib import Path

    import lexguard
    from lexguard._config import OTHER_ENVIRONMENT

    root = Path(lexguard.__file__).parent
    named = {m for path in root.rglob("*.py") for m in re.findall(r"[\"'](LEXGUARD_[A-Z][A-Z_]*[A-Z])[\"']", path.read_text())}
    settings = {f"LEXGUARD_{name.upper()}" for name in GuardConfig.model_fields}
    assert "LEXGUARD_ENCODER_THREADS" in named  # the quoted names of os.environ look-ups are found
    assert {n for n in named if n.split("__")[0] not in settings} <= OTHER_ENVIRONMENT


@pytest.mark.parametrize("value", ["zero", "0", "-2", "1.5"])
def test_encoder_threads_that_are_no_count_raise(monkeypatch, value):
    monkeypatch.setenv("LEXGUARD_ENCODER_THREADS", value)
    with pytest.raises(ConfigurationError, match="LEXGUARD_ENCODER_THREADS must be a positive whole number"):
        Guard()


async def test_astream_halt_on_is_reachable_from_the_guard():
    guard = Guard(checker=SubstringChecker(), sources=SOURCES, halt_on="hard", return_type="text")
    out = "".join([chunk async for chunk in guard.astream(BAD)])
    assert out == "The bridge opened in 1932. " + guard.config.refusal_message
    default = Guard(checker=SubstringChecker(), sources=SOURCES, return_type="text")
    assert default.halt_on == "hard"  # a sentence the sources do not support is never passed on


def test_no_check_that_examined_the_answer_is_never_an_accept() -> None:
    """``Guard(checks=[])`` used to accept with "every check passed" although nothing was checked."""
    from lexguard import Guard

    report = Guard(checks=[]).validate_answer("The Eiffel Tower was built by aliens.", ["The tower is in Paris."])
    assert report.verdict == "flag" and report.status == "inconclusive"
    assert "no check examined the answer" in (report.reason or "") and report.confidence <= 0.35


# -- a failed check without a hard finding: never accepted, never refused for soft findings ------------


class FailsQuietly(BaseCheck):
    """A custom check that says ``failed`` with no finding, or with soft findings only."""

    name = "strict_style"

    def __init__(self, severity: str | None = None, **kwargs):
        super().__init__(**kwargs)
        self.severity = severity

    def check(self, answer, context):
        return self.failed([] if self.severity is None else [self.finding("The style is off.", severity=self.severity)])


def failing_guard(severity=None, on_fail="reask", **kwargs):
    return Guard(checks=[*DEFAULT_CHECKS, FailsQuietly(severity, on_fail=on_fail)], checker=SubstringChecker(),
                 audit=False, sources=SOURCES, **kwargs)


@pytest.mark.parametrize("severity", [None, "soft"])
@pytest.mark.parametrize("max_retries", [0, 2])
def test_a_failed_check_without_a_hard_finding_is_flagged_not_refused(severity, max_retries):
    report = failing_guard(severity, max_retries=max_retries).invoke(GOOD)
    assert not report.accepted
    assert report.verdict == Verdict.FLAG  # soft findings alone never refuse
    assert report.status == Status.INCONCLUSIVE
    assert report.answer == GOOD and report.attempts == 1  # handed on, not retried
    assert report.confidence < 0.7 / 2 + 1e-9  # never reads as a confident answer
    assert "strict_style" in report.reason and "no hard or critical finding" in report.reason


@pytest.mark.parametrize("severity", [None, "soft"])
def test_a_failed_check_without_a_hard_finding_follows_on_inconclusive(severity):
    report = failing_guard(severity, max_retries=0, on_inconclusive="fallback").invoke(GOOD)
    assert report.verdict == Verdict.FALLBACK and not report.accepted
    assert report.status == Status.INCONCLUSIVE
    assert report.confidence < 0.7


def test_a_recording_check_that_fails_without_findings_does_not_block():
    assert failing_guard(on_fail="record").invoke(GOOD).accepted  # record: kept, never blocks


def test_the_policy_treats_a_failed_result_without_blocking_findings_as_unsettled():
    from lexguard._models import CheckOutcome, CheckResult, Finding, Severity
    from lexguard._policy import decide
    from lexguard._policy_report import build_report

    config = GuardConfig(max_retries=2)
    soft = Finding(kind="style", severity=Severity.SOFT, message="The style is off.")
    for findings in ((), (soft,)):
        results = [CheckResult(check="support", outcome=CheckOutcome.PASSED, confidence=1.0),
                   CheckResult(check="custom", outcome=CheckOutcome.FAILED, findings=findings)]
        decision = decide(results, config)
        assert decision.verdict == Verdict.FLAG
        report = build_report(verdict=decision.verdict, answer=GOOD, results=results, config=config,
                              reason=decision.reason)
        assert report.status == Status.INCONCLUSIVE and report.confidence <= 0.35
    # with a blocking finding the check fails as before
    hard = Finding(kind="style", severity=Severity.HARD, message="The style is off.")
    results = [CheckResult(check="custom", outcome=CheckOutcome.FAILED, findings=(hard,))]
    assert decide(results, config).verdict == Verdict.RETRY


def test_an_accept_names_the_checks_that_did_not_run() -> None:
    """A new user's trial: grounding.enabled=False (or LEXGUARD_GROUNDING__ENABLED=no) gave
    accept with the reason "every check passed", hiding that nothing was compared to the sources."""
    from lexguard import Guard

    sources = ["The Eiffel Tower is 330 metres tall."]
    report = Guard(audit=False, grounding={"enabled": False}).invoke(
        {"answer": "The Eiffel Tower is 330 metres tall.", "sources": sources}
    )
    # issue 22: sources given and not checked is never an accept (flagged, the reason says why)
    assert report.verdict == Verdict.FLAG and "support check is switched off" in report.reason
    assert "every check passed" not in report.reason
