"""Run a graph named in langgraph.json over two turns of one thread against a Postgres
checkpointer, then print what the state read back holds (used by the deployment tests).

``python -m tests.deploy._two_turns URL GRAPH_NAME`` prints one JSON object.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def load_graph(name: str) -> Any:
    """Load ``name`` exactly as LangGraph tooling does: ``./path.py:attribute`` from langgraph.json."""
    spec = json.loads((ROOT / "langgraph.json").read_text())["graphs"][name]
    path, attribute = spec.split(":")
    module_spec = importlib.util.spec_from_file_location(f"lg_{name}", ROOT / path)
    assert module_spec is not None and module_spec.loader is not None
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return getattr(module, attribute)


def main() -> None:
    url, name = sys.argv[1], sys.argv[2]
    from lexguard._models import ValidationReport
    from lexguard.deploy import postgres_checkpointer

    graph = load_graph(name)
    config = {"configurable": {"thread_id": "thread-1"}}
    with postgres_checkpointer(url) as saver:
        app = graph.copy(update={"checkpointer": saver})
        if name == "rag_app":
            turns = [{"question": "How tall is the Eiffel Tower?"}, {"question": "When was it built?"}]
        else:
            turns = [{"messages": [("user", "How tall is the Eiffel Tower?")]},
                     {"messages": [("user", "When was it built?")]}]
        for turn in turns:
            app.invoke(turn, config)
    with postgres_checkpointer(url, setup=False) as saver:  # a fresh connection: read back from the database
        state = graph.copy(update={"checkpointer": saver}).get_state(config)
        values = state.values
        history = list(graph.copy(update={"checkpointer": saver}).get_state_history(config))
    out: dict[str, Any] = {"checkpoints": len(history)}
    if name == "rag_app":
        report = values["report"]
        out.update(report_type=type(report).__name__, is_report=isinstance(report, ValidationReport),
                   question=values["question"], answer=values["answer"], status=str(getattr(report, "status", "")),
                   status_type=type(getattr(report, "status", None)).__name__)
    else:
        out.update(messages=len(values["messages"]), humans=[m.content for m in values["messages"] if m.type == "human"])
    print(json.dumps(out))


if __name__ == "__main__":
    main()
