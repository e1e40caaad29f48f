"""The audit record keeps the model's own answer (not only the refusal or the repair handed on),
and the labelled rows for calibration are about that answer."""

from __future__ import annotations

import json
import sqlite3
import warnings
from pathlib import Path

import pytest

from lexguard import ValidationReport
from lexguard._guard import Guard
from lexguard.audit import (
    AuditRecord,
    AuditStatus,
    SQLiteAuditStore,
    build_record,
    label_record,
    labelled_rows,
    record_report,
)
from lexguard.eval import EvalRow
from tests.fakes import SubstringChecker

SOURCES = ["Paris is the capital of France."]
WRONG = "Paris is the capital of France. Berlin is big."


def _guard(audit: object, retries: int) -> Guard:
    return Guard(audit=audit, checker=SubstringChecker(), max_retries=retries)


def test_rejected_answer_is_stored_beside_the_refusal(tmp_path: Path) -> None:
    db = tmp_path / "audit.db"
    report = _guard(str(db), 0).invoke({"answer": WRONG, "sources": SOURCES})
    assert not report.accepted and report.answer != WRONG  # the refusal was handed on
    raw = sqlite3.connect(db).execute("select record from audit_records").fetchone()[0]
    stored = json.loads(raw)
    assert stored["answer"] == report.answer
    assert stored["original_answer"] == WRONG
    assert stored["attempt_answers"] == [WRONG]


def test_repaired_answer_keeps_the_original_and_every_attempt(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db")
    report = _guard(store, 1).invoke({"answer": WRONG, "sources": SOURCES})
    assert report.accepted and report.answer == "Paris is the capital of France."
    record = store.get(report.metadata["audit_id"])
    assert record is not None
    assert record.answer == "Paris is the capital of France."
    assert record.original_answer == WRONG
    assert record.attempt_answers == (WRONG, "Paris is the capital of France.")


def test_labelled_rows_use_the_models_answer_not_the_refusal(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db")
    report = _guard(store, 0).invoke({"answer": WRONG, "sources": SOURCES})
    label_record(store, report.metadata["audit_id"], "hallucinated")
    (row,) = labelled_rows(store)
    assert row["answer"] == WRONG
    assert row["meta"]["answer_handed_on"] == report.answer
    assert EvalRow.model_validate(row).hallucinated


def test_build_record_redacts_the_original_and_attempt_answers() -> None:
    report = ValidationReport.model_validate({
        "status": "invalid", "verdict": "fallback", "confidence": 0.1, "answer": "refused",
        "original_answer": "secret 1", "attempts": 2,
        "history": [{"attempt": 1, "answer": "secret 1", "confidence": 0.1},
                    {"attempt": 2, "answer": "secret 2", "confidence": 0.2}],
    })
    record = build_record(report, redact=lambda text: text.replace("secret", "[x]"))
    assert record.original_answer == "[x] 1"
    assert record.attempt_answers == ("[x] 1", "[x] 2")


def test_original_answer_falls_back_to_the_first_attempt() -> None:
    report = ValidationReport.model_validate({
        "status": "invalid", "verdict": "fallback", "confidence": 0.1, "answer": "refused",
        "history": [{"attempt": 1, "answer": "first", "confidence": 0.1}],
    })
    assert build_record(report).original_answer == "first"


def test_minimal_record_keeps_the_original_answer(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db")
    report = ValidationReport.model_validate({
        "status": "invalid", "verdict": "fallback", "confidence": 0.1, "answer": "refused",
        "original_answer": "the model's text",
    })
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        audit_id = record_report(store, report, sources=object(), code_citations=[object()])
    record = store.get(audit_id)
    assert record is not None and record.metadata.get("partial")
    assert record.original_answer == "the model's text"


def test_records_written_before_the_field_still_load() -> None:
    old = {"audit_id": "a1", "timestamp": "2026-01-01T00:00:00+00:00", "status": "PASS", "answer": "x"}
    record = AuditRecord.model_validate_json(json.dumps(old))
    assert record.original_answer is None and record.attempt_answers == ()


def test_old_records_whose_answer_may_not_be_the_models_are_left_out_with_a_warning(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "audit.db")
    plain = AuditRecord(status=AuditStatus.PASS, verdict="accept", answer="model text", metadata={"attempts": 1})
    refused = AuditRecord(status=AuditStatus.REJECT, verdict="fallback", answer="I can't give ...",
                          metadata={"attempts": 1})
    repaired = AuditRecord(status=AuditStatus.PASS, verdict="accept", answer="repaired", metadata={"attempts": 2})
    for record in (plain, refused, repaired):
        store.write(record)
        label_record(store, record.audit_id, "hallucinated")
    with pytest.warns(UserWarning, match="2 labelled audit record"):
        rows = labelled_rows(store)
    assert [row["answer"] for row in rows] == ["model text"]
