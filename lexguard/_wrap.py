"""``GuardedRunnable``: a generating Runnable followed by a guard that can re-invoke it (``Guard.wrap``)."""

from __future__ import annotations

import warnings
from typing import Any, Protocol, runtime_checkable

from langchain_core.prompts import BasePromptTemplate
from langchain_core.runnables import Runnable, RunnableConfig, RunnableSequence, RunnableSerializable
from langchain_core.runnables.config import patch_config
from pydantic import ConfigDict

from lexguard._errors import LexguardWarning
from lexguard._guard_run import first_key
from lexguard._inputs import SOURCE_KEYS
from lexguard.nodes import feedback_gap

__all__ = ["GuardRunner", "GuardedRunnable", "split_at_prompt", "warn_if_feedback_lost"]


@runtime_checkable
class GuardRunner(Protocol):
    """What a :class:`GuardedRunnable` needs of its guard (a :class:`~lexguard.Guard` passes
    itself to it): turn an input into the graph state and run the graph on it with the
    generator to re-invoke on retries. The wrapper depends on these, not on the ``Guard`` class."""

    def to_state(self, input: Any) -> dict[str, Any]: ...

    def _run(self, state: dict[str, Any], generator: Runnable | None, config: RunnableConfig, run_manager: Any) -> Any: ...

    async def _arun(
        self, state: dict[str, Any], generator: Runnable | None, config: RunnableConfig, run_manager: Any
    ) -> Any: ...


def split_at_prompt(chain: Runnable) -> tuple[Runnable | None, Runnable]:
    """``(prepare, generate)`` for a ``step... | prompt | model...`` chain: the steps before the
    prompt (a ``RunnableParallel`` that retrieves, ...) run once per request; retries re-run only
    ``prompt | model``, with the prepared input, so the model sees the feedback and the retriever
    is not called again. ``(None, chain)`` for any other chain."""
    if not isinstance(chain, RunnableSequence):
        return None, chain
    steps = chain.steps
    at = next((i for i, step in enumerate(steps) if isinstance(step, BasePromptTemplate)), 0)
    if at == 0:
        return None, chain
    prepare = steps[0] if at == 1 else RunnableSequence(*steps[:at])
    generate = steps[at] if at == len(steps) - 1 else RunnableSequence(*steps[at:])
    return prepare, generate


def warn_if_feedback_lost(chain: Runnable, *, stacklevel: int = 1) -> bool:
    """Warn (:class:`~lexguard.LexguardWarning`) when a retry of ``chain`` cannot carry the
    feedback to the model (see :func:`lexguard.nodes.feedback_gap`); return whether it warned.
    ``stacklevel`` 1 points the warning at the caller, 2 at the caller's caller."""
    gap = feedback_gap(split_at_prompt(chain)[1])
    if gap is None:
        return False
    warnings.warn(
        f"Guard.wrap: a retry may not give the model the feedback: {gap}. Use prompt | chat model (a "
        "{feedback} prompt variable is optional), or, if your chain reads the 'feedback' and 'previous_answer' "
        "input keys itself, pass handles_feedback=True.", LexguardWarning, stacklevel=stacklevel + 1)
    return True


def first_call_input(generate: Runnable, prepared: Any) -> Any:
    """Fill a prompt's ``{feedback}`` / ``{previous_answer}`` variables with ``""`` on the first
    call, so a prompt written for retries works before there is any feedback."""
    prompt = generate.first if isinstance(generate, RunnableSequence) else generate
    if not isinstance(prompt, BasePromptTemplate) or not isinstance(prepared, dict):
        return prepared
    missing = [name for name in ("feedback", "previous_answer") if name in prompt.input_variables and name not in prepared]
    return {**prepared, **dict.fromkeys(missing, "")} if missing else prepared


class GuardedRunnable(RunnableSerializable[Any, Any]):
    """A generating Runnable followed by a :class:`~lexguard.Guard` that can re-invoke it (``guard.wrap``).

    For ``{"context": retriever | fmt, "question": ...} | prompt | model`` the part before the
    prompt runs once; a retry re-renders the prompt from its output plus the previous answer and
    the feedback (see :func:`split_at_prompt`), and the retrieved context is also the sources
    when none are given.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    guard: GuardRunner
    chain: Runnable
    sources: Any = None
    question_key: str = "question"

    def _question(self, input: Any) -> str | None:
        if isinstance(input, dict):
            value = input.get(self.question_key)
            return value if isinstance(value, str) else None
        return input if isinstance(input, str) else None

    def _state(self, input: Any, prepared: Any, output: Any, sources: Any) -> dict[str, Any]:
        state = self.guard.to_state({"answer": output})
        for candidate in (input, prepared):
            if sources is None and isinstance(candidate, dict):
                found, value = first_key(candidate, SOURCE_KEYS)
                sources = value if found else None
        if sources is not None:
            state["sources"] = sources
        state["question"] = self._question(input)
        state["generator_input"] = prepared
        return state

    def invoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        """Generate with the chain, then validate (and correct) the output."""

        def _call(input: Any, config: RunnableConfig, run_manager: Any) -> Any:
            child = patch_config(config, callbacks=run_manager.get_child())
            sources = self.sources.invoke(self._question(input) or input, child) if isinstance(
                self.sources, Runnable
            ) else self.sources
            prepare, generate = split_at_prompt(self.chain)
            prepared = first_call_input(generate, prepare.invoke(input, child) if prepare is not None else input)
            output = generate.invoke(prepared, child)
            return self.guard._run(self._state(input, prepared, output, sources), generate, config, run_manager)

        return self._call_with_config(_call, input, config, run_type="chain")

    async def ainvoke(self, input: Any, config: RunnableConfig | None = None, **kwargs: Any) -> Any:
        """Async :meth:`invoke`."""

        async def _call(input: Any, config: RunnableConfig, run_manager: Any) -> Any:
            child = patch_config(config, callbacks=run_manager.get_child())
            if isinstance(self.sources, Runnable):
                sources = await self.sources.ainvoke(self._question(input) or input, child)
            else:
                sources = self.sources
            prepare, generate = split_at_prompt(self.chain)
            prepared = first_call_input(generate, await prepare.ainvoke(input, child) if prepare is not None else input)
            output = await generate.ainvoke(prepared, child)
            return await self.guard._arun(self._state(input, prepared, output, sources), generate, config,
                                          run_manager)

        return await self._acall_with_config(_call, input, config, run_type="chain")
