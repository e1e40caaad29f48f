"""``lexguard calibrate``: threshold files from labelled rows or from labelled audit records."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from lexguard.cli import app
from lexguard.grounding import Calibration

PASSAGE = "The Harbour Bridge opened in 1932. It carries eight lanes of traffic and two rail lines."
ROWS = [
    {"id": "a", "sources": [PASSAGE], "answer": "The bridge opened in 1932.", "label": "supported"},
    {"id": "b", "sources": [PASSAGE], "answer": "It carries eight lanes of traffic.", "label": "supported"},
    {"id": "c", "sources": [PASSAGE], "answer": "The bridge opened in 1958.", "label": "hallucinated"},
    {"id": "d", "sources": [PASSAGE], "answer": "The bridge is made of glass.", "label": "hallucinated"},
]


def test_calibrate_needs_exactly_one_input(tmp_path) -> None:
    result = CliRunner().invoke(app, ["calibrate", "--out", str(tmp_path / "t.json")])
    assert result.exit_code == 2
    assert "either FILE or --audit" in result.output


@pytest.mark.slow
def test_calibrate_writes_a_threshold_file_the_checker_loads(tmp_path) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text("\n".join(json.dumps(r) for r in ROWS) + "\n")
    out = tmp_path / "t.json"
    result = CliRunner().invoke(app, ["calibrate", str(data), "--max-false-alarm", "0.0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    cal = Calibration.read(out)
    assert cal.rows == 4 and cal.positives == 2
    assert cal.false_alarm_rate <= 0.0 or cal.floor_false_alarm_rate > 0.0
    assert "support_threshold" in result.output


@pytest.mark.slow
def test_calibrate_reads_labelled_audit_records(tmp_path) -> None:
    from lexguard import Guard
    from lexguard.audit import label_record, open_store

    db = tmp_path / "audit.db"
    guard = Guard(audit=str(db))
    ids = []
    for row in ROWS:
        report = guard.invoke({"answer": row["answer"], "sources": row["sources"]})
        ids.append(report.metadata["audit_id"])
    store = open_store(str(db))
    for audit_id, row in zip(ids, ROWS, strict=True):
        label_record(store, audit_id, "correct" if row["label"] == "supported" else "hallucinated")
    store.close()
    out = tmp_path / "t.json"
    result = CliRunner().invoke(app, ["calibrate", "--audit", str(db), "--out", str(out)])
    assert result.exit_code == 0, result.output
    cal = Calibration.read(out)
    assert cal.rows == 4 and cal.positives == 2 and cal.source == f"audit:{db}"
