"""Wire the guard graph into a parent graph whose keys differ: key mapping and message-native
guarding (``build_guard_graph(input_keys=..., output_key=..., messages_key=...)``).

The wrapper is a one-node graph around the compiled guard graph (compiled once, at build
time). It reads the parent's keys, runs the guard, and writes back:

* with ``messages_key``: the last ``AIMessage`` of that key is checked against the sources (the
  ``sources`` key, or the key ``input_keys["sources"]`` names, when the state has it, plus the
  ``ToolMessage`` results of the current turn) and replaced by the
  checked message (same id, so ``add_messages`` replaces it; after a retry built from the
  regenerated message, see :func:`checked_message`) carrying the report in
  ``response_metadata["lexguard"]``;
* otherwise: the checked text goes to ``output_key``.

The report goes to ``report_key``. A key that is missing from the state raises
:class:`~lexguard.InputError` naming it: a mis-wired guard never passes an answer on unchecked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from langchain_core.messages import AIMessage, AIMessageChunk, AnyMessage, HumanMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langgraph.graph import START, StateGraph
from langgraph.graph.message import add_messages
from typing_extensions import TypedDict

from lexguard._errors import ConfigurationError, InputError
from lexguard._inputs import coerce_answer
from lexguard._models import ValidationReport
from lexguard._state import HANDED_KEYS, REPAIRED

__all__ = ["attempt_message", "checked_message", "tool_sources", "wire_guard_graph"]

_INPUTS = ("answer", "sources", "question", "knowledge", "mutations", "citations", "generator_input")


def attempt_message(first: Any, retry_messages: Sequence[Any], attempt: int) -> AIMessage | None:
    """The message attempt ``attempt``'s text comes from (a repair, ``filter`` / ``fix``, keeps
    the message of the attempt it repaired).

    Args:
        first: The first attempt's answer as given (an ``AIMessage`` or text).
        retry_messages: The graph's ``retry_messages`` (see :mod:`lexguard._state`).
        attempt: The attempt (1 for the first).

    Returns:
        The message, or ``None`` when the attempt's text did not come as an ``AIMessage`` (then
        nothing of an earlier attempt stands for it).
    """
    message = first if isinstance(first, AIMessage) else None
    for entry in list(retry_messages or ())[: max(attempt - 1, 0)]:
        if not (isinstance(entry, str) and entry == REPAIRED):
            message = entry if isinstance(entry, AIMessage) else None
    return message


def _without_tool_calls(message: AIMessage) -> dict[str, Any]:
    update: dict[str, Any] = {"tool_calls": [], "invalid_tool_calls": [], "additional_kwargs": {
        k: v for k, v in message.additional_kwargs.items() if k not in ("tool_calls", "function_call")}}
    if isinstance(message, AIMessageChunk):
        update["tool_call_chunks"] = []
    return update


def checked_message(
    report: ValidationReport, message: Any = None, *, retry_messages: Sequence[Any] = (), in_place: bool = False
) -> AIMessage:
    """The ``AIMessage`` to hand on for ``report``: its content is ``report.answer`` (the text that
    was checked, e.g. after the parser cleaned it, or the correction / fallback), never the raw
    model output, and the report is in ``response_metadata["lexguard"]``.

    Every door that hands on a message uses this one function (``return_type="message"``,
    ``messages_key=`` wiring, ``GroundingMiddleware``). The message is built from the attempt the
    report returns (``report.metadata["attempt_returned"]``): after a retry, the generator's
    message (its id and metadata), never the rejected first one; a fresh message when the
    generator returned text. Tool calls are never handed on: no check reads them, so an action
    the model asked for beside a checked text would pass unchecked (agents route tool-calling
    steps around the guard: the middleware and ``messages_key=`` wiring check only final answers).

    Args:
        report: The report of the checked answer.
        message: The first attempt's answer as given (the message that was checked when no retry
            was made).
        retry_messages: The graph's ``retry_messages`` (:data:`~lexguard._state.HANDED_KEYS`): where
            each later attempt came from.
        in_place: Keep ``message``'s id, so ``add_messages`` replaces it in the conversation (the
            ``messages_key=`` wiring) whichever attempt is handed on.

    Returns:
        The checked message.
    """
    lexguard = {"lexguard": report.model_dump(mode="json")}
    attempt = report.metadata.get("attempt_returned")
    source = attempt_message(message, retry_messages, attempt if isinstance(attempt, int) else 1)
    if source is None:
        handed = AIMessage(content=report.answer, response_metadata=lexguard)
    else:
        update: dict[str, Any] = {"content": report.answer,
                                  "response_metadata": {**source.response_metadata, **lexguard}}
        update.update(_without_tool_calls(source))  # never checked: never handed on
        handed = source.model_copy(update=update)
    if in_place and isinstance(message, AIMessage) and handed.id != message.id:
        handed = handed.model_copy(update={"id": message.id})
    return handed


def _turn(messages: list[Any]) -> tuple[str | None, list[Any]]:
    for index in range(len(messages) - 1, -1, -1):
        if isinstance(messages[index], HumanMessage):
            return coerce_answer(messages[index]), messages[index:]
    return None, messages


def tool_sources(turn: Any, source_tools: Any = None) -> list[Any]:
    """The sources in a turn's tool results: ``Document`` artifacts, else the message text (as
    ``{"id": "<tool>:<call id>", "content": ...}``); failed calls are skipped, and only the tools
    named in ``source_tools`` count when it is given."""
    found: list[Any] = []
    for message in turn:
        if source_tools is not None and getattr(message, "name", None) not in source_tools:
            continue
        if isinstance(message, ToolMessage) and message.status != "error":
            artifact = message.artifact
            if isinstance(artifact, list | tuple) and artifact and all(hasattr(a, "page_content") for a in artifact):
                found.extend(artifact)
            elif text := coerce_answer(message).strip():
                found.append({"id": f"{message.name or 'tool'}:{message.tool_call_id}", "content": text})
    return found


def _with_tool_sources(given: Any, found: list[Any]) -> Any:
    """The state's sources (``None``, one source or a list of them) followed by the turn's tool
    results; the state's value unchanged when the turn has none (the guard reads and checks it)."""
    if not found:
        return given
    if given is None:
        return found
    return [*(given if isinstance(given, list | tuple) else [given]), *found]


