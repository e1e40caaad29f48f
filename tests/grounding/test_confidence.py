"""Confidence weights per query type, judge/support confidence, and the recommendation."""

from __future__ import annotations

import pytest

from lexguard import Claim
from lexguard.grounding.verify._weights import ConfidenceWeights, classify_query
from lexguard._models import hallucination_rate
from lexguard.grounding.reflect._confidence import (
    judge_confidence,
    recommendation,
    support_confidence,
)
from lexguard.grounding.verify._judge_models import (
    ClaimJudgement,
    JudgeAssessment,
    JudgeConfig,
    RelevanceJudgement,
    UsefulnessJudgement,
)


def assessment(relevance=None, support=(), usefulness=None, inconclusive=()):
    labels = {1.0: "fully_supported", 0.5: "partially_supported", 0.0: "not_supported"}
    return JudgeAssessment(
        relevance=None if relevance is None else RelevanceJudgement(label="relevant", score=relevance),
        usefulness=None
        if usefulness is None
        else UsefulnessJudgement(rating=1 + round(usefulness * 4), score=usefulness),
        claim_support={
            i: ClaimJudgement(claim_index=i, label=labels[s], score=s) for i, s in enumerate(support)
        },
        inconclusive=tuple(inconclusive),
    )


def test_presets_match_the_documented_weights():
    assert ConfidenceWeights.FACTUAL == ConfidenceWeights(relevance=0.3, support=0.4, usefulness=0.3)
    assert ConfidenceWeights.CONVERSATIONAL == ConfidenceWeights(
        relevance=0.2, support=0.3, usefulness=0.5
    )
    assert ConfidenceWeights.for_query_type("conversational") is ConfidenceWeights.CONVERSATIONAL
    assert ConfidenceWeights.for_query_type("factual") is ConfidenceWeights.FACTUAL


def test_weights_must_not_all_be_zero_or_negative():
    with pytest.raises(ValueError):
        ConfidenceWeights(relevance=0, support=0, usefulness=0)
    with pytest.raises(ValueError):
        ConfidenceWeights(relevance=-1)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("When did the bridge open?", "factual"),
        ("How many lanes does it carry?", "factual"),
        ("Hi, what is the capital of France?", "factual"),
        ("Summarise the contract.", "factual"),
        ("What do you think about my plan?", "conversational"),
        ("Hello!", "conversational"),
        ("thanks a lot", "conversational"),
        ("How are you today?", "conversational"),
        ("Tell me a joke", "conversational"),
        ("Should I learn Rust or Go?", "conversational"),
        (None, "factual"),
        ("", "factual"),
    ],
)
def test_classify_query(question, kind):
    assert classify_query(question) == kind


def test_weights_follow_the_query_type():
    a = assessment(relevance=1.0, support=(0.0,), usefulness=1.0)
    factual = judge_confidence(a, ConfidenceWeights.for_question("When did it open?"))
    chatty = judge_confidence(a, ConfidenceWeights.for_question("What do you think of it?"))
    assert factual == pytest.approx(0.6)  # 0.3 + 0.0 * 0.4 + 0.3
    assert chatty == pytest.approx(0.7)  # 0.2 + 0.0 * 0.3 + 0.5


def test_judge_confidence_defaults_to_factual_and_averages_claims():
    a = assessment(relevance=0.5, support=(1.0, 0.5), usefulness=0.75)
    assert judge_confidence(a) == pytest.approx(0.3 * 0.5 + 0.4 * 0.75 + 0.3 * 0.75)


def test_inconclusive_checks_are_left_out_and_weights_renormalised():
    a = assessment(support=(1.0,), usefulness=0.0, inconclusive=("isrel",))
    assert judge_confidence(a) == pytest.approx(0.4 / 0.7)
    custom = ConfidenceWeights(relevance=1.0, support=0.0, usefulness=0.0)
    assert judge_confidence(a, custom) is None


def test_judge_confidence_is_none_when_nothing_was_judged():
    assert judge_confidence(assessment(inconclusive=("isrel", "isuse"))) is None


def test_judge_config_picks_weights():
    assert JudgeConfig().weights_for("Hello!") == ConfidenceWeights.CONVERSATIONAL
    assert JudgeConfig(query_type="factual").weights_for("Hello!") == ConfidenceWeights.FACTUAL
    custom = ConfidenceWeights(relevance=0.0, support=1.0, usefulness=0.0)
    assert JudgeConfig(weights=custom, query_type="conversational").weights_for("x") == custom


def claims(*supports):
    return [
        Claim(index=i, text=f"c{i}", span=(0, 1), support=s,
              supported=None if s is None else s >= 0.5)
        for i, s in enumerate(supports)
    ]


def test_support_confidence_and_hallucination_rate_use_checked_claims_only():
    cs = claims(0.9, 0.1, None, 0.8)
    assert support_confidence(cs) == pytest.approx(0.6)
    assert hallucination_rate(cs) == pytest.approx(1 / 3)
    assert support_confidence(claims(None)) is None
    assert hallucination_rate([]) == 0.0


@pytest.mark.parametrize(
    ("rate", "expected"),
    [(0.0, "accept"), (0.1, "accept"), (0.11, "regenerate"), (0.3, "regenerate"),
     (0.31, "reject"), (1.0, "reject")],
)
def test_recommendation_default_thresholds(rate, expected):
    assert recommendation(rate) == expected


def test_recommendation_custom_thresholds():
    assert recommendation(0.2, regenerate_above=0.25, reject_above=0.5) == "accept"
    assert recommendation(0.4, regenerate_above=0.25, reject_above=0.5) == "regenerate"
    assert recommendation(0.0, regenerate_above=0.0, reject_above=0.0) == "accept"
    assert recommendation(0.01, regenerate_above=0.0, reject_above=0.0) == "reject"


@pytest.mark.parametrize("kwargs", [{"hallucination_rate": 1.5}, {"hallucination_rate": 0.2,
                         "regenerate_above": 0.5, "reject_above": 0.2}])
def test_recommendation_rejects_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        recommendation(**kwargs)
