"""Build the input of a regeneration call from the original input and the feedback."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.prompt_values import PromptValue
from langchain_core.prompts import BasePromptTemplate
from langchain_core.runnables import Runnable, RunnableSequence

from lexguard._models import Source
from lexguard._state import GuardState, question_of

__all__ = ["build_retry_input", "retry_call", "FEEDBACK_KEY"]

FEEDBACK_KEY = "feedback"
"""Key added to a dict input: put ``{feedback}`` in your prompt to pass it to the model."""

_SYSTEM = (
    "You answer strictly from the numbered sources below. Every statement must be supported by them."
)


def _sources_block(sources: list[Source]) -> str:
    return "\n\n".join(f"[{i}] ({s.id}) {s.content}" for i, s in enumerate(sources, 1))


def build_retry_input(state: GuardState, feedback: str) -> Any:
    """Return what the generator is re-invoked with.

    - dict input: a copy with ``feedback`` and ``previous_answer`` keys added;
    - a string, a prompt value or a message list: the conversation plus the previous answer and
      the feedback as a new human message;
    - no input (the guard was given only an answer): a fresh prompt from question and sources.
    """
    answer = state.get("answer") if isinstance(state.get("answer"), str) else ""
    original = state.get("generator_input")
    if isinstance(original, dict):
        return {**original, FEEDBACK_KEY: feedback, "previous_answer": answer}
    follow_up = [AIMessage(content=answer), HumanMessage(content=feedback)]
    if isinstance(original, str):
        return [HumanMessage(content=original), *follow_up]
    if isinstance(original, PromptValue):
        return [*original.to_messages(), *follow_up]
    if isinstance(original, list | tuple) and original:
        return [*original, *follow_up]
    sources: list[Source] = list(state.get("checked_sources") or [])
    question = question_of(state) or "Answer from the sources."
    messages: list[BaseMessage] = [SystemMessage(content=_SYSTEM + "\n\n" + _sources_block(sources))] if sources else []
    messages += [HumanMessage(content=question), *follow_up]
    return messages


def _split_prompt(generator: Runnable) -> tuple[BasePromptTemplate, Runnable] | None:
    """``(prompt, rest)`` when ``generator`` is ``prompt | rest...``, else ``None``."""
    if isinstance(generator, RunnableSequence) and isinstance(generator.first, BasePromptTemplate):
        steps = generator.steps
        rest = steps[1] if len(steps) == 2 else RunnableSequence(*steps[1:])
        return generator.first, rest
    return None


def _takes_feedback(prompt: BasePromptTemplate) -> bool:
    names = set(prompt.input_variables) | set(prompt.partial_variables)
    names |= set(getattr(prompt, "optional_variables", None) or ())
    return FEEDBACK_KEY in names


def retry_call(generator: Runnable, state: GuardState, feedback: str) -> tuple[Runnable, Any]:
    """Return ``(runnable, input)`` for the regeneration call.

    For a ``prompt | model ...`` chain whose prompt has no ``{feedback}`` variable, the prompt is
    rendered with the original input and the previous answer and the feedback are appended as
    messages before the rest of the chain runs, so the model always sees the feedback. Otherwise
    the whole generator is re-invoked with :func:`build_retry_input`.

    Raises:
        Exception: Whatever rendering the prompt raises (the caller treats it as a generator error).
    """
    original = state.get("generator_input")
    split = _split_prompt(generator)
    if split is not None and original is not None:
        prompt, rest = split
        if not (isinstance(original, dict) and _takes_feedback(prompt)):
            answer = state.get("answer") if isinstance(state.get("answer"), str) else ""
            messages = prompt.invoke(original).to_messages()
            return rest, [*messages, AIMessage(content=answer), HumanMessage(content=feedback)]
    return generator, build_retry_input(state, feedback)
