"""Issue 22: an unchecked answer never reads as verified, and repairs are visible."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lexguard import Guard, Status, Verdict
from lexguard._policy_report import audit_level
from lexguard.cli._calibrate import turned_off
from lexguard.grounding._threshold import Calibration
from lexguard.render import render_report_html

EIFFEL = (
    "The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It is 330 metres tall. "
    "It was built by Gustave Eiffel's company between 1887 and 1889."
)
FALSE = "The tower is 540 metres tall."


def _threshold_file(tmp_path: Path, threshold: float, strict: bool) -> str:
    path = tmp_path / "thresholds.json"
    path.write_text(json.dumps({"support_threshold": threshold, "max_false_alarm": 0.05, "false_alarm_rate": 0.0,
                                "recall": 0.0, "floor_false_alarm_rate": 0.0, "rows": 10, "positives": 5,
                                "strict": strict}), encoding="utf-8")
    return str(path)


def _unchecked_settings(tmp_path: Path) -> list[tuple[str, dict]]:
    return [
        ("grounding off", {"grounding": {"enabled": False}}),
        ("support removed", {"checks": ["parse", "rules"]}),
        ("support removed, citations kept", {"checks": ["parse", "rules", "citations"]}),
        ("support records only", {"on_fail": {"support": "record"}}),
        ("threshold 0, strict off", {"grounding": {"threshold_file": _threshold_file(tmp_path, 0.0, False)}}),
        ("threshold 0, strict on", {"grounding": {"support_threshold": 0.0}}),
    ]


@pytest.mark.parametrize("answer", [FALSE, "The tower was designed by Napoleon Bonaparte.", "The tower is in Paris."])
def test_sources_no_check_read_never_read_as_verified(tmp_path: Path, answer: str) -> None:
    for name, settings in _unchecked_settings(tmp_path):
        report = Guard(audit=False, **settings).invoke({"answer": answer, "sources": [EIFFEL]})
        assert report.verdict != Verdict.ACCEPT, name
        assert report.status != Status.VALID, name
        assert "verified against" not in report.user_message, name
        assert audit_level(report) != "PASS", name
        if report.verdict == Verdict.FLAG:  # (the strict rules may still refuse it outright)
            assert "not checked" in (report.reason or ""), name


def test_the_env_setting_that_removes_the_support_check_is_flagged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LEXGUARD_CHECKS", '["parse", "rules"]')
    report = Guard(audit=False).invoke({"answer": FALSE, "sources": [EIFFEL]})
    assert report.verdict == Verdict.FLAG and audit_level(report) == "REVIEW"


def test_without_sources_nothing_is_owed() -> None:
    report = Guard(audit=False, checks=["parse", "rules"]).invoke({"answer": FALSE})
    assert report.verdict == Verdict.ACCEPT


def test_calibrate_says_what_its_file_turns_off() -> None:
    base = {"max_false_alarm": 0.05, "false_alarm_rate": 0.0, "recall": 0.5, "floor_false_alarm_rate": 0.0,
            "rows": 10, "positives": 5}
    assert turned_off(Calibration(support_threshold=0.4, strict=True, **base)) == []
    lines = turned_off(Calibration(support_threshold=0.0, strict=False, **base))
    assert len(lines) == 2 and "strict rules" in lines[0] and "threshold 0" in lines[1]


# -- repairs are visible -------------------------------------------------------------------------


def test_a_filtered_answer_keeps_the_removed_findings() -> None:
    report = Guard(audit=False).invoke({"answer": "The Eiffel Tower is in Paris. " + FALSE, "sources": [EIFFEL]})
    assert report.verdict == Verdict.ACCEPT and "540" not in report.answer
    assert report.status == Status.VALID_WITH_WARNINGS and audit_level(report) == "REVIEW"
    removed = [f for f in report.findings if f.stage == "removed"]
    assert removed and all(FALSE in f.message for f in removed)
    assert "removed" in (report.reason or "")
    assert "filter" in report.history[0].decision and "reask" not in report.history[0].decision
    assert "Removed by the guard" in render_report_html(report) and FALSE in render_report_html(report)


@pytest.mark.parametrize("lead", ["Sure!", "😀", "Of course.", "Hope this helps!", "Happy travels!",
                                  "Not mentioned in the passages: the colour."])
def test_a_leftover_without_a_claim_is_not_handed_on(lead: str) -> None:
    report = Guard(audit=False).invoke({"answer": f"{lead} {FALSE}", "sources": [EIFFEL]})
    assert report.verdict == Verdict.FALLBACK and report.answer != lead


def test_a_prohibited_statement_removed_is_reported() -> None:
    guard = Guard(audit=False, gate={"prohibited_patterns": ["password"]})
    report = guard.invoke({"answer": "Your PASSWORD is hunter2; the Eiffel Tower is in Paris.", "sources": [EIFFEL]})
    assert not (report.verdict == Verdict.ACCEPT and report.status == Status.VALID and not report.findings)
    assert "hunter2" not in report.answer
    if report.verdict == Verdict.ACCEPT:
        removed = [f for f in report.findings if f.stage == "removed"]
        assert any(f.kind == "prohibited" for f in removed) and "removed" in (report.reason or "")
