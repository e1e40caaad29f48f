"""Streaming text with the default ``halt_on``: no wrong sentence passes, the last sentence waits
for the whole answer's verdict, and the reason states the real ``max_retries`` (issue 24, 5)."""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import BaseCallbackHandler

from lexguard import Guard
from lexguard.integrations import DECISION_EVENT
from tests.fakes import SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."]
GOOD = "The bridge opened in 1932. It is 503 metres long."
WRONG_LAST = "The bridge opened in 1932. It was painted gold in 1990."
SERVICE = "Service X runs on port 80. Service X runs version 3."
SERVICE_SOURCES = ["Service X runs on port 80. Service X runs version 3."]
VERSION_2 = {"entities": [{"id": "svc-x", "name": "Service X", "properties": {"version": 2}}]}


class Timeline(BaseCallbackHandler):
    """Records decision events in the order they happen, beside the chunks the caller receives."""

    def __init__(self) -> None:
        self.log: list[tuple[str, Any]] = []

    def on_custom_event(self, name: str, data: Any, **kwargs: Any) -> None:
        if name == DECISION_EVENT:
            self.log.append(("decision", data))


def _run(guard: Guard, value: Any) -> Timeline:
    timeline = Timeline()
    for chunk in guard.stream(value, {"callbacks": [timeline]}):
        timeline.log.append(("chunk", chunk))
    return timeline


def _guard(**kwargs: Any) -> Guard:
    return Guard(checker=SubstringChecker(), audit=False, return_type="text", **kwargs)


def test_a_wrong_last_sentence_never_reaches_the_caller_by_default() -> None:
    guard = _guard(sources=SOURCES)
    timeline = _run(guard, WRONG_LAST)
    text = "".join(c for kind, c in timeline.log if kind == "chunk")
    assert "gold" not in text and text == "The bridge opened in 1932. " + guard.config.refusal_message
    decision = [d for kind, d in timeline.log if kind == "decision"][-1]
    assert decision["verdict"] == "fallback"
    assert "max_retries=2" in decision["reason"] and "max_retries=0" not in decision["reason"]


async def test_a_wrong_last_sentence_never_reaches_the_async_caller_by_default() -> None:
    guard = _guard(sources=SOURCES)
    text = "".join([chunk async for chunk in guard.astream(WRONG_LAST)])
    assert "gold" not in text and text.endswith(guard.config.refusal_message)


def test_the_last_sentence_comes_after_the_whole_answers_verdict() -> None:
    timeline = _run(_guard(sources=SOURCES), GOOD)
    kinds = [kind for kind, _ in timeline.log]
    assert kinds[-2:] == ["decision", "chunk"], timeline.log
    assert timeline.log[-1][1] == "It is 503 metres long." and timeline.log[-2][1]["verdict"] == "accept"


def test_a_last_sentence_only_the_whole_answer_checks_refute_is_withheld() -> None:
    guard = _guard(max_retries=1)
    timeline = _run(guard, {"answer": SERVICE, "sources": SERVICE_SOURCES, "knowledge": VERSION_2})
    chunks = [c for kind, c in timeline.log if kind == "chunk"]
    assert chunks == ["Service X runs on port 80. ", guard.config.refusal_message]
    decision = [d for kind, d in timeline.log if kind == "decision"][-1]
    assert decision["verdict"] == "fallback" and decision["checks"]["knowledge"] == "failed"
    assert "max_retries=1" in decision["reason"]


def test_halt_on_critical_still_passes_flagged_text_with_the_real_max_retries() -> None:
    timeline = _run(_guard(sources=SOURCES, halt_on="critical"), WRONG_LAST)
    assert "".join(c for kind, c in timeline.log if kind == "chunk") == WRONG_LAST
    decision = [d for kind, d in timeline.log if kind == "decision"][-1]
    assert decision["verdict"] == "flag" and "max_retries=2" in decision["reason"]
