"""The Self-RAG validation layer without an LLM: one call over an already scored answer.

:func:`assess_offline` takes the claims the support check scored (``support`` / ``supported``
/ ``citations`` set) and adds what the design asks for: the claim type of every claim (only
facts stay verified), ISREL per source and ISUSE of the answer with the bundled encoder (refined
by an LLM judge's scores when one ran), the weighted confidence, the three-way recommendation
(a reject reported as a critical finding, which the policy decides on), internal-consistency findings,
only-supporting citations with retriever scores, and a quality score per source.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import regex

from pydantic import Field

from lexguard._enums import Severity
from lexguard._models import Claim, Finding, Source, hallucination_rate
from lexguard._value import ValueModel
from lexguard.grounding.claims._claim_types import ClaimType, classify_claims
from lexguard.grounding.reflect._confidence import (
    ACCEPT_AT,
    ConfidenceWeights,
    decide,
    reject_finding,
    support_confidence,
    weighted_confidence,
)
from lexguard.grounding.reflect._consistency import find_inconsistencies
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.evidence._provenance import cite_supporting, supporting_citations
from lexguard.grounding.reflect._relevance import (
    SourceRelevance,
    aggregate_relevance,
    answer_usefulness,
    merge_judge,
    source_relevance,
)
from lexguard.grounding._result import STRICT_REASON, Recommendation, SupportResult

MIN_REJECTED_CLAIMS = 2
"""A reject (fallback without a retry) needs at least this many unsupported claims: an answer of
one to three sentences with a single false one would otherwise always be refused outright, and
so would every sentence scored alone while streaming."""

__all__ = [
    "is_real_question","SourceQuality", "SelfRAGAssessment", "apply_self_rag", "assess_offline", "source_quality"]


class SourceQuality(ValueModel):
    """How good one source was for this answer.

    Attributes:
        source_id: The source's id.
        relevance: ISREL of the source (0..1; ``None`` without a question).
        supported_claims: Supported fact claims that cite the source.
        support_share: ``supported_claims`` over all supported fact claims (0 when none).
        retriever_score: The retriever's score of the source, when it had one.
        score: ``(relevance + support_share) / 2`` (``support_share`` alone without relevance).
    """

    source_id: str
    relevance: float | None = None
    supported_claims: int = 0
    support_share: float = Field(0.0, ge=0.0, le=1.0)
    retriever_score: float | None = None
    score: float = Field(ge=0.0, le=1.0)


class SelfRAGAssessment(ValueModel):
    """The offline Self-RAG reflection of one answer.

    Attributes:
        claims: The claims, opinion/instruction claims unverified (``supported`` None) and
            citations limited to supporting chunks (with ``retriever_score`` metadata).
        claim_types: ``fact`` / ``opinion`` / ``instruction`` per claim, in order.
        citations: The best citation of every supported claim.
        relevance: ISREL per source.
        isrel: Answer-level relevance (of the sources the supported claims cite, else the best
            source; refined by the judge), or ``None``.
        isuse: Usefulness of the answer to the question (refined by the judge), or ``None``.
        issup: Mean calibrated support of the checked fact claims, or ``None``.
        confidence: The weighted confidence (0 when nothing could be scored).
        hallucination_rate: Share of checked fact claims that are unsupported.
        recommendation: ``accept``, ``regenerate`` (the design's retry) or ``reject``.
        findings: The critical ``low_confidence`` finding of a reject, then internal-consistency
            findings.
        source_quality: A quality score per source.
    """

    claims: tuple[Claim, ...] = ()
    claim_types: tuple[ClaimType, ...] = ()
    citations: tuple[Any, ...] = ()
    relevance: tuple[SourceRelevance, ...] = ()
    isrel: float | None = None
    isuse: float | None = None
    issup: float | None = None
    confidence: float = Field(0.0, ge=0.0, le=1.0)
    hallucination_rate: float = Field(0.0, ge=0.0, le=1.0)
    recommendation: Recommendation = "regenerate"
    findings: tuple[Finding, ...] = ()
    source_quality: tuple[SourceQuality, ...] = ()


def source_quality(
    sources: Sequence[Any], relevance: Sequence[SourceRelevance], claims: Sequence[Claim]
) -> tuple[SourceQuality, ...]:
    """A quality score per source: its relevance and how much of the answer it supports."""
    srcs = [Source.from_any(s, i) for i, s in enumerate(sources)]
    rel = {r.source_id: r.relevance for r in relevance}
    supported = [c for c in claims if c.supported]
    out = []
    for source in srcs:
        count = sum(1 for c in supported if any(cit.source_id == source.id for cit in c.citations))
        share = count / len(supported) if supported else 0.0
        r = rel.get(source.id)
        score = share if r is None else (r + share) / 2
        out.append(SourceQuality(source_id=source.id, relevance=r, supported_claims=count,
                                 support_share=round(share, 4), retriever_score=source.score,
                                 score=round(min(1.0, max(0.0, score)), 4)))
    return tuple(out)


def assess_offline(
    question: str | None,
    answer: str,
    claims: Sequence[Claim],
    sources: Sequence[Any],
    *,
    encoder: Any | None = None,
    relevance_chunks: Collection[str] | None = None,
    judge: Any | None = None,
    judge_weight: float = 0.5,
    weights: ConfidenceWeights | None = None,
    accept_at: float = ACCEPT_AT,
    reject_below: float = 0.4,
    reject_above: float = 0.3,
    min_citation_score: float = 0.3,
    citation_margin: float = 0.15,
) -> SelfRAGAssessment:
    """Reflect on a scored answer the Self-RAG way, offline (see the module docstring).

    Args:
        question: The user question (``None``: no ISREL/ISUSE; confidence from support alone).
        answer: The answer text the claims' spans point into.
        claims: Claims scored by the support check.
        sources: The sources the answer was checked against.
        encoder: Sentence encoder; the bundled MiniLM when ``None`` (share the checker's
            ``SupportChecker.encoder`` so its embedding cache is reused).
        relevance_chunks: Ids of the source chunks ISREL reads (see :func:`source_relevance`);
            all when ``None``.
        judge: An LLM judge's ``JudgeAssessment`` (``relevance_score``, ``usefulness_score``),
            when one ran; its scores refine the offline ones.
        judge_weight: Weight of the judge's scores against the offline ones.
        weights: Confidence weights; the preset for the question type when ``None``.
        accept_at / reject_below / reject_above: The three-way thresholds (see
            :func:`~lexguard.grounding.reflect._confidence.decide`).
        min_citation_score / citation_margin: Citation filter (see :func:`cite_supporting`).

    Returns:
        The :class:`SelfRAGAssessment`.
    """
    types = classify_claims(claims, [str(getattr(s, "content", s)) for s in sources])
    cited = cite_supporting(_facts_only(claims, types), sources, min_score=min_citation_score, margin=citation_margin)
    relevance, isrel, isuse = _relevance_and_use(question, answer, sources, cited, encoder=encoder,
                                                 relevance_chunks=relevance_chunks, judge=judge,
                                                 judge_weight=judge_weight)
    checked = [c for c in cited if c.supported is not None]
    issup = support_confidence(checked)
    rate = hallucination_rate(checked)
    confidence = weighted_confidence(isrel, issup, isuse, weights or ConfidenceWeights.for_question(question)) or 0.0
    rec = _recommend(checked, confidence, rate, accept_at=accept_at, reject_below=reject_below,
                     reject_above=reject_above)
    rejected = reject_finding(rec, confidence, rate)
    unsure = _below_the_bar(rec, checked, rate, confidence, isrel, isuse, accept_at)
    fact_claims = [c for c, t in zip(claims, types, strict=True) if t == "fact"]
    findings = [*([] if rejected is None else [rejected]), *([] if unsure is None else [unsure]),
                *find_inconsistencies(fact_claims, encoder=encoder)]  # says so if the budget cuts it
    return SelfRAGAssessment(
        claims=cited, claim_types=types, citations=supporting_citations(cited), relevance=relevance,
        isrel=isrel, isuse=isuse, issup=None if issup is None else round(issup, 4),
        confidence=round(confidence, 4), hallucination_rate=round(rate, 4), recommendation=rec,
        findings=tuple(findings), source_quality=source_quality(sources, relevance, cited),
    )


def _below_the_bar(
    rec: str, checked: Sequence[Claim], rate: float, confidence: float, isrel: float | None, isuse: float | None,
    accept_at: float,
) -> Finding | None:
    """A soft finding that says why an answer whose every checked claim is supported is not
    accepted: its confidence, weighed with the question's relevance (ISREL) and the answer's use
    (ISUSE), is under the bar. Without it such a refusal carried no finding at all."""
    if rec != "regenerate" or not checked or rate > 0.0 or confidence >= accept_at:
        return None
    parts = [f"{name} {value:.2f}" for name, value in (("the sources' relevance to the question", isrel),
                                                        ("the answer's use to it", isuse)) if value is not None]
    return Finding(
        kind="low_confidence",
        severity=Severity.SOFT,
        message=f"Every checked claim is supported, but the answer's confidence {confidence:.2f} is under "
        f"{accept_at:.2f}" + (f" ({', '.join(parts)})" if parts else "") + ": answer the question more directly, "
        "from the sources that bear on it.",
        rule_id="grounding.low_confidence",
        confidence=round(1.0 - confidence, 4),
        stage="support_check",
    )


def _relevance_and_use(
    question: str | None, answer: str, sources: Sequence[Any], cited: Sequence[Claim], *, encoder: Any | None,
    relevance_chunks: Collection[str] | None, judge: Any | None, judge_weight: float,
) -> tuple[tuple[SourceRelevance, ...], float | None, float | None]:
    """ISREL per source, the answer's ISREL and its ISUSE, each refined by the judge's score
    when one ran (no ISREL per source and no ISUSE without a question)."""
    relevance = (
        source_relevance(question or "", sources, encoder=encoder, chunk_ids=relevance_chunks) if question else ()
    )
    isrel = merge_judge(aggregate_relevance(relevance, cited), getattr(judge, "relevance_score", None), judge_weight)
    isuse = merge_judge(
        answer_usefulness(question, answer, encoder=encoder) if question else None,
        getattr(judge, "usefulness_score", None),
        judge_weight,
    )
    return tuple(relevance), isrel, isuse


def _facts_only(claims: Sequence[Claim], types: Sequence[ClaimType]) -> tuple[Claim, ...]:
    """The claims with every opinion and instruction marked not checked (no support, its type
    as its kind and the reason): only facts are checked against the sources. An instruction the
    sources give keeps its verdict: supported ("You need to register online before you go to the
    office" beside "Register online first, then bring your passport to the office"), or failed
    by a strict rule ("Add the rice before browning the onions" beside "First brown the onions.
    Then add the rice.": another order, value, polarity or rank is wrong); advice the sources do
    not give is not checked."""
    return tuple(
        c if t == "fact" or (t == "instruction" and (c.supported is True or (
            c.status == "contradicted" and c.reason == STRICT_REASON))) else c.model_copy(
            update={"support": None, "supported": None, "status": "not_checked", "kind": t,
                    "reason": f"an {t}, not a fact to check against the sources"}
        )
        for c, t in zip(claims, types, strict=True)
    )


def _recommend(
    checked: Sequence[Claim], confidence: float, rate: float, *, accept_at: float, reject_below: float,
    reject_above: float,
) -> Recommendation:
    """The three-way recommendation (:func:`~lexguard.grounding.reflect._confidence.decide`),
    where a ``reject`` with fewer than :data:`MIN_REJECTED_CLAIMS` unsupported claims is a
    ``regenerate``: one false sentence is repaired (re-asked, fixed, filtered), not refused."""
    rec = decide(confidence, supported=bool(checked) and rate == 0.0, hallucination_rate=rate, accept_at=accept_at,
                 reject_below=reject_below, reject_above=reject_above)
    if rec == "reject" and sum(1 for c in checked if not c.supported) < MIN_REJECTED_CLAIMS:
        return "regenerate"
    return rec


_REAL_QUESTION = regex.compile(
    r"\?\s*$|^\W*(?:who|whom|whose|what|which|when|where|why|how|is|are|was|were|do|does|did|can|could|"
    r"should|would|will|has|have|had)\b",
    regex.IGNORECASE,
)


_NAME = regex.compile(r"(?<=\s)\p{Lu}\p{Ll}+")
_PRONOUN = regex.compile(r"\b(?:it|its|they|them|their|he|him|his|she|her|this|that|these|those)\b", regex.IGNORECASE)


def is_real_question(question: str | None) -> bool:
    """Whether ``question`` asks something (a ``?``, or a wh- / yes-no opening) about something named.

    Task instructions ("Summarize the following news within 100 words:", "Write an overview
    of this business:") are not questions, and neither, for this purpose, is a follow-up that
    names nothing ("Why?", "Where is it?", "Who built it?": no content word, or a pronoun and one
    that is not a name; "Was it Napoleon?" names someone):
    ISREL / ISUSE against them measure nothing, and "Paris." to "Where is it?" was refused for
    a relevance of 0 although the sources support it.

    Example:
        >>> is_real_question("When did the bridge open?"), is_real_question("Summarize the news:")
        (True, False)
        >>> is_real_question("Where is it?"), is_real_question("Who designed the bridge?")
        (False, True)
    """
    if not (question and question.strip() and _REAL_QUESTION.search(question.strip()[:500])):
        return False
    head = question.strip()[:500]
    named = len(set(content_words(head)))
    return named >= 2 or (named == 1 and not _PRONOUN.search(head)) or _NAME.search(head[1:]) is not None


def apply_self_rag(
    result: SupportResult,
    question: str | None,
    answer: str,
    sources: Sequence[Any],
    **options: Any,
) -> SupportResult:
    """Fold the offline Self-RAG reflection into a support check's result (the one-call wiring).

    An inconclusive result (nothing checked) is returned unchanged. Otherwise the result gets
    the reflection's claims (opinions and instructions unverified, citations limited to
    supporting chunks with retriever scores) and flat citations, its weighted confidence and
    three-way recommendation, the hallucination rate over fact claims, and its findings
    (a critical ``low_confidence`` finding for a reject, soft ``internal_inconsistency``
    findings) after the support findings; findings of claims that are no longer verified
    (opinions, instructions) are dropped. The LLM judge's assessment in ``result.judge``, if
    any, refines ISREL and ISUSE.

    Args:
        result: The support check's result.
        question: The user question.
        answer: The checked answer.
        sources: The sources it was checked against.
        **options: Passed to :func:`assess_offline` (``encoder``, thresholds, weights, ...).

    Returns:
        The updated result (``judge`` and ``timings`` untouched).
    """
    if result.inconclusive or not result.claims:
        return result
    options.setdefault("judge", result.judge)
    reflection = assess_offline(question, answer, result.claims, sources, **options)
    dropped = [c.span for c, t in zip(reflection.claims, reflection.claim_types, strict=True)
               if t != "fact" and c.supported is None]
    kept = tuple(
        f for f in result.findings
        if f.span is None or not any(lo <= f.span[0] < hi for lo, hi in dropped)
    )
    return result.model_copy(
        update={
            "claims": reflection.claims,
            "citations": reflection.citations,
            "findings": (*kept, *reflection.findings),
            "confidence": reflection.confidence,
            "hallucination_rate": reflection.hallucination_rate,
            "recommendation": reflection.recommendation,
            "source_quality": tuple(q.model_dump(mode="json") for q in reflection.source_quality),
        }
    )
