"""Issue 13 item 6: judge failures are recorded, and timeouts hold for sync-only chat models."""

from __future__ import annotations

import threading

from langchain_core.language_models.chat_models import BaseChatModel

from lexguard import Claim, Source
from lexguard._models import VerifierStatus
from lexguard.grounding.verify._judge import SelfRAGJudge
from lexguard.grounding.verify._judge_models import JudgeAssessment, judge_failure_status
from tests.fakes import FakeStructuredChatModel

QUESTION = "When did the bridge open?"
ANSWER = "The bridge opened in 1932. It is 700 metres long."
SOURCES = [Source(id="s1", content="The bridge opened in 1932.")]
CLAIMS = [Claim(index=0, text="The bridge opened in 1932.", span=(0, 26)),
          Claim(index=1, text="It is 700 metres long.", span=(27, 49))]
ISREL = {"relevance": "relevant", "relevant_source_ids": ["s1"], "reason": "r"}
ISUSE = {"rating": 4, "reason": "u"}
ISSUP = {"support": "fully_supported", "source_id": "s1", "reason": "s"}


class SyncOnlyModel(FakeStructuredChatModel):
    """A chat model with no native async: every call blocks its thread until released."""

    _agenerate = BaseChatModel._agenerate  # type: ignore[assignment]

    def __init__(self, release: threading.Event, **kwargs):
        super().__init__(**kwargs)
        object.__setattr__(self, "_release", release)
        object.__setattr__(self, "_finished", [])

    def _generate(self, messages, stop=None, run_manager=None, tool_name=None, **kwargs):
        self._release.wait(30)
        self._finished.append(tool_name)
        return super()._generate(messages, stop, run_manager, tool_name=tool_name, **kwargs)


def test_a_failing_judge_check_shows_in_the_status():
    def flaky(messages, tool_name):
        if tool_name == "SupportVerdict" and "700 metres" in messages[-1].content:  # not "700": the random tag of a data block may hold it
            return RuntimeError("provider overloaded")
        return {"RelevanceVerdict": ISREL, "UsefulnessVerdict": ISUSE}.get(tool_name, ISSUP)

    judge = SelfRAGJudge(FakeStructuredChatModel(responder=flaky), retries=0)
    status = judge.assess(QUESTION, ANSWER, CLAIMS, SOURCES).status()
    assert isinstance(status, VerifierStatus)
    assert status.status == "partial" and status.failed_checks == 1 and status.checks == 4
    assert "issup[1]" in status.reason and "provider overloaded" in status.reason


def test_a_judge_that_gives_nothing_is_failed_and_a_clean_one_is_ok():
    broken = SelfRAGJudge(FakeStructuredChatModel(responses=[RuntimeError("down")]), retries=0)
    assert broken.assess(QUESTION, ANSWER, CLAIMS, SOURCES).status().status == "failed"
    assert JudgeAssessment().status().status == "ok"
    assert judge_failure_status(TimeoutError("slow")).status == "timed_out"
    assert judge_failure_status(ValueError("bad")).reason == "ValueError: bad"


def test_the_timeout_holds_for_a_sync_only_chat_model():
    release = threading.Event()
    model = SyncOnlyModel(release, responses=[ISSUP])
    judge = SelfRAGJudge(model, timeout=0.2, retries=0)
    assert not judge.native_async
    try:
        assessment = judge.assess(QUESTION, ANSWER, CLAIMS[:1], SOURCES)
        # assess returned while the model call was still blocked: the timeout held
        assert model._finished == []
        assert assessment.status().status == "timed_out"
        assert "timed out" in assessment.errors["issup[0]"]
    finally:
        release.set()
