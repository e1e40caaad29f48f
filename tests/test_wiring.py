"""The guard graph in parent graphs with other keys: key mapping and MessagesState guarding."""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langgraph.graph import END, START, MessagesState, StateGraph
from typing_extensions import TypedDict

from lexguard import ConfigurationError, GuardConfig, InputError, Verdict, build_guard_graph
from tests.fakes import SubstringChecker

SOURCE = "The bridge opened in 1932. It is 503 metres long."
BAD = "The bridge opened in 1932. It was painted gold in 1990."


class Docs(MessagesState):
    docs: list[str]


def test_messages_state_parent_gets_the_checked_message_in_place():
    guard = build_guard_graph(GuardConfig(max_retries=1), checker=SubstringChecker(), messages_key="messages",
                              input_keys={"sources": "docs"}, report_key="lexguard_report")

    class State(Docs):
        lexguard_report: Any

    builder = StateGraph(State)
    builder.add_node("answer", lambda s: {"messages": [AIMessage(BAD, id="ai-1")]})
    builder.add_node("guard", guard)
    builder.add_edge(START, "answer")
    builder.add_edge("answer", "guard")
    builder.add_edge("guard", END)
    out = builder.compile().invoke({"messages": [HumanMessage("When did the bridge open?")], "docs": [SOURCE]})
    final = out["messages"][-1]
    assert len(out["messages"]) == 2 and final.id == "ai-1"  # replaced, not appended
    assert final.content == "The bridge opened in 1932."  # repaired: the unsupported sentence is gone
    assert final.response_metadata["lexguard"]["verdict"] == "accept"
    assert out["lexguard_report"].question == "When did the bridge open?"


def test_sources_from_the_turns_tool_messages():
    guard = build_guard_graph(GuardConfig(max_retries=0, repair_without_generator=False), checker=SubstringChecker(),
                              messages_key="messages")
    messages = [HumanMessage("Bridge?"), AIMessage("", tool_calls=[{"name": "search", "args": {}, "id": "c1"}]),
                ToolMessage(SOURCE, tool_call_id="c1", name="search"), AIMessage(BAD, id="ai-2")]
    out = guard.invoke({"messages": messages})
    assert out["report"].verdict == Verdict.FALLBACK
    assert out["messages"][-1].id == "ai-2" and out["messages"][-1].content == GuardConfig().refusal_message


def test_key_mapping_reads_and_writes_the_parents_keys():
    class Parent(TypedDict, total=False):
        draft: str
        docs: list[str]
        checked: str
        verdict_report: Any

    guard = build_guard_graph(GuardConfig(max_retries=1), checker=SubstringChecker(),
                              input_keys={"answer": "draft", "sources": "docs"}, output_key="checked",
                              report_key="verdict_report")
    builder = StateGraph(Parent)
    builder.add_node("guard", guard)
    builder.add_edge(START, "guard")
    out = builder.compile().invoke({"draft": BAD, "docs": [SOURCE]})
    assert out["checked"] == "The bridge opened in 1932."
    assert out["verdict_report"].accepted


def test_miswired_guard_fails_loudly_never_silently():
    with pytest.raises(ConfigurationError, match="answer"):  # the plain graph in a MessagesState parent
        build_guard_graph(checker=SubstringChecker()).invoke({"messages": [HumanMessage("hi")]})
    with pytest.raises(InputError, match="draft"):
        build_guard_graph(checker=SubstringChecker(), input_keys={"answer": "draft"}).invoke({"docs": []})
    with pytest.raises(InputError, match="AIMessage"):
        build_guard_graph(checker=SubstringChecker(), messages_key="messages").invoke(
            {"messages": [HumanMessage("hi")]})
    with pytest.raises(ConfigurationError, match="answr"):
        build_guard_graph(checker=SubstringChecker(), input_keys={"answr": "draft"})


class Sourced(MessagesState):
    sources: list


def test_messages_mode_reads_the_states_sources_key_directly_and_as_a_subgraph():
    guard = build_guard_graph(GuardConfig(max_retries=0, repair_without_generator=False), checker=SubstringChecker(),
                              messages_key="messages")
    assert "sources" in guard.get_input_jsonschema()["properties"]
    state = {"messages": [HumanMessage("When did the bridge open?"), AIMessage("The bridge opened in 1932.", id="a")],
             "sources": [SOURCE]}
    assert guard.invoke(state)["report"].accepted  # not "no sources were given"

    builder = StateGraph(Sourced)
    builder.add_node("guard", guard)
    builder.add_edge(START, "guard")
    builder.add_edge("guard", END)
    out = builder.compile().invoke({**state, "messages": [*state["messages"][:1], AIMessage(BAD, id="b")]})
    final = out["messages"][-1]
    assert final.id == "b" and final.content == GuardConfig().refusal_message
    assert final.response_metadata["lexguard"]["verdict"] == "fallback"
    assert out["sources"] == [SOURCE]  # the parent's sources are left alone


def test_messages_mode_checks_against_the_sources_key_plus_the_turns_tool_results():
    guard = build_guard_graph(GuardConfig(max_retries=0, repair_without_generator=False), checker=SubstringChecker(),
                              messages_key="messages")
    messages = [HumanMessage("Bridge?"), AIMessage("", tool_calls=[{"name": "search", "args": {}, "id": "c1"}]),
                ToolMessage("It was painted gold in 1990.", tool_call_id="c1", name="search"),
                AIMessage(BAD, id="ai-3")]
    out = guard.invoke({"messages": messages, "sources": SOURCE})
    assert out["report"].accepted  # one sentence from each
    assert guard.invoke({"messages": messages})["report"].verdict == Verdict.FALLBACK  # tool results alone
