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

from typing import Any

from langchain_core.runnables import Runnable
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from lexguard._config import GuardConfig
from lexguard._state import GuardContext, GuardInput, GuardOutput, GuardState
from lexguard.checks import Check, build_checks
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

__all__ = ["build_guard_graph", "guard_graph_builder"]

_RESERVED = {"prepare", "decide", "self_correct", "finalize", "fallback"}


def guard_graph_builder(
    config: GuardConfig | None = None,
    *,
    generator: Runnable | None = None,
    checker: Any = None,
    checks: tuple[Check, ...] | None = None,
) -> StateGraph:
    """Return the uncompiled guard ``StateGraph`` (to add nodes or compile with a checkpointer).

    Args:
        config: Guard settings; defaults to ``GuardConfig()`` (reads ``LEXGUARD_*`` variables).
        generator: Default Runnable re-invoked with feedback by ``self_correct`` (a run's
            :class:`~lexguard._state.GuardContext` overrides it); ``None`` repairs the text instead.
        checker: Support checker to share (its source-embedding cache is reused across runs).
        checks: Check objects to run instead of building them from ``config.checks``.

    Raises:
        ConfigurationError: For an unknown check, or a check named like a guard node.
    """
    from lexguard._errors import ConfigurationError

    config = config or GuardConfig()
    checks = checks if checks is not None else build_checks(config, checker=checker)
    if clash := sorted(_RESERVED & {c.name for c in checks}):
        raise ConfigurationError(f"check name(s) {', '.join(clash)} are taken by the guard's own nodes; rename the check")
    builder = StateGraph(GuardState, context_schema=GuardContext, input_schema=GuardInput, output_schema=GuardOutput)
    builder.add_node("prepare", PrepareNode(config).as_runnable(), error_handler=handle_node_error)
    for check in checks:
        builder.add_node(check.name, CheckNode(check, config).as_runnable(), error_handler=handle_node_error)
    builder.add_node("decide", DecideNode(config).as_runnable(), error_handler=handle_node_error)
    builder.add_node("self_correct", SelfCorrectNode(config, generator=generator).as_runnable(),
                     error_handler=handle_node_error)
    builder.add_node("finalize", FinalizeNode(config).as_runnable(), error_handler=handle_node_error)
    builder.add_node("fallback", FallbackNode(config).as_runnable())
    builder.add_edge(START, "prepare")
    names = [c.name for c in checks]
    for current, following in zip(["prepare", *names], [*names, "decide"], strict=True):
        if following == "decide":
            builder.add_edge(current, "decide")
        else:
            builder.add_conditional_edges(current, route_after_check(following), [following, "decide"])
    builder.add_conditional_edges("decide", route_after_decide, ["finalize", "self_correct", "fallback"])
    builder.add_conditional_edges("self_correct", route_after_self_correct, ["prepare", "fallback"])
    builder.add_edge("finalize", END)
    builder.add_edge("fallback", END)
    return builder


def build_guard_graph(
    config: GuardConfig | None = None,
    *,
    generator: Runnable | None = None,
    checker: Any = None,
    checks: tuple[Check, ...] | None = None,
    name: str = "lexguard",
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
        checks: Check objects to run instead of building them from ``config.checks``.
        name: Name of the compiled graph (shown in traces).
        **compile_kwargs: Passed to ``StateGraph.compile`` (e.g. ``checkpointer=``).
    """
    builder = guard_graph_builder(config, generator=generator, checker=checker, checks=checks)
    return builder.compile(name=name, **compile_kwargs)  # type: ignore[arg-type]
