"""Building audit records from reports, the never-failing writer and its fallback file."""

from __future__ import annotations

from pathlib import Path

import pytest

from lexguard import Citation, Claim, Finding, FindingKind, Severity, ValidationReport
from lexguard.audit import (
    AuditRecord,
    AuditStatus,
    AuditWarning,
    RejectionResponse,
    SQLiteAuditStore,
    audit_status,
    build_record,
    fallback_files,
    read_fallback,
    record_report,
    recover_fallback,
    resolve_audit_store,
)


def make_report(**kw: object) -> ValidationReport:
    cite = Citation(claim_index=0, claim="Paris is in France.", source_id="d1", chunk_id="d1#0", score=0.9)
    base: dict[str, object] = {
        "status": "valid_with_warnings",
        "verdict": "accept",
        "confidence": 0.75,
        "answer": "Paris is in France. It has 90 million people.",
        "question": "Tell me about Paris, my SSN is 123-45-6789",
        "claims": (
            Claim(index=0, text="Paris is in France.", span=(0, 19), support=0.9, supported=True, citations=(cite,)),
            Claim(index=1, text="It has 90 million people.", span=(20, 45), support=0.1, supported=False),
        ),
        "citations": (cite,),
        "findings": (
            Finding(kind=FindingKind.UNSUPPORTED, severity=Severity.HARD, message="claim 1 unsupported"),
            Finding(kind=FindingKind.INVALID_CITATION, severity=Severity.SOFT, message="bad cite"),
        ),
        "timings": {"parse": 0.01, "support_check": 0.2},
    }
    base.update(kw)
    return ValidationReport.model_validate(base)


class BrokenStore:
    """A store whose database is down."""

    fallback_path: Path | None = None
    redact = None

    def write(self, record: AuditRecord) -> str:
        raise ConnectionError("database is down")

    def get(self, audit_id: str) -> AuditRecord | None:
        return None

    def query(self, **kw: object) -> list[AuditRecord]:
        return []

    def purge(self, **kw: object) -> int:
        return 0

    def close(self) -> None:
        pass


def test_build_record_maps_report_fields() -> None:
    record = build_record(make_report(), session_id="s", response_id="r", model_version="gpt-x")
    assert record.status == AuditStatus.REVIEW
    assert record.query.startswith("Tell me about Paris")
    assert record.citations_validated == 1
    assert record.citations_failed == 1
    assert record.hallucinations_detected == 1
    assert record.processing_time_ms == pytest.approx(210.0)  # the design: milliseconds
    assert record.claims[0].citations[0]["source_id"] == "d1"
    assert record.claims[1].supported is False
    assert record.metadata["attempts"] == 1


@pytest.mark.parametrize(
    ("status", "verdict", "expected"),
    [
        ("valid", "accept", AuditStatus.PASS),
        ("valid_with_warnings", "accept", AuditStatus.REVIEW),
        ("inconclusive", "accept", AuditStatus.REVIEW),
        ("invalid", "fallback", AuditStatus.REJECT),
        ("inconclusive", "fallback", AuditStatus.REJECT),
    ],
)
def test_audit_status_rules(status: str, verdict: str, expected: AuditStatus) -> None:
    assert audit_status(make_report(status=status, verdict=verdict)) == expected


def test_record_report_writes_to_store(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "a.db")
    audit_id = record_report(store, make_report(), query="q", session_id="s1", processing_time=1.5)
    assert audit_id is not None
    stored = store.get(audit_id)
    assert stored is not None and stored.session_id == "s1" and stored.processing_time_ms == 1500.0
    assert not store.fallback_path.exists()
    assert record_report(None, make_report()) is None


def test_redaction_hook_from_store_applies_to_query_answer_and_claims(tmp_path: Path) -> None:
    store = SQLiteAuditStore(tmp_path / "a.db", redact=lambda t: t.replace("123-45-6789", "[SSN]").replace("Paris", "[CITY]"))
    audit_id = record_report(store, make_report())
    stored = store.get(audit_id or "")
    assert stored is not None
    assert "123-45-6789" not in stored.query and "[SSN]" in stored.query
    assert "Paris" not in stored.answer
    assert all("Paris" not in c.text for c in stored.claims)


