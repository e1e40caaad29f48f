"""Build the guard graph: prepare -> one node per check -> decide -> finalize | self_correct | fallback.

::

    START -> prepare -> parse -> rules -> support -> knowledge -> citations -> decide
                  (a check that stops the attempt jumps to decide)           |
        decide --accept / flag--> finalize -> END                            |
               --retry---------> self_correct --> prepare (next attempt)     |
               --fallback------> fallback -> END  (or fallback when self_correct gives up)

The check nodes are the configured checks (``GuardConfig.checks``), in order. The graph is
compiled once per configuration; the generator of a run travels in LangGraph's runtime context
(:class:`~lexguard._state.GuardContext`), so one compiled graph serves every generator.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.runnables import Runnable
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from lexguard._config import GuardConfig
from lexguard._errors import ConfigurationError, LexguardWarning
from lexguard._state import GuardContext, GuardInput, GuardOutput, GuardState
from lexguard.checks import build_checks
from lexguard.nodes import (
    CheckNode,
    DecideNode,
    FallbackNode,
    FinalizeNode,
    PrepareNode,
    SelfCorrectNode,
    handle_node_error,
    route_after_check,
    route_after_decide,
    route_after_self_correct,
)
from lexguard.nodes._base import untraced
from lexguard.nodes._retry_input import FEEDBACK_KEY, prompt_gap, split_prompt

__all__ = ["build_guard_graph", "check_generator", "guard_state_graph"]

def guard_state_graph(
    config: GuardConfig | None = None,
    *,
    generator: Runnable | None = None,
    checker: Any = None,
    checks: Sequence[Any] | None = None,
) -> StateGraph:
    """Return the uncompiled guard ``StateGraph`` (to add nodes or compile with a checkpointer).

    Args:
        config: Guard settings; defaults to ``GuardConfig()`` (reads ``LEXGUARD_*`` variables).
        generator: Default Runnable re-invoked with feedback by ``self_correct`` (a run's
            :class:`~lexguard._state.GuardContext` overrides it); ``None`` repairs the text instead.
        checker: Support checker to share (its source-embedding cache is reused across runs).
        checks: Checks to run instead of ``config.checks``: names, ``{"use": ...}`` dicts or
            check objects, as ``GuardConfig.checks`` takes them.

    Raises:
        ConfigurationError: For an unknown check, or a check name the graph cannot take (a guard
            node's such as ``decide``, LangGraph's ``__start__`` / ``__end__``, see
            :data:`lexguard.checks._registry.RESERVED_NAMES`).
    """
    config = config or GuardConfig()
    if checks is not None:  # names, dicts and objects, as in ``GuardConfig.checks``
        config = config.model_copy(update={"checks": tuple(checks)})
    checks = build_checks(config, checker=checker)  # refuses the names the graph cannot take
    builder = StateGraph(GuardState, context_schema=GuardContext, input_schema=GuardInput, output_schema=GuardOutput)
    builder.add_node("prepare", PrepareNode(config).as_runnable(), error_handler=handle_node_error)
    for check in checks:
        builder.add_node(check.name, CheckNode(check, config).as_runnable(), error_handler=handle_node_error)
    builder.add_node("decide", DecideNode(config, generator=generator).as_runnable(), error_handler=handle_node_error)
    builder.add_node("self_correct", SelfCorrectNode(config, generator=generator, checks=checks).as_runnable(),
                     error_handler=handle_node_error)
    builder.add_node("finalize", FinalizeNode(config).as_runnable(), error_handler=handle_node_error)
    builder.add_node("fallback", FallbackNode(config).as_runnable())
    builder.add_edge(START, "prepare")
    names = [c.name for c in checks]
    for current, following in zip(["prepare", *names], [*names, "decide"], strict=True):
        if following == "decide":
            builder.add_edge(current, "decide")
        else:
            builder.add_conditional_edges(current, untraced(route_after_check(following)), [following, "decide"])
    builder.add_conditional_edges("decide", untraced(route_after_decide), ["finalize", "self_correct", "fallback"])
    builder.add_conditional_edges("self_correct", untraced(route_after_self_correct), ["prepare", "fallback"])
    builder.add_edge("finalize", END)
    builder.add_edge("fallback", END)
    return builder


def check_generator(generator: Any, *, wired: bool = False) -> None:
    """Check a graph's build-time generator: it must be a Runnable; for ``prompt | model`` whose
    prompt needs variables a retry cannot rebuild from the guard's state (see
    :func:`lexguard.nodes._retry_input.prompt_gap`), warn that retries need the ``generator_input``
    key unless ``wired`` (``input_keys`` maps it).

    Raises:
        ConfigurationError: When ``generator`` is not a Runnable.
    """
    if generator is None:
        return
    if not isinstance(generator, Runnable):
        raise ConfigurationError(
            f"generator must be a LangChain Runnable (e.g. prompt | llm), not {type(generator).__name__}; "
            "wrap a function in RunnableLambda")
    split = split_prompt(generator)
    missing = prompt_gap(split[0]) if split is not None else []
    if missing and not wired:
        warnings.warn(
            f"build_guard_graph: the generator's prompt needs {', '.join(map(repr, missing))}, which the guard's "
            "state does not hold, so a retry without a 'generator_input' state key sends the model a fresh prompt "
            "(question, numbered sources, previous answer, feedback) instead of your prompt. Put the prompt's input "
            "dict in the state's 'generator_input' key (in a parent graph: input_keys={'generator_input': "
            "'<parent key>'}), or name the prompt's variables question / context (and optionally "
            f"{FEEDBACK_KEY} / previous_answer).", LexguardWarning, stacklevel=3)


def build_guard_graph(
    config: GuardConfig | None = None,
    *,
    generator: Runnable | None = None,
    checker: Any = None,
    checks: Sequence[Any] | None = None,
    name: str = "lexguard",
    input_keys: Mapping[str, str] | None = None,
    output_key: str | None = None,
    report_key: str | None = None,
    messages_key: str | None = None,
    **compile_kwargs: object,
) -> CompiledStateGraph:
    """Build and compile the guard graph.

    The compiled graph works on its own (``graph.invoke({"answer": ..., "sources": [...]})``,
    result under ``"report"``, final text under ``"answer"``) and as a subgraph node of a parent
    graph whose state shares the keys it needs. Its input schema is
    :class:`~lexguard.GuardState`'s input keys (``answer``, ``sources``, ``question``, ...) and its
    output schema is ``answer`` + ``report``, so its working keys never leak into the parent.
    Pass ``context=GuardContext(generator=...)`` to a run to regenerate with another generator.

    Args:
        config: Guard settings.
        generator: Default Runnable re-invoked with feedback on retries.
        checker: Support checker to share between graphs and runs.
        checks: Checks to run instead of ``config.checks`` (names, dicts or check objects).
        name: Name of the compiled graph (shown in traces).
        input_keys: For a parent graph with other key names: guard input -> parent key
            (``{"answer": "draft", "sources": "docs"}``).
        output_key: Parent key for the checked text (default ``answer``).
        report_key: Parent key for the report (default ``report``).
        messages_key: Guard a conversation (e.g. ``"messages"`` of ``MessagesState``): the last
            ``AIMessage`` is checked against the state's ``sources`` key (when present) plus the
            turn's tool results, and replaced by the checked one (same id, report in ``response_metadata["lexguard"]``).
        **compile_kwargs: Passed to ``StateGraph.compile`` (e.g. ``checkpointer=``).

    Raises:
        ConfigurationError: For an unknown check or input key. A wired key missing from the
            state at run time raises :class:`~lexguard.InputError`; the plain graph run without
            an ``answer`` key raises ``ConfigurationError`` (a mis-wired guard never passes
            silently).
    """
    check_generator(generator, wired=bool(input_keys and "generator_input" in input_keys))
    builder = guard_state_graph(config, generator=generator, checker=checker, checks=checks)
    if input_keys is None and output_key is None and report_key is None and messages_key is None:
        return builder.compile(name=name, **compile_kwargs)  # type: ignore[arg-type]
    from lexguard._wiring import wire_guard_graph

    return wire_guard_graph(builder.compile(name=f"{name}_checks"), input_keys=input_keys,
                            output_key=output_key or "answer", report_key=report_key or "report",
                            messages_key=messages_key, name=name, **compile_kwargs)
