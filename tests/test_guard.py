"""The Guard runnable: in chains (sync and async), wrapping a generator, and as a subgraph."""

from __future__ import annotations

from typing import Any, TypedDict

import pytest
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import FakeListChatModel, GenericFakeChatModel
from langchain_core.messages import AIMessage
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda, RunnablePassthrough
from langgraph.graph import END, START, StateGraph

from lexguard import ConfigurationError, Guard, GuardConfig, InputError, Status, ValidationReport, Verdict, build_guard_graph
from tests.fakes import RecordingGenerator, SubstringChecker

DOCS = [Document(page_content="The bridge opened in 1932. It is 503 metres long.", metadata={"title": "Bridge"},
                 id="doc-1")]
GOOD = "The bridge opened in 1932."
BAD = "The bridge opened in 1932. It was painted gold in 1990."


def make_guard(**kwargs: Any) -> Guard:
    return Guard(checker=SubstringChecker(), **kwargs)


def test_chain_pipe_guard_sync():
    llm = FakeListChatModel(responses=[GOOD])
    chain = {"answer": llm, "sources": RunnableLambda(lambda q: DOCS), "question": RunnablePassthrough()} | make_guard()
    report = chain.invoke("When did the bridge open?")
    assert isinstance(report, ValidationReport)
    assert report.verdict == Verdict.ACCEPT
    assert report.question == "When did the bridge open?"
    assert report.citations[0].source_id == "doc-1"


async def test_chain_pipe_guard_async():
    llm = FakeListChatModel(responses=[BAD])
    chain = {"answer": llm, "sources": RunnableLambda(lambda q: DOCS), "question": RunnablePassthrough()} | make_guard()
    report = await chain.ainvoke("When did the bridge open?")
    assert report.verdict == Verdict.ACCEPT  # repaired without a generator
    assert report.answer == GOOD


def test_llm_output_piped_straight_into_guard_uses_default_sources():
    guard = make_guard(sources=DOCS, return_type="text")
    chain = GenericFakeChatModel(messages=iter([AIMessage(content=GOOD)])) | guard
    assert chain.invoke("hi") == GOOD


def test_return_type_message_carries_report():
    message = make_guard(sources=DOCS, return_type="message").invoke(GOOD)
    assert isinstance(message, AIMessage)
    assert message.response_metadata["lexguard"]["verdict"] == "accept"


def test_return_type_message_keeps_the_input_message_fields():
    given = AIMessage(content=BAD, id="msg-1", response_metadata={"model_name": "m"}, additional_kwargs={"k": 1})
    message = make_guard(sources=DOCS, return_type="message").invoke(given)
    assert message.id == "msg-1"  # the same message, so add_messages replaces it
    assert message.response_metadata["model_name"] == "m" and message.additional_kwargs == {"k": 1}
    report = message.response_metadata["lexguard"]
    assert message.content == report["answer"] == GOOD  # the text that was checked (repaired)


def test_config_fields_as_keywords():
    guard = make_guard(max_retries=0, fallback="best_attempt", confidence_threshold=0.9)
    assert guard.config.max_retries == 0
    assert guard.config.fallback == "best_attempt"
    report = guard.invoke({"answer": BAD, "sources": DOCS})
    assert report.verdict == Verdict.FALLBACK
    assert report.answer == BAD


def test_batch_and_abatch():
    guard = make_guard(sources=DOCS)
    reports = guard.batch([GOOD, BAD])
    assert [r.verdict for r in reports] == [Verdict.ACCEPT, Verdict.ACCEPT]
    assert reports[1].attempts == 2


async def test_abatch_concurrent():
    guard = make_guard(sources=DOCS)
    reports = await guard.abatch([GOOD, BAD, GOOD])
    assert [r.attempts for r in reports] == [1, 2, 1]


def test_wrap_reinvokes_chain_with_feedback():
    fake = RecordingGenerator([BAD, GOOD])
    guarded = make_guard().wrap(fake.runnable(), sources=DOCS, handles_feedback=True)
    report = guarded.invoke({"question": "When did the bridge open?"})
    assert report.verdict == Verdict.ACCEPT
    assert report.answer == GOOD
    assert fake.inputs[0] == {"question": "When did the bridge open?"}
    assert "feedback" in fake.inputs[1] and "painted gold" in fake.inputs[1]["feedback"]
    assert fake.inputs[1]["previous_answer"] == BAD


async def test_wrap_async_with_prompt_chain_and_retriever():
    prompt = ChatPromptTemplate.from_messages([("human", "{question}")])
    llm = FakeListChatModel(responses=[BAD, GOOD])
    retriever = RunnableLambda(lambda question: DOCS)
    guarded = make_guard().wrap(prompt | llm, sources=retriever)
    report = await guarded.ainvoke({"question": "When?"})
    assert report.verdict == Verdict.ACCEPT
    assert report.answer == GOOD
    assert report.attempts == 2


