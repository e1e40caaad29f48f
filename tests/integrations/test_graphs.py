"""graphs/ and langgraph.json: the ready graphs load the way LangGraph tooling loads them, and run."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest
from langchain_core.messages import HumanMessage
from langgraph.graph.state import CompiledStateGraph

from lexguard import Guard, GuardConfig, Status, Verdict
from lexguard.integrations import ExtractiveChatModel
from tests.fakes import SubstringChecker

ROOT = Path(__file__).resolve().parents[2]
QUESTION = "When did the Golden Gate Bridge open?"
INVENTED = "It was painted gold in 1990."


def load(spec_path: str) -> tuple[ModuleType, str]:
    file, _, attr = spec_path.partition(":")
    name = f"lexguard_test_{Path(file).stem}"
    spec = importlib.util.spec_from_file_location(name, ROOT / file)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module, attr


@pytest.fixture(scope="module")
def apps() -> dict[str, ModuleType]:
    config = json.loads((ROOT / "langgraph.json").read_text())
    assert config["dependencies"] == ["."]
    modules = {}
    for graph_id, spec_path in config["graphs"].items():
        module, attr = load(spec_path)
        assert isinstance(getattr(module, attr), CompiledStateGraph)
        modules[graph_id] = module
    return modules


def test_langgraph_json_names_both_graphs(apps):
    assert set(apps) == {"rag_app", "agent_app"}
    nodes = set(apps["rag_app"].graph.get_graph().nodes)
    assert {"retrieve", "generate", "guard", "respond"} <= nodes


def test_langgraph_json_allows_every_checkpointed_lexguard_type():
    from lexguard.deploy import checkpoint_allowlist

    serde = json.loads((ROOT / "langgraph.json").read_text())["checkpointer"]["serde"]
    assert [tuple(pair) for pair in serde["allowed_msgpack_modules"]] == list(checkpoint_allowlist())


def test_rag_app_serves_input_and_output_schemas(apps):
    graph = apps["rag_app"].graph  # what LangGraph Server / Studio show as the input form and the output
    assert set(graph.get_input_jsonschema()["properties"]) == {"question"}
    assert {"answer", "report"} <= set(graph.get_output_jsonschema()["properties"])


def test_rag_app_self_corrects_through_the_guard_subgraph(apps):
    model = ExtractiveChatModel(max_sentences=1, extra=INVENTED)
    app = apps["rag_app"].make_graph(model, checker=SubstringChecker())
    out = app.invoke({"question": QUESTION})
    report = out["report"]
    assert report.original_answer.endswith(INVENTED)
    assert report.verdict == Verdict.ACCEPT and report.attempts == 2
    assert out["answer"] == "The Golden Gate Bridge opened in 1937."
    assert report.citations[0].source_id == "golden-gate"


async def test_rag_app_async_refuses_when_retries_are_spent(apps):
    model = ExtractiveChatModel(max_sentences=1, extra=INVENTED)
    config = GuardConfig(max_retries=0, repair_without_generator=False, refusal_message="No.")
    app = apps["rag_app"].make_graph(model, config=config, checker=SubstringChecker())
    out = await app.ainvoke({"question": QUESTION})
    assert out["answer"] == "No."
    assert out["report"].verdict == Verdict.FALLBACK


def test_agent_app_retries_with_middleware_feedback(apps):
    model = ExtractiveChatModel(max_sentences=1, extra=INVENTED)
    app = apps["agent_app"].make_agent(model, guard=Guard(checker=SubstringChecker()))
    out = app.invoke({"messages": [HumanMessage(QUESTION)]})
    assert out["messages"][-1].content == "The Golden Gate Bridge opened in 1937."
    assert out["lexguard_report"].metadata["middleware_retries"] == 1
    assert out["lexguard_report"].accepted


@pytest.mark.slow
def test_default_graphs_run_offline_with_the_bundled_model(apps):
    rag = apps["rag_app"].graph.invoke({"question": QUESTION})
    assert rag["report"].status == Status.VALID and rag["answer"] == "The Golden Gate Bridge opened in 1937."
    agent = apps["agent_app"].graph.invoke({"messages": [HumanMessage(QUESTION)]})
    assert agent["lexguard_report"].accepted
    assert "1937" in agent["messages"][-1].content
