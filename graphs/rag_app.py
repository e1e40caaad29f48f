"""RAG app: retrieve -> generate -> guard (the lexguard graph as a subgraph) -> respond.

Loadable by LangGraph tooling (``langgraph.json`` names ``graph``). Runs offline by default: a
keyword retriever over a tiny corpus and :class:`~lexguard.testing.ExtractiveChatModel`.
Set ``LEXGUARD_CHAT_MODEL`` (e.g. ``openai:gpt-4o-mini``) to use a real chat model through
``langchain.chat_models.init_chat_model``, or call :func:`make_graph` with your own model and
retriever.
"""


import os
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from typing_extensions import TypedDict  # pydantic needs it on Python < 3.12 (the server's schemas)

from lexguard import GuardConfig, ValidationReport, build_guard_graph
from lexguard.audit import attach_audit, audit_target
from lexguard.testing import ExtractiveChatModel, KeywordRetriever

__all__ = ["RagInput", "RagOutput", "RagState", "default_chat_model", "graph", "make_graph"]

SYSTEM_PROMPT = "Answer the question using only the sources below. If they do not answer it, say so."


class RagInput(TypedDict):
    """Input of the RAG app (the form LangGraph Studio shows)."""

    question: str


class RagOutput(TypedDict, total=False):
    """Output of the RAG app: the text handed on and its report."""

    answer: str
    report: ValidationReport


class RagState(TypedDict, total=False):
    """State of the RAG app (``answer``/``sources``/``question``/``report`` are shared with the guard)."""

    question: str
    sources: list[Any]
    generator_input: Any
    answer: Any
    report: ValidationReport


def default_chat_model() -> BaseChatModel:
    """``init_chat_model($LEXGUARD_CHAT_MODEL)`` when set, else the offline extractive model."""
    name = os.environ.get("LEXGUARD_CHAT_MODEL")
    if name:
        from langchain.chat_models import init_chat_model

        return init_chat_model(name)
    return ExtractiveChatModel(max_sentences=1)


def _prompt(question: str, sources: list[Any]) -> list[Any]:
    passages = "\n\n".join(getattr(s, "page_content", str(s)) for s in sources)
    return [SystemMessage(content=f"{SYSTEM_PROMPT}\n\n{passages}"), HumanMessage(content=question)]


def make_graph(
    chat_model: Runnable | None = None,
    *,
    retriever: Runnable | None = None,
    config: GuardConfig | None = None,
    checker: Any = None,
    audit: Any = None,
) -> CompiledStateGraph:
    """Build the RAG app graph.

    Args:
        chat_model: The generator (also re-invoked by the guard with feedback on retries).
        retriever: A Runnable from question to documents (default: offline keyword retriever).
        config: Guard settings.
        checker: Support checker for the guard (default: the bundled-model ``SupportChecker``).
        audit: Audit store or URL; default ``$LEXGUARD_AUDIT_URL`` (``False``: no audit).
    """
    model = chat_model or default_chat_model()
    audit = audit_target(audit)
    retriever = retriever or KeywordRetriever()

    def retrieve(state: RagState) -> dict[str, Any]:
        return {"sources": retriever.invoke(state["question"])}

    async def aretrieve(state: RagState) -> dict[str, Any]:
        return {"sources": await retriever.ainvoke(state["question"])}

    def generate(state: RagState) -> dict[str, Any]:
        messages = _prompt(state["question"], state.get("sources") or [])
        return {"answer": model.invoke(messages), "generator_input": messages}

    async def agenerate(state: RagState) -> dict[str, Any]:
        messages = _prompt(state["question"], state.get("sources") or [])
        return {"answer": await model.ainvoke(messages), "generator_input": messages}

    def respond(state: RagState, config: RunnableConfig) -> dict[str, Any]:
        report = state["report"]
        if audit is not None:  # one audit record per turn; a sync node runs off the event loop
            report = attach_audit(audit, report, query=state.get("question"), config=config,
                                  sources=state.get("sources"))
        return {"answer": report.answer, "report": report}

    builder = StateGraph(RagState, input_schema=RagInput, output_schema=RagOutput)
    builder.add_node("retrieve", RunnableLambda(retrieve, afunc=aretrieve, name="retrieve"))
    builder.add_node("generate", RunnableLambda(generate, afunc=agenerate, name="generate"))
    builder.add_node("guard", build_guard_graph(config, generator=model, checker=checker))
    builder.add_node("respond", respond)
    builder.add_edge(START, "retrieve")
    builder.add_edge("retrieve", "generate")
    builder.add_edge("generate", "guard")
    builder.add_edge("guard", "respond")
    builder.add_edge("respond", END)
    return builder.compile(name="rag_app")


graph = make_graph()
