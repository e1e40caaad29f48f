"""SupportChecker with an LLM judge (fake chat model): support merge, citations, malformed output."""

from __future__ import annotations

from lexguard.grounding import SupportChecker
from lexguard.grounding.verify._judge import SelfRAGJudge
from tests.fakes import FakeStructuredChatModel
from tests.grounding.test_grounding_checker import SOURCES, CountingEncoder

ANSWER = "The Golden Gate Bridge opened in 1937. Its main span is 1,280 metres long."
QUESTION = "When did the Golden Gate Bridge open?"
ISREL = {"relevance": "relevant", "relevant_source_ids": ["bridge"], "reason": "about the bridge"}
ISUSE = {"rating": 5, "reason": "answers it"}


def judge_with(issup: list[object]) -> tuple[SelfRAGJudge, FakeStructuredChatModel]:
    llm = FakeStructuredChatModel(
        by_tool={"RelevanceVerdict": [ISREL], "SupportVerdict": issup, "UsefulnessVerdict": [ISUSE]}
    )
    return SelfRAGJudge(llm, retries=1), llm


async def test_judge_verdicts_merge_into_support_and_confidence() -> None:
    judge, llm = judge_with([{"support": "not_supported", "source_id": None, "reason": "no"}])
    checker = SupportChecker(encoder=CountingEncoder(), judge=judge)
    baseline = SupportChecker(encoder=CountingEncoder()).check(ANSWER, SOURCES, QUESTION)
    result = await checker.acheck(ANSWER, SOURCES, QUESTION)
    assert result.judge is not None and set(result.judge.claim_support) == {0, 1}
    assert all(c.support < b.support for c, b in zip(result.claims, baseline.claims, strict=True))
    # the judge-weighted confidence (support weighs 0.4 for factual questions) drops with ISSUP = 0
    assert result.confidence < baseline.confidence
    assert any(name == "SupportVerdict" for name, _ in llm.calls)


async def test_judge_citation_points_to_the_chunk() -> None:
    judge, _ = judge_with([{"support": "fully_supported", "source_id": "bridge#0", "reason": "stated"}])
    result = await SupportChecker(encoder=CountingEncoder(), judge=judge).acheck(ANSWER, SOURCES, QUESTION)
    first = result.claims[0].citations[0]
    assert first.method == "llm" and first.source_id == "bridge" and first.chunk_id == "bridge#0"
    assert all(c.supported for c in result.claims) and not result.findings


async def test_malformed_judge_output_is_inconclusive_not_fatal() -> None:
    judge, llm = judge_with(["this is not a tool call"])
    plain = SupportChecker(encoder=CountingEncoder()).check(ANSWER, SOURCES, QUESTION)
    result = await SupportChecker(encoder=CountingEncoder(), judge=judge).acheck(ANSWER, SOURCES, QUESTION)
    assert result.inconclusive_reason is None
    assert [c.support for c in result.claims] == [c.support for c in plain.claims]
    assert any(name.startswith("issup") for name in result.judge.inconclusive)
    assert sum(1 for name, _ in llm.calls if name == "SupportVerdict") == 4  # 2 claims x (1 + 1 retry)


def test_sync_check_runs_the_judge_too() -> None:
    judge, _ = judge_with([{"support": "partially_supported", "source_id": "bridge#0", "reason": "part"}])
    result = SupportChecker(encoder=CountingEncoder(), judge=judge).check(ANSWER, SOURCES, QUESTION)
    assert result.judge is not None and len(result.judge.claim_support) == 2
