"""The audit pipeline design (issue 15): per-citation line range and validation status, time in
milliseconds, code-citation decisions recorded as they were made."""

from __future__ import annotations

from pathlib import Path

from lexguard import Citation, Claim, ValidationReport
from lexguard.audit import SQLiteAuditStore, build_record, record_report
from lexguard.citations import CodeCitation, Decision, validate_source


def report_with_lines() -> ValidationReport:
    good = Citation(claim_index=0, claim="Add adds.", source_id="math.py", chunk_id="math.py#0", score=0.9,
                    metadata={"start_line": 3, "end_line": 4})
    weak = Citation(claim_index=1, claim="It subtracts.", source_id="doc", chunk_id="doc#2", score=0.2,
                    metadata={"line_range": [10, 12]})
    return ValidationReport(
        status="valid_with_warnings", verdict="accept", confidence=0.6, answer="Add adds. It subtracts.",
        claims=(Claim(index=0, text="Add adds.", span=(0, 9), supported=True, citations=(good,)),
                Claim(index=1, text="It subtracts.", span=(10, 23), supported=False, citations=(weak,))),
        citations=(good, weak), timings={"support_check": 0.125},
    )


def test_each_citation_carries_line_range_and_validation_status() -> None:
    record = build_record(report_with_lines())
    assert [(c["line_range"], c["validation_status"]) for c in record.citations] == [
        ([3, 4], "valid"), ([10, 12], "invalid")]
    assert record.claims[0].citations[0]["line_range"] == [3, 4]
    assert record.claims[1].citations[0]["validation_status"] == "invalid"
    assert record.processing_time_ms == 125.0  # milliseconds, as the design says


def test_code_citation_checks_are_recorded_with_their_decision(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def add(a, b):\n    return a + b\n")
    checks = [
        validate_source(CodeCitation(path="m.py", start_line=2, content="return a + b"), tmp_path),
        validate_source(CodeCitation(path="m.py", start_line=1, end_line=2, content="return a - b"), tmp_path),
    ]
    assert [c.decision for c in checks] == [Decision.PASS, Decision.REVIEW]  # mismatch: REVIEW
    store = SQLiteAuditStore(tmp_path / "a.db")
    audit_id = record_report(store, report_with_lines(), code_citations=checks)
    record = store.get(audit_id or "")
    assert record is not None
    code = [c for c in record.citations if "path" in c]
    assert [(c["path"], c["line_range"], c["validation_status"]) for c in code] == [
        ("m.py", [2, 2], "PASS"), ("m.py", [1, 2], "REVIEW")]