def test_invalid_input_raises_clear_error():
    with pytest.raises(InputError, match="pass a str"):
        make_guard().invoke(42)
    with pytest.raises(InputError, match="no answer"):
        make_guard().invoke({"sources": DOCS})
    with pytest.raises(InputError, match="source 0"):
        make_guard().invoke({"answer": GOOD, "sources": [3.14]})


def test_guard_is_traced_as_one_chain_run():
    from langchain_core.tracers.context import collect_runs

    with collect_runs() as cb:
        make_guard(sources=DOCS).invoke(GOOD)
    guard_run = next(run for run in cb.traced_runs if run.name == "Guard")
    assert [child.name for child in guard_run.child_runs] == ["lexguard"]  # the graph runs inside the guard's run
    from langchain_core.callbacks import BaseCallbackHandler

    names = []

    class Names(BaseCallbackHandler):
        def on_chain_start(self, serialized, inputs, **kwargs):
            names.append(kwargs.get("name"))

    make_guard(sources=DOCS).invoke(GOOD, {"callbacks": [Names()]})
    assert names[:4] == ["Guard", "lexguard", "prepare", "parse"]  # each node once, no router runs
    assert len(names) == len(set(names))


class Parent(TypedDict, total=False):
    question: str
    answer: str
    sources: list
    report: ValidationReport


def test_graph_as_subgraph_of_parent_graph():
    def generate(state: Parent) -> dict:
        return {"answer": BAD, "sources": DOCS}

    guard_graph = build_guard_graph(checker=SubstringChecker())
    parent = StateGraph(Parent)
    parent.add_node("generate", generate)
    parent.add_node("guard", guard_graph)
    parent.add_edge(START, "generate")
    parent.add_edge("generate", "guard")
    parent.add_edge("guard", END)
    out = parent.compile().invoke({"question": "When did the bridge open?"})
    assert out["report"].verdict == Verdict.ACCEPT
    assert out["report"].answer == GOOD
    assert out["answer"] == GOOD
    assert out["report"].status in {Status.VALID, Status.VALID_WITH_WARNINGS}
    assert out["sources"] == DOCS  # the parent's documents are left as they were
    assert set(out) == {"question", "answer", "sources", "report"}  # no working keys leak out


def test_subgraph_fallback_hands_the_refusal_back_to_the_parent():
    parent = StateGraph(Parent)
    parent.add_node("generate", lambda state: {"answer": "Invented entirely.", "sources": DOCS})
    parent.add_node("guard", build_guard_graph(GuardConfig(refusal_message="Sorry."), checker=SubstringChecker()))
    parent.add_edge(START, "generate")
    parent.add_edge("generate", "guard")
    parent.add_edge("guard", END)
    out = parent.compile().invoke({"question": "When?"})
    assert out["report"].verdict == Verdict.FALLBACK
    assert out["answer"] == "Sorry."


def test_guard_settings_are_validated():
    from lexguard import ConfigurationError

    for bad in ({"max_retries": -5}, {"fallback": "bogus"}, {"confidence_threshold": 7}):
        with pytest.raises(ConfigurationError):
            Guard(**bad)
    with pytest.raises(ConfigurationError, match="confidence_treshold"):
        Guard(confidence_treshold=0.99)  # a misspelt setting is an error, not silently ignored
    assert Guard(grounding={"support_threshold": 0.4}).config.grounding.support_threshold == 0.4
    assert Guard(config={"max_retries": 1}).config.max_retries == 1


def test_validate_answer_reuses_the_guard_checker_and_graph():
    checker = SubstringChecker()
    guard = Guard(checker=checker, sources=DOCS)
    guard.validate_answer(GOOD)
    graph = guard._graph
    guard.validate_answer(BAD)
    assert guard._graph is graph and checker.calls == 3


def test_checker_is_the_one_name_of_the_support_checker():
    from lexguard.grounding import SupportChecker

    given = SubstringChecker()
    assert Guard(checker=given).checker is given
    guard = Guard()
    built = guard.checker  # the default is built on first use, once
    assert isinstance(built, SupportChecker) and guard.checker is built
    assert not hasattr(guard, "support_checker")  # one name: no deprecated alias (0.1.0 was never released)
    with pytest.raises(ConfigurationError, match="checkr.*'checker'"):
        Guard(checkr=given)


def test_none_sources_fall_back_to_default_sources():
    report = make_guard(sources=DOCS).invoke({"answer": GOOD, "sources": None})
    assert report.status == Status.VALID


