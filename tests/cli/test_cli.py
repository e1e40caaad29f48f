"""The command line: exit codes (0 accepted, 1 not accepted, 2 bad input), one-line errors, clean help."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from lexguard.cli import app

runner = CliRunner()


@pytest.fixture
def files(tmp_path):
    answer = tmp_path / "answer.txt"
    answer.write_text("The bridge opened in 1932.", encoding="utf-8")
    source = tmp_path / "source.txt"
    source.write_text("The bridge opened in 1932. It is 503 metres long.", encoding="utf-8")
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("caf\xe9 cr\xe8me".encode("latin-1"))
    return answer, source, bad


def test_bad_option_value_exits_2_with_one_line(files):
    answer, source, _ = files
    result = runner.invoke(app, ["validate", "--answer", str(answer), "--sources", str(source), "--threshold", "1.5"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "threshold" in result.output


def test_non_utf8_file_exits_2_naming_the_problem(files):
    answer, _, bad = files
    result = runner.invoke(app, ["validate", "--answer", str(answer), "--sources", str(bad)])
    assert result.exit_code == 2 and "UTF-8" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["eval", str(bad)])
    assert result.exit_code == 2 and "UTF-8" in result.output


def test_eval_on_an_empty_file_exits_2(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    result = runner.invoke(app, ["eval", str(empty)])
    assert result.exit_code == 2 and "no labelled rows" in result.output


@pytest.mark.parametrize("command", ["validate", "eval", "citations", "mcp", "demo"])
def test_help_is_clean(command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "<bool>" not in result.output and "list[" not in result.output


@pytest.mark.slow
def test_validate_accepts_a_supported_answer_and_module_entry_point_works(files):
    answer, source, _ = files
    done = subprocess.run([sys.executable, "-m", "lexguard.cli", "validate", "--answer", str(answer), "--sources",
                           str(source), "--json"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert '"verdict": "accept"' in done.stdout


@pytest.mark.parametrize("value", ["nan", "inf", "-0.1", "1.5"])
@pytest.mark.parametrize("command", ["validate", "validate-batch", "mcp"])
def test_threshold_must_be_a_number_between_0_and_1(files, command, value):
    answer, source, _ = files
    args = {"validate": ["--answer", str(answer), "--sources", str(source)],
            "validate-batch": [str(answer), "--out", "x.parquet"], "mcp": []}[command]
    result = runner.invoke(app, [command, *args, "--threshold", value])
    assert result.exit_code == 2 and "must be a number between 0 and 1" in result.output, result.output


# -- every lexguard error is a one-line message and exit 2, whatever the command ----------------------


def one_line_error(result, *needles):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.output
    for needle in needles:
        assert needle in errors[0]


@pytest.mark.parametrize(("variable", "value", "needle"), [
    ("LEXGUARD_ENCODER_BACKEND", "bogus", "unknown encoder backend 'bogus'"),
    ("LEXGUARD_GROUNDING__THRESHOLD_FILE", "/nonexistent/missing.json", "lexguard calibrate"),
])
@pytest.mark.parametrize("command", ["validate", "demo"])
def test_a_bad_setting_exits_2_with_a_one_line_message(files, monkeypatch, variable, value, needle, command):
    answer, source, _ = files
    monkeypatch.setenv(variable, value)
    args = {"validate": ["--answer", str(answer), "--sources", str(source)], "demo": ["--limit", "1"]}[command]
    one_line_error(runner.invoke(app, [command, *args]), needle)


def test_a_configuration_error_raised_during_the_validation_exits_2(files, monkeypatch):
    from lexguard import ConfigurationError, Guard

    def broken(self, *args, **kwargs):
        raise ConfigurationError("the support model is misconfigured;\nset grounding.support_model")

    monkeypatch.setattr(Guard, "validate_answer", broken)
    answer, source, _ = files
    result = runner.invoke(app, ["validate", "--answer", str(answer), "--sources", str(source)])
    one_line_error(result, "misconfigured", "set grounding.support_model")


def test_the_raise_fallback_is_not_accepted_exit_1_with_one_line(files, monkeypatch):
    from lexguard import Guard, ValidationFailedError

    def rejected(self, *args, **kwargs):
        raise ValidationFailedError("lexguard rejected the answer: unsupported claim")

    monkeypatch.setattr(Guard, "validate_answer", rejected)
    answer, source, _ = files
    result = runner.invoke(app, ["validate", "--answer", str(answer), "--sources", str(source)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "rejected the answer" in result.output


def test_an_error_in_a_subcommand_group_exits_2(monkeypatch):
    import lexguard.cli._audit as audit_cli
    from lexguard import ConfigurationError

    def broken(*args, **kwargs):
        raise ConfigurationError("the audit store is misconfigured; set LEXGUARD_AUDIT_URL")

    monkeypatch.setattr(audit_cli, "_store", broken)  # past the command's own error handling
    one_line_error(runner.invoke(app, ["audit", "list", "--store", "sqlite:///x.db"]), "misconfigured")


# -- validate-batch: empty input, foreign --out, unreadable input, unwritable --out -----------------------


def test_validate_batch_on_an_empty_input_then_real_rows_resumes(tmp_path):
    pytest.importorskip("pyarrow")
    import json

    fake = ["--checker", "tests.fakes:SubstringChecker"]
    (tmp_path / "empty.jsonl").write_text("")
    out = tmp_path / "e.parquet"
    result = runner.invoke(app, ["validate-batch", str(tmp_path / "empty.jsonl"), "--out", str(out), "--quiet", *fake])
    assert result.exit_code == 0, result.output
    (tmp_path / "in.jsonl").write_text(json.dumps({"id": "a", "answer": "x", "sources": ["x"]}) + "\n")
    result = runner.invoke(app, ["validate-batch", str(tmp_path / "in.jsonl"), "--out", str(out), "--quiet", *fake])
    assert result.exit_code == 0, result.output
    assert "validated 1 row(s)" in result.output


@pytest.mark.parametrize(("name", "content", "needle"), [
    ("latin1.jsonl", '{"answer": "caf\xe9"}\n'.encode("latin-1"), "is not UTF-8"),
    ("plain.jsonl.gz", b'{"answer": "x"}\n', "is not a gzip file"),
    ("text.parquet", b"answer\nx\n", "is not a Parquet file"),
])
def test_validate_batch_unreadable_input_is_one_line_exit_2(tmp_path, name, content, needle):
    pytest.importorskip("pyarrow")
    (tmp_path / name).write_bytes(content)
    result = runner.invoke(app, ["validate-batch", str(tmp_path / name), "--out", str(tmp_path / "o.parquet"), "--quiet"])
    one_line_error(result, needle, name)


def test_validate_batch_foreign_or_unwritable_out_is_one_line_exit_2(tmp_path):
    pytest.importorskip("pyarrow")
    (tmp_path / "in.jsonl").write_text('{"answer": "x"}\n')
    (tmp_path / "old.parquet").write_text("not parquet")
    result = runner.invoke(app, ["validate-batch", str(tmp_path / "in.jsonl"), "--out", str(tmp_path / "old.parquet"), "--quiet"])
    one_line_error(result, "old.parquet", "not a Parquet file")
    (tmp_path / "file").write_text("")
    result = runner.invoke(app, ["validate-batch", str(tmp_path / "in.jsonl"), "--out", str(tmp_path / "file" / "x.parquet"), "--quiet"])
    one_line_error(result, "cannot write", "x.parquet")
