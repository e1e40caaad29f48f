"""A new check is one class and one config entry, and it shows up everywhere: the report, the
graph's nodes, streaming, the agent middleware and the audit record."""

from __future__ import annotations

import re

from langchain_core.messages import HumanMessage

from lexguard import Guard, Verdict
from lexguard.checks import DEFAULT_CHECKS, BaseCheck, CheckContext, CheckResult
from tests.fakes import FakeStructuredChatModel, SubstringChecker

SOURCE = "The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."
SHORT = "The bridge opened in 1932."
LONG = "The bridge opened in 1932. It is 503 metres long."


class MaxWords(BaseCheck):
    """The answer must not exceed ``limit`` words."""

    name = "max_words"

    def __init__(self, limit: int = 5, **kwargs):
        super().__init__(**kwargs)
        self.limit = limit

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        words = list(re.finditer(r"\S+", answer))
        if len(words) <= self.limit:
            return self.passed()
        span = (words[self.limit].start(), len(answer))  # the words beyond the limit
        return self.failed([self.finding(f"The answer has {len(words)} words; the limit is {self.limit}.", span=span)])


def guard(**kwargs) -> Guard:
    return Guard(checks=[*DEFAULT_CHECKS, MaxWords(limit=5)], sources=[SOURCE], checker=SubstringChecker(), **kwargs)


def test_toy_check_runs_as_a_graph_node_and_lands_in_the_report():
    report = guard(max_retries=0).invoke(LONG)
    assert not report.accepted
    assert [f.kind for f in report.findings] == ["max_words"]
    assert "max_words" in report.timings
    assert [r.check for r in report.checks][-1] == "max_words"
    assert guard().invoke(SHORT).accepted


def test_toy_check_by_import_path_in_config():
    entry = {"use": "tests.checks.test_toy_check:MaxWords", "limit": 5, "on_fail": "refuse"}
    g = Guard(checks=[*DEFAULT_CHECKS, entry], sources=[SOURCE], checker=SubstringChecker())
    report = g.invoke(LONG)
    assert report.verdict == Verdict.FALLBACK and report.attempts == 1  # refuse: no retry
    assert "on_fail='refuse'" in report.reason


def test_toy_check_failure_action_filter_and_record():
    filtered = Guard(checks=[*DEFAULT_CHECKS, MaxWords(limit=5)], on_fail={"max_words": "filter"}, sources=[SOURCE],
                     checker=SubstringChecker()).invoke("The bridge opened in 1932. It carries eight lanes of traffic.")
    assert filtered.accepted and filtered.answer == SHORT  # the sentence beyond the limit was dropped
    assert filtered.attempts == 2
    recorded = guard(on_fail={"max_words": "record"}).invoke(LONG)
    assert recorded.accepted and recorded.status == "valid_with_warnings"
    assert [f.kind for f in recorded.findings] == ["max_words"]


def test_toy_check_in_streaming_summary_and_events():
    from langchain_core.tracers.context import collect_runs  # noqa: F401 - callbacks below

    g = guard(return_type="text")
    events = []

    from langchain_core.callbacks import BaseCallbackHandler

    class Collect(BaseCallbackHandler):
        def on_custom_event(self, name, data, **kwargs):
            events.append((name, data))

    text = "".join(g.stream(LONG, {"callbacks": [Collect()]}))
    decision = [data for name, data in events if name == "lexguard.decision"][-1]
    assert decision["checks"]["max_words"] == "failed"
    # the whole answer fails the check: the held last sentence is replaced by the refusal
    assert decision["verdict"] == "fallback" and text.endswith(g.config.refusal_message)
    assert "max_words" in decision["reason"]


def test_toy_check_in_the_agent_middleware():
    from langchain.agents import create_agent

    from lexguard.integrations import GroundingMiddleware

    model = FakeStructuredChatModel(responses=[LONG, SHORT])
    middleware = GroundingMiddleware(guard(), max_retries=1)
    out = create_agent(model, tools=[], middleware=[middleware]).invoke(
        {"messages": [HumanMessage("When did the bridge open?")], "sources": [SOURCE]})
    assert out["messages"][-1].content == SHORT
    assert out["lexguard_report"].accepted
    feedback = model.calls[1][1][-1].content
    assert "limit is 5" in feedback


def test_toy_check_in_the_audit_record(tmp_path):
    from lexguard.audit import SQLiteAuditStore

    store = SQLiteAuditStore(tmp_path / "audit.db")
    report = guard(max_retries=0, audit=store).invoke(LONG)
    record = store.get(report.metadata["audit_id"])
    assert [f["kind"] for f in record.findings] == ["max_words"]
    assert record.status == "REJECT"


def test_toy_check_failure_action_raise():
    import pytest

    from lexguard import ValidationFailedError

    with pytest.raises(ValidationFailedError) as info:
        guard(on_fail={"max_words": "raise"}, fallback="refuse").invoke(LONG)
    assert info.value.report.findings[0].kind == "max_words"
    assert info.value.report.attempts == 1  # no retry before raising


def test_unknown_check_and_on_fail_names_are_refused():
    import pytest

    from lexguard import ConfigurationError

    with pytest.raises(ConfigurationError, match="did you mean 'support'"):
        Guard(checks=["parse", "suport"])
    with pytest.raises(ConfigurationError, match="did you mean 'rules'"):
        Guard(on_fail={"rule": "refuse"})
    with pytest.raises(ConfigurationError, match="cannot be imported"):
        Guard(checks=["parse", "no_such_pkg.mod:Check"])
