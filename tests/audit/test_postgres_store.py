"""PostgreSQL audit store against a real server: schema, URL selection, async, many writers,
SIGKILL, a database stopped mid-run and the recovery command."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import warnings
from pathlib import Path

import psycopg
import pytest

from lexguard import ConfigurationError, Guard
from lexguard.audit import (
    AuditRecord,
    AuditStatus,
    AuditWarning,
    PostgresAuditStore,
    SQLiteAuditStore,
    open_store,
    read_fallback,
    record_report,
    resolve_audit_store,
)
from tests import pg

pytestmark = pytest.mark.slow  # a PostgreSQL server per test module; run by `python -m pytest -q`
from tests.fakes import SubstringChecker

pytest.importorskip("psycopg_pool")

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["Paris is the capital of France."]
ANSWER = {"answer": "Paris is the capital of France.", "sources": SOURCES, "question": "Capital?"}


def writer(url: str, runs: int, tag: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.audit._writer", url, str(runs), tag],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_schema_has_a_version_table_and_indexes_and_migrates_once() -> None:
    url = pg.fresh_database()
    stores = [PostgresAuditStore(url) for _ in range(4)]
    threads = [threading.Thread(target=s.schema_version) for s in stores]  # four openers at once
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert stores[0].schema_version() == 2
    with psycopg.connect(url) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM lexguard_audit_schema ORDER BY 1")]
        indexes = {r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'lexguard_audit_records'")}
    assert versions == [1, 2]
    assert {"lexguard_audit_records_ts", "lexguard_audit_records_session", "lexguard_audit_records_status"} <= indexes
    for s in stores:
        s.close()


def test_guard_selects_the_store_from_the_url_and_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    url = pg.fresh_database()
    report = Guard(audit=url, checker=SubstringChecker(), max_retries=0).invoke(ANSWER)
    store = resolve_audit_store(url)
    assert isinstance(store, PostgresAuditStore)
    record = store.get(report.metadata["audit_id"])
    assert record is not None and record.query == "Capital?" and record.status == AuditStatus.PASS
    assert record.sources == ({"id": "source-0", "content": SOURCES[0]},)
    assert record.processing_time_ms is not None and record.processing_time_ms > 0

    monkeypatch.setenv("LEXGUARD_AUDIT_URL", url)
    report = Guard(checker=SubstringChecker(), max_retries=0).invoke(ANSWER)
    assert store.get(report.metadata["audit_id"]) is not None
    off = Guard(audit=False, checker=SubstringChecker(), max_retries=0).invoke(ANSWER)
    assert "audit_id" not in off.metadata


def test_unknown_url_scheme_is_refused_when_the_guard_is_built(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="not supported"):
        Guard(audit="mysql://db/audit", checker=SubstringChecker())
    assert not Path("mysql:").exists()
    assert isinstance(open_store(f"sqlite:///{tmp_path}/x.db"), SQLiteAuditStore)


async def test_async_methods_use_the_async_pool() -> None:
    store = PostgresAuditStore(pg.fresh_database())
    record = AuditRecord(status=AuditStatus.REVIEW, session_id="a")
    assert await store.awrite(record) == record.audit_id
    assert await store.aget(record.audit_id) == record
    assert [r.audit_id for r in await store.aquery(session_id="a")] == [record.audit_id]
    await store.aclose()


async def test_ainvoke_never_writes_the_audit_on_the_event_loop_thread() -> None:
    seen: list[int] = []

    class ThreadRecordingStore(SQLiteAuditStore):
        def write(self, record: AuditRecord) -> str:
            seen.append(threading.get_ident())
            return super().write(record)

    store = ThreadRecordingStore(":memory:")
    guard = Guard(audit=store, checker=SubstringChecker(), max_retries=0)
    reports = await asyncio.gather(*(guard.ainvoke(ANSWER) for _ in range(3)))
    assert len(seen) == 3 and threading.get_ident() not in seen
    assert all(store.get(r.metadata["audit_id"]) for r in reports)


def test_unreachable_database_falls_back_quickly_with_the_id_set(tmp_path: Path) -> None:
    port = pg._free_port()  # nothing listens there
    store = PostgresAuditStore(f"postgresql://postgres@127.0.0.1:{port}/x", timeout=0.5,
                               fallback_path=tmp_path / "fb.jsonl")
    guard = Guard(audit=store, checker=SubstringChecker(), max_retries=0)
    with pytest.warns(AuditWarning, match="audit recover"):
        ids = [guard.invoke(ANSWER).metadata["audit_id"] for _ in range(3)]
    assert all(ids)
    assert [r.audit_id for r in read_fallback(tmp_path / "fb.jsonl")] == ids


def test_eight_processes_times_1000_guard_runs_leave_exactly_8000_records(tmp_path: Path) -> None:
    url = pg.fresh_database()
    env = {"LEXGUARD_AUDIT_FALLBACK": str(tmp_path / "fb.jsonl"), "LEXGUARD_AUDIT_LOCK_TIMEOUT": "30"}
    procs = [writer(url, 1000, f"w{n}", env) for n in range(8)]
    outputs = [p.communicate(timeout=900) for p in procs]
    for p, (out, err) in zip(procs, outputs, strict=True):
        assert p.returncode == 0, err
        assert out.splitlines()[-1] == "done"
    ids = {line for out, _ in outputs for line in out.splitlines()[:-1]}
    assert len(ids) == 8000
    store = PostgresAuditStore(url)
    assert store.count() == 8000
    assert not read_fallback(tmp_path / "fb.jsonl")
    assert {s: len(store.query(session_id=s)) for s in (f"w{n}" for n in range(8))} == {f"w{n}": 1000 for n in range(8)}
    store.close()


def test_writer_killed_with_sigkill_loses_nothing_acknowledged(tmp_path: Path) -> None:
    url = pg.fresh_database()
    env = {"LEXGUARD_AUDIT_FALLBACK": str(tmp_path / "fb.jsonl"), "LEXGUARD_AUDIT_LOCK_TIMEOUT": "30"}
    proc = writer(url, 100_000, "victim", env)
    assert proc.stdout is not None
    acknowledged = [proc.stdout.readline().strip() for _ in range(150)]
    proc.send_signal(signal.SIGKILL)
    rest, _ = proc.communicate(timeout=60)
    acknowledged += [line for line in rest.splitlines() if line and line != "done"]
    assert proc.returncode == -signal.SIGKILL
    store = PostgresAuditStore(url)
    stored = {r.audit_id for r in store.query()}
    saved = {r.audit_id for r in read_fallback(tmp_path / "fb.jsonl")}
    assert set(acknowledged) <= stored | saved
    assert len(acknowledged) >= 150 and not saved
    store.close()


def test_database_stopped_mid_run_then_recover_puts_every_record_back(tmp_path: Path) -> None:
    server = pg.private_server()
    try:
        url = server.create_database()
        fallback = tmp_path / "fb.jsonl"
        env = {"LEXGUARD_AUDIT_FALLBACK": str(fallback), "LEXGUARD_AUDIT_LOCK_TIMEOUT": "0.5"}
        proc = writer(url, 300, "outage", env)
        assert proc.stdout is not None
        acknowledged = [proc.stdout.readline().strip() for _ in range(100)]
        server.stop("immediate")  # the database goes away mid-run
        rest, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err
        acknowledged += [line for line in rest.splitlines() if line != "done"]
        assert len(set(acknowledged)) == 300

        in_fallback = {r.audit_id for r in read_fallback(fallback)}
        assert in_fallback, "the writer should have run into the stopped database"
        server.start()
        result = subprocess.run(
            [sys.executable, "-m", "lexguard.cli", "audit", "recover", "--store", url, "--fallback", str(fallback)],
            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120,
        )
        assert result.returncode == 0, result.stderr
        assert f"recovered {len(in_fallback)} record(s)" in result.stdout
        store = PostgresAuditStore(url)
        assert {r.audit_id for r in store.query()} == set(acknowledged)
        assert store.count() == 300
        store.close()
        assert not read_fallback(fallback)  # renamed to .recovered
    finally:
        server.cleanup()


def test_record_report_with_a_broken_store_and_unwritable_fallback_still_returns_an_id(tmp_path: Path) -> None:
    from tests.audit.test_audit_record import BrokenStore, make_report

    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = BrokenStore()
    store.fallback_path = blocker / "fb.jsonl"  # cannot be created: falls to the temp folder
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AuditWarning)
        audit_id = record_report(store, make_report())
    assert audit_id
