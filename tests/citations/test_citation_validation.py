"""Validation of model-produced citations, metrics and the quality gate."""

from __future__ import annotations

import pytest

from lexguard import InputError, Source
from lexguard.citations import (
    CitationMetrics,
    CitationPolicy,
    GateOutcome,
    QAItem,
    QuoteMatch,
    match_quote,
    quality_gate,
    validate_citation_batch,
    validate_citation,
    validate_citations,
)

ANSWER = "Paris is the capital of France. It has about two million inhabitants."
EVIDENCE = [
    "Paris is the capital of France and its largest city.",
    "The city of Paris has about two million inhabitants.",
]


def perfect(span: str, quote: str, idx: int) -> dict[str, object]:
    return {
        "source": f"doc-{idx}",
        "relevance": 0.9,
        "quote": quote,
        "evidence_idx": idx,
        "alignment_score": 0.85,
        "span_in_answer": span,
    }


PERFECT = [
    perfect("Paris is the capital of France.", "Paris is the capital of France", 0),
    perfect("It has about two million inhabitants.", "about two million inhabitants", 1),
]


def test_perfect_citation_is_valid_with_full_quality() -> None:
    check = validate_citation(PERFECT[0], ANSWER, evidence=EVIDENCE)
    assert check.valid
    assert check.errors == () and check.warnings == ()
    assert check.quality == 1.0
    assert check.span == (0, len("Paris is the capital of France."))
    assert check.quote_match == QuoteMatch.EXACT
    assert not check.hallucinated_span


def test_perfect_answer_passes_the_gate() -> None:
    report = validate_citations(ANSWER, PERFECT, evidence=EVIDENCE)
    assert report.gate.outcome == GateOutcome.PASS
    assert report.metrics.total == 2 and report.metrics.valid == 2
    assert report.metrics.coverage > 0.95
    assert report.metrics.evidence_idx_rate == 1.0
    assert report.metrics.average_alignment == pytest.approx(0.85)


def test_hallucinated_span_is_an_error_costs_quality_and_fails_the_gate() -> None:
    bad = {**PERFECT[0], "span_in_answer": "Paris is the capital of Germany and of Spain."}
    check = validate_citation(bad, ANSWER, evidence=EVIDENCE)
    assert not check.valid
    assert check.hallucinated_span
    assert check.quality == pytest.approx(0.7)
    assert any("hallucinated span" in e for e in check.errors)
    report = validate_citations(ANSWER, [bad, PERFECT[1], PERFECT[1], PERFECT[1]], evidence=EVIDENCE)
    # 25% invalid is under the 30% limit: the hallucinated span alone fails the gate
    assert report.metrics.invalid_rate == 0.25
    assert report.gate.outcome == GateOutcome.FAIL
    assert any("hallucinated" in r for r in report.gate.reasons)


def test_span_found_by_its_first_50_characters() -> None:
    long_span = ANSWER[:55] + " and many more words the answer never said"
    check = validate_citation({**PERFECT[0], "span_in_answer": long_span}, ANSWER)
    assert check.valid
    assert check.span is not None and check.span[0] == 0


def test_missing_enhanced_fields_are_warnings_costing_005_each() -> None:
    bare = {"source": "doc-0", "relevance": 0.8, "quote": "capital of France"}
    check = validate_citation(bare, ANSWER, evidence=EVIDENCE)
    assert check.valid
    assert set(check.missing_fields) == {"evidence_idx", "alignment_score", "span_in_answer"}
    assert check.quality == pytest.approx(0.85)
    assert len(check.warnings) == 3
    one_missing = {k: v for k, v in PERFECT[0].items() if k != "alignment_score"}
    assert validate_citation(one_missing, ANSWER).quality == pytest.approx(0.95)


@pytest.mark.parametrize(
    ("field", "value"),
    [("source", ""), ("source", None), ("relevance", 1.5), ("relevance", "high"), ("quote", "  ")],
)
def test_invalid_required_field_makes_citation_invalid_with_zero_quality(
    field: str, value: object
) -> None:
    check = validate_citation({**PERFECT[0], field: value}, ANSWER, evidence=EVIDENCE)
    assert not check.valid
    assert check.quality == 0.0
    assert any(field in e for e in check.errors)


