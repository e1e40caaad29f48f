"""A LangGraph RAG app whose generator is its own ``prompt | llm``, guarded by lexguard.

The app retrieves documents, answers with ``prompt | llm`` (a chat model whose replies carry
citations in LangChain's standard content-block format: ``{"type": "citation", "url",
"cited_text", ...}`` annotations on the text block), and checks the answer with the guard graph as
a subgraph node. The guard re-invokes the same ``prompt | llm`` with its feedback: the prompt is
rendered again from the guard's state (``{question}``, ``{context}``), so no extra wiring is
needed. Here the model needs two retries: its first answer states something no document says,
its second quotes one document but cites another, its third is accepted with both citations
checked.

Then the accepted answer is streamed through ``prompt | llm | guard``: each sentence is checked
before it is passed on, and the last one only after the whole answer's decision (citations
included), so no unchecked sentence reaches ``stream()``.

Run with ``python examples/rag_prompt_llm.py`` (offline: the fake chat model is LangChain's
``GenericFakeChatModel``; the support check uses the bundled embedding model and verifier).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, TypedDict

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.documents import Document
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGenerationChunk
from langchain_core.prompts import ChatPromptTemplate
from langgraph.graph import END, START, StateGraph

from lexguard import Guard, ValidationReport, build_guard_graph
from lexguard.integrations import DECISION_EVENT, SENTENCE_EVENT

GOLDEN_GATE = "https://example.org/golden-gate"
BROOKLYN = "https://example.org/brooklyn"
DOCUMENTS = [
    Document(page_content="The Golden Gate Bridge opened in 1937. It is painted International Orange.",
             metadata={"id": "golden-gate", "url": GOLDEN_GATE, "title": "Bridges of America"}),
    Document(page_content="The Brooklyn Bridge opened in 1883. It spans the East River.",
             metadata={"id": "brooklyn", "url": BROOKLYN, "title": "Bridges of America"}),
]
QUESTION = "When did the Golden Gate Bridge open, and what colour is it?"
ANSWER = "The Golden Gate Bridge opened in 1937. It is painted International Orange."

PROMPT = ChatPromptTemplate.from_messages([
    ("system", "Answer only from these documents, citing each statement.\n\n{context}"),
    ("human", "{question}"),
])


def cited(text: str, *citations: tuple[str, str]) -> AIMessage:
    """An answer as a model with citations returns it: one text block with a standard
    ``citation`` annotation per ``(url, cited_text)``, spanning the sentence that quotes it."""
    notes = []
    for url, quote in citations:
        start = max(text.find(quote), 0)
        notes.append({"type": "citation", "url": url, "title": "Bridges of America", "cited_text": quote,
                      "start_index": start, "end_index": start + len(quote)})
    return AIMessage(content=[{"type": "text", "text": text, "annotations": notes}])


def replies() -> list[AIMessage]:
    """The model's three answers: unsupported, miscited, right."""
    return [
        cited("The Golden Gate Bridge opened in 1937. It was painted gold in 1990.",
              (GOLDEN_GATE, "The Golden Gate Bridge opened in 1937.")),
        cited("The Golden Gate Bridge opened in 1937.", (BROOKLYN, "The Golden Gate Bridge opened in 1937.")),
        cited(ANSWER, (GOLDEN_GATE, "The Golden Gate Bridge opened in 1937."),
              (GOLDEN_GATE, "It is painted International Orange.")),
    ]


class CitingChatModel(GenericFakeChatModel):
    """``GenericFakeChatModel`` that also streams content-block replies the way providers do:
    the text word by word, then the block's annotations, each chunk tagged with the block index.
    ``seen`` keeps the messages of every call."""

    seen: list[list[BaseMessage]] = []

    def _generate(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Any:
        self.seen.append(list(messages))
        return super()._generate(messages, *args, **kwargs)

    def _stream(self, messages: list[BaseMessage], *args: Any, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        self.seen.append(list(messages))
        message = next(self.messages)
        for index, block in enumerate(message.content if isinstance(message.content, list) else []):
            for token in filter(None, re.split(r"(\s)", block["text"])):
                yield ChatGenerationChunk(message=AIMessageChunk(
                    content=[{"type": "text", "text": token, "index": index}], id=message.id))
            if block.get("annotations"):
                yield ChatGenerationChunk(message=AIMessageChunk(
                    content=[{"type": "text", "text": "", "annotations": block["annotations"], "index": index}],
                    id=message.id))


class RagState(TypedDict, total=False):
    question: str
    documents: list[Document]
    answer: Any
    report: ValidationReport


def format_documents(documents: list[Document]) -> str:
    return "\n\n".join(f"[{i}] {d.page_content}" for i, d in enumerate(documents, 1))


def build_app(llm: CitingChatModel) -> Any:
    """retrieve -> generate (``prompt | llm``) -> guard (the lexguard subgraph) -> END."""
    chain = PROMPT | llm

    def retrieve(state: RagState) -> dict[str, Any]:
        return {"documents": DOCUMENTS}

    def generate(state: RagState) -> dict[str, Any]:
        context = format_documents(state["documents"])
        return {"answer": chain.invoke({"question": state["question"], "context": context})}

    builder = StateGraph(RagState)
    builder.add_node("retrieve", retrieve)
    builder.add_node("generate", generate)
    builder.add_node("guard", build_guard_graph(generator=chain, input_keys={"sources": "documents"}))
    builder.add_edge(START, "retrieve")
    builder.add_edge("retrieve", "generate")
    builder.add_edge("generate", "guard")
    builder.add_edge("guard", END)
    return builder.compile()


class Timeline(BaseCallbackHandler):
    """The guard's sentence verdicts and decision, in the order they happen."""

    def __init__(self) -> None:
        self.log: list[tuple[str, Any]] = []

    def on_custom_event(self, name: str, data: Any, **kwargs: Any) -> None:
        if name in (SENTENCE_EVENT, DECISION_EVENT):
            self.log.append((name, data))


def stream_answer(guard: Guard | None = None) -> tuple[list[str], Timeline]:
    """Stream the right answer through ``prompt | llm | guard``; the chunks and the timeline
    (chunks logged as ``("chunk", text)`` between the guard's events)."""
    guard = guard or Guard(sources=DOCUMENTS, return_type="text", audit=False)
    llm = CitingChatModel(messages=iter(replies()[2:]), seen=[])
    timeline = Timeline()
    chunks = []
    inputs = {"question": QUESTION, "context": format_documents(DOCUMENTS)}
    for chunk in (PROMPT | llm | guard).stream(inputs, {"callbacks": [timeline]}):
        chunks.append(chunk)
        timeline.log.append(("chunk", chunk))
    return chunks, timeline


def main() -> None:
    """Run the app to an accepted answer, then stream it."""
    llm = CitingChatModel(messages=iter(replies()), seen=[])
    out = build_app(llm).invoke({"question": QUESTION})
    report: ValidationReport = out["report"]
    print(f"status: {report.status.value}  attempts: {report.attempts}  answer: {out['answer']}")
    for record in report.history:
        print(f"  attempt {record.attempt}: {record.decision}")
    citations = next(c for c in report.checks if c.check == "citations")
    print(f"  citations: {citations.outcome.value} {citations.data}")
    chunks, timeline = stream_answer()
    for name, data in timeline.log:
        if name == SENTENCE_EVENT:
            print(f"  checked: {data['text']!r} supported={data['supported']}")
        elif name == DECISION_EVENT:
            print(f"  decision: {data['verdict']} ({data['reason']})")
        else:
            print(f"  streamed: {data!r}")


if __name__ == "__main__":
    main()
