"""Audit edges (issue 13, item 9): the record always lands, with its id, even when files cannot
grow, the record's text cannot be encoded, or the database is locked by another process."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from lexguard import Guard
from lexguard.audit import AuditRecord, AuditStatus, AuditWarning, SQLiteAuditStore, fallback_files, read_fallback, record_report, recover_fallback
from lexguard.audit._store import retention_days_from_env
from tests.fakes import SubstringChecker

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["Paris is the capital of France."]

_SMALL_FILES = """
import logging, resource, sys, warnings
resource.setrlimit(resource.RLIMIT_FSIZE, (64 * 1024, 64 * 1024))
from lexguard.audit import AuditWarning, record_report
from tests.audit.test_audit_record import BrokenStore, make_report
warnings.simplefilter("ignore", AuditWarning)
logging.basicConfig(stream=sys.stderr, level=logging.ERROR, format="%(message)s")
store = BrokenStore()
store.fallback_path = sys.argv[1]
ids = [record_report(store, make_report(answer="x" * 300)) for _ in range(1000)]
print(sum(1 for i in ids if i), len(set(i for i in ids if i)))
"""


@pytest.mark.slow
def test_with_ulimit_f_records_land_whole_in_a_few_parts_or_are_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23: a bounded number of parts, each record whole; what fits nowhere is not acknowledged
    (no id) and is in the ERROR log; every acknowledged record is recovered."""
    from lexguard.audit import recover_records
    from lexguard.audit._fallback import MAX_PARTS

    fallback = tmp_path / "fb.jsonl"
    (tmp_path / "tmp").mkdir()
    result = subprocess.run(
        [sys.executable, "-c", _SMALL_FILES, str(fallback)],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path / "tmp")},
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    acknowledged, distinct = map(int, result.stdout.split())
    assert acknowledged == distinct and 0 < acknowledged < 1000
    assert result.stderr.count("could not be written anywhere") == 1000 - acknowledged
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    files = fallback_files(fallback)
    assert 1 < len(files) <= 2 * MAX_PARTS  # it rolled over, to a few parts only
    assert all(p.stat().st_size <= 64 * 1024 for p in files)
    store = SQLiteAuditStore(tmp_path / "a.db")
    recovery = recover_records(store, fallback)
    assert (recovery.found, recovery.written, recovery.unparseable) == (acknowledged, acknowledged, 0)
    assert store.count() == acknowledged


def test_text_that_cannot_be_encoded_still_makes_a_full_record(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "a.db")
    guard = Guard(audit=store, checker=SubstringChecker(), max_retries=0)
    with warnings.catch_warnings():
        warnings.simplefilter("error", AuditWarning)  # no fallback, no partial record
        report = guard.invoke({"answer": "Paris is the capital of France.\ud83d", "sources": SOURCES,
                               "question": "Capital\udc00?"})
    record = store.get(report.metadata["audit_id"])
    assert record is not None and record.query == "Capital\ufffd?"
    assert "\ud83d" not in record.model_dump_json()


def test_a_report_that_cannot_be_built_into_a_record_still_leaves_one(tmp_path: Path) -> None:
    from tests.audit.test_audit_record import make_report

    store = SQLiteAuditStore(tmp_path / "a.db")

    class Exploding:
        def __str__(self) -> str:
            raise RuntimeError("boom")

    # odd values are made JSON-safe, not fatal ...
    audit_id = record_report(store, make_report(), sources=[Exploding()], metadata={"x": Exploding()})
    record = store.get(audit_id or "")
    assert record is not None and record.metadata["x"] == "[unserialisable]"
    # ... and a record that cannot be built at all is replaced by a minimal one
    with pytest.warns(AuditWarning, match="minimal record"):
        audit_id = record_report(store, make_report(), metadata=["not", "a", "dict"])  # type: ignore[arg-type]
    record = store.get(audit_id or "")
    assert record is not None and record.status == AuditStatus.REVIEW and record.metadata["partial"] is True


def test_a_database_locked_by_another_process_falls_back_after_the_short_wait(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    SQLiteAuditStore(db).count()  # create it
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
    try:
        store = SQLiteAuditStore(db, timeout=0.2, fallback_path=tmp_path / "fb.jsonl")
        with pytest.warns(AuditWarning, match="locked"):
            report = Guard(audit=store, checker=SubstringChecker(), max_retries=0).invoke(
                {"answer": "Paris is the capital of France.", "sources": SOURCES})
        assert [r.audit_id for r in read_fallback(tmp_path / "fb.jsonl")] == [report.metadata["audit_id"]]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert recover_fallback(SQLiteAuditStore(db), tmp_path / "fb.jsonl") == 1


def test_lock_wait_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("LEXGUARD_AUDIT_LOCK_TIMEOUT", "0.25")
    assert SQLiteAuditStore(tmp_path / "a.db").timeout == 0.25
    monkeypatch.setenv("LEXGUARD_AUDIT_LOCK_TIMEOUT", "soon")
    with pytest.raises(ValueError, match="LEXGUARD_AUDIT_LOCK_TIMEOUT"):
        SQLiteAuditStore(tmp_path / "a.db")


def test_design_retention_variable_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LEXGUARD_AUDIT_RETENTION_DAYS", raising=False)
    monkeypatch.setenv("AUDIT_RETENTION_DAYS", "30")
    assert retention_days_from_env() == 30
    monkeypatch.setenv("LEXGUARD_AUDIT_RETENTION_DAYS", "7")  # the lexguard name wins
    assert retention_days_from_env() == 7


def test_recovery_misses_nothing_appended_while_it_runs(tmp_path: Path) -> None:
    from lexguard.audit import write_fallback

    fallback = tmp_path / "fb.jsonl"
    first = AuditRecord(status=AuditStatus.PASS)
    write_fallback(first, fallback)

    class SlowStore(SQLiteAuditStore):
        def write(self, record: AuditRecord) -> str:
            write_fallback(AuditRecord(status=AuditStatus.PASS, audit_id=record.audit_id + "-late"), fallback)
            return super().write(record)

    store = SlowStore(tmp_path / "a.db")
    assert recover_fallback(store, fallback) == 1
    late = read_fallback(fallback)  # written during the recovery: in a new file, not lost
    assert [r.audit_id for r in late] == [first.audit_id + "-late"]


def test_legacy_records_in_seconds_are_read_in_milliseconds() -> None:
    record = AuditRecord.model_validate({"status": "PASS", "processing_time": 0.25})
    assert record.processing_time_ms == 250.0


def test_a_postgres_url_without_the_driver_is_refused_when_the_guard_is_built(monkeypatch: pytest.MonkeyPatch) -> None:
    from lexguard import ConfigurationError

    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if psycopg were not installed
    with pytest.raises(ConfigurationError, match=r"lexguard\[postgres\]"):
        Guard(audit="postgresql://app@127.0.0.1/audit", checker=SubstringChecker())
