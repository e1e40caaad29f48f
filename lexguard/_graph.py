"""Build the guard graph: parse -> gate -> support_check -> decide -> accept | self_correct | fallback.

::

    START -> parse --(rejected)--------------------------> decide
               |                                             ^
               v                                             |
             gate --(critical)-------------------------------+
               |                                             |
               v                                             |
         support_check ---------------------------------------+
                                                             |
        decide --accept--> finalize -> END                   |
               --retry---> self_correct --> parse (next attempt)
               --fallback> fallback -> END       (or fallback when it gives up)
"""

from __future__ import annotations

from langchain_core.runnables import Runnable
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from lexguard._config import GuardConfig
from lexguard._state import GuardInput, GuardOutput, GuardState
from lexguard.grounding import SupportChecker
from lexguard.nodes import (
    DecideNode,
    FallbackNode,
    FinalizeNode,
    GateNode,
    ParseNode,
    SelfCorrectNode,
    SupportCheckNode,
    handle_node_error,
    route_after_decide,
    route_after_gate,
    route_after_parse,
    route_after_self_correct,
)

__all__ = ["build_guard_graph", "guard_graph_builder"]


def guard_graph_builder(
    config: GuardConfig | None = None,
    *,
    generator: Runnable | None = None,
    checker: SupportChecker | None = None,
) -> StateGraph:
    """Return the uncompiled guard ``StateGraph`` (to add nodes or compile with a checkpointer).

    Args:
        config: Guard settings; defaults to ``GuardConfig()`` (reads ``LEXGUARD_*`` variables).
        generator: Runnable re-invoked with feedback by ``self_correct``; ``None`` repairs the
            text instead.
        checker: Support checker to share (its source-embedding cache is reused across runs).
    """
    config = config or GuardConfig()
    checker = checker or SupportChecker(config.grounding)
    nodes = {
        "parse": ParseNode(config),
        "gate": GateNode(config),
        "support_check": SupportCheckNode(config, checker=checker),
        "decide": DecideNode(config),
        "self_correct": SelfCorrectNode(config, generator=generator),
    }
    builder = StateGraph(GuardState, input_schema=GuardInput, output_schema=GuardOutput)
    for name, node in nodes.items():
        builder.add_node(name, node.as_runnable(), error_handler=handle_node_error)
    builder.add_node("finalize", FinalizeNode(config).as_runnable(), error_handler=handle_node_error)
    builder.add_node("fallback", FallbackNode(config).as_runnable())
    builder.add_edge(START, "parse")
    builder.add_conditional_edges("parse", route_after_parse, ["gate", "decide"])
    builder.add_conditional_edges("gate", route_after_gate, ["support_check", "decide"])
    builder.add_edge("support_check", "decide")
    builder.add_conditional_edges("decide", route_after_decide, ["finalize", "self_correct", "fallback"])
    builder.add_conditional_edges("self_correct", route_after_self_correct, ["parse", "fallback"])
    builder.add_edge("finalize", END)
    builder.add_edge("fallback", END)
    return builder


def build_guard_graph(
    config: GuardConfig | None = None,
    *,
    generator: Runnable | None = None,
    checker: SupportChecker | None = None,
    name: str = "lexguard",
    **compile_kwargs: object,
) -> CompiledStateGraph:
    """Build and compile the guard graph.

    The compiled graph works on its own (``graph.invoke({"answer": ..., "sources": [...]})``,
    result under ``"report"``, final text under ``"answer"``) and as a subgraph node of a parent
    graph whose state shares the keys it needs. Its input schema is
    :class:`~lexguard.GuardState`'s input keys (``answer``, ``sources``, ``question``, ...) and its
    output schema is ``answer`` + ``report``, so its working keys never leak into the parent.

    Args:
        config: Guard settings.
        generator: Runnable re-invoked with feedback on retries.
        checker: Support checker to share between graphs and runs.
        name: Name of the compiled graph (shown in traces).
        **compile_kwargs: Passed to ``StateGraph.compile`` (e.g. ``checkpointer=``).
    """
    builder = guard_graph_builder(config, generator=generator, checker=checker)
    return builder.compile(name=name, **compile_kwargs)  # type: ignore[arg-type]
