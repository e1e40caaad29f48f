"""``Guard.wrap`` says at wrap time when a retry cannot carry the feedback to the model."""

from __future__ import annotations

import warnings
from operator import itemgetter

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.messages import BaseMessage, HumanMessage, SystemMessage
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.runnables import RunnableLambda, RunnableParallel

from lexguard import Guard, LexguardWarning, build_guard_graph
from lexguard.nodes import feedback_gap
from tests.fakes import SubstringChecker

SOURCES = ["The bridge opened in 1932. It is 503 metres long."]
GOOD = "The bridge opened in 1932."
BAD = "The bridge opened in 1932. It was painted gold in 1990."
PROMPT = ChatPromptTemplate.from_messages([("system", "Sources: {context}"), ("human", "{question}")])


def model(*replies: str) -> FakeListChatModel:
    return FakeListChatModel(responses=list(replies) or [GOOD])


def guard() -> Guard:
    return Guard(sources=SOURCES, checker=SubstringChecker(), max_retries=1)


def no_warning(make):
    with warnings.catch_warnings():
        warnings.simplefilter("error", LexguardWarning)
        return make()


@pytest.mark.parametrize("shape", ["prompt | model", "parallel | prompt | model", "model", "prompt | model | parser",
                                   "prompt | bound model", "model with retry", "feedback prompt | lambda"])
def test_common_shapes_carry_the_feedback_without_a_warning(shape):
    fmt = RunnableLambda(lambda docs: "\n".join(docs), name="fmt")
    chains = {
        "prompt | model": lambda: PROMPT | model(),
        "parallel | prompt | model": lambda: RunnableParallel(
            context=itemgetter("question") | RunnableLambda(lambda q: SOURCES) | fmt,
            question=itemgetter("question")) | PROMPT | model(),
        "model": model,
        "prompt | model | parser": lambda: PROMPT | model() | StrOutputParser(),
        "prompt | bound model": lambda: PROMPT | model().bind(stop=["\n\n"]),
        "model with retry": lambda: model().with_retry(),
        "feedback prompt | lambda": lambda: ChatPromptTemplate.from_messages(
            [("human", "{question}\n{feedback}")]) | RunnableLambda(lambda value: GOOD),
    }
    chain = chains[shape]()
    assert feedback_gap(chain) is None or shape == "parallel | prompt | model"  # split before the prompt first
    no_warning(lambda: guard().wrap(chain))


def test_a_langgraph_generate_node_gets_no_warning():
    no_warning(lambda: build_guard_graph(generator=model()))


def test_an_opaque_function_that_builds_its_own_prompt_warns_at_wrap_time():
    seen = []

    def build_messages(inputs: dict) -> list:  # ignores the feedback keys a retry adds
        seen.append(inputs)
        return [SystemMessage(f"Sources: {SOURCES[0]}"), HumanMessage(inputs["question"])]

    llm = model(BAD, GOOD)
    with pytest.warns(LexguardWarning, match="handles_feedback=True") as caught:
        guarded = guard().wrap(RunnableLambda(build_messages) | llm)
    assert caught[0].filename == __file__  # points at the caller's line
    assert "RunnableLambda ('build_messages')" in str(caught[0].message)
    report = guarded.invoke({"question": "When did the bridge open?"})
    assert report.attempts == 2 and "feedback" in seen[1]  # the retry only added the key, which the function drops


def test_a_function_after_the_prompt_or_one_taking_messages_gets_the_feedback_in_its_messages():
    seen = []

    def fake_model(messages: list[BaseMessage]) -> str:
        seen.append(messages)
        return BAD if len(seen) == 1 else GOOD

    for chain in (PROMPT | RunnableLambda(fake_model), RunnableLambda(fake_model)):
        seen.clear()
        guarded = no_warning(lambda chain=chain: guard().wrap(chain))
        question = {"question": "When?", "context": SOURCES[0]} if chain.__class__.__name__ == "RunnableSequence" else (
            [HumanMessage("When?")])
        assert guarded.invoke(question).accepted
        assert "did not pass validation" in seen[1][-1].content  # the retry's last message is the feedback


def test_handles_feedback_silences_the_warning_for_a_chain_that_handles_it():
    def build_messages(inputs: dict) -> list:
        messages = [HumanMessage(inputs["question"])]
        return messages + [HumanMessage(inputs["feedback"])] if inputs.get("feedback") else messages

    no_warning(lambda: guard().wrap(RunnableLambda(build_messages) | model(), handles_feedback=True))