def _parent_keys(input_keys: Mapping[str, str] | None, messages_key: str | None) -> dict[str, str]:
    """Guard input name -> parent key: the mapping given, and every input not mapped under its
    own name (unless that key is mapped; the answer not at all when it comes from the messages).

    Raises:
        ConfigurationError: For an input name the guard does not know.
    """
    keys = dict(input_keys or {})
    if unknown := sorted(set(keys) - set(_INPUTS)):
        raise ConfigurationError(f"input_keys names {', '.join(unknown)}; the guard reads {', '.join(_INPUTS)}")
    for name in _INPUTS:
        if name not in keys and (messages_key is None if name == "answer" else name not in keys.values()):
            keys[name] = name
    return keys


def _wiring_schema(keys: Mapping[str, str], *, output_key: str, report_key: str, messages_key: str | None) -> Any:
    """The wrapper's state schema: the parent keys it reads, the report key, and the messages
    (with ``add_messages``) or the output key."""
    fields: dict[str, Any] = {parent: Any for parent in keys.values()}
    fields[report_key] = ValidationReport
    if messages_key is not None:
        fields[messages_key] = Annotated[list[AnyMessage], add_messages]
    else:
        fields[output_key] = Any
    return TypedDict("GuardWiring", fields, total=False)  # type: ignore[operator]


def _read_state(
    state: dict[str, Any], keys: Mapping[str, str], messages_key: str | None
) -> tuple[dict[str, Any], AIMessage | None]:
    """The guard's input from the parent state, and the final ``AIMessage`` it checks (``None``
    without ``messages_key``).

    Raises:
        InputError: When the messages end in no final ``AIMessage``, or the answer key is missing.
    """
    payload = {inner_key: state[parent] for inner_key, parent in keys.items() if parent in state}
    last = None
    if messages_key is not None:
        messages = list(state.get(messages_key) or [])
        last = messages[-1] if messages else None
        if not isinstance(last, AIMessage) or last.tool_calls:
            raise InputError(f"the guard found no final AIMessage at the end of {messages_key!r}; wire it after "
                             "the node that answers (its last message must be an AIMessage without tool calls)")
        question, turn = _turn(messages)
        payload["answer"] = last
        payload.setdefault("question", question)
        payload["sources"] = _with_tool_sources(payload.get("sources"), tool_sources(turn))
    elif keys["answer"] not in state:
        raise InputError(f"the guard's answer key {keys['answer']!r} is not in the state (keys: "
                         f"{', '.join(sorted(state)) or 'none'}); map it with input_keys={{'answer': ...}}")
    return payload, last


def _write_output(
    output: dict[str, Any], last: AIMessage | None, *, output_key: str, report_key: str, messages_key: str | None
) -> dict[str, Any]:
    """The parent state update: the checked text and the report, or (from messages) the handed
    message in place of ``last`` and the report."""
    report: ValidationReport = output["report"]
    if last is None or messages_key is None:
        return {output_key: report.answer, report_key: report}
    handed = checked_message(report, last, retry_messages=output.get("retry_messages") or (), in_place=True)
    return {messages_key: [handed], report_key: report}


def wire_guard_graph(
    inner: Any,
    *,
    input_keys: Mapping[str, str] | None = None,
    output_key: str = "answer",
    report_key: str = "report",
    messages_key: str | None = None,
    name: str = "lexguard",
    **compile_kwargs: Any,
) -> Any:
    """Compile a wrapper around the compiled guard graph ``inner`` (see the module docstring).

    Args:
        inner: The compiled guard graph.
        input_keys: Guard input name -> parent key (``{"answer": "draft", "sources": "docs"}``).
        output_key: Parent key that receives the checked text (without ``messages_key``).
        report_key: Parent key that receives the :class:`~lexguard.ValidationReport`.
        messages_key: Parent key holding the conversation; the last ``AIMessage`` is checked.
        name: Name of the compiled wrapper.
        **compile_kwargs: Passed to ``StateGraph.compile``.

    Raises:
        ConfigurationError: For an input name the guard does not know.
    """
    keys = _parent_keys(input_keys, messages_key)
    schema = _wiring_schema(keys, output_key=output_key, report_key=report_key, messages_key=messages_key)

    def guard(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
        payload, last = _read_state(state, keys, messages_key)
        output = inner.invoke(payload, config, output_keys=list(HANDED_KEYS))
        return _write_output(output, last, output_key=output_key, report_key=report_key, messages_key=messages_key)

    async def aguard(state: dict[str, Any], config: RunnableConfig) -> dict[str, Any]:
        payload, last = _read_state(state, keys, messages_key)
        output = await inner.ainvoke(payload, config, output_keys=list(HANDED_KEYS))
        return _write_output(output, last, output_key=output_key, report_key=report_key, messages_key=messages_key)

    from lexguard.nodes._base import untraced

    builder = StateGraph(schema)
    builder.add_node("guard", untraced(guard, aguard, name="guard"))
    builder.add_edge(START, "guard")
    return builder.compile(name=name, **compile_kwargs)
