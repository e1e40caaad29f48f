"""GroundingMiddleware in a real ``create_agent`` loop with a scripted fake model."""

from __future__ import annotations

import pytest
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage
from langchain_core.tools import tool

from lexguard import Guard, Status, Verdict
from lexguard.integrations import GroundingMiddleware
from lexguard.integrations._middleware import FEEDBACK_NAME
from tests.fakes import FakeStructuredChatModel, SubstringChecker

SOURCE = "The bridge opened in 1932. It is 503 metres long. It carries eight lanes of traffic."
GOOD = "The bridge opened in 1932. It is 503 metres long."
BAD = "The bridge opened in 1932. It was painted gold in 1990."
QUESTION = "Tell me about the bridge."


@tool
def search_docs(query: str) -> str:
    """Search the bridge documentation."""
    return SOURCE


@tool
def get_time(zone: str) -> str:
    """Current time."""
    return "It was painted gold in 1990."


def agent(responses, tools=(search_docs,), **kwargs):
    model = FakeStructuredChatModel(responses=list(responses))
    middleware = GroundingMiddleware(Guard(checker=SubstringChecker()), **kwargs)
    return create_agent(model, tools=list(tools), middleware=[middleware]), model


def feedback_messages(messages):
    return [m for m in messages if isinstance(m, HumanMessage) and m.name == FEEDBACK_NAME]


def test_retries_happen_inside_the_model_call():
    assert "wrap_model_call" in GroundingMiddleware.__dict__ and "awrap_model_call" in GroundingMiddleware.__dict__
    assert "after_model" not in GroundingMiddleware.__dict__


def test_bad_answer_is_retried_with_feedback_then_accepted():
    app, model = agent([{"query": "bridge"}, BAD, GOOD])
    out = app.invoke({"messages": [HumanMessage(QUESTION)]})
    assert out["messages"][-1].content == GOOD
    report = out["lexguard_report"]
    assert report.verdict == Verdict.ACCEPT
    assert report.metadata["middleware_retries"] == 1
    assert len(model.calls) == 3
    third_call = model.calls[2][1]
    sent_feedback = feedback_messages(third_call)
    assert len(sent_feedback) == 1
    assert "It was painted gold in 1990" in sent_feedback[0].content
    assert any(isinstance(m, AIMessage) and m.content == BAD for m in third_call)
    # the conversation keeps only the accepted answer: no rejected draft, no feedback
    assert feedback_messages(out["messages"]) == []
    assert [m.content for m in out["messages"] if isinstance(m, AIMessage) and m.content] == [GOOD]
    assert out["messages"][-1].response_metadata["lexguard"]["verdict"] == "accept"


def test_retries_stop_after_n_then_refuse():
    app, model = agent([{"query": "bridge"}, *[BAD] * 5], max_retries=2, refusal_message="Sorry.")
    out = app.invoke({"messages": [HumanMessage(QUESTION)]})
    assert len(model.calls) == 1 + 3  # tool call, first answer, two retries
    assert feedback_messages(out["messages"]) == []  # retries stayed inside the model call
    assert len(feedback_messages(model.calls[-1][1])) == 2  # the last retry saw both feedbacks
    final = out["messages"][-1]
    assert final.content == "Sorry."
    assert final.response_metadata["lexguard"]["verdict"] == "fallback"
    assert [m.content for m in out["messages"] if isinstance(m, AIMessage)].count(BAD) == 0
    report = out["lexguard_report"]
    assert report.verdict == Verdict.FALLBACK
    assert report.status == Status.INVALID
    assert report.answer == "Sorry."


def test_best_attempt_fallback_keeps_the_answer_with_the_report():
    app, model = agent([{"query": "bridge"}, BAD], max_retries=0, fallback="best_attempt")
    out = app.invoke({"messages": [HumanMessage(QUESTION)]})
    assert len(model.calls) == 2
    final = out["messages"][-1]
    assert final.content == BAD
    assert final.response_metadata["lexguard"]["status"] == "invalid"
    assert out["lexguard_report"].unsupported_claims[0].text == "It was painted gold in 1990."