def test_enhanced_field_range_checks() -> None:
    past_end = validate_citation({**PERFECT[0], "evidence_idx": 5}, ANSWER, evidence=EVIDENCE)
    assert not past_end.valid and any("evidence_idx 5" in e for e in past_end.errors)
    assert past_end.quality < 1.0
    out_of_range = validate_citation({**PERFECT[0], "alignment_score": 1.2}, ANSWER)
    assert not out_of_range.valid and out_of_range.alignment is None


def test_low_quality_citation_gets_a_warning() -> None:
    low = {
        "source": "doc-0",
        "relevance": 0.5,
        "quote": "Paris is the capital of France",
        "span_in_answer": "Berlin is the capital of France, says the answer.",
    }
    check = validate_citation(low, ANSWER, policy=CitationPolicy(low_quality=0.7))
    assert check.quality == pytest.approx(1.0 - 0.1 - 0.3)
    assert any("low quality" in w for w in check.warnings)
    assert not any(
        "low quality" in w for w in validate_citation(PERFECT[0], ANSWER).warnings
    )


def test_quote_checked_against_sources_exact_fuzzy_and_missing() -> None:
    sources = [Source(id="doc-0", content=EVIDENCE[0]), Source(id="doc-1", content=EVIDENCE[1])]
    exact = validate_citation(PERFECT[0], ANSWER, sources=sources)
    assert exact.quote_match == QuoteMatch.EXACT
    spaced = validate_citation({**PERFECT[0], "quote": "paris  is the\ncapital"}, ANSWER, sources=sources)
    assert spaced.quote_match == QuoteMatch.WHITESPACE and spaced.valid
    typo = validate_citation(
        {**PERFECT[0], "quote": "Paris is the capitol of France"}, ANSWER, sources=sources
    )
    assert typo.quote_match == QuoteMatch.FUZZY and typo.valid
    invented = validate_citation(
        {**PERFECT[0], "quote": "Paris was founded by the Romans in 52 BC"}, ANSWER, sources=sources
    )
    assert invented.quote_match == QuoteMatch.NOT_FOUND and not invented.valid
    unknown = validate_citation({**PERFECT[0], "source": "doc-9"}, ANSWER, sources=sources)
    assert not unknown.valid and any("doc-9" in e for e in unknown.errors)


def test_match_quote_scores() -> None:
    assert match_quote("abc", "xxabcxx") == (QuoteMatch.EXACT, 100.0)
    kind, score = match_quote("completely different words", "Paris is the capital")
    assert kind == QuoteMatch.NOT_FOUND and score < 90


def test_gate_fail_when_no_citations() -> None:
    report = validate_citations(ANSWER, [])
    assert report.gate.outcome == GateOutcome.FAIL
    assert "no citations" in report.gate.reasons


def test_gate_fail_when_more_than_30_percent_invalid() -> None:
    invalid = {**PERFECT[0], "relevance": 2.0}
    report = validate_citations(ANSWER, [invalid, PERFECT[0], PERFECT[1]], evidence=EVIDENCE)
    assert report.metrics.invalid == 1
    assert report.gate.outcome == GateOutcome.FAIL
    assert any("invalid" in r for r in report.gate.reasons)


@pytest.mark.parametrize(
    ("metrics", "needle"),
    [
        (CitationMetrics(total=2, valid=2, average_alignment=0.35, coverage=1, evidence_idx_rate=1, enhanced_rate=1), "alignment"),
        (CitationMetrics(total=2, valid=2, average_alignment=0.9, coverage=0.4, evidence_idx_rate=1, enhanced_rate=1), "coverage"),
        (CitationMetrics(total=2, valid=2, average_alignment=0.9, coverage=1, evidence_idx_rate=0.5, enhanced_rate=1), "evidence index"),
    ],
)
def test_gate_warn_rules(metrics: CitationMetrics, needle: str) -> None:
    result = quality_gate(metrics)
    assert result.outcome == GateOutcome.WARN
    assert len(result.reasons) == 1 and needle in result.reasons[0]


