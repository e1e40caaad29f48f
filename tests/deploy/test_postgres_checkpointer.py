"""The graphs of langgraph.json run unchanged against a Postgres checkpointer (as on LangGraph
Server): two turns of one thread, the state read back with its types intact."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lexguard.deploy import checkpoint_allowlist
from tests import pg

pytest.importorskip("langgraph.checkpoint.postgres", reason="pip install 'lexguard[postgres]'")
ROOT = Path(__file__).resolve().parents[2]


def two_turns(graph: str, *, strict: bool, audit_url: str | None = None) -> dict[str, object]:
    url = pg.fresh_database()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1",
           "LANGGRAPH_STRICT_MSGPACK": "true" if strict else "false"}
    env.pop("LEXGUARD_AUDIT_URL", None)
    if audit_url:
        env["LEXGUARD_AUDIT_URL"] = audit_url
    result = subprocess.run([sys.executable, "-m", "tests.deploy._two_turns", url, graph], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    # the saver allows lexguard's types itself: no "Deserializing unregistered type" warnings
    assert "unregistered type" not in result.stderr, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@pytest.mark.parametrize("strict", [False, True], ids=["default-serde", "strict-msgpack"])
def test_rag_app_two_turns_report_type_intact(strict: bool) -> None:
    audit_url = pg.fresh_database()
    out = two_turns("rag_app", strict=strict, audit_url=audit_url)
    assert out["is_report"] is True and out["report_type"] == "ValidationReport"
    assert out["status_type"] == "Status"
    assert out["question"] == "When was it built?"  # the second turn's state
    assert int(out["checkpoints"]) >= 8  # both turns' supersteps are in the database
    from lexguard.audit import PostgresAuditStore

    store = PostgresAuditStore(audit_url)  # LEXGUARD_AUDIT_URL: one record per turn, session = thread
    records = store.query(session_id="thread-1")
    assert [r.query for r in records] == ["How tall is the Eiffel Tower?", "When was it built?"]
    store.close()


@pytest.mark.slow
def test_agent_app_two_turns_keep_the_conversation() -> None:
    pytest.importorskip("langchain.agents")
    out = two_turns("agent_app", strict=True)
    assert out["humans"] == ["How tall is the Eiffel Tower?", "When was it built?"]
    assert int(out["messages"]) >= 4


def test_allowlist_covers_the_report_and_what_it_holds() -> None:
    names = {name for _, name in checkpoint_allowlist()}
    assert {"ValidationReport", "Status", "Verdict", "Severity", "Finding", "Claim", "Citation", "Source"} <= names
