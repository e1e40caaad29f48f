"""One run of a ``Guard``, free of I/O: its input turned into the graph's state, the call's
arguments, the audit record and the output ``return_type`` asks for.

``Guard.invoke`` and ``ainvoke`` (and the streaming entry points) share everything here; they
differ only in calling the compiled graph directly or awaited, and in writing the audit record
in place or in a worker thread.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from langchain_core.messages import AIMessageChunk, BaseMessage
from langchain_core.messages.ai import add_ai_message_chunks
from langchain_core.runnables import RunnableConfig
from langchain_core.runnables.config import patch_config

from lexguard._errors import InputError, ValidationFailedError
from lexguard._inputs import (ANSWER_KEYS, QUESTION_KEYS, SOURCE_KEYS, coerce_answer, coerce_citations,
                              coerce_mutations, coerce_sources, is_truncated)
from lexguard._models import Source, ValidationReport
from lexguard._text import clean_text
from lexguard._wiring import checked_message

__all__ = ["GuardRun", "ReturnType", "StreamInput", "first_key", "format_output", "graph_state", "merge_chunks",
           "read_input_keys"]

ReturnType = Literal["report", "text", "message"]

_STATE_KEYS = ("knowledge", "mutations", "generator_input", "truncated", "citations")
_READ_KEYS = ("knowledge", "citations", "mutations")


def read_input_keys(values: dict[str, Any]) -> dict[str, Any]:
    """The ``knowledge``, ``citations`` and ``mutations`` of an input dict, read as ``prepare``
    reads them (so the door refuses what ``prepare`` would have turned into a fallback report).

    ``citations`` and ``mutations`` come back as lists (a single dict as a one-item list);
    ``knowledge`` comes back read, a frozen ``KnowledgeContext`` that ``prepare`` and the checks
    use as it is (a mapping or a JSON file is read once per input, not once per reader). Absent
    keys are left out.

    Raises:
        InputError: Naming the field and the shape to pass, for a value the checks could not read.
    """
    from lexguard.nodes._prepare import read_knowledge

    read: dict[str, Any] = {}
    if "knowledge" in values:
        read["knowledge"] = read_knowledge(values["knowledge"])
    if "citations" in values:
        read["citations"] = coerce_citations(values["citations"])
    if "mutations" in values:
        read["mutations"] = coerce_mutations(values["mutations"])
    return read


def merge_chunks(chunks: Iterable[Any]) -> Any:
    """Join streamed input chunks the way LangChain does (``+``; dict chunks key by key)."""
    final: Any = None
    for chunk in chunks:
        if final is None:
            final = dict(chunk) if isinstance(chunk, dict) else chunk
        elif isinstance(final, dict) and isinstance(chunk, dict):
            for key, value in chunk.items():
                try:
                    final[key] = final[key] + value if key in final else value
                except TypeError:
                    final[key] = value
        else:
            try:
                final = final + chunk
            except TypeError:
                final = chunk
    return final


def first_key(mapping: dict[str, Any], keys: tuple[str, ...]) -> tuple[bool, Any]:
    """``(True, value)`` of the first of ``keys`` in ``mapping``, else ``(False, None)``."""
    for key in keys:
        if key in mapping:
            return True, mapping[key]
    return False, None


def graph_state(input: Any, default_sources: Sequence[Source]) -> dict[str, Any]:
    """Turn a Runnable input into the guard graph's input state.

    Args:
        input: A string or message (the answer), or a dict with the answer, sources, question
            and the other state keys.
        default_sources: The sources used when the input brings none.

    Raises:
        InputError: If the input holds no answer, or one that is not text (``None``, a number), or
            sources, a ``knowledge`` graph, ``citations`` or ``mutations`` it cannot read
            (:func:`read_input_keys`). Inside a LangGraph graph the same inputs give an
            ``inconclusive`` fallback report instead (the ``prepare`` node), so a bad input never
            crashes the user's graph.
    """
    if isinstance(input, str | BaseMessage):
        return {"answer": input, "sources": list(default_sources)}
    if isinstance(input, dict):
        found, answer = first_key(input, ANSWER_KEYS)
        if not found:
            raise InputError(
                f"the guard's input dict has no answer (looked for {', '.join(ANSWER_KEYS)}); "
                "pass {'answer': ..., 'sources': [...], 'question': ...}"
            )
        if not isinstance(answer, str):  # None, a number, ...: refused here, not a fallback report
            key = next(k for k in ANSWER_KEYS if k in input)
            try:
                coerce_answer(answer)
            except InputError as exc:
                raise InputError(f"{key!r} of the guard's input dict: {exc}") from exc
        has_sources, sources = first_key(input, SOURCE_KEYS)
        _, question = first_key(input, QUESTION_KEYS)
        state: dict[str, Any] = {
            "answer": answer,
            "sources": coerce_sources(sources) if has_sources and sources is not None else list(default_sources),
            "question": clean_text(question) if isinstance(question, str) else None,
        }
        state.update({k: input[k] for k in _STATE_KEYS if k in input})
        state.update(read_input_keys(input))
        return state
    raise InputError(
        f"the guard cannot validate a {type(input).__name__}; pass a str, an AIMessage, or a dict "
        "with 'answer' and 'sources'"
    )


@dataclass
class StreamInput:
    """What a streamed input brings besides the answer text, read chunk by chunk as
    :func:`graph_state` reads a whole input.

    Chunks may be strings, messages or dicts (``{"answer": chain, "sources": retriever} | guard``
    streams dicts, each carrying some of the keys). ``knowledge``, ``citations`` and
    ``mutations`` are merged over the chunks as :func:`merge_chunks` merges them and read when
    they arrive (:func:`read_input_keys`), so a value the checks could not read stops the stream
    with the ``InputError`` that ``Guard.invoke`` raises for it.

    Attributes:
        sources: The sources, once a chunk brought them (``None`` until then).
        question: The question, when a chunk brought one.
        dict_mode: Whether the chunks are dicts (sentences then wait for the sources).
        keys: ``knowledge``, ``citations`` and ``mutations`` as given (chunks merged).
        read: The same keys as :func:`read_input_keys` read them when they arrived (the
            knowledge graph a frozen ``KnowledgeContext``): what the checks are given.
        messages: The answer's message chunks, in order (their citations and finish reason count).
    """

    sources: list[Source] | None = None
    question: str | None = None
    dict_mode: bool = False
    keys: dict[str, Any] = field(default_factory=dict)
    read: dict[str, Any] = field(default_factory=dict)
    messages: list[BaseMessage] = field(default_factory=list)

    def absorb(self, chunk: Any) -> str:
        """Take the sources, question and other input keys of ``chunk`` and return its answer
        text (``""`` for none).

        Raises:
            InputError: If the chunk's answer, sources, knowledge, citations or mutations cannot
                be read.
        """
        if isinstance(chunk, dict):
            self.dict_mode = True
            found, sources = first_key(chunk, SOURCE_KEYS)
            if found:
                self.sources = coerce_sources(sources)
            question = next((chunk[k] for k in QUESTION_KEYS if isinstance(chunk.get(k), str)), None)
            if question is not None:
                self.question = clean_text(question)
            self._take_keys(chunk)
            found, chunk = first_key(chunk, ANSWER_KEYS)
            if not found:
                return ""
        if chunk is None:
            return ""
        if isinstance(chunk, BaseMessage):
            self.messages.append(chunk)
        return coerce_answer(chunk)

    def _take_keys(self, chunk: dict[str, Any]) -> None:
        arrived = [key for key in _READ_KEYS if key in chunk]
        for key in arrived:
            value = chunk[key]
            if key in self.keys:
                try:
                    value = self.keys[key] + value
                except TypeError:
                    pass
            self.keys[key] = value
        self.read.update(read_input_keys({key: self.keys[key] for key in arrived}))

    def raw_answer(self) -> Any:
        """The answer message the chunks make up (message chunks added up as LangChain adds
        them), or ``None`` when the answer came as text."""
        if len(self.messages) > 1 and all(isinstance(m, AIMessageChunk) for m in self.messages):
            return add_ai_message_chunks(*self.messages)
        return self.messages[-1] if self.messages else None

    def context(self, text: str) -> dict[str, Any]:
        """The :class:`~lexguard.checks.CheckContext` fields for ``text`` (the whole text passed
        on), as ``prepare`` and ``context_of`` give them to ``invoke``'s checks: sources,
        question, knowledge, mutations and the model's citations (the input's, the message's and
        those in the text)."""
        from lexguard.checks import model_citations

        read, raw = self.read, self.raw_answer()
        return {"sources": tuple(self.sources or ()), "question": self.question, "raw_answer": text,
                "truncated": is_truncated(raw), "knowledge": read.get("knowledge") or None,
                "mutations": tuple(read.get("mutations") or ()),
                "citations": tuple(model_citations(raw, text, read.get("citations") or ()))}


def format_output(report: ValidationReport, return_type: ReturnType, message: Any = None,
                  retry_messages: Sequence[Any] = ()) -> Any:
    """The report, its final text, or an ``AIMessage`` carrying it, per ``return_type``.

    Args:
        report: The run's report.
        return_type: What to return.
        message: The answer as given; ``"message"`` returns the message of the attempt the report
            returns (this one, with its id and metadata, when no retry was made; the generator's
            after a retry) with the checked text (:func:`~lexguard._wiring.checked_message`).
        retry_messages: The graph's ``retry_messages`` (where each later attempt came from).
    """
    if return_type == "text":
        return report.answer
    if return_type == "message":
        return checked_message(report, message, retry_messages=retry_messages)
    return report


@dataclass
class GuardRun:
    """What one guard run needs around the graph call: the state, the call's config and runtime
    context, and the audit record written when it ends.

    Args:
        audit: The guard's audit store, or ``None`` (no record).
        state: The graph's input state (:func:`graph_state`).
        config: The Runnable config of the call.
        run_manager: LangChain's callback manager of the call (``None`` outside one).
    """

    audit: Any
    state: dict[str, Any]
    config: Any
    run_manager: Any = None
    started: float = field(default_factory=time.perf_counter)

    def graph_config(self) -> RunnableConfig:
        """The config the graph runs under: the call's, with its child callbacks."""
        return patch_config(self.config, callbacks=self.run_manager.get_child())

    def audits(self, error: ValidationFailedError) -> bool:
        """Whether a rejection (``fallback="raise"``) carries a report to audit."""
        return isinstance(error.report, ValidationReport) and self.audit is not None

    def audited(self, report: ValidationReport) -> ValidationReport:
        """Write the run's audit record when ``audit`` is set (never raises) and return the
        report with its ``audit_id``."""
        if self.audit is None:
            return report
        from lexguard.audit._hook import attach_audit

        return attach_audit(
            self.audit,
            report,
            query=self.state.get("question"),
            config=self.config,
            run_id=getattr(self.run_manager, "run_id", None),
            processing_time=time.perf_counter() - self.started,
            sources=self.state.get("sources"),
        )
