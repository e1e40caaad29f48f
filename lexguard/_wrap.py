"""``GuardedRunnable``: a generating Runnable followed by a guard that can re-invoke it (``Guard.wrap``)."""

from __future__ import annotations

from typing import Any

from langchain_core.runnables import Runnable, RunnableConfig, RunnableSerializable
from langchain_core.runnables.config import patch_config
from pydantic import ConfigDict

from lexguard._guard import Guard, first_key
from lexguard._inputs import SOURCE_KEYS

__all__ = ["GuardedRunnable"]


class GuardedRunnable(RunnableSerializable[Any, Any]):
    """A generating Runnable followed by a :class:`Guard` that can re-invoke it (``guard.wrap``)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    guard: Guard
    chain: Runnable
    sources: Any = None
    question_key: str = "question"

    def _question(self, input: Any) -> str | None:
        if isinstance(input, dict):
            value = input.get(self.question_key)
            return value if isinstance(value, str) else None
        return input if isinstance(input, str) else None

    def _state(self, input: Any, output: Any, sources: Any) -> dict[str, Any]:
        state = self.guard.to_state({"answer": output})
        if sources is None and isinstance(input, dict):
            found, value = first_key(input, SOURCE_KEYS)
            sources = value if found else None
        if sources is not None:
            state["sources"] = sources
        state["question"] = self._question(input)
        state["generator_input"] = input
        return state

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        """Generate with the chain, then validate (and correct) the output."""

        def _call(input: Any, config: RunnableConfig, run_manager: Any) -> Any:
            child = patch_config(config, callbacks=run_manager.get_child())
            sources = self.sources.invoke(self._question(input) or input, child) if isinstance(
                self.sources, Runnable
            ) else self.sources
            output = self.chain.invoke(input, child)
            return self.guard._run(self._state(input, output, sources), self.chain, config, run_manager)

        return self._call_with_config(_call, input, config, run_type="chain")

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        """Async :meth:`invoke`."""

        async def _call(input: Any, config: RunnableConfig, run_manager: Any) -> Any:
            child = patch_config(config, callbacks=run_manager.get_child())
            if isinstance(self.sources, Runnable):
                sources = await self.sources.ainvoke(self._question(input) or input, child)
            else:
                sources = self.sources
            output = await self.chain.ainvoke(input, child)
            return await self.guard._arun(self._state(input, output, sources), self.chain, config, run_manager)

        return await self._acall_with_config(_call, input, config, run_type="chain")
