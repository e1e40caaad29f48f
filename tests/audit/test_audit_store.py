"""SQLite audit store: concurrency, crash safety, retention and export."""

from __future__ import annotations

import io
import json
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lexguard import ConfigurationError
from lexguard.audit import AuditRecord, AuditStatus, AuditStore, AuditStoreError, SQLiteAuditStore, export_jsonl
from lexguard.audit._store import RETENTION_ENV, retention_days_from_env


def rec(**kw: object) -> AuditRecord:
    return AuditRecord(status=kw.pop("status", AuditStatus.PASS), **kw)  # type: ignore[arg-type]


def test_store_satisfies_protocol_and_round_trips(tmp_path: Path) -> None:
    with SQLiteAuditStore(tmp_path / "a.db") as store:
        assert isinstance(store, AuditStore)
        record = rec(query="q?", answer="a.", session_id="s1", confidence=0.8, model_version="m1")
        assert store.write(record) == record.audit_id
        assert store.get(record.audit_id) == record
        assert store.get("missing") is None
        mode = sqlite3.connect(tmp_path / "a.db").execute("PRAGMA journal_mode").fetchone()[0]
        assert mode == "wal"


def test_duplicate_audit_id_is_refused(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "a.db")
    record = rec()
    store.write(record)
    with pytest.raises(AuditStoreError):
        store.write(record)


@pytest.mark.slow
def test_eight_threads_times_1000_records_are_all_readable(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "a.db", synchronous="NORMAL")
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            for i in range(1000):
                store.write(rec(session_id=f"t{n}", response_id=str(i)))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    store.close()
    reopened = SQLiteAuditStore(tmp_path / "a.db")
    records = reopened.query()
    assert len(records) == 8000
    assert len({r.audit_id for r in records}) == 8000
    for n in range(8):
        assert {r.response_id for r in reopened.query(session_id=f"t{n}")} == {
            str(i) for i in range(1000)
        }


WRITER = """
import sys
from lexguard.audit import AuditRecord, SQLiteAuditStore
store = SQLiteAuditStore(sys.argv[1])
i = 0
while True:
    store.write(AuditRecord(status="PASS", query="q" * 500, response_id=str(i)))
    i += 1
"""


def test_writer_killed_mid_run_leaves_a_readable_database(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db)])
    try:
        observer = SQLiteAuditStore(db, purge_on_open=False)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if db.exists():
                try:
                    if observer.count() >= 50:
                        break
                except AuditStoreError:
                    pass  # schema not created yet
            time.sleep(0.05)
        observer.close()
        assert proc.poll() is None, "writer exited early"
    finally:
        proc.kill()
        proc.wait()
    store = SQLiteAuditStore(db)
    assert store.integrity_check()
    records = store.query()
    assert len(records) >= 50
    assert all(r.status == AuditStatus.PASS for r in records)
    # committed records are consecutive: nothing in the middle was lost
    ids = sorted(int(r.response_id or -1) for r in records)
    assert ids == list(range(len(ids)))
    store.write(rec())  # still writable
    assert store.count() == len(records) + 1


def test_purge_removes_only_expired_records(tmp_path: Path) -> None:
    now = datetime(2026, 6, 1, 12, tzinfo=UTC)
    store = SQLiteAuditStore(tmp_path / "a.db", retention_days=90)
    old = [rec(timestamp=now - timedelta(days=d)) for d in (91, 200, 365)]
    fresh = [rec(timestamp=now - timedelta(days=d)) for d in (0, 1, 89.9)]
    for r in old + fresh:
        store.write(r)
    assert store.purge(now=now) == 3
    assert {r.audit_id for r in store.query()} == {r.audit_id for r in fresh}
    assert store.purge(now=now) == 0
    assert store.purge(older_than_days=0.5, now=now) == 2


def test_purge_on_open_uses_retention(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    with SQLiteAuditStore(db, purge_on_open=False) as store:
        store.write(rec(timestamp=datetime.now(UTC) - timedelta(days=40)))
        store.write(rec())
    with SQLiteAuditStore(db, retention_days=30) as store:
        assert store.count() == 1


def test_retention_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(RETENTION_ENV, raising=False)
    assert retention_days_from_env() == 90
    monkeypatch.setenv(RETENTION_ENV, "7")
    assert SQLiteAuditStore(tmp_path / "a.db").retention_days == 7
    for bad in ("0", "-3", "soon"):
        monkeypatch.setenv(RETENTION_ENV, bad)
        with pytest.raises(ConfigurationError, match=RETENTION_ENV):
            SQLiteAuditStore(tmp_path / "b.db")


def test_query_filters_and_export_jsonl(tmp_path: Path) -> None:
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    store = SQLiteAuditStore(tmp_path / "a.db", purge_on_open=False)
    store.write(rec(timestamp=t0, session_id="a", status=AuditStatus.REJECT))
    store.write(rec(timestamp=t0 + timedelta(hours=1), session_id="a"))
    store.write(rec(timestamp=t0 + timedelta(hours=2), session_id="b", status=AuditStatus.REVIEW))
    assert len(store.query(session_id="a")) == 2
    assert [r.status for r in store.query(status="REVIEW")] == [AuditStatus.REVIEW]
    assert len(store.query(since=t0 + timedelta(minutes=30))) == 2
    assert len(store.query(until=t0 + timedelta(minutes=30))) == 1
    assert len(store.query(limit=1)) == 1
    out = tmp_path / "export.jsonl"
    assert export_jsonl(store, out) == 3
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["session_id"] for x in lines] == ["a", "a", "b"]
    assert AuditRecord.model_validate(lines[0]).status == AuditStatus.REJECT
    buffer = io.StringIO()
    assert export_jsonl(store, buffer, session_id="b") == 1


def test_unavailable_database_raises_store_error_lazily(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = SQLiteAuditStore(blocker / "a.db")  # constructing never fails
    with pytest.raises(AuditStoreError, match="cannot open"):
        store.write(rec())


def test_naive_timestamps_are_taken_as_utc() -> None:
    r = rec(timestamp=datetime(2026, 1, 1, 12))
    assert r.timestamp.tzinfo is UTC
