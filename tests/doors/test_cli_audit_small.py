"""Small doors of issue 24, 7: `lexguard audit` exit codes, `--out`, one line for an unreachable
store; a judge model whose provider is missing is refused when the guard is built."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from lexguard.cli import app
from tests.audit.test_audit_cli import filled

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def test_show_and_label_exit_alike_on_a_missing_id(tmp_path: Path) -> None:
    db, _ = filled(tmp_path)
    shown = runner.invoke(app, ["audit", "show", "nope", "--store", db])
    labelled = runner.invoke(app, ["audit", "label", "nope", "--correct", "--store", db])
    assert shown.exit_code == labelled.exit_code == 1
    assert "no audit record 'nope'" in labelled.output


def test_export_takes_out_like_the_other_commands(tmp_path: Path) -> None:
    db, _ = filled(tmp_path)
    target = tmp_path / "x.jsonl"
    out = runner.invoke(app, ["audit", "export", "--out", str(target), "--store", db])
    assert out.exit_code == 0 and len(target.read_text().splitlines()) == 3
    out = runner.invoke(app, ["audit", "export", "-o", "-", "--store", db])
    assert out.exit_code == 0 and len(out.stdout.splitlines()) == 3


def test_an_unreachable_store_is_one_line_of_error() -> None:
    done = subprocess.run([sys.executable, "-m", "lexguard.cli", "audit", "list", "--store",
                           "postgresql://u:p@127.0.0.1:9/x"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120, check=False)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: audit database"), done.stderr


def test_a_judge_model_whose_provider_is_missing_fails_when_the_guard_is_built() -> None:
    import pytest

    from lexguard import ConfigurationError, Guard, build_guard_graph
    from lexguard._config import GuardConfig

    with pytest.raises(ConfigurationError, match="judge_model.*not installed"):
        Guard(grounding={"judge_model": "anthropic:claude-3-5-haiku-latest"}, audit=False)
    with pytest.raises(ConfigurationError, match="judge_model"):
        build_guard_graph(GuardConfig(grounding={"judge_model": "nosuch:model"}))
