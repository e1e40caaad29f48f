"""Self-RAG judge: structured verdicts, retry-then-inconclusive, concurrency, sync wrappers."""

from __future__ import annotations

import asyncio
import re
import threading

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from lexguard import Claim, ConfigurationError, Source
from lexguard.grounding.verify._judge import SelfRAGJudge
from lexguard.grounding.verify._judge_models import JudgeConfig
from lexguard.grounding.verify._judge_prompts import SupportVerdict, UsefulnessVerdict
from tests.fakes import FakeStructuredChatModel

QUESTION = "When did the bridge open and how long is it?"
ANSWER = "The bridge opened in 1932. It is 700 metres long."
SOURCES = [
    Source(id="s1", content="The bridge opened in 1932.", metadata={"title": "History"}),
    Source(id="s2", content="It is 503 metres long."),
]
CLAIMS = [
    Claim(index=0, text="The bridge opened in 1932.", span=(0, 26)),
    Claim(index=1, text="It is 700 metres long.", span=(27, 49)),
]
ISREL = {"relevance": "relevant", "relevant_source_ids": ["s1", "s2"], "reason": "both help"}
ISUSE = {"rating": 5, "reason": "answers both parts"}


def support_by_claim(messages, tool_name):
    """Responder: answer each check by its tool, ISSUP by the claim in the prompt."""
    if tool_name == "RelevanceVerdict":
        return ISREL
    if tool_name == "UsefulnessVerdict":
        return ISUSE
    prompt = messages[-1].content
    if "700 metres" in prompt:
        return {"support": "not_supported", "source_id": "s2", "reason": "source says 503"}
    return {"support": "fully_supported", "source_id": "s1", "reason": "stated"}


def test_happy_path_collects_all_verdicts():
    llm = FakeStructuredChatModel(responder=support_by_claim)
    result = SelfRAGJudge(llm).assess(QUESTION, ANSWER, CLAIMS, SOURCES)

    assert result.conclusive and result.inconclusive == ()
    assert result.relevance is not None and result.relevance.label == "relevant"
    assert result.relevance.relevant_source_ids == ("s1", "s2")
    assert result.usefulness is not None and result.usefulness.rating == 5
    assert result.usefulness_score == 1.0
    assert result.claim_support[0].label == "fully_supported"
    assert result.claim_support[0].score == 1.0
    assert result.claim_support[1].label == "not_supported"
    assert result.claim_support[1].score == 0.0
    assert result.claim_support[1].reason == "source says 503"
    assert result.support_score == 0.5
    assert result.calls == 4  # ISREL + ISUSE + one ISSUP per claim
    tools = sorted(name for name, _ in llm.calls)
    assert tools == ["RelevanceVerdict", "SupportVerdict", "SupportVerdict", "UsefulnessVerdict"]


def test_claim_judgement_becomes_llm_citation():
    llm = FakeStructuredChatModel(responder=support_by_claim)
    result = SelfRAGJudge(llm).assess(QUESTION, ANSWER, CLAIMS, SOURCES)
    citation = result.claim_support[0].to_citation(CLAIMS[0], SOURCES)
    assert citation is not None
    assert (citation.source_id, citation.method, citation.score) == ("s1", "llm", 1.0)
    assert citation.metadata == {"title": "History"}
    assert citation.quote == SOURCES[0].content


def test_unknown_source_id_from_judge_is_dropped():
    issup = {"support": "partially_supported", "source_id": "s99"}
    llm = FakeStructuredChatModel(by_tool={"SupportVerdict": [issup]}, responses=[ISREL])
    result = SelfRAGJudge(llm).assess(None, ANSWER, CLAIMS[:1], SOURCES)
    judgement = result.claim_support[0]
    assert judgement.score == 0.5
    assert judgement.source_id is None
    assert judgement.to_citation(CLAIMS[0], SOURCES) is None


def test_malformed_output_is_retried_once_then_used():
    llm = FakeStructuredChatModel(
        by_tool={
            "RelevanceVerdict": ["Sure! The sources look relevant.", ISREL],
            "UsefulnessVerdict": [ISUSE],
            "SupportVerdict": [{"support": "fully_supported", "source_id": "s1"}],
        }
    )
    result = SelfRAGJudge(llm).assess(QUESTION, ANSWER, CLAIMS[:1], SOURCES)
    assert result.conclusive
    assert result.relevance is not None and result.relevance.label == "relevant"
    assert [name for name, _ in llm.calls].count("RelevanceVerdict") == 2
    assert result.calls == 4


