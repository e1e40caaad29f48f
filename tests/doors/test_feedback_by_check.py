"""Retry feedback grouped by check in each check's own words, and ARCHITECTURE.md's ``MaxWords``
example with ``on_fail="filter"`` (issue 24, 4)."""

from __future__ import annotations

from lexguard import Guard, Status
from lexguard.checks import DEFAULT_CHECKS, BaseCheck
from lexguard.nodes import build_retry_feedback
from tests.fakes import RecordingGenerator, SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."]
LONG = "The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."


class MaxWords(BaseCheck):
    """ARCHITECTURE.md's example check, as written there."""

    name = "max_words"

    def __init__(self, limit: int = 100, **kwargs):
        super().__init__(**kwargs)
        self.limit = limit

    def check(self, answer, context):
        words = len(answer.split())
        if words <= self.limit:
            return self.passed()
        return self.failed([self.finding(f"{words} words; the limit is {self.limit}.")])


def test_architecture_max_words_example_with_filter_keeps_the_sentences_within_the_limit() -> None:
    guard = Guard(checks=[*DEFAULT_CHECKS, MaxWords(limit=10)], on_fail={"max_words": "filter"},
                  checker=SubstringChecker(), audit=False)
    report = guard.invoke({"answer": LONG, "sources": SOURCES})
    assert report.status == Status.VALID, report.reason
    assert report.answer == "The bridge opened in 1932. It is 503 metres long."
    assert report.attempts == 2 and report.confidence > 0.5


def test_filter_that_cannot_meet_a_whole_answer_check_says_why() -> None:
    guard = Guard(checks=[*DEFAULT_CHECKS, MaxWords(limit=2)], on_fail={"max_words": "filter"},
                  checker=SubstringChecker(), audit=False)
    report = guard.invoke({"answer": LONG, "sources": SOURCES})
    assert report.status != Status.VALID
    assert any("the limit is 2" in f.message for f in report.findings)


def test_a_custom_checks_finding_reaches_the_generator_in_its_own_words() -> None:
    fake = RecordingGenerator(["The bridge opened in 1932."])
    guard = Guard(checks=[*DEFAULT_CHECKS, MaxWords(limit=10)], checker=SubstringChecker(), audit=False,
                  generator=fake.runnable())
    report = guard.invoke({"answer": LONG, "sources": SOURCES, "question": "The bridge?"})
    assert report.status == Status.VALID, report.reason
    feedback = fake.inputs[0][-1].content
    assert "What the 'max_words' check found:" in feedback and "the limit is 10." in feedback
    assert "do not support" not in feedback


def test_feedback_groups_findings_by_the_check_that_found_them() -> None:
    from lexguard._models import CheckResult, Finding

    support = Finding(kind="unsupported", severity="hard", message="'gold' is in no source.", stage="support_check")
    knowledge = Finding(kind="contradiction", severity="hard", message="version is 2, not 3.", stage="support_check")
    results = [CheckResult(check="support", outcome="failed", findings=(support,)),
               CheckResult(check="knowledge", outcome="failed", findings=(knowledge,))]
    feedback = build_retry_feedback({"answer": "x", "attempt": 1, "results": results})
    support_at = feedback.index("Statements the sources do not support:")
    knowledge_at = feedback.index("Statements the knowledge graph")
    assert support_at < feedback.index("'gold'") < knowledge_at < feedback.index("version is 2")
