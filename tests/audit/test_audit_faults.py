"""Issue 23, item 2: a fault run (disk full, read-only folder, ``ulimit -f``, a typo) loses no
acknowledged record: every one is in the store after ``lexguard audit recover``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexguard.audit import SQLiteAuditStore
from lexguard.audit._fallback import MAX_PARTS

ROOT = Path(__file__).resolve().parents[2]
RUNS = 30


def _env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "tmp").mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LEXGUARD_AUDIT", "AUDIT_"))}
    return {**env, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp_path / "tmp"), "HF_HUB_OFFLINE": "1"}


def _run_fault(fault: str, db: Path, env: dict[str, str], cwd: Path) -> list[str]:
    result = subprocess.run([sys.executable, "-m", "tests.audit._faults", fault, str(db), str(RUNS)],
                            cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.split("\n")
    assert "done" in lines, result.stdout
    return [line for line in lines if line and line != "done"]


def _recover(db: Path, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "lexguard.cli", "audit", "recover", "--store", str(db)],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["disk-full", "read-only", "ulimit-f"])
def test_every_acknowledged_record_is_in_the_store_after_recover(tmp_path: Path, fault: str) -> None:
    env, work, db = _env(tmp_path), tmp_path / "work", tmp_path / "data" / "audit.db"
    work.mkdir()
    db.parent.mkdir()
    acknowledged = _run_fault(fault, db, env, work)
    assert len(acknowledged) == RUNS  # the temp folder could take every one
    left = [p for p in (tmp_path / "data").iterdir() if ".fallback.jsonl" in p.name]
    assert len(left) <= MAX_PARTS  # a few parts, not 10,000 empty ones
    out = _recover(db, env, work)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"found {RUNS}" in out.stdout and "0 unparseable" in out.stdout
    store = SQLiteAuditStore(db)
    assert sum(store.get(audit_id) is not None for audit_id in acknowledged) == RUNS
    assert not list((tmp_path / "work").iterdir())  # nothing diverted to the working directory


@pytest.mark.slow
def test_records_larger_than_the_file_size_limit_are_reported_never_torn(tmp_path: Path) -> None:
    """``ulimit -f`` below one record: no file can take one whole, so none is acknowledged (each is
    in the ERROR log); no torn part is left (main: 20,000 torn parts, 0 records readable)."""
    env, work, db = _env(tmp_path), tmp_path / "work", tmp_path / "data" / "audit.db"
    work.mkdir()
    db.parent.mkdir()
    acknowledged = _run_fault("ulimit-f-tiny", db, env, work)
    files = [p for p in tmp_path.rglob("*") if p.is_file() and "fallback" in p.name]
    assert all(p.stat().st_size == 0 for p in files) and len(files) <= 2 * MAX_PARTS
    out = _recover(db, env, work)
    assert "0 unparseable" in out.stdout or "no fallback" in out.stdout + out.stderr
    store = SQLiteAuditStore(db) if db.exists() else None
    assert all(store is not None and store.get(audit_id) is not None for audit_id in acknowledged)


def test_a_typo_in_the_retention_variable_is_refused_when_the_guard_is_built(tmp_path: Path) -> None:
    env, db = _env(tmp_path), tmp_path / "audit.db"
    result = subprocess.run([sys.executable, "-m", "tests.audit._faults", "typo", str(db), "3"],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("refused:") and "LEXGUARD_AUDIT_RETENTION_DAYS='90d'" in result.stdout
    assert not [p for p in tmp_path.rglob("*") if "fallback" in p.name]  # no record was diverted
