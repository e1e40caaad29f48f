"""Turning per-claim support into claims, citations, findings, confidence and a recommendation."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import regex

from lexguard._models import Citation, Claim, Finding, FindingKind, Severity
from lexguard.grounding._confidence import recommendation
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding._features import ClaimEvidence
from lexguard.grounding._index import SourceIndex
from lexguard.grounding._lexical import Mention, content_words
from lexguard.grounding._result import SupportResult

__all__ = ["build_result", "nli_probabilities", "novel_runs", "unsupported_parts"]

_STAGE = "support_check"
_TOKEN = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}'\u2019-]*")


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


def novel_runs(text: str, known: set[str] | frozenset[str], min_words: int = 1) -> list[tuple[int, int]]:
    """Maximal runs of content words of ``text`` absent from ``known`` (stopwords do not break a run).

    Args:
        text: The claim text.
        known: Normalised content words (as :func:`~lexguard.grounding._lexical.content_words`
            gives them) of the evidence.
        min_words: Shortest run (in content words) worth reporting.

    Returns:
        ``(start, end)`` offsets into ``text``, in order.
    """
    runs: list[tuple[int, int]] = []
    start = end = -1
    count = 0
    for match in _TOKEN.finditer(text):
        words = content_words(match.group(0))
        if not words:
            continue  # a stopword neither starts, ends nor breaks a run
        if any(w not in known for w in words):
            if start < 0:
                start, count = match.start(), 0
            end, count = match.end(), count + 1
            continue
        if start >= 0 and count >= min_words:
            runs.append((start, end))
        start = -1
    if start >= 0 and count >= min_words:
        runs.append((start, end))
    return runs


def _known_words(ev: ClaimEvidence, index: SourceIndex, scope: str) -> set[str]:
    if scope == "sources":
        return set(index.profile.words)
    chunks = ev.best_chunks[:1] if scope == "best" else ev.best_chunks
    known: set[str] = set()
    for ci in chunks:
        known |= index.chunk_profiles[ci].words
    return known


_EDGE = " \t\n\r,.;:!?\"'()[]{}\u201c\u201d\u2018\u2019-"


def _uncovered(lo: int, hi: int, covered: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of ``[lo, hi)`` that no ``covered`` span overlaps (so findings never repeat)."""
    pieces = [(lo, hi)]
    for start, end in covered:
        remaining = []
        for a, b in pieces:
            if end <= a or start >= b:
                remaining.append((a, b))
                continue
            if a < start:
                remaining.append((a, start))
            if end < b:
                remaining.append((end, b))
        pieces = remaining
    return pieces


def unsupported_parts(
    claim_text: str,
    ev: ClaimEvidence,
    index: SourceIndex | None,
    *,
    mode: str = "mentions_runs",
    scope: str = "top",
    min_words: int = 1,
) -> list[tuple[int, int]]:
    """Where in an unsupported claim the evidence locates the unsupported part.

    Args:
        claim_text: The claim as it appears in the answer.
        ev: The claim's evidence.
        index: The source index (needed for word runs).
        mode: ``claim`` (nothing narrower), ``mentions`` (values, names and quotations found in
            no source), ``runs`` (runs of content words absent from the evidence; for
            experiments, not a ``GroundingConfig.finding_span`` value),
            ``mentions_runs`` (both) or ``mentions_else_runs`` (runs only without mentions).
        scope: Evidence for word runs: ``best`` chunk, ``top`` retrieved chunks or all ``sources``.
        min_words: Shortest word run reported.

    Returns:
        Sorted, merged ``(start, end)`` offsets relative to the claim; empty when nothing more
        specific than the whole claim is found.
    """
    if mode == "claim":
        return []
    mentions = [m.span for m in (*ev.unknown_numbers, *ev.unknown_entities, *ev.unknown_quotes)]
    parts = list(mentions) if mode in ("mentions", "mentions_runs", "mentions_else_runs") else []
    wants_runs = mode in ("runs", "mentions_runs") or (mode == "mentions_else_runs" and not mentions)
    if wants_runs and index is not None and ev.best_chunks:
        parts += novel_runs(claim_text, _known_words(ev, index, scope), min_words)
    merged: list[tuple[int, int]] = []
    for start, end in sorted(parts):
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


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
    claim: Claim,
    ev: ClaimEvidence,
    index: SourceIndex | None,
    support: float,
    severity: Severity,
    config: GroundingConfig,
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
    covered = [f.span for f in findings if f.span is not None]
    for start, end in unsupported_parts(
        claim.text, ev, index, mode=config.finding_span, scope=config.finding_span_scope,
        min_words=config.finding_span_min_words,
    ):
        for lo, hi in _uncovered(offset + start, offset + end, covered):
            piece = claim.text[lo - offset : hi - offset]
            lead = len(piece) - len(piece.lstrip(_EDGE))
            piece = piece.strip(_EDGE)
            if not any(ch.isalnum() for ch in piece):
                continue
            lo += lead
            hi = lo + len(piece)
            findings.append(
                Finding(
                    kind=FindingKind.UNSUPPORTED,
                    message=f"'{_shorten(piece, 80)}' is found in none of the closest "
                    "passages; remove it or restate only what the sources say.",
                    span=(lo, hi),
                    rule_id="grounding.unsupported_words",
                    confidence=confidence,
                    **common,
                )
            )
    if not findings or config.finding_span == "claim":
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