def test_wrap_prompt_chain_shows_the_model_its_feedback():
    from tests.fakes import FakeStructuredChatModel

    prompt = ChatPromptTemplate.from_messages([("human", "{question}")])
    llm = FakeStructuredChatModel(responses=[BAD, GOOD])
    report = make_guard().wrap(prompt | llm, sources=DOCS).invoke({"question": "When did it open?"})
    assert report.answer == GOOD
    retry_messages = llm.calls[1][1]
    assert retry_messages[0].content == "When did it open?"
    assert retry_messages[1].content == BAD
    assert "painted gold" in retry_messages[2].content


def test_raise_fallback_is_audited(tmp_path):
    from lexguard import ValidationFailedError
    from lexguard.audit import SQLiteAuditStore

    store = SQLiteAuditStore(tmp_path / "audit.db")
    guard = make_guard(sources=DOCS, fallback="raise", max_retries=0, audit=store)
    with pytest.raises(ValidationFailedError) as info:
        guard.invoke("Invented entirely.")
    assert info.value.report.metadata["audit_id"]
    assert store.count() == 1


def test_citations_name_sources_by_their_readable_id():
    docs = [Document(page_content="The bridge opened in 1932.", id="3f2a9c1e-uuid", metadata={"source": "bridge.md"})]
    report = make_guard(sources=docs).invoke(GOOD)
    assert report.citations[0].source_id == "bridge.md"


@pytest.mark.parametrize(("input", "key", "kind"), [({"answer": None}, "'answer'", "NoneType"),
                                                    ({"answer": 330}, "'answer'", "int"),
                                                    ({"output": 3.5}, "'output'", "float")])
def test_a_dict_answer_that_is_not_text_is_an_input_error(input, key, kind):
    with pytest.raises(InputError, match=f"{key}.*{kind}"):
        make_guard().invoke({**input, "sources": DOCS})


def test_an_empty_answer_in_a_dict_is_still_a_report():
    assert isinstance(make_guard().invoke({"answer": "", "sources": DOCS}), ValidationReport)


# -- the door refuses every input key it cannot read, as it does bad sources -------------------

ENTITY = {"id": "bridge", "name": "The bridge", "properties": {"length": 503}}
UNREADABLE = [
    ("knowledge", {"entites": [ENTITY]}, ("knowledge", "'entites'", "did you mean 'entities'")),
    ("knowledge", "The bridge is 503 metres long.", ("knowledge", "str")),
    ("citations", "[doc-1] opened in 1932", ("citations", "str", "list of dicts")),
    ("citations", [{"source": "doc-1", "quote": "opened in 1932"}, "opened in 1932"], ("citations", "item 1", "str")),
    ("mutations", "the bridge is closed", ("mutations", "str", "list")),
    ("mutations", 5, ("mutations", "int")),
]


def _raises_naming(error: pytest.ExceptionInfo, needles: tuple[str, ...]) -> None:
    for needle in needles:
        assert needle in str(error.value), str(error.value)


@pytest.mark.parametrize(("key", "value", "needles"), UNREADABLE)
def test_an_unreadable_knowledge_citations_or_mutations_input_is_an_input_error(key, value, needles):
    with pytest.raises(InputError) as error:
        make_guard(max_retries=0).invoke({"answer": GOOD, "sources": DOCS, key: value})
    _raises_naming(error, needles)
    with pytest.raises(InputError):
        make_guard(return_type="text").invoke({"answer": GOOD, "sources": DOCS, key: value})


@pytest.mark.parametrize(("key", "value", "needles"), UNREADABLE[::2])
async def test_an_unreadable_input_key_is_an_input_error_on_the_async_path(key, value, needles):
    with pytest.raises(InputError) as error:
        await make_guard(max_retries=0).ainvoke({"answer": GOOD, "sources": DOCS, key: value})
    _raises_naming(error, needles)


@pytest.mark.parametrize(("key", "value", "needles"), UNREADABLE[::2])
def test_inside_a_graph_an_unreadable_input_key_is_a_report_not_a_crash(key, value, needles):
    graph = build_guard_graph(GuardConfig(max_retries=0), checker=SubstringChecker())
    report = graph.invoke({"answer": GOOD, "sources": ["The bridge opened in 1932."], key: value})["report"]
    assert report.verdict == Verdict.FALLBACK and report.status == Status.INCONCLUSIVE
    assert all(needle in (report.reason or "") for needle in needles), report.reason


def test_readable_knowledge_citations_and_mutations_still_reach_the_checks():
    state = {"answer": GOOD, "sources": DOCS, "knowledge": {"entities": [ENTITY]},
             "citations": {"source": "doc-1", "quote": "opened in 1932"}, "mutations": {"type": "transform_belief",
                                                                                       "target": "x", "value": 1}}
    report = make_guard(max_retries=0).invoke(state)
    assert report.accepted
    outcomes = {r.check: r.outcome.value for r in report.checks}
    assert outcomes["citations"] == "passed" and outcomes["knowledge"] == "passed"
    assert [m["target"] for m in report.metadata["mutations"]["approved"]] == ["x"]
