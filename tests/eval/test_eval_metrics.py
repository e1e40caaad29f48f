"""Eval harness: metrics, data loading, baseline, runner and the CLI command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexguard import InputError
from lexguard.eval import CosineBaseline, EvalRow, auroc, evaluate, load_rows, response_metrics, span_metrics
from tests.grounding.test_grounding_checker import CountingEncoder

SAMPLE = Path(__file__).resolve().parents[2] / "lexguard" / "data" / "ragtruth_sample.jsonl"


def test_response_metrics_by_hand() -> None:
    truth = [True, True, False, False, True]
    predicted = [True, False, True, False, True]
    m = response_metrics(truth, predicted, [0.9, 0.2, 0.6, 0.1, 0.8])
    assert (m.n, m.positives) == (5, 3)
    assert m.precision == pytest.approx(2 / 3) and m.recall == pytest.approx(2 / 3)
    assert m.f1 == pytest.approx(2 / 3)
    assert m.balanced_accuracy == pytest.approx((2 / 3 + 1 / 2) / 2)
    # positives 0.9, 0.2, 0.8 vs negatives 0.6, 0.1: 5 of 6 pairs ordered right
    assert m.auroc == pytest.approx(5 / 6)


def test_auroc_ties_and_single_class() -> None:
    assert auroc([True, False], [0.5, 0.5]) == pytest.approx(0.5)
    assert auroc([True, True], [0.1, 0.2]) is None


def test_span_metrics_character_overlap() -> None:
    gold = [[(0, 10)], [(5, 10)], []]
    pred = [[(5, 15)], [], [(0, 4)]]
    m = span_metrics(gold, pred)
    assert (m.predicted_chars, m.gold_chars) == (14, 15)
    assert m.precision == pytest.approx(5 / 14) and m.recall == pytest.approx(5 / 15)


def test_overlapping_predicted_spans_are_merged() -> None:
    m = span_metrics([[(0, 10)]], [[(0, 6), (4, 10)]])
    assert m.precision == 1.0 and m.recall == 1.0


def test_load_rows_limit_and_errors(tmp_path: Path) -> None:
    rows = load_rows(SAMPLE, limit=4)
    assert len(rows) == 4 and all(isinstance(r, EvalRow) for r in rows)
    assert {r.task for r in load_rows(SAMPLE)} == {"qa", "summarization", "data2text"}
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "x"}\n')
    with pytest.raises(InputError, match="bad.jsonl:1"):
        load_rows(bad)
    with pytest.raises(InputError, match="does not exist"):
        load_rows(tmp_path / "missing.jsonl")


def _row(answer: str, spans: list[tuple[int, int]], task: str = "qa") -> EvalRow:
    return EvalRow(
        id=answer[:10],
        task=task,
        sources=["The bridge opened in 1937. It is painted red."],
        answer=answer,
        label="hallucinated" if spans else "supported",
        spans=spans,
    )


def test_baseline_flags_sentences_below_threshold() -> None:
    baseline = CosineBaseline(encoder=CountingEncoder(), threshold=0.8)
    result = baseline.check("The bridge opened in 1937. Cats enjoy warm milk daily.", ["The bridge opened in 1937. It is painted red."])
    assert [c.supported for c in result.claims] == [True, False]
    assert result.hallucination_score > 0.5


def test_evaluate_reports_per_task_and_overall() -> None:
    rows = [
        _row("The bridge opened in 1937.", []),
        _row("The bridge opened in 1937. Cats enjoy warm milk daily.", [(27, 54)], task="summarization"),
    ]
    seen = []
    report, preds = evaluate(CosineBaseline(encoder=CountingEncoder()), rows, method="baseline", on_row=seen.append)
    assert len(seen) == 2 and set(report.tasks) == {"qa", "summarization"}
    assert [p.predicted for p in preds] == [False, True]
    assert report.overall.response.balanced_accuracy == 1.0
    assert report.overall.span.recall == 1.0
    assert report.errors == 0


@pytest.mark.slow
def test_cli_eval_json_on_the_bundled_sample() -> None:
    from lexguard.cli import app

    result = CliRunner().invoke(app, ["eval", str(SAMPLE), "--json", "--limit", "5"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{") :])
    assert report["overall"]["response"]["n"] == 5
    assert 0.0 <= report["overall"]["span"]["f1"] <= 1.0
