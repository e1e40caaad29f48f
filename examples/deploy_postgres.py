"""The RAG app of ``langgraph.json`` on PostgreSQL: checkpointer and audit trail in one database.

Run (see docs/deployment.md, section "PostgreSQL: audit trail and checkpoints")::

    DATABASE_URL=postgresql://postgres@127.0.0.1:5433/postgres python examples/deploy_postgres.py

Two turns of one thread go through the ``rag_app`` graph exactly as ``langgraph.json`` names it,
with a ``PostgresSaver`` whose serializer allows lexguard's types (as LangGraph Server would run
it); the state is then read back from the database, and the audit records of the thread listed.
``LEXGUARD_AUDIT_URL`` defaults to ``DATABASE_URL``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    url = os.environ.get("DATABASE_URL")
    if not url:
        sys.exit("set DATABASE_URL=postgresql://user@host:port/db")
    os.environ.setdefault("LEXGUARD_AUDIT_URL", url)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    from lexguard.audit import PostgresAuditStore
    from lexguard.deploy import postgres_checkpointer

    path, attribute = json.loads((ROOT / "langgraph.json").read_text())["graphs"]["rag_app"].split(":")
    spec = importlib.util.spec_from_file_location("rag_app", ROOT / path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    graph = getattr(module, attribute)

    thread = {"configurable": {"thread_id": sys.argv[1] if len(sys.argv) > 1 else "demo-thread"}}
    with postgres_checkpointer(url) as saver:
        app = graph.copy(update={"checkpointer": saver})
        for question in ("How tall is the Eiffel Tower?", "When was it built?"):
            out = app.invoke({"question": question}, thread)
            print(f"Q: {question}\nA: {out['answer']}  [{out['report'].status}, audit {out['report'].metadata.get('audit_id')}]")
        state = app.get_state(thread).values
    print(f"state read back: question={state['question']!r}, report is a {type(state['report']).__name__}")
    store = PostgresAuditStore(os.environ["LEXGUARD_AUDIT_URL"])
    records = store.query(session_id=thread["configurable"]["thread_id"])
    print(f"audit records of this thread: {len(records)}")
    store.close()


if __name__ == "__main__":
    main()
