"""Build the input of a regeneration call from the original input and the feedback."""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.prompt_values import PromptValue

from lexguard._models import Source
from lexguard._state import GuardState

__all__ = ["build_retry_input", "FEEDBACK_KEY"]

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
    sources: list[Source] = [s for s in state.get("sources") or [] if isinstance(s, Source)]
    question = state.get("question") or "Answer from the sources."
    messages: list[BaseMessage] = [SystemMessage(content=_SYSTEM + "\n\n" + _sources_block(sources))] if sources else []
    messages += [HumanMessage(content=question), *follow_up]
    return messages
