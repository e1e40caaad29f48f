"""Many citations: their metrics, the quality gate, the report of one answer and of a batch.

Gate: FAIL when there are no citations, more than ``fail_invalid_rate`` are invalid, or any
span is hallucinated; WARN when the average alignment < ``warn_alignment``, coverage <
``warn_coverage``, the evidence-index rate < ``warn_evidence_rate`` or no more than
``pass_enhanced_rate`` of the citations carry all enhanced fields; PASS otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from lexguard._models import Source, Span
from lexguard.citations._io import item_from_mapping
from lexguard.citations._models import (
    BatchReport,
    CitationCheck,
    CitationMetrics,
    CitationPolicy,
    CitationReport,
    GateOutcome,
    QualityGateResult,
    ModelCitation,
    QAItem,
)
from lexguard.citations._validate import check_call, validate_citation

__all__ = ["compute_metrics", "quality_gate", "validate_citations", "validate_citation_batch"]


def _covered(spans: Iterable[Span]) -> int:
    total, end = 0, -1
    for start, stop in sorted(spans):
        start = max(start, end)
        if stop > start:
            total += stop - start
            end = stop
    return total


def compute_metrics(
    checks: Sequence[CitationCheck], *, answer_chars: int = 0, covered_chars: int | None = None
) -> CitationMetrics:
    """Aggregate per-citation checks into :class:`CitationMetrics`.

    Args:
        checks: The checks to aggregate.
        answer_chars: Total answer length the spans refer to (0: coverage is 0).
        covered_chars: Covered characters; by default the union of the checks' spans.
    """
    n = len(checks)
    if covered_chars is None:
        covered_chars = _covered(c.span for c in checks if c.span is not None)
    if n == 0:
        return CitationMetrics()
    valid = sum(1 for c in checks if c.valid)
    aligned = [c.alignment for c in checks if c.alignment is not None]
    return CitationMetrics(
        total=n,
        valid=valid,
        invalid=n - valid,
        invalid_rate=(n - valid) / n,
        hallucinated_spans=sum(1 for c in checks if c.hallucinated_span),
        average_alignment=sum(aligned) / len(aligned) if aligned else 0.0,
        average_quality=sum(c.quality for c in checks) / n,
        coverage=min(1.0, covered_chars / answer_chars) if answer_chars else 0.0,
        evidence_idx_rate=sum(1 for c in checks if c.has_evidence_idx) / n,
        alignment_rate=sum(1 for c in checks if "alignment_score" not in c.missing_fields) / n,
        span_rate=sum(1 for c in checks if "span_in_answer" not in c.missing_fields) / n,
        enhanced_rate=sum(1 for c in checks if not c.missing_fields) / n,
    )


def quality_gate(metrics: CitationMetrics, policy: CitationPolicy | None = None) -> QualityGateResult:
    """Apply the FAIL / WARN / PASS rules (see the module docstring) to ``metrics``."""
    policy = policy or CitationPolicy()
    fail: list[str] = []
    if metrics.total == 0:
        fail.append("no citations")
    if metrics.invalid_rate > policy.fail_invalid_rate:
        fail.append(
            f"{metrics.invalid_rate:.0%} of citations are invalid "
            f"(> {policy.fail_invalid_rate:.0%})"
        )
    if metrics.hallucinated_spans:
        fail.append(f"{metrics.hallucinated_spans} hallucinated span(s)")
    if fail:
        return QualityGateResult(outcome=GateOutcome.FAIL, reasons=tuple(fail))
    warn: list[str] = []
    if metrics.average_alignment < policy.warn_alignment:
        warn.append(
            f"average alignment {metrics.average_alignment:.2f} < {policy.warn_alignment}"
        )
    if metrics.coverage < policy.warn_coverage:
        warn.append(f"citation coverage {metrics.coverage:.0%} < {policy.warn_coverage:.0%}")
    if metrics.evidence_idx_rate < policy.warn_evidence_rate:
        warn.append(
            f"{metrics.evidence_idx_rate:.0%} of citations carry an evidence index "
            f"(< {policy.warn_evidence_rate:.0%})"
        )
    if metrics.enhanced_rate <= policy.pass_enhanced_rate:
        warn.append(
            f"{metrics.enhanced_rate:.0%} of citations carry every enhanced field "
            f"(PASS needs > {policy.pass_enhanced_rate:.0%})"
        )
    if warn:
        return QualityGateResult(outcome=GateOutcome.WARN, reasons=tuple(warn))
    return QualityGateResult(outcome=GateOutcome.PASS)


def validate_citations(
    answer: str,
    citations: Sequence[Mapping[str, Any] | ModelCitation],
    *,
    evidence: Sequence[str] | None = None,
    sources: Sequence[Source | str | Mapping[str, Any]] | None = None,
    policy: CitationPolicy | None = None,
    item_id: str | None = None,
) -> CitationReport:
    """Validate every citation of one answer, aggregate the metrics and apply the gate.

    Args:
        answer: The answer text.
        citations: The model's citations.
        evidence: The evidence passages the model saw (``evidence_idx`` indexes into it).
        sources: Source passages (strings, dicts, Documents or :class:`~lexguard.Source`).
        policy: Thresholds; defaults to :class:`CitationPolicy`.
        item_id: Echoed in the report.
    """
    check_call(answer, citations, evidence, sources)
    policy = policy or CitationPolicy()
    srcs = [Source.from_any(s, i) for i, s in enumerate(sources or ())]
    checks = tuple(
        validate_citation(
            c, answer, index=i, evidence=evidence, sources=srcs or None, policy=policy
        )
        for i, c in enumerate(citations)
    )
    covered = _covered(c.span for c in checks if c.span is not None)
    metrics = compute_metrics(checks, answer_chars=len(answer), covered_chars=covered)
    return CitationReport(
        item_id=item_id,
        checks=checks,
        metrics=metrics,
        gate=quality_gate(metrics, policy),
        answer_chars=len(answer),
        covered_chars=covered,
    )


def validate_citation_batch(
    items: Iterable[QAItem | Mapping[str, Any]], *, policy: CitationPolicy | None = None
) -> BatchReport:
    """Validate many QA items and pool their metrics.

    The batch gate is the worst item outcome; its reasons name the failing (or warning) items.
    Pooled coverage is weighted by answer length.

    Raises:
        InputError: If an item is not a :class:`QAItem` or a dict with an ``answer``.
    """
    policy = policy or CitationPolicy()
    reports: list[CitationReport] = []
    for n, raw in enumerate(items):
        item = raw if isinstance(raw, QAItem) else item_from_mapping(raw, n)
        reports.append(
            validate_citations(
                item.answer,
                item.citations,
                evidence=item.evidence if item.evidence else None,
                sources=item.sources,
                policy=policy,
                item_id=item.id if item.id is not None else str(n),
            )
        )
    checks = [c for r in reports for c in r.checks]
    metrics = compute_metrics(
        checks,
        answer_chars=sum(r.answer_chars for r in reports),
        covered_chars=sum(r.covered_chars for r in reports),
    )
    outcomes = {o.value: sum(1 for r in reports if r.gate.outcome == o) for o in GateOutcome}
    worst = max((r.gate.outcome for r in reports), key=lambda o: o.rank, default=GateOutcome.FAIL)
    reasons = tuple(
        f"item {r.item_id}: {'; '.join(r.gate.reasons)}"
        for r in reports
        if r.gate.outcome == worst and r.gate.reasons
    ) or (("empty batch",) if not reports else ())
    return BatchReport(
        items=tuple(reports),
        metrics=metrics,
        outcomes=outcomes,
        gate=QualityGateResult(outcome=worst, reasons=reasons),
    )
