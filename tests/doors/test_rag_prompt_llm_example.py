"""``examples/rag_prompt_llm.py``: a LangGraph RAG app whose generator is ``prompt | llm``, with
standard-format model citations, through two retries to an accepted cited answer, streamed with
no unchecked sentence reaching ``stream()`` before its verdict (issue 24, the end-to-end example)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from lexguard import Guard, Status
from lexguard.integrations import DECISION_EVENT, SENTENCE_EVENT

PATH = Path(__file__).resolve().parents[2] / "examples" / "rag_prompt_llm.py"


@pytest.fixture(scope="module")
def example() -> Any:
    spec = importlib.util.spec_from_file_location("rag_prompt_llm", PATH)
    module = importlib.util.module_from_spec(spec)
    sys.modules["rag_prompt_llm"] = module
    spec.loader.exec_module(module)
    return module


def test_the_app_reaches_an_accepted_cited_answer_after_two_retries(example: Any) -> None:
    llm = example.CitingChatModel(messages=iter(example.replies()), seen=[])
    out = example.build_app(llm).invoke({"question": example.QUESTION})
    report = out["report"]
    assert report.status == Status.VALID, report.reason
    assert out["answer"] == example.ANSWER and report.attempts == 3
    assert [h.decision.split(":")[0] for h in report.history] == ["retry", "retry", "accept"]
    assert any(f.rule_id == "citations.invalid" for f in report.history[1].findings)  # quoted one, cited another
    citations = next(c for c in report.checks if c.check == "citations")
    assert citations.outcome == "passed" and citations.data["total"] == 2
    first, *retries = llm.seen
    assert len(retries) == 2
    for messages in retries:  # the app's own prompt, rendered again, then the feedback
        assert messages[0].type == "system" and "International Orange" in messages[0].content
        assert messages[1].content == example.QUESTION
        assert messages[-1].type == "human" and "did not pass validation" in messages[-1].content
    assert "Statements the sources do not support:" in retries[0][-1].content and "1990" in retries[0][-1].content
    assert "Citations that do not hold:" in retries[1][-1].content


def _before(log: list[tuple[str, Any]], index: int, name: str) -> list[Any]:
    return [data for kind, data in log[:index] if kind == name]


def test_the_stream_passes_no_sentence_before_its_verdict(example: Any) -> None:
    chunks, timeline = example.stream_answer()
    assert "".join(chunks) == example.ANSWER
    log = timeline.log
    streamed = ""
    for at, (kind, data) in enumerate(log):
        if kind != "chunk":
            continue
        streamed += data
        verdicts = _before(log, at, SENTENCE_EVENT)
        assert sum(len(v["text"]) for v in verdicts) >= len(streamed.strip()) - 1  # every byte checked first
        assert all(v["supported"] for v in verdicts)
    last = max(i for i, (kind, _) in enumerate(log) if kind == "chunk")
    (decision,) = _before(log, last, DECISION_EVENT)  # the whole answer's verdict comes before the last sentence
    assert decision["verdict"] == "accept" and decision["checks"]["citations"] == "passed"


def test_a_miscited_answer_streamed_never_shows_its_last_sentence(example: Any) -> None:
    guard = Guard(sources=example.DOCUMENTS, return_type="text", audit=False)
    llm = example.CitingChatModel(messages=iter(example.replies()[1:2]), seen=[])
    timeline = example.Timeline()
    inputs = {"question": example.QUESTION, "context": example.format_documents(example.DOCUMENTS)}
    out = list((example.PROMPT | llm | guard).stream(inputs, {"callbacks": [timeline]}))
    assert out == [guard.config.refusal_message]  # supported sentence, wrong citation: withheld
    decision = [d for kind, d in timeline.log if kind == DECISION_EVENT][-1]
    assert decision["verdict"] == "fallback" and decision["checks"]["citations"] == "failed"
