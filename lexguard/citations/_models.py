"""Value objects of citation validation: inputs, per-citation checks, metrics and gate results."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from lexguard._enums import OrderedStrEnum
from lexguard._models import Source, Span
from lexguard._value import ValueModel

__all__ = [
    "ModelCitation",
    "QAItem",
    "CitationPolicy",
    "QuoteMatch",
    "CitationCheck",
    "CitationMetrics",
    "GateOutcome",
    "QualityGateResult",
    "CitationReport",
    "BatchReport",
]


class ModelCitation(BaseModel):
    """A citation as a model produced it.

    Types are deliberately loose: a model may emit a relevance of ``1.7`` or an evidence index of
    ``-1``, and validation must report that as an error instead of refusing to build the object.
    Pass raw dicts to the validators; this model is what they are coerced into.

    Attributes:
        source: Required. Id (or name) of the cited source; must be non-empty.
        relevance: Required. How relevant the source is, 0..1.
        quote: Required. The text quoted from the source; must be non-empty.
        evidence_idx: Enhanced. Index into the evidence list the model was given.
        alignment_score: Enhanced. The model's own claim/quote alignment, 0..1; below 0.3 it is
            a warning and costs quality (the citation stays valid).
        span_in_answer: Enhanced. The answer text this citation supports; must occur in the answer.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    source: Any = None
    relevance: Any = None
    quote: Any = None
    evidence_idx: Any = None
    alignment_score: Any = None
    span_in_answer: Any = None


class QAItem(ValueModel):
    """One answer with the citations a model produced for it (one line of the CLI's JSONL).

    Attributes:
        id: Optional item id, echoed in reports.
        answer: The answer text.
        citations: The model's citations (dicts with the :class:`ModelCitation` fields).
        evidence: The evidence passages the model was given; ``evidence_idx`` indexes into it.
        sources: Source passages; a citation's ``source`` is looked up by ``Source.id``.
    """

    id: str | None = None
    answer: str
    citations: tuple[dict[str, Any], ...] = ()
    evidence: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()


class CitationPolicy(ValueModel):
    """Thresholds of citation validation and of the quality gate.

    Attributes:
        min_alignment: A citation's ``alignment_score`` below this is a warning that costs
            ``low_alignment_penalty`` quality (not an error: the design).
        low_alignment_penalty: Quality lost for an alignment below ``min_alignment``.
        span_prefix_chars: When ``span_in_answer`` is not in the answer verbatim, its first this
            many characters are tried before the span counts as hallucinated; a span found that
            way is recorded at the length that really matches the answer.
        missing_field_penalty: Quality lost per missing enhanced field.
        error_penalty: Quality lost per other error (an evidence index out of range, an
            alignment that is not a number in 0..1, an unknown source), so an invalid citation
            never keeps quality 1.0.
        hallucinated_span_penalty: Quality lost for a span that is not in the answer.
        quote_mismatch_penalty: Quality lost for a quote not found in the cited source.
        low_quality: A citation whose quality is below this gets a ``low quality`` warning.
        quote_fuzzy_threshold: rapidfuzz ``partial_ratio`` (0..100) at which a quote counts as
            found in its source although not verbatim.
        fail_invalid_rate: The gate FAILs when more than this share of citations is invalid.
        pass_enhanced_rate: The gate PASSes only when more than this share of citations carries
            every enhanced field (``evidence_idx``, ``alignment_score``, ``span_in_answer``);
            otherwise it WARNs.
        warn_alignment: The gate WARNs when the average alignment is below this.
        warn_coverage: The gate WARNs when cited spans cover less than this share of the answer.
        warn_evidence_rate: The gate WARNs when fewer than this share carry an evidence index.
    """

    min_alignment: float = Field(0.3, ge=0.0, le=1.0)
    low_alignment_penalty: float = Field(0.2, ge=0.0, le=1.0)
    span_prefix_chars: int = Field(50, ge=1)
    missing_field_penalty: float = Field(0.05, ge=0.0, le=1.0)
    error_penalty: float = Field(0.3, gt=0.0, le=1.0)
    hallucinated_span_penalty: float = Field(0.3, ge=0.0, le=1.0)
    quote_mismatch_penalty: float = Field(0.3, ge=0.0, le=1.0)
    low_quality: float = Field(0.5, ge=0.0, le=1.0)
    quote_fuzzy_threshold: float = Field(90.0, ge=0.0, le=100.0)
    fail_invalid_rate: float = Field(0.3, ge=0.0, le=1.0)
    pass_enhanced_rate: float = Field(0.8, ge=0.0, le=1.0)
    warn_alignment: float = Field(0.4, ge=0.0, le=1.0)
    warn_coverage: float = Field(0.5, ge=0.0, le=1.0)
    warn_evidence_rate: float = Field(0.8, ge=0.0, le=1.0)


