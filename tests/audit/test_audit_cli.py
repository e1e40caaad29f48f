"""``lexguard audit list|show|export|recover|label|purge`` over a SQLite store."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from lexguard.audit import AuditRecord, AuditStatus, SQLiteAuditStore, write_fallback
from lexguard.cli import app

runner = CliRunner()


def filled(tmp_path: Path) -> tuple[str, list[AuditRecord]]:
    db = str(tmp_path / "a.db")
    store = SQLiteAuditStore(db)
    records = [AuditRecord(status=s, query=f"question {i}", session_id="s1" if i else "s0")
               for i, s in enumerate((AuditStatus.PASS, AuditStatus.REJECT, AuditStatus.REVIEW))]
    for r in records:
        store.write(r)
    store.close()
    return db, records


def test_list_show_export(tmp_path: Path) -> None:
    db, records = filled(tmp_path)
    out = runner.invoke(app, ["audit", "list", "--store", db, "--json", "--session", "s1"])
    assert out.exit_code == 0, out.output
    assert [json.loads(line)["audit_id"] for line in out.stdout.splitlines()] == [r.audit_id for r in records[1:]]
    out = runner.invoke(app, ["audit", "list", "--store", db, "--status", "reject"])
    assert out.exit_code == 0 and records[1].audit_id in out.stdout and records[0].audit_id not in out.stdout
    out = runner.invoke(app, ["audit", "show", records[2].audit_id, "--store", db])
    assert out.exit_code == 0 and json.loads(out.stdout)["status"] == "REVIEW"
    assert runner.invoke(app, ["audit", "show", "nope", "--store", db]).exit_code == 1
    out = runner.invoke(app, ["audit", "export", "--out", str(tmp_path / "x.jsonl"), "--store", db])
    assert out.exit_code == 0 and len((tmp_path / "x.jsonl").read_text().splitlines()) == 3


def test_store_comes_from_the_environment_and_its_absence_is_explained(tmp_path: Path) -> None:
    db, records = filled(tmp_path)
    out = runner.invoke(app, ["audit", "list", "--json"], env={"LEXGUARD_AUDIT_URL": db})
    assert out.exit_code == 0 and len(out.stdout.splitlines()) == 3
    out = runner.invoke(app, ["audit", "list"], env={"LEXGUARD_AUDIT_URL": ""})
    assert out.exit_code == 2 and "LEXGUARD_AUDIT_URL" in out.output
    out = runner.invoke(app, ["audit", "list", "--store", "mysql://x/y"])
    assert out.exit_code == 2 and "not supported" in out.output
    out = runner.invoke(app, ["audit", "list", "--store", str(tmp_path / "missing.db")])
    assert out.exit_code == 2 and "does not exist" in out.output


def test_label_then_show(tmp_path: Path) -> None:
    db, records = filled(tmp_path)
    target = records[0].audit_id
    out = runner.invoke(app, ["audit", "label", target, "--hallucinated", "--note", "wrong year", "--store", db])
    assert out.exit_code == 0, out.output
    shown = json.loads(runner.invoke(app, ["audit", "show", target, "--store", db]).stdout)
    assert shown["label"]["label"] == "hallucinated" and shown["label"]["note"] == "wrong year"
    assert runner.invoke(app, ["audit", "label", target, "--store", db]).exit_code == 2  # neither flag
    assert runner.invoke(app, ["audit", "label", "nope", "--correct", "--store", db]).exit_code == 1  # as show


def test_recover_counts_and_purge(tmp_path: Path) -> None:
    db, _ = filled(tmp_path)
    fallback = tmp_path / "fb.jsonl"
    for _ in range(4):
        write_fallback(AuditRecord(status=AuditStatus.PASS), fallback)
    out = runner.invoke(app, ["audit", "recover", "--store", db, "--fallback", str(fallback)])
    assert out.exit_code == 0 and "recovered 4 record(s)" in out.stdout
    assert SQLiteAuditStore(db).count() == 7
    out = runner.invoke(app, ["audit", "recover", "--store", db, "--fallback", str(fallback)])
    assert "recovered 0 record(s)" in out.stdout
    out = runner.invoke(app, ["audit", "purge", "--store", db, "--older-than-days", "0"])
    assert out.exit_code == 0 and "purged 7 record(s)" in out.stdout