def test_only_named_retrieval_tools_count_as_sources():
    # the other tool's output would support the bad sentence; it must be ignored
    responses = [{"query": "bridge"}, BAD]
    model = FakeStructuredChatModel(responses=responses)
    middleware = GroundingMiddleware(Guard(checker=SubstringChecker()), source_tools=["search_docs"], max_retries=0)
    app = create_agent(model, tools=[search_docs, get_time], middleware=[middleware])
    out = app.invoke({"messages": [HumanMessage(QUESTION)]})
    assert out["lexguard_report"].verdict == Verdict.FALLBACK


def test_sources_from_state_and_context_without_tools():
    model = FakeStructuredChatModel(responses=[GOOD])
    app = create_agent(model, tools=[], middleware=[GroundingMiddleware(Guard(checker=SubstringChecker()))])
    out = app.invoke({"messages": [HumanMessage(QUESTION)], "sources": [SOURCE]})
    assert out["lexguard_report"].status == Status.VALID

    model = FakeStructuredChatModel(responses=[GOOD])
    app = create_agent(model, tools=[], middleware=[GroundingMiddleware(Guard(checker=SubstringChecker()))],
                       context_schema=dict)
    out = app.invoke({"messages": [HumanMessage(QUESTION)]}, context={"sources": [SOURCE]})
    assert out["lexguard_report"].status == Status.VALID


def test_retry_budget_is_per_turn():
    app, model = agent([{"query": "bridge"}, BAD, GOOD], max_retries=1)
    first = app.invoke({"messages": [HumanMessage(QUESTION)]})
    assert first["lexguard_report"].accepted
    model.responses[:] = [{"query": "bridge"}, BAD, GOOD]
    model._positions.clear()
    second = app.invoke({"messages": [*first["messages"], HumanMessage("And again?")]})
    assert second["lexguard_report"].accepted  # the earlier feedback does not use up this turn's retry
    assert second["messages"][-1].content == GOOD


async def test_async_agent_retries_and_stops():
    app, model = agent([{"query": "bridge"}, *[BAD] * 5], max_retries=1)
    out = await app.ainvoke({"messages": [HumanMessage(QUESTION)]})
    assert len(model.calls) == 3
    assert out["lexguard_report"].verdict == Verdict.FALLBACK


def test_middleware_rejects_bad_settings():
    from lexguard import ConfigurationError

    with pytest.raises(ConfigurationError):
        GroundingMiddleware(max_retries=-1)
    with pytest.raises(ConfigurationError):
        GroundingMiddleware(fallback="explode")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="'refuse', 'best_attempt' or 'raise'"):
        GroundingMiddleware(fallback="flag")  # type: ignore[arg-type]  (one spelling: best_attempt)


def test_events_agree_with_the_report():
    from langchain_core.callbacks import BaseCallbackHandler

    events = []

    class Collect(BaseCallbackHandler):
        def on_custom_event(self, name, data, **kwargs):
            if name == "lexguard.middleware":
                events.append(data)

    app, model = agent([{"query": "bridge"}, BAD, BAD], max_retries=1)
    out = app.invoke({"messages": [HumanMessage(QUESTION)]}, {"callbacks": [Collect()]})
    assert [e["action"] for e in events] == ["retry", "fallback"]
    assert events[-1]["status"] == out["lexguard_report"].status.value
    assert "after 1 retry" in out["lexguard_report"].reason


def test_critical_finding_skips_the_retries():
    from lexguard.gate import GateConfig

    model = FakeStructuredChatModel(responses=[{"query": "bridge"}, BAD, GOOD])
    guard = Guard(checker=SubstringChecker(), gate=GateConfig(prohibited_patterns=("gold",), prohibited_severity="critical"))
    app = create_agent(model, tools=[search_docs], middleware=[GroundingMiddleware(guard, refusal_message="No.")])
    out = app.invoke({"messages": [HumanMessage(QUESTION)]})
    assert len(model.calls) == 2  # tool call and the first answer: no retry can fix a critical finding
    assert out["messages"][-1].content == "No."


