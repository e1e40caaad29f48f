"""Answer confidence and the accept / regenerate / reject recommendation.

The Self-RAG design's confidence is a weighted mean of relevance (ISREL), support (ISSUP) and
usefulness (ISUSE); factual questions weigh support highest, conversational ones usefulness.
:func:`weighted_confidence` computes it from any mix of offline scores
(:mod:`lexguard.grounding.reflect._relevance`) and LLM-judge scores; :func:`judge_confidence` from a
judge's assessment alone. The design's three-way recommendation is :func:`decide`: ``accept``
at confidence >= 0.7 with every checked fact supported, ``regenerate`` (the design's *retry*)
at >= 0.4 or with unsupported claims, ``reject`` below 0.4 or with more than 30% of the claims
hallucinated; a reject goes to the fallback without a retry (:func:`reject_finding`).
"""

from __future__ import annotations

from collections.abc import Sequence

from lexguard._errors import ConfigurationError
from lexguard._models import Claim, Finding, Severity
from lexguard.grounding._result import Recommendation
from lexguard.grounding.verify._judge_models import JudgeAssessment
from lexguard.grounding.verify._weights import ConfidenceWeights

__all__ = [
    "judge_confidence",
    "support_confidence",
    "recommendation",
    "weighted_confidence",
    "decide",
    "reject_finding",
    "REJECT_KIND",
    "ACCEPT_AT",
]

ACCEPT_AT = 0.7
"""The least confidence an answer is accepted at (the guard's default ``confidence_threshold``)."""

REJECT_KIND = "low_confidence"
"""``Finding.kind`` of the critical finding that carries a ``reject`` recommendation."""

def judge_confidence(
    assessment: JudgeAssessment, weights: ConfidenceWeights | None = None
) -> float | None:
    """Weighted mean of the judge's relevance, support and usefulness scores.

    Checks that were inconclusive are left out and the remaining weights renormalised.

    Args:
        assessment: The judge's assessment.
        weights: Weights to use; the factual preset when ``None``.

    Returns:
        Confidence in 0..1, or ``None`` when no check gave a verdict (fall back to
        :func:`support_confidence` then).
    """
    weights = weights or ConfidenceWeights.FACTUAL
    parts = [
        (weights.relevance, assessment.relevance_score),
        (weights.support, assessment.support_score),
        (weights.usefulness, assessment.usefulness_score),
    ]
    total = sum(w for w, score in parts if score is not None)
    if total <= 0:
        return None
    value = sum(w * score for w, score in parts if score is not None) / total
    return min(1.0, max(0.0, value))


def support_confidence(claims: Sequence[Claim]) -> float | None:
    """Confidence without a judge: the mean calibrated support of the checked claims.

    Returns:
        Confidence in 0..1, or ``None`` when no claim has a support value.
    """
    values = [c.support for c in claims if c.support is not None]
    if not values:
        return None
    return min(1.0, max(0.0, sum(values) / len(values)))


def recommendation(
    hallucination_rate: float, regenerate_above: float = 0.1, reject_above: float = 0.3
) -> Recommendation:
    """What to do with an answer given its hallucination rate.

    Args:
        hallucination_rate: Share of unsupported claims, 0..1.
        regenerate_above: Above this rate (exclusive), regenerate.
        reject_above: Above this rate (exclusive), reject.

    Returns:
        ``accept``, ``regenerate`` or ``reject``.

    Raises:
        ConfigurationError: If a value is outside 0..1 or ``reject_above < regenerate_above``.
    """
    for name, value in (
        ("hallucination_rate", hallucination_rate),
        ("regenerate_above", regenerate_above),
        ("reject_above", reject_above),
    ):
        if not 0.0 <= value <= 1.0:
            raise ConfigurationError(f"{name} must be within 0..1, got {value}; pass a share between 0 and 1")
    if reject_above < regenerate_above:
        raise ConfigurationError(
            f"reject_above ({reject_above}) must be >= regenerate_above ({regenerate_above})"
        )
    if hallucination_rate > reject_above:
        return "reject"
    if hallucination_rate > regenerate_above:
        return "regenerate"
    return "accept"


def weighted_confidence(
    relevance: float | None,
    support: float | None,
    usefulness: float | None,
    weights: ConfidenceWeights | None = None,
) -> float | None:
    """The design's confidence: the weighted mean of ISREL, ISSUP and ISUSE (0..1 each).

    Scores that are ``None`` (no question, nothing checked) are left out and the remaining
    weights renormalised, as in :func:`judge_confidence`.

    Example:
        >>> weighted_confidence(1.0, 0.9, 1.0)  # factual weights 0.3 / 0.4 / 0.3
        0.96
        >>> weighted_confidence(0.0, 0.99, 0.0)  # supported, but about something else
        0.396

    Returns:
        Confidence in 0..1, or ``None`` when every score is ``None``.
    """
    weights = weights or ConfidenceWeights.FACTUAL
    parts = [(weights.relevance, relevance), (weights.support, support), (weights.usefulness, usefulness)]
    total = sum(w for w, v in parts if v is not None)
    if total <= 0:
        return None
    value = sum(w * v for w, v in parts if v is not None) / total
    return round(min(1.0, max(0.0, value)), 6)


def decide(
    confidence: float,
    *,
    supported: bool,
    hallucination_rate: float,
    accept_at: float = ACCEPT_AT,
    reject_below: float = 0.4,
    reject_above: float = 0.3,
) -> Recommendation:
    """The design's three-way recommendation.

    ``reject`` when ``confidence < reject_below`` or ``hallucination_rate > reject_above``;
    ``accept`` when ``confidence >= accept_at`` and ``supported``; ``regenerate`` (retry)
    otherwise (``confidence >= reject_below``, or unsupported claims).

    Args:
        confidence: The answer's confidence, 0..1.
        supported: Every checked fact claim is supported.
        hallucination_rate: Share of checked claims that are unsupported, 0..1.
        accept_at: Lowest confidence to accept.
        reject_below: Confidence under which the answer is rejected.
        reject_above: Hallucination rate above which the answer is rejected.

    Raises:
        ConfigurationError: If a value is outside 0..1 or ``reject_below > accept_at``.
    """
    for name, value in (("confidence", confidence), ("hallucination_rate", hallucination_rate),
                        ("accept_at", accept_at), ("reject_below", reject_below),
                        ("reject_above", reject_above)):
        if not 0.0 <= value <= 1.0:
            raise ConfigurationError(f"{name} must be within 0..1, got {value}; pass a share between 0 and 1")
    if reject_below > accept_at:
        raise ConfigurationError(f"reject_below ({reject_below}) must be <= accept_at ({accept_at})")
    if confidence < reject_below or hallucination_rate > reject_above:
        return "reject"
    if confidence >= accept_at and supported:
        return "accept"
    return "regenerate"


def reject_finding(recommendation: Recommendation, confidence: float, hallucination_rate: float) -> Finding | None:
    """The critical finding that reports a ``reject`` (its confidence and hallucination rate in
    the message); the decision policy (:mod:`lexguard._policy`, rule 2) turns it into a fallback
    without a retry.

    Returns:
        ``None`` unless ``recommendation == "reject"``.
    """
    if recommendation != "reject":
        return None
    return Finding(
        kind=REJECT_KIND,
        severity=Severity.CRITICAL,
        message=f"The answer is rejected: confidence {confidence:.2f} and {hallucination_rate:.0%} of "
        "its claims unsupported (reject below 0.40 confidence or above 30% unsupported); a retry "
        "is not attempted.",
        rule_id="grounding.reject",
        confidence=round(1.0 - confidence, 4),
        stage="support_check",
    )
