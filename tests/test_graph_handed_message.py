"""The message handed on is built from the attempt that was accepted, never from a rejected one.

After a retry the guard hands on the regenerated attempt's message (its id, tool calls and
metadata) with ``report.answer`` as content; a text the guard repaired itself (``filter`` /
``fix``) keeps its attempt's id and metadata but none of its tool calls (they were never checked);
a flagged or refused answer carries no tool calls.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda
from langgraph.graph import END, START, MessagesState, StateGraph

from lexguard import Guard, GuardConfig, Verdict, build_guard_graph
from tests.fakes import RecordingGenerator, SubstringChecker

SOURCE = "The bridge opened in 1932. It is 503 metres long."
GOOD = "The bridge opened in 1932."
WRONG = "The bridge opened in 1990."
BAD = "The bridge opened in 1932. It was painted gold in 1990."
TRANSFER = {"name": "transfer_money", "args": {"amount": 500}, "id": "c1", "type": "tool_call"}
LOOKUP = {"name": "lookup", "args": {"q": "bridge"}, "id": "c2", "type": "tool_call"}


def guard(replies: list[Any] | None = None, **kwargs: Any) -> Guard:
    generator = RecordingGenerator(replies).runnable() if replies is not None else None
    kwargs.setdefault("sources", [SOURCE])
    return Guard(checker=SubstringChecker(), return_type="message", generator=generator, **kwargs)


def rejected(content: str = WRONG) -> AIMessage:
    return AIMessage(content, id="orig", tool_calls=[TRANSFER], response_metadata={"model_name": "first"},
                     additional_kwargs={"first": True})


@pytest.mark.parametrize("tool_calls", [[], [LOOKUP]])
async def test_after_a_retry_the_regenerated_message_is_handed_on(tool_calls):
    regen = AIMessage(GOOD, id="regen", tool_calls=tool_calls, response_metadata={"model_name": "second"})
    for message in (guard([regen], max_retries=1).invoke(rejected()),
                    await guard([regen], max_retries=1).ainvoke(rejected())):
        report = message.response_metadata["lexguard"]
        assert report["verdict"] == "accept" and report["attempts"] == 2
        assert message.id == "regen" and message.content == report["answer"] == GOOD
        assert message.tool_calls == []  # neither the rejected attempt's transfer_money nor unchecked new ones
        assert message.response_metadata["model_name"] == "second" and "first" not in message.additional_kwargs


def test_the_user_trial_example_with_a_chat_model_generator():
    model = GenericFakeChatModel(messages=iter([AIMessage(GOOD, id="regen")]))
    message = Guard(checker=SubstringChecker(), sources=[SOURCE], max_retries=1, return_type="message",
                    generator=model).invoke(rejected())
    assert (message.id, message.tool_calls, message.response_metadata["lexguard"]["verdict"]) == ("regen", [], "accept")


def test_a_regenerated_text_without_a_message_carries_nothing_of_the_first():
    text_generator = RunnableLambda(lambda _: GOOD)
    message = Guard(checker=SubstringChecker(), sources=[SOURCE], max_retries=1, return_type="message",
                    generator=text_generator).invoke(rejected())
    assert message.response_metadata["lexguard"]["verdict"] == "accept"
    assert message.content == GOOD and message.id != "orig" and message.tool_calls == []
    assert "model_name" not in message.response_metadata and message.additional_kwargs == {}


@pytest.mark.parametrize("on_fail", [None, "filter"])
def test_a_repaired_text_keeps_its_attempts_id_but_not_its_tool_calls(on_fail):
    kwargs = {"on_fail": {"support": on_fail}} if on_fail else {}
    message = guard(max_retries=1, **kwargs).invoke(rejected(BAD))
    assert message.response_metadata["lexguard"]["verdict"] == "accept"
    assert message.content == GOOD and message.id == "orig"  # the guard's edit of the same message
    assert message.response_metadata["model_name"] == "first"
    assert message.tool_calls == [] and message.invalid_tool_calls == []  # never checked: not handed on


def test_an_accepted_answer_carries_no_tool_call_no_check_read():
    """A review found ``AIMessage(good text, tool_calls=[delete_all_files])`` handed on with its
    tool call: no check reads tool calls, so none is handed on."""
    message = guard().invoke(AIMessage(GOOD, id="orig", tool_calls=[LOOKUP]))
    assert message.response_metadata["lexguard"]["verdict"] == "accept"
    assert message.id == "orig" and message.tool_calls == [] and "tool_calls" not in message.additional_kwargs


def test_a_flagged_answer_carries_no_tool_calls():
    message = guard(sources=[]).invoke(AIMessage(GOOD, id="orig", tool_calls=[LOOKUP]))
    assert message.response_metadata["lexguard"]["verdict"] == Verdict.FLAG.value
    assert message.id == "orig" and message.tool_calls == []


def test_best_attempt_fallback_hands_on_the_message_of_the_attempt_it_returns():
    better = AIMessage(BAD, id="regen", tool_calls=[LOOKUP], response_metadata={"model_name": "second"})
    g = guard([better], max_retries=1, fallback="best_attempt", repair_without_generator=False)
    message = g.invoke(rejected(WRONG))  # attempt 2 is the more confident one, still not accepted
    report = message.response_metadata["lexguard"]
    assert report["verdict"] == "fallback" and report["answer"] == BAD == message.content
    assert report["metadata"]["attempt_returned"] == 2
    assert message.id == "regen" and message.response_metadata["model_name"] == "second"
    assert message.tool_calls == []  # not accepted: no tool call is handed on


def test_wrap_does_not_hand_on_the_tool_call_of_a_refused_empty_attempt():
    replies = iter([AIMessage("", id="first", tool_calls=[TRANSFER]), AIMessage(GOOD, id="second")])
    model = GenericFakeChatModel(messages=replies)
    prompt = ChatPromptTemplate.from_messages([("human", "{question}")])
    wrapped = Guard(checker=SubstringChecker(), sources=[SOURCE], max_retries=1, return_type="message").wrap(
        prompt | model)
    message = wrapped.invoke({"question": "When did the bridge open?"})
    assert message.response_metadata["lexguard"]["verdict"] == "accept"
    assert message.id == "second" and message.content == GOOD and message.tool_calls == []


def test_messages_key_wiring_replaces_the_rejected_message_with_the_regenerated_one():
    regen = AIMessage(GOOD, id="regen", response_metadata={"model_name": "second"}, additional_kwargs={"second": 1})
    inner = build_guard_graph(GuardConfig(max_retries=1), checker=SubstringChecker(), messages_key="messages",
                              generator=RecordingGenerator([regen]).runnable())

    class State(MessagesState):
        sources: list[str]
        report: Any

    builder = StateGraph(State)
    first = AIMessage(WRONG, id="ai-1", response_metadata={"model_name": "first"})
    builder.add_node("answer", lambda s: {"messages": [first]})
    builder.add_node("guard", inner)
    builder.add_edge(START, "answer")
    builder.add_edge("answer", "guard")
    builder.add_edge("guard", END)
    out = builder.compile().invoke({"messages": [HumanMessage("When did the bridge open?")], "sources": [SOURCE]})
    final = out["messages"][-1]
    assert out["report"].verdict == Verdict.ACCEPT and len(out["messages"]) == 2
    assert final.id == "ai-1"  # in place: the rejected message is replaced, not kept beside the new one
    assert final.content == GOOD and final.response_metadata["model_name"] == "second"
    assert final.additional_kwargs == {"second": 1}


def test_attempt_message_follows_regenerations_and_repairs():
    from lexguard._state import REPAIRED
    from lexguard._wiring import attempt_message

    first, regen = rejected(), AIMessage(GOOD, id="regen")
    assert attempt_message(first, [], 1) == first
    assert attempt_message(first, [REPAIRED], 2) == first
    assert attempt_message(first, [regen, REPAIRED], 3) == regen
    assert attempt_message(first, [REPAIRED, regen], 3) == regen
    assert attempt_message(first, [None, REPAIRED], 3) is None  # text from the generator: no message
    assert attempt_message("text", [regen], 1) is None
    assert attempt_message(first, [regen, None], 2) == regen  # later entries are not read