def _confidence(
    question: str | None, claims: Sequence[Claim], assessment: Any, config: GroundingConfig, threshold: float
) -> float:
    from lexguard.grounding import _confidence as conf

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


def _not_checked(claim: Claim, reason: str) -> Claim:
    return claim.model_copy(update={"support": None, "supported": None, "status": "not_checked", "reason": reason})


def _coverage_finding(claim: Claim) -> Finding:
    return Finding(
        kind=FindingKind.NOT_CHECKED,
        severity=Severity.SOFT,
        message=f"This part of the answer was not checked against the sources: {claim.reason}.",
        span=claim.span,
        rule_id="grounding.not_checked",
        stage=_STAGE,
    )


def _contradiction_finding(claim: Claim, evidence: str, support: float, severity: Severity) -> Finding:
    return Finding(
        kind=FindingKind.CONTRADICTED,
        severity=severity,
        message=f"The sources say otherwise: \u201c{_shorten(evidence, 200)}\u201d. Correct the claim to "
        "match the source or remove it.",
        span=claim.span,
        rule_id="grounding.contradicted",
        evidence=_shorten(evidence),
        confidence=round(1.0 - support, 4),
        stage=_STAGE,
    )


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
    skipped: Mapping[int, str] | None = None,
) -> SupportResult:
    """Assemble the :class:`SupportResult` from scored claims (and the judge's assessment).

    Every claim ends ``supported``, ``contradicted``, ``unsupported`` or ``not_checked`` with
    a reason; text that was not checked is also a soft ``not_checked`` finding. An answer with
    no checked claim is inconclusive (confidence 0.5, never 1.0).
    """
    skipped = dict(skipped or {})
    if not claims:
        return SupportResult(
            confidence=0.5, inconclusive_reason="no claims: the answer has no checkable statement", timings=timings
        )
    if not evidence:  # nothing was scored: every claim is not_checked
        out = tuple(_not_checked(c, skipped.get(c.index) or c.reason or "not checked") for c in claims)
        return SupportResult(
            claims=out,
            findings=tuple(_coverage_finding(c) for c in out if c.reason and "meta statement" not in c.reason),
            confidence=0.5,
            inconclusive_reason="no claims checked: " + "; ".join(sorted({c.reason or "" for c in out})),
            timings=timings,
        )
    judged: Mapping[int, Any] = getattr(assessment, "claim_support", None) or {}
    out_claims: list[Claim] = []
    flat: list[Citation] = []
    findings: list[Finding] = []
    for n, (claim, ev, p, method) in enumerate(zip(claims, evidence, support, methods, strict=True)):
        if claim.index in skipped:
            done = _not_checked(claim, skipped[claim.index])
            out_claims.append(done)
            if "meta statement" not in (done.reason or ""):
                findings.append(_coverage_finding(done))
            continue
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
        contradicted = (
            not supported
            and verdicts is not None
            and float(verdicts[n][1]) > float(verdicts[n][2])
            and float(verdicts[n][1]) >= 0.5
        ) or bool(ev.contradicted_numbers and not supported)
        status = "supported" if supported else "contradicted" if contradicted else "unsupported"
        done = claim.model_copy(
            update={"support": round(p, 4), "supported": supported, "citations": tuple(cites), "status": status}
        )
        out_claims.append(done)
        if supported:
            flat.extend(cites[:1])
        else:
            marginal = not strict_hit and p >= threshold - config.soft_margin
            severity = Severity.SOFT if marginal else Severity.HARD
            if status == "contradicted" and verifier_evidence is not None and not ev.contradicted_numbers:
                findings.append(_contradiction_finding(done, verifier_evidence[n], p, severity))
            findings += _findings_for(done, ev, index, p, severity, config)
    checked = [c for c in out_claims if c.status != "not_checked"]
    if not checked:
        return SupportResult(
            claims=tuple(out_claims),
            findings=tuple(findings),
            confidence=0.5,
            inconclusive_reason="no claims checked: "
            + "; ".join(sorted({c.reason or "" for c in out_claims})),
            timings=timings,
        )
    rate = sum(1 for c in checked if not c.supported) / len(checked)
    score = max(1.0 - (c.support or 0.0) for c in checked)
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


def _chunk_sources(index: SourceIndex | None, ev: ClaimEvidence) -> list[Any]:
    if index is None:
        return []
    from lexguard._models import Source

    return [
        Source(id=c.id, content=c.text, metadata={**c.metadata, "source_id": c.source_id, "chunk_id": c.id})
        for c in (index.chunks[i] for i in ev.best_chunks)
    ]
