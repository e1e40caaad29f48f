"""Audit store locations that would lose every record are refused, not opened in memory."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from lexguard import Guard
from lexguard._errors import ConfigurationError
from lexguard.audit import SQLiteAuditStore, open_store
from lexguard.audit._hook import AUDIT_URL_ENV, audit_target
from lexguard.cli import app
from tests.fakes import SubstringChecker


@pytest.mark.parametrize("url", ["sqlite:///", "sqlite://", "sqlite:///:memory:", ":memory:"])
def test_environment_url_that_keeps_records_only_in_memory_is_refused(
    monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv(AUDIT_URL_ENV, url)
    with pytest.raises(ConfigurationError, match=AUDIT_URL_ENV) as info:
        Guard(checker=SubstringChecker())
    assert "file path" in str(info.value)  # says what to do next
    with pytest.raises(ConfigurationError, match=AUDIT_URL_ENV):
        audit_target(None)


@pytest.mark.parametrize("url", ["sqlite:///", "sqlite://"])
def test_empty_sqlite_url_is_refused_in_code_too(url: str) -> None:
    with pytest.raises(ConfigurationError, match="empty"):
        Guard(audit=url, checker=SubstringChecker())
    with pytest.raises(ConfigurationError, match="empty"):
        open_store(url)


def test_an_explicit_in_memory_store_stays_allowed_in_code() -> None:
    store = SQLiteAuditStore(":memory:")
    assert Guard(audit=store, checker=SubstringChecker()).audit is store
    assert Guard(audit=":memory:", checker=SubstringChecker()).audit == ":memory:"
    store.close()


def test_a_file_url_from_the_environment_still_works(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(AUDIT_URL_ENV, f"sqlite:///{tmp_path}/audit.db")
    assert audit_target(None) == f"sqlite:///{tmp_path}/audit.db"


def test_audit_cli_refuses_an_empty_sqlite_url_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(AUDIT_URL_ENV, "sqlite:///")
    result = CliRunner().invoke(app, ["audit", "list"])
    assert result.exit_code == 2
    assert "empty" in result.output and "Traceback" not in result.output


def test_audit_cli_refuses_an_in_memory_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(AUDIT_URL_ENV, ":memory:")
    result = CliRunner().invoke(app, ["audit", "list"])
    assert result.exit_code == 2 and "in-memory" in result.output


@pytest.mark.parametrize("url", ["sqlite//x", "sqlite:/audit.db", "sqlite:audit.db", "postgresql//u@host/db",
                                 "postgres:/host/db", "sqlit///audit.db"])
def test_a_misspelt_scheme_in_the_environment_is_refused_not_taken_as_a_file_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, url: str
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(AUDIT_URL_ENV, url)
    with pytest.raises(ConfigurationError, match=AUDIT_URL_ENV) as info:
        Guard(checker=SubstringChecker())
    message = str(info.value)
    assert "misspelt scheme" in message and "sqlite:///" in message and "postgresql://" in message
    with pytest.raises(ConfigurationError, match="misspelt scheme"):
        Guard(audit=url, checker=SubstringChecker())
    with pytest.raises(ConfigurationError, match="misspelt scheme"):
        open_store(url)
    assert not any(tmp_path.iterdir())  # no stray database file was created


def test_an_unknown_scheme_in_the_environment_names_the_variable_and_the_accepted_forms(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(AUDIT_URL_ENV, "mysql://user:secret@db/audit")
    with pytest.raises(ConfigurationError, match=AUDIT_URL_ENV) as info:
        Guard(checker=SubstringChecker())
    message = str(info.value)
    assert "not supported" in message and "sqlite:///" in message and "plain SQLite file path" in message
    assert "secret" not in message  # the password is masked


def test_a_misspelt_postgres_url_does_not_show_its_password(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(AUDIT_URL_ENV, "postgresql//user:secret@db/audit")
    with pytest.raises(ConfigurationError, match="misspelt scheme") as info:
        Guard(checker=SubstringChecker())
    assert "secret" not in str(info.value)


@pytest.mark.parametrize("path", ["./sqlite//x.db", "audit.db", "data/audit.db", "C:/data/audit.db"])
def test_plain_paths_are_still_paths(path: str) -> None:
    assert audit_target(path) == path