@pytest.mark.parametrize(
    "bad",
    [
        "I think it is supported.",  # no tool call at all
        {"support": "kind of maybe"},  # label outside the schema
        {"reason": "forgot the label"},  # required field missing
        RuntimeError("rate limited"),  # the model call itself fails
    ],
)
def test_malformed_twice_marks_only_that_check_inconclusive(bad):
    llm = FakeStructuredChatModel(
        by_tool={
            "RelevanceVerdict": [ISREL],
            "UsefulnessVerdict": [ISUSE],
            "SupportVerdict": [bad],
        }
    )
    result = SelfRAGJudge(llm).assess(QUESTION, ANSWER, CLAIMS, SOURCES)
    assert result.inconclusive == ("issup[0]", "issup[1]")
    assert set(result.errors) == {"issup[0]", "issup[1]"}
    assert result.claim_support == {}
    assert result.support_score is None
    assert result.relevance is not None and result.usefulness is not None
    assert [name for name, _ in llm.calls].count("SupportVerdict") == 4  # 2 claims x 2 tries
    if isinstance(bad, Exception):
        assert "rate limited" in result.errors["issup[0]"]


def test_every_check_failing_still_returns_an_assessment():
    llm = FakeStructuredChatModel(responses=["nope"])
    result = SelfRAGJudge(llm, retries=0).assess(QUESTION, ANSWER, CLAIMS, SOURCES)
    assert result.inconclusive == ("isrel", "isuse", "issup[0]", "issup[1]")
    assert result.calls == 4
    assert (result.relevance_score, result.usefulness_score, result.support_score) == (None, None, None)


async def test_timeout_counts_as_failed_check():
    llm = FakeStructuredChatModel(responses=[ISUSE], delay=0.5)
    judge = SelfRAGJudge(llm, timeout=0.01)
    result = await judge.aassess(QUESTION, ANSWER, [], [])
    assert "isuse" in result.inconclusive
    assert "timed out" in result.errors["isuse"]


async def test_checks_run_concurrently_within_the_limit():
    claims = [Claim(index=i, text=f"Claim {i}.", span=(0, 1)) for i in range(6)]
    llm = FakeStructuredChatModel(responder=support_by_claim, delay=0.05)
    result = await SelfRAGJudge(llm, max_concurrency=3).aassess(QUESTION, ANSWER, claims, SOURCES)
    assert result.conclusive and len(result.claim_support) == 6
    assert llm.max_in_flight == 3


async def test_serial_when_max_concurrency_is_one():
    llm = FakeStructuredChatModel(responder=support_by_claim, delay=0.01)
    await SelfRAGJudge(llm, max_concurrency=1).aassess(QUESTION, ANSWER, CLAIMS, SOURCES)
    assert llm.max_in_flight == 1


async def test_sync_assess_inside_a_running_loop():
    llm = FakeStructuredChatModel(responder=support_by_claim)
    result = SelfRAGJudge(llm).assess(QUESTION, ANSWER, CLAIMS, SOURCES)
    assert result.conclusive and len(result.claim_support) == 2
    assert asyncio.get_running_loop().is_running()


def test_sync_assess_from_a_worker_thread():
    llm = FakeStructuredChatModel(responder=support_by_claim)
    judge = SelfRAGJudge(llm)
    results = []
    thread = threading.Thread(
        target=lambda: results.append(judge.assess(QUESTION, ANSWER, CLAIMS, SOURCES))
    )
    thread.start()
    thread.join()
    assert len(results) == 1 and results[0].claim_support[1].label == "not_supported"


def test_without_question_or_sources_checks_are_skipped_not_called():
    llm = FakeStructuredChatModel(responder=support_by_claim)
    result = SelfRAGJudge(llm).assess("  ", ANSWER, CLAIMS, [])
    assert result.inconclusive == ("isrel", "isuse", "issup[0]", "issup[1]")
    assert result.errors["isrel"] == "no question given"
    assert result.errors["issup[0]"] == "no sources given"
    assert llm.calls == [] and result.calls == 0


