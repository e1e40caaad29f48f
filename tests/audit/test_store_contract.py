"""The contract both built-in stores keep: round trip, filters, purge, labels, export, odd text."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from lexguard.audit import (
    AuditRecord,
    AuditStatus,
    AuditStore,
    AuditStoreError,
    LabelledAuditStore,
    PostgresAuditStore,
    SQLiteAuditStore,
    export_jsonl,
    label_record,
    labelled_rows,
)
from lexguard.eval import EvalRow
from tests import pg


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.slow)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[AuditStore]:
    if request.param == "sqlite":
        s: AuditStore = SQLiteAuditStore(tmp_path / "audit.db")
    else:
        s = PostgresAuditStore(pg.fresh_database(), fallback_path=tmp_path / "fb.jsonl")
    yield s
    s.close()


def rec(**kw: object) -> AuditRecord:
    return AuditRecord(status=kw.pop("status", AuditStatus.PASS), **kw)  # type: ignore[arg-type]


def test_round_trip_and_protocols(store: AuditStore) -> None:
    assert isinstance(store, AuditStore) and isinstance(store, LabelledAuditStore)
    record = rec(query="q?", answer="a.", session_id="s1", confidence=0.8, processing_time_ms=12.5,
                 sources=({"id": "d1", "content": "text"},))
    assert store.write(record) == record.audit_id
    assert store.get(record.audit_id) == record
    assert store.get("missing") is None
    with pytest.raises(AuditStoreError):
        store.write(record)  # an id is written once


def test_text_the_database_would_refuse_is_stored(store: AuditStore) -> None:
    # a NUL character (refused by PostgreSQL text and jsonb) and a lone surrogate (not UTF-8)
    record = rec(answer="before\x00after \ud83d end", metadata={"odd": object()})
    store.write(record)
    back = store.get(record.audit_id)
    assert back is not None and back.answer == "before\x00after \ufffd end"


def test_query_filters_by_session_status_and_time(store: AuditStore) -> None:
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    for i in range(6):
        store.write(rec(timestamp=t0 + timedelta(hours=i), session_id=f"s{i % 2}",
                        status=AuditStatus.REJECT if i % 3 == 0 else AuditStatus.PASS, response_id=str(i)))
    ids = lambda rs: [r.response_id for r in rs]  # noqa: E731
    assert ids(store.query()) == ["0", "1", "2", "3", "4", "5"]
    assert ids(store.query(session_id="s1")) == ["1", "3", "5"]
    assert ids(store.query(status="REJECT")) == ["0", "3"]
    assert ids(store.query(since=t0 + timedelta(hours=2), until=t0 + timedelta(hours=4))) == ["2", "3"]
    assert ids(store.query(limit=2)) == ["0", "1"]


def test_purge_removes_only_expired_records_and_their_labels(store: AuditStore) -> None:
    now = datetime.now(UTC)
    old, new = rec(timestamp=now - timedelta(days=100)), rec(timestamp=now - timedelta(days=10))
    store.write(old)
    store.write(new)
    store.label(old.audit_id, "hallucinated")  # type: ignore[attr-defined]
    assert store.purge(now=now) == 1  # retention 90 days
    assert store.get(old.audit_id) is None and store.get(new.audit_id) is not None
    assert store.get_label(old.audit_id) is None  # type: ignore[attr-defined]


def test_labels_and_labelled_rows_for_calibration(store: AuditStore) -> None:
    good = rec(query="Capital?", answer="Paris is the capital.", confidence=0.9,
               sources=({"id": "d1", "content": "Paris is the capital of France."},))
    bad = rec(query="Height?", answer="It is 900 m tall.", status=AuditStatus.PASS,
              sources=({"id": "d2", "content": "The tower is 330 m tall."},))
    unlabelled = rec()
    for r in (good, bad, unlabelled):
        store.write(r)
    label_record(store, good.audit_id, "correct")
    label_record(store, bad.audit_id, "correct")
    label_record(store, bad.audit_id, "hallucinated", note="900 m is wrong")  # replaces
    with pytest.raises(AuditStoreError, match="no audit record"):
        label_record(store, "nope", "correct")
    rows = labelled_rows(store)
    assert [r["id"] for r in rows] == [good.audit_id, bad.audit_id]
    assert rows[0]["label"] == "supported" and rows[1]["label"] == "hallucinated"
    assert rows[1]["meta"]["note"] == "900 m is wrong" and rows[1]["meta"]["human_label"] == "hallucinated"
    assert rows[1]["sources"] == ["The tower is 330 m tall."] and rows[1]["question"] == "Height?"
    parsed = EvalRow.model_validate(rows[1])  # usable by lexguard.eval as it is
    assert parsed.hallucinated and parsed.answer == "It is 900 m tall."


def test_export_jsonl(store: AuditStore, tmp_path: Path) -> None:
    for i in range(3):
        store.write(rec(response_id=str(i), status=AuditStatus.REVIEW if i == 1 else AuditStatus.PASS))
    buffer = io.StringIO()
    assert export_jsonl(store, buffer, status="REVIEW") == 1
    assert json.loads(buffer.getvalue())["response_id"] == "1"
    assert export_jsonl(store, tmp_path / "all.jsonl") == 3
    lines = (tmp_path / "all.jsonl").read_text().splitlines()
    assert [AuditRecord.model_validate_json(line).response_id for line in lines] == ["0", "1", "2"]


def test_label_on_a_store_without_labels_says_so() -> None:
    class Plain:
        def write(self, record: AuditRecord) -> str:
            return record.audit_id

    with pytest.raises(AuditStoreError, match="keeps no labels"):
        label_record(Plain(), "x", "correct")


def test_original_answer_round_trips_and_is_the_labelled_rows_answer(store: AuditStore) -> None:
    record = rec(answer="I can't give a reliable answer.", original_answer="It is 900 m tall.",
                 attempt_answers=("It is 900 m tall.",), verdict="fallback", status=AuditStatus.REJECT)
    store.write(record)
    assert store.get(record.audit_id) == record
    label_record(store, record.audit_id, "hallucinated")
    (row,) = labelled_rows(store)
    assert row["answer"] == "It is 900 m tall."