class QuoteMatch(StrEnum):
    """How a quote was found in its source."""

    EXACT = "exact"
    WHITESPACE = "whitespace"
    FUZZY = "fuzzy"
    NOT_FOUND = "not_found"
    UNCHECKED = "unchecked"


class CitationCheck(ValueModel):
    """The result of validating one model-produced citation.

    Attributes:
        index: Position of the citation in its list.
        valid: No errors (``quality`` is then below 1.0 whenever ``valid`` is False).
        errors: What makes the citation invalid.
        warnings: What weakens it without invalidating it.
        quality: 0..1 quality score (see :func:`~lexguard.citations.validate_citation`).
        missing_fields: Enhanced fields the citation lacks.
        hallucinated_span: ``span_in_answer`` was given but is not in the answer.
        span: Where ``span_in_answer`` was found in the answer, when it was.
        quote_match: How the quote was found in the cited source.
        quote_score: rapidfuzz score (0..100) of the quote against its source, when checked.
        alignment: The citation's ``alignment_score``, when it is a valid number.
        has_evidence_idx: The citation carries a (valid or not) evidence index.
    """

    index: int
    valid: bool
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    quality: float = Field(ge=0.0, le=1.0)
    missing_fields: tuple[str, ...] = ()
    hallucinated_span: bool = False
    span: Span | None = None
    quote_match: QuoteMatch = QuoteMatch.UNCHECKED
    quote_score: float | None = None
    alignment: float | None = None
    has_evidence_idx: bool = False


class CitationMetrics(ValueModel):
    """Aggregate metrics over a set of citations.

    Attributes:
        total: Number of citations.
        valid: Citations without errors.
        invalid: Citations with errors.
        invalid_rate: ``invalid / total`` (0 when there are none).
        hallucinated_spans: Citations whose span is not in the answer.
        average_alignment: Mean ``alignment_score`` of the citations that have one (0 if none).
        average_quality: Mean quality score (0 when there are none).
        coverage: Share of answer characters covered by located cited spans (for a batch, the
            character-weighted share over all answers).
        evidence_idx_rate: Share of citations carrying an evidence index.
        alignment_rate: Share carrying an alignment score.
        span_rate: Share carrying a span in the answer.
        enhanced_rate: Share carrying all three enhanced fields.
    """

    total: int = 0
    valid: int = 0
    invalid: int = 0
    invalid_rate: float = 0.0
    hallucinated_spans: int = 0
    average_alignment: float = 0.0
    average_quality: float = 0.0
    coverage: float = 0.0
    evidence_idx_rate: float = 0.0
    alignment_rate: float = 0.0
    span_rate: float = 0.0
    enhanced_rate: float = 0.0


class GateOutcome(OrderedStrEnum):
    """Quality-gate outcome, ordered PASS < WARN < FAIL (``rank`` 0, 1, 2)."""

    PASS = "PASS"
    WARN = "WARN"
    FAIL = "FAIL"


class QualityGateResult(ValueModel):
    """The citation quality gate's outcome (PASS / WARN / FAIL) and every rule that fired.

    Not the rule gate's :class:`lexguard.gate.GateResult`.
    """

    outcome: GateOutcome
    reasons: tuple[str, ...] = ()


class CitationReport(ValueModel):
    """Validation of all citations of one answer.

    Attributes:
        item_id: The QA item's id, when it had one.
        checks: One check per citation, in order.
        metrics: Aggregate metrics.
        gate: The quality gate's result.
        answer_chars: Length of the answer (used to weight batch coverage).
        covered_chars: Answer characters covered by located spans.
    """

    item_id: str | None = None
    checks: tuple[CitationCheck, ...] = ()
    metrics: CitationMetrics = Field(default_factory=CitationMetrics)
    gate: QualityGateResult
    answer_chars: int = 0
    covered_chars: int = 0


class BatchReport(ValueModel):
    """Validation of many QA items.

    Attributes:
        items: One report per item, in order.
        metrics: Metrics pooled over every citation of every item.
        outcomes: How many items got each gate outcome.
        gate: The batch's gate: the worst item outcome, with the reasons of failing items.
    """

    items: tuple[CitationReport, ...] = ()
    metrics: CitationMetrics = Field(default_factory=CitationMetrics)
    outcomes: dict[str, int] = Field(default_factory=dict)
    gate: QualityGateResult
