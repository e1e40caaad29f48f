"""Common machinery of the guard's nodes: timing, sync/async entry points, runnable wrapping."""

from __future__ import annotations

import asyncio
import time
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from langchain_core.runnables import RunnableConfig, RunnableLambda
from langgraph.types import Overwrite

from lexguard._config import GuardConfig
from lexguard._limits import Deadline, use_deadline
from lexguard._state import GuardState

__all__ = ["GuardNode", "untraced"]


def _with_timing(update: dict[str, Any], name: str, start: float) -> dict[str, Any]:
    """``update`` plus the node's elapsed time under ``timings`` (kept inside an ``Overwrite`` that
    resets the timings, as ``prepare`` does when a new validation starts)."""
    elapsed = {name: time.perf_counter() - start}
    previous = update.get("timings")
    update["timings"] = Overwrite({**previous.value, **elapsed}) if isinstance(previous, Overwrite) else elapsed
    return update


def untraced(func: Any, afunc: Any = None, *, name: str | None = None) -> Any:
    """``func`` (and its async twin) as a Runnable that LangGraph runs without a run of its own,
    so a node appears once in the run tree and a router not at all. Falls back to a
    ``RunnableLambda`` on a LangGraph without its ``RunnableCallable``."""
    try:
        from langgraph._internal._runnable import RunnableCallable
    except ImportError:  # pragma: no cover - depends on the LangGraph version
        return RunnableLambda(func, afunc=afunc, name=name) if afunc else RunnableLambda(func, name=name)
    name = name or getattr(func, "__name__", None)
    if afunc is None:
        return RunnableCallable(func, name=name, trace=False)

    def run(state, config):  # type: ignore[no-untyped-def]  # unannotated: LangGraph passes the config
        return func(state, config)

    async def arun(state, config):  # type: ignore[no-untyped-def]
        return await afunc(state, config)

    return RunnableCallable(run, arun, name=name, trace=False)


class GuardNode:
    """Base class of the guard's nodes.

    A node is a callable ``node(state) -> update`` (what LangGraph expects) with an async twin
    ``await node.acall(state)``. Subclasses implement :meth:`run` and, when they do I/O,
    :meth:`arun`. Every update also carries the node's elapsed time under ``timings``.

    A node runs under the validation's time budget: the ``deadline`` that ``prepare`` wrote into
    the state is made current (:func:`lexguard._limits.current_deadline`) while it runs, so the
    graph honours ``limits.time_budget_s`` whether it runs inside a ``Guard`` or on its own.

    Args:
        config: Guard settings; defaults to :class:`~lexguard.GuardConfig` (env-aware).
    """

    name = "node"
    budgeted = True
    """Whether :meth:`run` runs under the state's ``deadline`` (``prepare`` sets it instead)."""

    def __init__(self, config: GuardConfig | None = None) -> None:
        self.config = config or GuardConfig()

    def run(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        """Compute the state update. Override in subclasses."""
        raise NotImplementedError

    async def arun(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        """Async version of :meth:`run`; by default runs :meth:`run` in a worker thread."""
        return await asyncio.to_thread(self.run, state, config)

    def budget(self, state: GuardState) -> AbstractContextManager[Any]:
        """The context that makes the state's ``deadline`` current (a no-op without one)."""
        epoch = state.get("deadline") if self.budgeted else None
        if isinstance(epoch, int | float) and not isinstance(epoch, bool):
            return use_deadline(Deadline.ending_at(float(epoch), self.config.limits.time_budget_s))
        return nullcontext()

    def __call__(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        start = time.perf_counter()
        with self.budget(state):
            update = self.run(state, config)
        return _with_timing(update, self.name, start)

    async def acall(self, state: GuardState, config: RunnableConfig | None = None) -> dict[str, Any]:
        """Async entry point used by ``ainvoke`` / ``astream``."""
        start = time.perf_counter()
        with self.budget(state):
            update = await self.arun(state, config)
        return _with_timing(update, self.name, start)

    def as_runnable(self) -> Any:
        """This node as a Runnable with both sync and async paths (traced once, as the node)."""
        return untraced(self.__call__, self.acall, name=self.name)
