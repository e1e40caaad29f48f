"""Turning per-claim support into claims, citations, findings, confidence and a recommendation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from lexguard._models import Citation, Claim, Finding, FindingKind, Severity
from lexguard.grounding._confidence import recommendation
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding._features import ClaimEvidence
from lexguard.grounding._index import SourceIndex
from lexguard.grounding._lexical import Mention
from lexguard.grounding._result import SupportResult

__all__ = ["build_result", "nli_probabilities"]

_STAGE = "support_check"


def _field(item: Any, name: str) -> float | None:
    value = item.get(name) if isinstance(item, Mapping) else getattr(item, name, None)
    return float(value) if isinstance(value, int | float) else None


def nli_probabilities(raw: Any, n: int) -> tuple[list[float], list[float | None]]:
    """Read an NLI verifier's output: floats (entailment) or items with entailment/contradiction.

    Raises:
        ValueError: If the output has the wrong length or no entailment value.
    """
    items = list(raw)
    if len(items) != n:
        raise ValueError(f"NLI verifier returned {len(items)} scores for {n} pairs")
    entail: list[float] = []
    contra: list[float | None] = []
    for item in items:
        if isinstance(item, int | float | np.floating):
            entail.append(float(item))
            contra.append(None)
            continue
        e = _field(item, "entailment")
        if e is None:
            raise ValueError(f"NLI output item {item!r} has no entailment probability")
        entail.append(e)
        contra.append(_field(item, "contradiction"))
    return entail, contra


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


def _shorten(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _findings_for(
    claim: Claim, ev: ClaimEvidence, index: SourceIndex | None, support: float, severity: Severity
) -> list[Finding]:
    offset = claim.span[0]
    best = index.chunks[ev.best_chunks[0]] if index is not None and ev.best_chunks else None
    evidence = _shorten(best.text) if best is not None else None
    source_id = best.source_id if best is not None else None
    common = {"stage": _STAGE, "evidence": evidence, "source_id": source_id, "severity": severity}
    confidence = round(1.0 - support, 4)

    def span(m: Mention) -> tuple[int, int]:
        return (offset + m.span[0], offset + m.span[1])

    findings: list[Finding] = []
    for m in ev.contradicted_numbers:
        findings.append(
            Finding(
                kind=FindingKind.CONTRADICTED_VALUE,
                message=f"The value '{m.text}' appears in no source; the closest passage "
                f"({best.id if best else '?'}) gives a different value. Use the value from the "
                "source or remove it.",
                span=span(m),
                rule_id="grounding.contradicted_value",
                confidence=confidence,
                **common,
            )
        )
    contradicted = {m.span for m in ev.contradicted_numbers}
    for m in ev.unknown_numbers:
        if m.span not in contradicted:
            findings.append(
                Finding(
                    kind=FindingKind.UNSUPPORTED,
                    message=f"The value '{m.text}' appears in no source; remove it or support it.",
                    span=span(m),
                    rule_id="grounding.unknown_value",
                    confidence=confidence,
                    **common,
                )
            )
    for m in ev.unknown_entities:
        findings.append(
            Finding(
                kind=FindingKind.UNKNOWN_ENTITY,
                message=f"'{m.text}' is not mentioned in any source; remove it or use a name the "
                "sources support.",
                span=span(m),
                rule_id="grounding.unknown_entity",
                confidence=confidence,
                **common,
            )
        )
    for m in ev.unknown_quotes:
        findings.append(
            Finding(
                kind=FindingKind.UNSUPPORTED,
                message=f"The quotation \u201c{m.text}\u201d does not occur in any source; quote the "
                "source verbatim or drop the quotation marks.",
                span=span(m),
                rule_id="grounding.unknown_quote",
                confidence=confidence,
                **common,
            )
        )
    if not findings:
        findings.append(
            Finding(
                kind=FindingKind.UNSUPPORTED,
                message=f"This claim is not supported by the sources (support {support:.2f}); "
                "remove it or restate only what the sources say.",
                span=claim.span,
                rule_id="grounding.unsupported",
                confidence=confidence,
                **common,
            )
        )
    return findings


def _confidence(question: str | None, claims: Sequence[Claim], assessment: Any, config: GroundingConfig) -> float:
    from lexguard.grounding import _confidence as conf

    if assessment is not None:
        value = conf.judge_confidence(assessment, config.judge.weights_for(question))
        if value is not None:
            return value
    value = conf.support_confidence(claims)
    return 1.0 if value is None else value


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
) -> SupportResult:
    """Assemble the :class:`SupportResult` from scored claims (and the judge's assessment)."""
    if not claims:
        return SupportResult(
            confidence=1.0, inconclusive_reason="no claims: the answer has no checkable statement", timings=timings
        )
    judged: Mapping[int, Any] = getattr(assessment, "claim_support", None) or {}
    out_claims: list[Claim] = []
    flat: list[Citation] = []
    findings: list[Finding] = []
    for claim, ev, p, method in zip(claims, evidence, support, methods, strict=True):
        p = float(p)
        cites = _citations(claim, ev, index, method, config.top_k)
        verdict = judged.get(claim.index)
        if verdict is not None and isinstance(getattr(verdict, "score", None), int | float):
            w = config.judge_weight
            p = (1 - w) * p + w * float(verdict.score)
            to_citation = getattr(verdict, "to_citation", None)
            llm_cite = to_citation(claim, _chunk_sources(index, ev)) if callable(to_citation) else None
            if llm_cite is not None:
                cites = [llm_cite, *cites]
        strict_hit = (config.strict_values and bool(ev.unknown_numbers or ev.unknown_quotes)) or (
            config.strict_entities and bool(ev.unknown_entities)
        )
        supported = p >= threshold and not strict_hit
        if strict_hit:
            p = min(p, max(0.0, threshold - 0.01))  # the lexical evidence overrides the model
        p = float(min(1.0, max(0.0, p)))
        done = claim.model_copy(update={"support": round(p, 4), "supported": supported, "citations": tuple(cites)})
        out_claims.append(done)
        if supported:
            flat.extend(cites[:1])
        else:
            marginal = not strict_hit and p >= threshold - config.soft_margin
            findings += _findings_for(done, ev, index, p, Severity.SOFT if marginal else Severity.HARD)
    rate = sum(1 for c in out_claims if not c.supported) / len(out_claims)
    score = max(1.0 - (c.support or 0.0) for c in out_claims)
    return SupportResult(
        claims=tuple(out_claims),
        citations=tuple(flat),
        findings=tuple(findings),
        confidence=float(min(1.0, max(0.0, _confidence(question, out_claims, assessment, config)))),
        hallucination_rate=rate,
        recommendation=recommendation(rate, config.max_hallucination_rate, config.reject_hallucination_rate),
        hallucination_score=float(min(1.0, max(0.0, score))),
        judge=assessment,
        timings=timings,
    )


def _chunk_sources(index: SourceIndex | None, ev: ClaimEvidence) -> list[Any]:
    if index is None:
        return []
    from lexguard._models import Source

    return [
        Source(id=c.id, content=c.text, metadata={**c.metadata, "source_id": c.source_id, "chunk_id": c.id})
        for c in (index.chunks[i] for i in ev.best_chunks)
    ]