def test_middleware_runs_are_audited(tmp_path):
    from lexguard.audit import SQLiteAuditStore

    store = SQLiteAuditStore(tmp_path / "audit.db")
    model = FakeStructuredChatModel(responses=[{"query": "bridge"}, BAD, GOOD])
    middleware = GroundingMiddleware(Guard(checker=SubstringChecker(), audit=store))
    out = create_agent(model, tools=[search_docs], middleware=[middleware]).invoke({"messages": [HumanMessage(QUESTION)]})
    assert out["lexguard_report"].metadata["audit_id"]
    assert store.count() == 2  # one record per validated answer


# -- model call limits (LangChain's ModelCallLimitMiddleware) ---------------------------------------


def limited_agent(responses, limit, *, pass_limit=True, **kwargs):
    model = FakeStructuredChatModel(responses=list(responses))
    grounding = GroundingMiddleware(Guard(checker=SubstringChecker()), call_limit=limit if pass_limit else None,
                                    **kwargs)
    return create_agent(model, tools=[search_docs], middleware=[grounding, limit], **kwargs.pop("agent", {})), model


def test_run_limit_counts_the_retries_and_refuses_when_reached():
    from langchain.agents.middleware import ModelCallLimitMiddleware

    limit = ModelCallLimitMiddleware(run_limit=2)
    app, model = limited_agent([{"query": "bridge"}, BAD, GOOD, GOOD], limit, max_retries=2,
                               refusal_message="Sorry.")
    out = app.invoke({"messages": [HumanMessage(QUESTION)]})
    assert len(model.calls) == 2  # tool call + the answer; a retry would be call 3 of 2
    report = out["lexguard_report"]
    assert report.verdict == Verdict.FALLBACK and not report.accepted  # fail closed, never a silent accept
    assert "model call limit is reached (run limit 2/2)" in report.reason
    assert report.metadata["call_limit"] == "run limit 2/2"
    assert out["messages"][-1].content == "Sorry."


async def test_run_limit_async_path_stops_retrying_too():
    from langchain.agents.middleware import ModelCallLimitMiddleware

    limit = ModelCallLimitMiddleware(run_limit=3)
    app, model = limited_agent([{"query": "bridge"}, BAD, BAD, BAD, GOOD], limit, max_retries=3,
                               refusal_message="Sorry.")
    out = await app.ainvoke({"messages": [HumanMessage(QUESTION)]})
    assert len(model.calls) == 3  # one retry fitted under the limit
    assert out["lexguard_report"].metadata["middleware_retries"] == 1
    assert "run limit 3/3" in out["lexguard_report"].reason


def test_retries_within_the_limit_are_added_to_its_counters():
    from langchain.agents.middleware import ModelCallLimitMiddleware
    from langgraph.checkpoint.memory import InMemorySaver

    limit = ModelCallLimitMiddleware(thread_limit=4)
    model = FakeStructuredChatModel(responses=[{"query": "bridge"}, BAD, GOOD, {"query": "bridge"}, GOOD])
    grounding = GroundingMiddleware(Guard(checker=SubstringChecker()), call_limit=limit)
    app = create_agent(model, tools=[search_docs], middleware=[grounding, limit], checkpointer=InMemorySaver())
    config = {"configurable": {"thread_id": "t"}}
    out = app.invoke({"messages": [HumanMessage(QUESTION)]}, config)
    assert out["lexguard_report"].accepted and len(model.calls) == 3
    assert app.get_state(config).values["thread_model_call_count"] == 3  # the retry is counted
    app.invoke({"messages": [HumanMessage("And its length?")]}, config)
    assert len(model.calls) == 4  # the thread limit (4) holds across both turns
    assert app.get_state(config).values["messages"][-1].content.startswith("Model call limits exceeded")