def test_gate_warn_for_low_coverage_end_to_end() -> None:
    report = validate_citations(ANSWER, PERFECT[:1], evidence=EVIDENCE)
    assert report.metrics.coverage < 0.5
    assert report.gate.outcome == GateOutcome.WARN


def test_coverage_does_not_double_count_overlapping_spans() -> None:
    report = validate_citations(ANSWER, [PERFECT[0], PERFECT[0]], evidence=EVIDENCE)
    assert report.covered_chars == len("Paris is the capital of France.")


def test_batch_pools_metrics_and_takes_the_worst_outcome() -> None:
    items = [
        {"id": "good", "answer": ANSWER, "citations": PERFECT, "evidence": EVIDENCE},
        QAItem(id="bad", answer=ANSWER, citations=()),
        {"answer": ANSWER, "citations": PERFECT[:1], "evidence": EVIDENCE},
    ]
    batch = validate_citation_batch(items)
    assert [r.item_id for r in batch.items] == ["good", "bad", "2"]
    assert batch.outcomes == {"PASS": 1, "WARN": 1, "FAIL": 1}
    assert batch.metrics.total == 3
    assert batch.gate.outcome == GateOutcome.FAIL
    assert batch.gate.reasons == ("item bad: no citations",)


def test_batch_rejects_item_without_answer() -> None:
    with pytest.raises(InputError, match="answer"):
        validate_citation_batch([{"citations": []}])


def test_non_mapping_citation_raises_input_error() -> None:
    with pytest.raises(InputError):
        validate_citation(["not", "a", "dict"], ANSWER)  # type: ignore[arg-type]


# ---- the citation-validation design, rule by rule -------------------------------------------


def test_alignment_below_03_is_a_warning_and_a_quality_deduction_not_invalid() -> None:
    weak = validate_citation({**PERFECT[0], "alignment_score": 0.2}, ANSWER, evidence=EVIDENCE)
    assert weak.valid and weak.errors == ()
    assert any("below 0.3" in w for w in weak.warnings)
    assert weak.quality == pytest.approx(0.8)
    report = validate_citations(ANSWER, [{**PERFECT[0], "alignment_score": 0.2}, PERFECT[1]],
                                evidence=EVIDENCE)
    assert report.gate.outcome != GateOutcome.FAIL  # one weak citation beside a good one


def test_pass_requires_more_than_80_percent_with_enhanced_fields() -> None:
    bare = {"source": "doc-1", "relevance": 0.8, "quote": "about two million inhabitants",
            "evidence_idx": 1, "alignment_score": 0.9}  # no span_in_answer
    report = validate_citations(ANSWER, [PERFECT[0], PERFECT[1], bare, bare], evidence=EVIDENCE)
    assert report.metrics.enhanced_rate == 0.5 and report.metrics.evidence_idx_rate == 1.0
    assert report.gate.outcome == GateOutcome.WARN
    assert any("every enhanced field" in r for r in report.gate.reasons)
    assert validate_citations(ANSWER, PERFECT, evidence=EVIDENCE).gate.outcome == GateOutcome.PASS


def test_span_matched_on_its_first_50_chars_is_recorded_at_its_matched_length() -> None:
    claimed = ANSWER[:55] + " and many more words the answer never said"
    check = validate_citation({**PERFECT[0], "span_in_answer": claimed}, ANSWER)
    assert check.span == (0, 55)  # not (0, len(claimed)): the rest is not in the answer
    report = validate_citations(ANSWER, [{**PERFECT[0], "span_in_answer": claimed}])
    assert report.covered_chars == 55


@pytest.mark.parametrize(
    "change",
    [{"evidence_idx": 7}, {"alignment_score": "high"}, {"source": "doc-9"}],
)
def test_invalid_citation_never_has_quality_one(change: dict[str, object]) -> None:
    sources = [Source(id="doc-0", content=EVIDENCE[0])]
    check = validate_citation({**PERFECT[0], **change}, ANSWER, evidence=EVIDENCE, sources=sources)
    assert not check.valid and check.quality < 1.0
    lenient = CitationPolicy(hallucinated_span_penalty=0.0)
    ghost = validate_citation({**PERFECT[0], "span_in_answer": "Not in the answer at all."}, ANSWER,
                              policy=lenient)
    assert not ghost.valid and ghost.quality < 1.0
