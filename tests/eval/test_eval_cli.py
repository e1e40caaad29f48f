"""``lexguard eval``: labels it cannot read and files of one label are said in one line."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from lexguard.cli import app

PASSAGE = "The lighthouse was built in 1874 and is 40 metres tall."
CHECKER = ["--checker", "tests.fakes:SubstringChecker", "--no-probes"]


def _write(tmp_path: Path, labels: list[object]) -> Path:
    data = tmp_path / "rows.jsonl"
    answers = ["The lighthouse was built in 1874.", "The lighthouse is 90 metres tall."]
    rows = [{"id": f"r{i}", "sources": [PASSAGE], "answer": answers[i % 2], "label": label}
            for i, label in enumerate(labels)]
    data.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return data


def test_an_unknown_label_is_one_line_and_exit_2(tmp_path: Path) -> None:
    data = _write(tmp_path, ["supported", "SUPPORTED", True])
    result = CliRunner().invoke(app, ["eval", str(data), *CHECKER])
    assert result.exit_code == 2, result.output
    (line,) = [line for line in result.output.splitlines() if line.strip()]
    assert line.startswith("error:") and "r2" in line and "'supported' or 'hallucinated'" in line


def test_mixed_case_labels_are_read(tmp_path: Path) -> None:
    data = _write(tmp_path, ["Supported", "HALLUCINATED", "supported", "Hallucinated"])
    result = CliRunner().invoke(app, ["eval", str(data), *CHECKER, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{"):])
    assert report["overall"]["response"]["positives"] == 2


def test_a_file_without_hallucinated_rows_warns_in_one_line(tmp_path: Path) -> None:
    data = _write(tmp_path, ["supported", "supported"])
    result = CliRunner().invoke(app, ["eval", str(data), *CHECKER, "--json"])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "no hallucinated rows" in warnings[0]


def test_an_unwritable_predictions_path_is_refused_before_the_run(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    import tests.fakes

    calls = []
    original = tests.fakes.SubstringChecker.check
    monkeypatch.setattr(tests.fakes.SubstringChecker, "check",
                        lambda self, *a, **k: calls.append(1) or original(self, *a, **k))
    data = _write(tmp_path, ["supported", "hallucinated"])
    for target in ("/proc/p.jsonl", str(tmp_path / "no-such-folder" / "p.jsonl"), str(tmp_path)):
        result = CliRunner().invoke(app, ["eval", str(data), *CHECKER, "--predictions", target])
        assert result.exit_code == 2, result.output
        (line,) = [line for line in result.output.splitlines() if line.strip()]
        assert line.startswith("error:") and "--predictions" in line and "Traceback" not in result.output
    assert calls == []  # nothing was evaluated
    assert not (tmp_path / "no-such-folder").exists()


def test_a_writable_predictions_path_gets_the_predictions(tmp_path: Path) -> None:
    data = _write(tmp_path, ["supported", "hallucinated"])
    out = tmp_path / "p.jsonl"
    result = CliRunner().invoke(app, ["eval", str(data), *CHECKER, "--json", "--predictions", str(out)])
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 2


def test_a_probe_category_of_both_kinds_is_counted_in_both_totals() -> None:
    """A category may hold right and wrong answers (worked sums, a record's facts): its wrong ones
    are counted as caught or missed, its right ones as false flags or not, each in its own row."""
    from types import SimpleNamespace

    from lexguard.cli._eval import _parts

    mixed = SimpleNamespace(response=SimpleNamespace(n=16, positives=10, recall=0.9, false_alarm_rate=0.5))
    assert _parts(mixed) == [(True, 10, 9), (False, 6, 3)]
    wrong = SimpleNamespace(response=SimpleNamespace(n=5, positives=5, recall=0.4, false_alarm_rate=0.0))
    assert _parts(wrong) == [(True, 5, 2)]