def test_failing_redaction_never_stores_the_raw_text(tmp_path: Path) -> None:
    def boom(text: str) -> str:
        raise ValueError("regex broke")

    store = SQLiteAuditStore(tmp_path / "a.db")
    with pytest.warns(AuditWarning, match="redaction"):
        audit_id = record_report(store, make_report(), redact=boom)
    stored = store.get(audit_id or "")
    assert stored is not None and stored.query == "[redaction failed]"
    assert "123-45-6789" not in stored.model_dump_json()


def test_store_failure_goes_to_fallback_file_with_a_warning(tmp_path: Path) -> None:
    store = BrokenStore()
    store.fallback_path = tmp_path / "fallback.jsonl"
    with pytest.warns(AuditWarning, match="database is down"):
        audit_id = record_report(store, make_report(), session_id="s9")
    assert audit_id is not None
    saved = read_fallback(store.fallback_path)
    assert [r.audit_id for r in saved] == [audit_id]
    assert saved[0].session_id == "s9" and saved[0].status == AuditStatus.REVIEW


def test_unavailable_sqlite_store_falls_back_next_to_nothing_lost(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = SQLiteAuditStore(blocker / "audit.db", fallback_path=tmp_path / "fb.jsonl")
    with pytest.warns(AuditWarning):
        ids = [record_report(store, make_report()) for _ in range(3)]
    assert [r.audit_id for r in read_fallback(tmp_path / "fb.jsonl")] == ids


def test_explicit_fallback_path_and_unwritable_fallback_uses_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.warns(AuditWarning):
        audit_id = record_report(BrokenStore(), make_report(), fallback_path=blocker / "fb.jsonl")
    saved = read_fallback(blocker / "fb.jsonl")  # its temp-folder twin, where recover looks
    assert [r.audit_id for r in saved] == [audit_id]
    assert all(str(p).startswith(str(tmp_path / "tmp")) for p in fallback_files(blocker / "fb.jsonl"))


def test_recover_fallback_moves_records_into_the_store(tmp_path: Path) -> None:
    fallback = tmp_path / "fb.jsonl"
    broken = BrokenStore()
    broken.fallback_path = fallback
    with pytest.warns(AuditWarning):
        ids = {record_report(broken, make_report()) for _ in range(2)}
    with fallback.open("a") as handle:
        handle.write('{"audit_id": "torn')  # a crash mid-line
    store = SQLiteAuditStore(tmp_path / "a.db")
    assert recover_fallback(store, fallback) == 2
    assert {r.audit_id for r in store.query()} == ids
    assert not fallback.exists()


def test_resolve_audit_store_shares_one_store_per_path(tmp_path: Path) -> None:
    assert resolve_audit_store(None) is None
    store = resolve_audit_store(tmp_path / "x.db")
    assert isinstance(store, SQLiteAuditStore)
    assert resolve_audit_store(str(tmp_path / "x.db")) is store
    broken = BrokenStore()
    assert resolve_audit_store(broken) is broken
    with pytest.raises(TypeError, match="AuditStore"):
        resolve_audit_store(42)  # type: ignore[arg-type]


def test_rejection_response_from_report() -> None:
    report = make_report(status="invalid", verdict="fallback", reason="1 of 2 claims unsupported", metadata={"audit_id": "abc"})
    response = RejectionResponse.from_report(report)
    assert response.status == AuditStatus.REJECT
    assert response.reason == "1 of 2 claims unsupported"
    assert response.partial_response == "Paris is in France."
    assert response.audit_id == "abc"
    assert "sources" in response.suggestion
    dumped = response.model_dump(mode="json")
    assert set(dumped) == {"status", "reason", "suggestion", "partial_response", "audit_id"}


def test_rejection_response_without_reason_uses_worst_finding() -> None:
    report = make_report(status="invalid", verdict="fallback", claims=(), citations=())
    response = RejectionResponse.from_report(report, audit_id="id1")
    assert response.reason == "claim 1 unsupported"
    assert response.partial_response is None and response.audit_id == "id1"