def test_a_limit_not_given_to_the_middleware_gets_a_warning():
    from langchain.agents.middleware import ModelCallLimitMiddleware

    from lexguard import LexguardWarning

    limit = ModelCallLimitMiddleware(run_limit=5)
    app, _ = limited_agent([{"query": "bridge"}, GOOD], limit, pass_limit=False)
    with pytest.warns(LexguardWarning, match="call_limit="):
        app.invoke({"messages": [HumanMessage(QUESTION)]})


def test_call_limit_must_be_the_langchain_middleware():
    from lexguard import ConfigurationError

    with pytest.raises(ConfigurationError, match="ModelCallLimitMiddleware"):
        GroundingMiddleware(Guard(checker=SubstringChecker()), call_limit=2)


# -- the message handed on carries the text that was checked ------------------------------------------


@pytest.mark.parametrize(
    ("preset", "raw"),
    [
        ("dialogue", GOOD.split(". ")[0] + ".\nIt was painted gold in 1990."),  # dialogue: first line only
        ("prose", "*It was painted gold in 1990.* " + GOOD.split(". ")[0] + "."),  # prose: no stage direction
    ],
)
def test_accepted_message_carries_the_parsed_text_not_the_raw_output(preset, raw):
    from lexguard.parsing import ParserConfig

    guard = Guard(checker=SubstringChecker(), parser=ParserConfig.preset(preset), audit=False)
    direct = guard.invoke({"answer": raw, "sources": [SOURCE]})
    assert direct.accepted and "gold" not in direct.answer  # the parser cleaned what was checked
    model = FakeStructuredChatModel(responses=[raw])
    app = create_agent(model, tools=[], middleware=[GroundingMiddleware(guard, sources=[SOURCE], max_retries=0)])
    out = app.invoke({"messages": [HumanMessage(QUESTION)]})
    report = out["lexguard_report"]
    assert report.verdict == Verdict.ACCEPT
    final = out["messages"][-1]
    assert final.content == report.answer == direct.answer  # never the unchecked raw output
    assert "gold" not in final.content
    assert final.response_metadata["lexguard"]["answer"] == report.answer


async def test_async_accepted_message_carries_the_parsed_text():
    from lexguard.parsing import ParserConfig

    raw = GOOD.split(". ")[0] + ".\nIt was painted gold in 1990."
    guard = Guard(checker=SubstringChecker(), parser=ParserConfig.preset("dialogue"), audit=False)
    model = FakeStructuredChatModel(responses=[raw])
    app = create_agent(model, tools=[], middleware=[GroundingMiddleware(guard, sources=[SOURCE], max_retries=0)])
    out = await app.ainvoke({"messages": [HumanMessage(QUESTION)]})
    assert out["lexguard_report"].accepted
    assert out["messages"][-1].content == out["lexguard_report"].answer
    assert "gold" not in out["messages"][-1].content


def test_handed_on_message_keeps_its_id_and_metadata():
    app, _ = agent([GOOD], tools=[])
    out = app.invoke({"messages": [HumanMessage(QUESTION)], "sources": [SOURCE]})
    final = out["messages"][-1]
    assert final.id  # the model's message, replaced in place
    assert [m for m in out["messages"] if isinstance(m, AIMessage)] == [final]
    assert final.response_metadata["lexguard"]["verdict"] == "accept"


def test_after_a_retry_the_handed_on_message_is_the_accepted_response():
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel

    replies = [AIMessage(BAD, id="draft", response_metadata={"model_name": "first"}, additional_kwargs={"first": 1}),
               AIMessage(GOOD, id="second", response_metadata={"model_name": "second"})]
    model = GenericFakeChatModel(messages=iter(replies))
    app = create_agent(model, tools=[], middleware=[GroundingMiddleware(Guard(checker=SubstringChecker()))])
    out = app.invoke({"messages": [HumanMessage(QUESTION)], "sources": [SOURCE]})
    final = out["messages"][-1]
    assert out["lexguard_report"].verdict == Verdict.ACCEPT
    assert [m for m in out["messages"] if isinstance(m, AIMessage)] == [final]  # the draft never reached it
    assert final.id == "second" and final.content == GOOD
    assert final.response_metadata["model_name"] == "second" and final.additional_kwargs == {}
