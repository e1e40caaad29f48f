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


class _SupportByAnswer:
    """Stands in for the SupportChecker: one claim whose support is the answer read as a float."""

    def __init__(self, config: object = None) -> None:
        self.config = config

    def check(self, answer: str, sources: object, question: object = None) -> object:
        from types import SimpleNamespace

        from lexguard._models import Claim

        return SimpleNamespace(claims=[Claim(index=0, text=answer, span=(0, 1), support=float(answer), supported=True)])


def _write(tmp_path, labels: list[str]):  # noqa: ANN001, ANN202
    data = tmp_path / "rows.jsonl"
    answers = {"supported": "0.9"}
    rows = [{"id": f"r{i}", "sources": ["s"], "answer": answers.get(label.lower(), "0.1"), "label": label}
            for i, label in enumerate(labels)]
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return data


def test_mixed_case_labels_count_as_hallucinated(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("lexguard.grounding.SupportChecker", _SupportByAnswer)
    data = _write(tmp_path, ["supported", "Supported", "Hallucinated", "HALLUCINATED"])
    out = tmp_path / "t.json"
    result = CliRunner().invoke(app, ["calibrate", str(data), "--max-false-alarm", "0.5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert Calibration.read(out).positives == 2


def test_an_unknown_label_is_one_line_naming_the_row(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("lexguard.grounding.SupportChecker", _SupportByAnswer)
    data = _write(tmp_path, ["supported", "yes"])
    out = tmp_path / "t.json"
    result = CliRunner().invoke(app, ["calibrate", str(data), "--out", str(out)])
    assert result.exit_code == 2
    assert "r1" in result.output and "'yes'" in result.output and "hallucinated" in result.output
    assert "Traceback" not in result.output and not out.exists()


def test_rows_without_a_hallucinated_one_are_refused(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("lexguard.grounding.SupportChecker", _SupportByAnswer)
    data = _write(tmp_path, ["supported", "supported", "supported"])
    out = tmp_path / "t.json"
    result = CliRunner().invoke(app, ["calibrate", str(data), "--out", str(out)])
    assert result.exit_code == 2 and "hallucinated" in result.output and not out.exists()


def test_few_rows_give_a_one_line_warning(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("lexguard.grounding.SupportChecker", _SupportByAnswer)
    data = _write(tmp_path, ["supported", "hallucinated"])
    out = tmp_path / "t.json"
    result = CliRunner().invoke(app, ["calibrate", str(data), "--max-false-alarm", "0.5", "--out", str(out)])
    assert result.exit_code == 0, result.output
    warning = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1 and "noisy" in warning[0]


def test_an_unwritable_out_path_is_refused_before_scoring(tmp_path, monkeypatch) -> None:
    scored = []

    class Counting(_SupportByAnswer):
        def check(self, answer: str, sources: object, question: object = None) -> object:
            scored.append(answer)
            return super().check(answer, sources, question)

    monkeypatch.setattr("lexguard.grounding.SupportChecker", Counting)
    data = _write(tmp_path, ["supported", "hallucinated"])
    for target in ("/proc/t.json", str(tmp_path / "missing" / "t.json"), str(tmp_path)):
        result = CliRunner().invoke(app, ["calibrate", str(data), "--out", target])
        assert result.exit_code == 2, result.output
        errors = [line for line in result.output.splitlines() if line.startswith("error:")]
        assert len(errors) == 1 and "--out" in errors[0]
    assert scored == []
