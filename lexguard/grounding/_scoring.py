"""Turning per-claim support into claims, citations, findings, confidence and a recommendation."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lexguard._errors import ParseError
from lexguard._models import Citation, Claim, Finding, Severity, VerifierStatus, hallucination_rate, hallucination_score
from lexguard.grounding.reflect._confidence import recommendation
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.verify._features import ClaimEvidence
from lexguard.grounding._polar import PolarReading, decide_polar
from lexguard.grounding._findings import (
    clause_finding,
    contradiction_finding,
    coverage_finding,
    findings_for,
    overstatement_finding,
    refusal_finding,
    refused_claim,
)
from lexguard.grounding.evidence._index import SourceIndex
from lexguard.grounding.claims._worthiness import META_REASON
from lexguard.grounding.signals._lexical import strip_markdown
from lexguard.grounding._result import STRICT_REASON, SupportResult
from lexguard.grounding._override import overruled
from lexguard.grounding._strict import breaks_a_strict_rule
from lexguard.grounding._record_checked import record_support
from lexguard.grounding._worked import worked_support
from lexguard.grounding.verify._clauses_read import CLAUSE_REASON

__all__ = ["answer_confidence", "apply_nli", "build_result", "nli_probabilities"]

logger = logging.getLogger("lexguard.grounding")


def _field(item: Any, name: str) -> float | None:
    value = item.get(name) if isinstance(item, Mapping) else getattr(item, name, None)
    return float(value) if isinstance(value, int | float) else None


def nli_probabilities(raw: Any, n: int) -> tuple[list[float], list[float | None]]:
    """Read an NLI verifier's output: floats (entailment) or items with entailment/contradiction.

    Raises:
        ParseError: If the output has the wrong length or no entailment value (a ``ValueError``).
    """
    items = list(raw)
    if len(items) != n:
        raise ParseError(f"the NLI verifier returned {len(items)} scores for {n} pairs; its score(pairs) must "
                         "return one score per (premise, hypothesis) pair")
    entail: list[float] = []
    contra: list[float | None] = []
    for item in items:
        if isinstance(item, int | float | np.floating):
            entail.append(float(item))
            contra.append(None)
            continue
        e = _field(item, "entailment")
        if e is None:
            raise ParseError(f"NLI output item {item!r} has no entailment probability; return floats or "
                             "items with an 'entailment' (and optionally 'contradiction') field")
        entail.append(e)
        contra.append(_field(item, "contradiction"))
    return entail, contra


def apply_nli(
    nli: Any,
    weight: float,
    claims: list[Claim],
    index: SourceIndex,
    evidence: list[ClaimEvidence],
    support: np.ndarray,
    methods: list[str],
) -> tuple[np.ndarray, list[str], VerifierStatus]:
    """Blend an NLI verifier's entailment into the support of each claim with evidence.

    The NLI score of (best chunk, claim) is mixed in with ``weight``; a contradiction of 0.5 or
    more caps the support at ``1 - contradiction``. A failing verifier leaves the support as it
    was; its status (``failed`` or ``timed_out``, with the reason) says so in the result.
    """
    pairs, owners = [], []
    for i, (claim, ev) in enumerate(zip(claims, evidence, strict=True)):
        if ev.best_chunks:
            pairs.append((index.chunks[ev.best_chunks[0]].text, strip_markdown(claim.text)))
            owners.append(i)
    if not pairs:
        return support, methods, VerifierStatus(name="nli", status="skipped", reason="no claim has evidence")
    try:
        entail, contra = nli_probabilities(nli.score(pairs), len(pairs))
    except Exception as exc:  # noqa: BLE001 - the verifier is optional: reported, not fatal
        logger.warning("NLI verifier failed (%s); using the support model alone", exc)
        return support, methods, VerifierStatus(
            name="nli", status="timed_out" if isinstance(exc, TimeoutError) else "failed",
            reason=f"{type(exc).__name__}: {str(exc)[:500]}", checks=len(pairs), failed_checks=len(pairs),
        )
    support = support.copy()
    methods = list(methods)
    for j, i in enumerate(owners):
        combined = (1 - weight) * support[i] + weight * entail[j]
        if contra[j] is not None and contra[j] >= 0.5:
            combined = min(combined, 1.0 - contra[j])
        support[i] = combined
        methods[i] = "nli"
    return support, methods, VerifierStatus(name="nli", status="ok", checks=len(pairs))


def _citations(claim: Claim, ev: ClaimEvidence, index: SourceIndex | None, method: str, k: int) -> list[Citation]:
    if index is None:
        return []
    out = []
    for rank, (ci, score) in enumerate(zip(ev.best_chunks[:k], ev.best_scores[:k], strict=False)):
        chunk = index.chunks[ci]
        out.append(
            Citation(
                claim_index=claim.index,
                claim=claim.text,
                source_id=chunk.source_id,
                chunk_id=chunk.id,
                score=float(min(1.0, max(0.0, score))),
                method=method if rank == 0 else "semantic",
                quote=chunk.text,
                metadata=dict(chunk.metadata),
            )
        )
    return out


def _confidence(
    question: str | None, claims: Sequence[Claim], assessment: Any, config: GroundingConfig, threshold: float
) -> float:
    from lexguard.grounding.reflect import _confidence as conf

    value = answer_confidence(claims, threshold, config.confidence_bar)
    if assessment is not None:
        judged = conf.judge_confidence(assessment, config.judge.weights_for(question))
        if judged is not None:
            # The judge refines, it never lifts an answer with an unsupported claim over the bar.
            value = judged if value is None else (min(judged, value) if any(c.supported is False for c in claims) else judged)
    return 0.5 if value is None else value


def answer_confidence(claims: Sequence[Claim], threshold: float, bar: float) -> float | None:
    """Confidence of an answer: its weakest checked claim's support, mapped so ``threshold -> bar``.

    An answer is as trustworthy as its weakest claim, and the mapping puts the support
    threshold exactly on the confidence bar (the guard's gate, 0.7 by default): every answer
    with an unsupported claim scores below the bar and every fully supported one at or above it,
    so the confidence gate and the findings never disagree.

    Returns:
        The confidence, or ``None`` when no claim was checked.
    """
    values = [c.support for c in claims if c.support is not None and c.status != "not_checked"]
    if not values:
        return None
    p = min(values)
    if any(c.supported is False for c in claims):
        p = min(p, threshold - 1e-6)
    t = min(max(threshold, 1e-6), 1 - 1e-6)
    mapped = bar + (1 - bar) * (p - t) / (1 - t) if p >= t else bar * p / t
    return float(min(1.0, max(0.0, mapped)))


NO_CLAIMS = "no claims: the answer has no checkable statement"


def _not_checked(claim: Claim, reason: str) -> Claim:
    kind = "meta" if reason == META_REASON else claim.kind
    return claim.model_copy(
        update={"support": None, "supported": None, "status": "not_checked", "reason": reason, "kind": kind}
    )


@dataclass(frozen=True)
class _Scoring:
    """What every claim of one answer is scored against."""

    index: SourceIndex | None
    config: GroundingConfig
    threshold: float
    judged: Mapping[int, Any]
    verdicts: np.ndarray | None
    verifier_evidence: list[str] | None
    read_all: list[bool] | None = None
    """Per claim, whether the verifier read everything in the sources bearing on it (which
    override level holds; all ``True`` when unknown)."""
    doubted: Mapping[int, str] = field(default_factory=dict)
    """Claims (by position) with a relative clause the verifier reads as unsupported, each with it."""


def _inconclusive(claims: Sequence[Claim], findings: Sequence[Finding], timings: dict[str, float]) -> SupportResult:
    return SupportResult(
        claims=tuple(claims),
        findings=tuple(findings),
        confidence=0.5,
        inconclusive_reason="no claims checked: " + "; ".join(sorted({c.reason or "" for c in claims})),
        timings=timings,
    )


def _judged_support(s: _Scoring, claim: Claim, ev: ClaimEvidence, p: float, method: str) -> tuple[float, list[Citation]]:
    """The claim's support with the judge's score blended in, and its citations (the judge's first)."""
    cites = _citations(claim, ev, s.index, method, s.config.top_k)
    verdict = s.judged.get(claim.index)
    if verdict is not None and isinstance(getattr(verdict, "score", None), int | float):
        w = s.config.judge_weight
        p = (1 - w) * p + w * float(verdict.score)
        to_citation = getattr(verdict, "to_citation", None)
        llm_cite = to_citation(claim, _chunk_sources(s.index, ev)) if callable(to_citation) else None
        if llm_cite is not None:
            cites = [llm_cite, *cites]
    return p, cites


def _score_claim(
    s: _Scoring, n: int, claim: Claim, ev: ClaimEvidence, p: float, method: str
) -> tuple[Claim, list[Citation], list[Finding]]:
    """One scored claim: its status, support, citations, and the findings when it is not supported."""
    config, threshold, verdicts = s.config, s.threshold, s.verdicts
    p = record_support(p, threshold, ev)  # a claim of a record's hours and attributes, each as it gives them
    p, cites = _judged_support(s, claim, ev, p, method)  # a judge's "not supported" still weighs against it
    known = s.index.profile.words if s.index is not None else frozenset()
    p = worked_support(p, threshold, ev, claim.text, known)  # a claim that shows its working: no arithmetic in the verifier
    flipped = ev.conflict if config.strict_polarity else None
    overstated = ev.overstated if config.strict_polarity and flipped is None else None
    strict_hit = rule_hit = breaks_a_strict_rule(ev, config)
    if verdicts is not None and not ev.record_checked and overruled(config, verdicts[n], ev, claim.text, s.read_all is None or s.read_all[n]):
        strict_hit = True
    clause = s.doubted.get(n)  # "..., who was later named man of the match, ...": read alone, unsupported
    supported = p >= threshold and not strict_hit and clause is None
    if strict_hit or clause is not None:
        p = min(p, max(0.0, threshold - 0.01))  # the lexical evidence overrides the model
    p = float(min(1.0, max(0.0, p)))
    contradicted = (
        not supported
        and verdicts is not None
        and float(verdicts[n][1]) > float(verdicts[n][2])
        and float(verdicts[n][1]) >= 0.5
    ) or bool((ev.contradicted_numbers or flipped) and not supported)
    status = "supported" if supported else "contradicted" if contradicted else "unsupported"
    done = claim.model_copy(
        update={"support": round(p, 4), "supported": supported, "citations": tuple(cites), "status": status}
        | ({"reason": STRICT_REASON} if rule_hit and claim.reason is None else {})
        | ({"reason": CLAUSE_REASON} if clause is not None and not rule_hit and claim.reason is None else {})
    )
    if supported:
        return done, cites[:1], []
    severity = Severity.SOFT if not strict_hit and clause is None and p >= threshold - config.soft_margin else Severity.HARD
    findings: list[Finding] = []
    if clause is not None:
        findings.append(clause_finding(done, clause))
    if flipped is not None:
        findings.append(contradiction_finding(done, flipped, p, severity))
    elif overstated is not None:
        findings.append(overstatement_finding(done, overstated, p, severity))
    elif status == "contradicted" and s.verifier_evidence is not None and not ev.contradicted_numbers:
        findings.append(contradiction_finding(done, s.verifier_evidence[n], p, severity))
    return done, [], [*findings, *findings_for(done, ev, s.index, p, severity, config)]


def build_result(
    *,
    answer: str,
    question: str | None,
    claims: list[Claim],
    index: SourceIndex | None,
    evidence: list[ClaimEvidence],
    support: np.ndarray,
    methods: list[str],
    assessment: Any,
    config: GroundingConfig,
    threshold: float,
    timings: dict[str, float],
    verdicts: np.ndarray | None = None,
    verifier_evidence: list[str] | None = None,
    verifier_read_all: list[bool] | None = None,
    skipped: Mapping[int, str] | None = None,
    refuted: Mapping[int, str] | None = None,
    polar: Mapping[int, PolarReading] | None = None,
    doubted: Mapping[int, str] | None = None,
) -> SupportResult:
    """Assemble the :class:`SupportResult` from scored claims (and the judge's assessment).

    Every claim ends ``supported``, ``contradicted``, ``unsupported`` or ``not_checked`` with
    a reason; text that was not checked is also a soft ``not_checked`` finding. An answer with
    no checked claim is inconclusive (confidence 0.5, never 1.0).
    """
    skipped = dict(skipped or {})
    if not claims:
        return SupportResult(confidence=0.5, inconclusive_reason=NO_CLAIMS, timings=timings)
    if not evidence:  # nothing was scored: every claim is not_checked
        out = tuple(_not_checked(c, skipped.get(c.index) or c.reason or "not checked") for c in claims)
        return _inconclusive(out, [coverage_finding(c) for c in out if c.unread], timings)
    scoring = _Scoring(index, config, threshold, getattr(assessment, "claim_support", None) or {}, verdicts,
                       verifier_evidence, verifier_read_all, doubted or {})
    out_claims, flat, findings = _decide_claims(scoring, claims, evidence, support, methods, skipped, refuted)
    if polar:  # "No, ..." read with the question (:mod:`._polar`)
        out_claims, findings = _read_answer_words(out_claims, findings, polar, threshold)
    checked = [c for c in out_claims if c.supported is not None]
    if not checked:
        return _inconclusive(out_claims, findings, timings)
    rate = hallucination_rate(checked)
    score = hallucination_score(checked)
    return SupportResult(
        claims=tuple(out_claims),
        citations=tuple(flat),
        findings=tuple(findings),
        confidence=float(min(1.0, max(0.0, _confidence(question, out_claims, assessment, config, threshold)))),
        hallucination_rate=rate,
        recommendation=recommendation(rate, config.max_hallucination_rate, config.reject_hallucination_rate),
        hallucination_score=float(min(1.0, max(0.0, score))),
        judge=assessment,
        timings=timings,
    )


def _decide_claims(
    scoring: _Scoring,
    claims: list[Claim],
    evidence: list[ClaimEvidence],
    support: np.ndarray,
    methods: list[str],
    skipped: Mapping[int, str],
    refuted: Mapping[int, str] | None,
) -> tuple[list[Claim], list[Citation], list[Finding]]:
    """Decide every claim, in order: not checked (skipped), a refuted refusal, or scored.

    A skipped claim is ``not_checked`` with its reason (and a soft finding when its text was not
    read); a refusal ("the sources do not say X") whose X the sources give is unsupported with a
    hard finding, its support just below the threshold as a strict rule's (the passage holds the
    topic's words, which need not answer it); every other claim is scored by :func:`_score_claim`.

    Returns:
        ``(claims, citations of the supported claims, findings)``.
    """
    out_claims: list[Claim] = []
    flat: list[Citation] = []
    findings: list[Finding] = []
    for n, (claim, ev, p, method) in enumerate(zip(claims, evidence, support, methods, strict=True)):
        if claim.index in skipped:
            done = _not_checked(claim, skipped[claim.index])
            findings += [coverage_finding(done)] if done.unread else []
        elif refuted and claim.index in refuted:  # "the sources do not say X", and they do
            done = refused_claim(claim, max(0.0, scoring.threshold - 0.01))
            findings.append(refusal_finding(done, refuted[claim.index]))
        else:
            done, cited, found = _score_claim(scoring, n, claim, ev, float(p), method)
            flat += cited
            findings += found
        out_claims.append(done)
    return out_claims, flat, findings


def _read_answer_words(
    claims: list[Claim], findings: list[Finding], polar: Mapping[int, PolarReading], threshold: float
) -> tuple[list[Claim], list[Finding]]:
    """The claims with their answer words decided (:func:`~lexguard.grounding._polar.decide_polar`)."""
    out, found = [], list(findings)
    for claim in claims:
        reading = polar.get(claim.index)
        if reading is not None and (reading.bare or claim.status != "not_checked"):
            if reading.bare:  # the models read "No." itself: only the answer word's reading counts
                found = [f for f in found if f.span != claim.span]
            claim, extra = decide_polar(claim, reading, threshold)
            found += extra
        out.append(claim)
    return out, found


def _chunk_sources(index: SourceIndex | None, ev: ClaimEvidence) -> list[Any]:
    if index is None:
        return []
    from lexguard._models import Source

    return [
        Source(id=c.id, content=c.text, metadata={**c.metadata, "source_id": c.source_id, "chunk_id": c.id})
        for c in (index.chunks[i] for i in ev.best_chunks)
    ]
