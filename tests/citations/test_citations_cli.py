"""``lexguard citations FILE.jsonl``: metrics, gate and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from lexguard.cli._citations import citations

ANSWER = "Paris is the capital of France. It has about two million inhabitants."
GOOD = {
    "id": "q1",
    "answer": ANSWER,
    "evidence": ["Paris is the capital of France.", "Paris has about two million inhabitants."],
    "citations": [
        {"source": "e0", "relevance": 0.9, "quote": "capital of France", "evidence_idx": 0,
         "alignment_score": 0.9, "span_in_answer": "Paris is the capital of France."},
        {"source": "e1", "relevance": 0.8, "quote": "about two million inhabitants", "evidence_idx": 1,
         "alignment_score": 0.8, "span_in_answer": "It has about two million inhabitants."},
    ],
}
WARN = {**GOOD, "id": "q2", "citations": GOOD["citations"][:1]}  # type: ignore[index]
FAIL = {**GOOD, "id": "q3", "citations": []}


@pytest.fixture
def app() -> typer.Typer:
    cli = typer.Typer()
    cli.command()(citations)
    return cli


def write(tmp_path: Path, *items: dict[str, object], extra: str = "") -> Path:
    path = tmp_path / "qa.jsonl"
    path.write_text("\n".join(json.dumps(i) for i in items) + "\n" + extra)
    return path


def test_pass_exits_zero_and_prints_metrics(app: typer.Typer, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [str(write(tmp_path, GOOD, extra="\n# comment\n"))])
    assert result.exit_code == 0, result.output
    assert "Quality gate: PASS" in result.output
    assert "citation coverage" in result.output


def test_warn_exits_zero_unless_strict(app: typer.Typer, tmp_path: Path) -> None:
    path = write(tmp_path, GOOD, WARN)
    result = CliRunner().invoke(app, [str(path)])
    assert result.exit_code == 0 and "Quality gate: WARN" in result.output
    assert "item q2" in result.output
    assert CliRunner().invoke(app, [str(path), "--strict"]).exit_code == 1


def test_fail_exits_one(app: typer.Typer, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [str(write(tmp_path, GOOD, WARN, FAIL))])
    assert result.exit_code == 1
    assert "Quality gate: FAIL" in result.output and "no citations" in result.output


def test_json_output(app: typer.Typer, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [str(write(tmp_path, GOOD, FAIL)), "--json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["gate"]["outcome"] == "FAIL"
    assert data["outcomes"] == {"PASS": 1, "WARN": 0, "FAIL": 1}
    assert data["metrics"]["total"] == 2


def test_bad_input_exits_two_naming_the_line(app: typer.Typer, tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [str(write(tmp_path, GOOD, extra="{not json\n"))])
    assert result.exit_code == 2
    assert "qa.jsonl:2" in result.output
    missing = CliRunner().invoke(app, [str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_registered_on_the_lexguard_app() -> None:
    from lexguard.cli import app as lexguard_app

    names = {c.name or c.callback.__name__ for c in lexguard_app.registered_commands if c.callback}
    assert "citations" in names
