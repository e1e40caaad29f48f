"""The guard writes one audit record per run and stamps its id into the report."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from lexguard._guard import Guard
from lexguard.audit import AuditStatus, AuditWarning, SQLiteAuditStore, read_fallback
from tests.fakes import SubstringChecker

SOURCES = ["Paris is the capital of France."]


def make_guard(audit: object, **kw: object) -> Guard:
    return Guard(audit=audit, checker=SubstringChecker(), max_retries=0, **kw)


def test_each_run_writes_one_record_with_the_id_in_the_report(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db")
    guard = make_guard(store)
    report = guard.invoke(
        {"answer": "Paris is the capital of France.", "sources": SOURCES, "question": "Capital?"},
        config={"metadata": {"session_id": "sess-1", "model_version": "m-2"}},
    )
    audit_id = report.metadata["audit_id"]
    record = store.get(audit_id)
    assert record is not None
    assert record.query == "Capital?" and record.session_id == "sess-1"
    assert record.model_version == "m-2"
    assert record.status == AuditStatus.PASS
    assert record.response_id  # the LangChain run id
    assert record.processing_time_ms is not None and record.processing_time_ms >= 0
    guard.invoke({"answer": "Paris is the capital of France.", "sources": SOURCES})
    assert store.count() == 2


def test_rejected_run_is_recorded_as_reject(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db")
    report = make_guard(store, repair_without_generator=False).invoke(
        {"answer": "Berlin is the capital of France.", "sources": SOURCES}
    )
    record = store.get(report.metadata["audit_id"])
    assert record is not None
    assert not report.accepted
    assert record.status == AuditStatus.REJECT
    assert record.hallucinations_detected >= 1


async def test_async_run_is_recorded(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db")
    report = await make_guard(store).ainvoke({"answer": "Paris is the capital of France.", "sources": SOURCES})
    assert store.get(report.metadata["audit_id"]) is not None


def test_unavailable_store_never_breaks_the_run(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = SQLiteAuditStore(blocker / "audit.db", fallback_path=tmp_path / "fallback.jsonl")
    with pytest.warns(AuditWarning):
        report = make_guard(store).invoke({"answer": "Paris is the capital of France.", "sources": SOURCES})
    assert report.accepted
    saved = read_fallback(tmp_path / "fallback.jsonl")
    assert [r.audit_id for r in saved] == [report.metadata["audit_id"]]


def test_no_audit_means_no_record(tmp_path: Path) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", AuditWarning)
        report = make_guard(None).invoke({"answer": "Paris is the capital of France.", "sources": SOURCES})
    assert "audit_id" not in report.metadata


def test_database_path_is_accepted(tmp_path: Path) -> None:
    report = make_guard(str(tmp_path / "by-path.db")).invoke(
        {"answer": "Paris is the capital of France.", "sources": SOURCES}
    )
    assert SQLiteAuditStore(tmp_path / "by-path.db").get(report.metadata["audit_id"]) is not None