def test_claim_sources_limit_the_evidence_shown_per_claim():
    llm = FakeStructuredChatModel(responder=support_by_claim)
    evidence = {1: [SOURCES[1]]}
    SelfRAGJudge(llm).assess(QUESTION, ANSWER, CLAIMS, SOURCES, claim_sources=evidence)
    prompts = [m[-1].content for name, m in llm.calls if name == "SupportVerdict"]
    claim1 = next(p for p in prompts if "700 metres" in p)
    claim0 = next(p for p in prompts if "700 metres" not in p)
    assert 'id="s2"' in claim1 and 'id="s1"' not in claim1
    assert 'id="s1"' in claim0 and 'id="s2"' in claim0


def test_long_sources_are_cut_in_prompts():
    long_source = Source(id="big", content="word " * 1000)
    llm = FakeStructuredChatModel(responder=support_by_claim)
    SelfRAGJudge(llm, max_source_chars=200).assess(None, ANSWER, CLAIMS[:1], [long_source])
    prompt = llm.calls[0][1][-1].content
    assert len(prompt) < 1000 and 'id="big"' in prompt


def test_model_without_tool_calling_is_a_configuration_error():
    with pytest.raises(ConfigurationError, match="tool calling"):
        SelfRAGJudge(FakeListChatModel(responses=["x"]))


def test_bad_arguments_are_rejected():
    llm = FakeStructuredChatModel(responses=[ISUSE])
    with pytest.raises(ConfigurationError):
        SelfRAGJudge(llm, max_concurrency=0)
    judge = SelfRAGJudge.from_config(llm, JudgeConfig(max_concurrency=2, timeout=None))
    assert (judge.max_concurrency, judge.timeout) == (2, None)


@pytest.mark.parametrize(
    ("raw", "label"),
    [("Fully Supported", "fully_supported"), ("partially-supported", "partially_supported"),
     ("unsupported", "not_supported"), ("NO", "not_supported")],
)
def test_support_labels_tolerate_common_spellings(raw, label):
    assert SupportVerdict(support=raw).support == label


@pytest.mark.parametrize(("raw", "rating"), [("yes", 5), ("no", 1), ("4/5", 4), (3.0, 3), (True, 5)])
def test_usefulness_accepts_yes_no_and_fractions(raw, rating):
    assert UsefulnessVerdict(rating=raw).rating == rating


def test_usefulness_out_of_range_is_rejected():
    with pytest.raises(ValueError):
        UsefulnessVerdict(rating=9)


class HashEncoder:
    """Tiny deterministic bag-of-words encoder (keeps the integration test model-free)."""

    name = "hash-fake"

    def encode(self, texts):
        import zlib

        import numpy as np

        out = np.zeros((len(texts), 128), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in text.lower().replace(".", " ").split():
                out[row, zlib.crc32(word.encode()) % 128] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return out / np.where(norms > 0, norms, 1.0)


@pytest.mark.parametrize("use_async", [False, True])
async def test_support_checker_merges_the_judge_even_with_malformed_output(use_async):
    from lexguard.grounding import SupportChecker

    def responder(messages, tool_name):
        prompt = messages[-1].content
        if tool_name == "SupportVerdict" and "700 metres" in prompt:
            return "{not valid json"  # malformed twice -> inconclusive for this claim
        if tool_name == "SupportVerdict":  # cite the first chunk shown, by its id
            return {"support": "fully_supported", "source_id": re.search(r'kind="source" id="([^"]+)"', prompt)[1]}
        return support_by_claim(messages, tool_name)

    llm = FakeStructuredChatModel(responder=responder)
    checker = SupportChecker(encoder=HashEncoder(), judge=SelfRAGJudge(llm))
    sources = list(SOURCES)
    if use_async:
        result = await checker.acheck(ANSWER, sources, question=QUESTION)
    else:
        result = checker.check(ANSWER, sources, question=QUESTION)

    assessment = result.judge
    assert assessment is not None and "issup[1]" in assessment.inconclusive
    assert set(assessment.claim_support) == {0}
    first = result.claims[0]
    assert first.citations and first.citations[0].method == "llm"
    assert first.citations[0].source_id == "s1" and first.citations[0].chunk_id.startswith("s1")
    assert all(c.method != "llm" for c in result.claims[1].citations)
    assert 0.0 <= result.confidence <= 1.0
