"""An answer that does not give the quantity its question asks for is not accepted at 1.00
(issue 24, 7: ``examples/deploy_postgres.py`` recorded a non-answer to "How tall?" as PASS)."""

from __future__ import annotations

import pytest

from lexguard import Guard, Status
from tests.fakes import RecordingGenerator, SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."]


def _guard(**kwargs) -> Guard:
    return Guard(checker=SubstringChecker(), audit=False, **kwargs)


def test_a_non_answer_to_how_long_is_not_accepted_and_says_why() -> None:
    report = _guard(max_retries=0).invoke({"question": "How long is the bridge?", "answer": "The bridge opened in 1932.",
                                           "sources": SOURCES})
    assert report.status != Status.VALID and report.confidence < 0.7
    (finding,) = [f for f in report.findings if f.rule_id == "support.unanswered"]
    assert "'how long'" in finding.message and "length" in finding.message


def test_the_retry_is_told_the_question_went_unanswered() -> None:
    fake = RecordingGenerator(["It is 503 metres long."])
    report = _guard(generator=fake.runnable()).invoke(
        {"question": "How long is the bridge?", "answer": "The bridge opened in 1932.", "sources": SOURCES})
    assert report.status == Status.VALID and report.answer == "It is 503 metres long."
    assert "does not answer the question" in fake.inputs[0][-1].content


@pytest.mark.parametrize("question, answer", [
    ("How long is the bridge?", "It is 503 metres long."),
    ("How many lanes does it carry?", "It carries eight lanes of traffic."),
    ("When did the bridge open?", "The bridge opened in 1932."),
])
def test_answers_that_give_what_is_asked_pass(question: str, answer: str) -> None:
    report = _guard(max_retries=0).invoke({"question": question, "answer": answer, "sources": SOURCES})
    assert report.status == Status.VALID, report.reason


def test_the_demo_rag_app_answers_how_tall_with_the_height() -> None:
    import importlib.util
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    path, attribute = json.loads((root / "langgraph.json").read_text())["graphs"]["rag_app"].split(":")
    spec = importlib.util.spec_from_file_location("rag_app_demo", root / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = getattr(module, attribute).invoke({"question": "How tall is the Eiffel Tower?"},
                                            {"configurable": {"thread_id": "unanswered"}})
    assert out["report"].status == Status.VALID and "330 metres" in out["answer"]
