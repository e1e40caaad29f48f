"""The state schema of the guard graph.

The guard graph reads and writes a :class:`GuardState` dict. Callers fill the *input* keys; the
nodes fill the *working* keys; the graph ends with ``report`` set. Only ``answer`` is required.

Input keys:
    answer: The text to validate (a ``str``; an ``AIMessage`` is accepted and unwrapped, its
        finish reason and citations are read).
    sources: Passages the answer must be grounded in: strings, LangChain ``Document`` objects,
        dicts with ``content``, or :class:`~lexguard.Source` objects.
    question: The user question, when known (used in feedback, judges and the audit trail).
    truncated: True when the generator stopped early (finish reason ``length``).
    generator_input: What the generator was originally called with (for ``prompt | llm``, the
        prompt's input dict); retries re-invoke the generator with this input plus feedback.
        Without it, a ``prompt | llm`` generator's prompt is rendered from this state (``question``
        / ``query`` / ``input``, the numbered ``sources`` as ``context`` / ``sources`` /
        ``documents`` / ``docs``, ``feedback``, ``previous_answer``), or, when the prompt needs
        other variables, the model gets a fresh prompt from the question and the sources
        (``build_guard_graph`` warns then: map this key with ``input_keys``).
    knowledge: An optional knowledge-graph context (the ``knowledge`` check).
    mutations: Proposed state changes checked by the ``rules`` check (protected state).
    citations: Citations the model produced (dicts with ``source``, ``quote``, ...; the
        ``citations`` check).

Working keys (written by the nodes; not part of the graph's input or output schema, so they
never leak into or out of a parent graph):
    checked_sources: ``sources`` as :class:`~lexguard.Source` objects (the caller's ``sources``
        key is left as it was).
    original_answer: The first answer seen.
    attempt: Number of the attempt being validated (1 for the first answer).
    model_citations: The model's citations of the current attempt, as dicts.
    results: One :class:`~lexguard.CheckResult` per check that ran on the current attempt.
    verdict / remedy / reason: The policy's last decision (see :mod:`lexguard._policy`).
    raise_error: True when a check's ``on_fail="raise"`` asks the fallback to raise.
    feedback: The feedback sent to the generator for the next attempt.
    history: One :class:`~lexguard.AttemptRecord` per validated attempt (appended).
    timings: Seconds spent per node, summed over attempts (merged).
    deadline: When the validation's time budget (``limits.time_budget_s``) ends, as wall-clock
        seconds (``time.time()``); set by ``prepare`` when a validation starts, kept on retries.
    removed: What the guard's own repairs removed (``filter``): the findings of the removed
        statements, each marked removed (``stage="removed"``, the removed text in its message),
        appended; the report keeps them, so a repaired answer never reads as clean.
    retry_messages: Where the text of each attempt after the first comes from (index
        ``attempt - 2``), written by ``self_correct``: the generator's ``AIMessage``, ``None`` when
        the generator returned text, or :data:`REPAIRED` when the text is the guard's own repair
        (``filter`` / ``fix``) of the previous attempt's. The first attempt's message is the input
        answer. The doors that hand on a message read it (``output_keys``) to build it from the
        attempt that was returned (:func:`lexguard._wiring.checked_message`), never from a
        rejected one.

Output keys:
    answer: The text handed on: the accepted (possibly corrected) answer, the flagged answer,
        the best attempt, or the refusal (the same as ``report.answer``).
    report: The final :class:`~lexguard.ValidationReport`.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Annotated, Any

from typing_extensions import TypedDict  # pydantic needs it on Python < 3.12 (graph input schemas)

from lexguard._models import AttemptRecord, CheckResult, Finding, Source, ValidationReport
from lexguard._text import clean_text

__all__ = ["HANDED_KEYS", "REPAIRED", "GuardContext", "GuardInput", "GuardOutput", "GuardState", "merge_timings",
           "question_of"]

REPAIRED = "repaired"
"""A ``retry_messages`` entry: the attempt's text is the guard's repair of the previous attempt's."""

HANDED_KEYS = ("report", "retry_messages")
"""The graph's keys a door reads (``graph.invoke(..., output_keys=HANDED_KEYS)``) to hand on a message."""


@dataclass(frozen=True)
class GuardContext:
    """Per-call settings of one guard run, passed as LangGraph's runtime context
    (``graph.invoke(state, context=GuardContext(generator=chain))``), so one compiled graph serves
    every generator.

    Attributes:
        generator: The Runnable re-invoked with feedback on retries; ``None`` uses the graph's
            build-time generator.
    """

    generator: Any = None


def merge_timings(left: dict[str, float] | None, right: dict[str, float] | None) -> dict[str, float]:
    """Reducer that sums per-node timings."""
    merged = dict(left or {})
    for key, value in (right or {}).items():
        merged[key] = merged.get(key, 0.0) + value
    return merged


class GuardInput(TypedDict, total=False):
    """Input schema of the guard graph: what a caller or a parent graph passes in."""

    answer: Any
    sources: list[Any]
    question: str | None
    truncated: bool
    generator_input: Any
    knowledge: Any
    mutations: list[Any]
    citations: list[Any]


class GuardOutput(TypedDict, total=False):
    """Output schema of the guard graph: what a caller or a parent graph gets back."""

    answer: str
    report: ValidationReport


def question_of(state: GuardState) -> str | None:
    """The state's question when it is a non-empty string, else ``None``; cleaned at the door like
    the answer and the sources (:func:`lexguard._text.clean_text`), also when the graph runs on its own."""
    question = state.get("question")
    return clean_text(question) if isinstance(question, str) and question.strip() else None


class GuardState(GuardInput, total=False):
    """State of the guard graph (see the module docstring for every key)."""

    # working
    checked_sources: list[Source]
    original_answer: str
    attempt: int
    model_citations: list[dict[str, Any]]
    results: list[CheckResult]
    verdict: str
    remedy: str | None
    reason: str | None
    raise_error: bool
    feedback: str
    history: Annotated[list[AttemptRecord], operator.add]
    timings: Annotated[dict[str, float], merge_timings]
    deadline: float
    retry_messages: list[Any]
    removed: Annotated[list[Finding], operator.add]
    # output
    report: ValidationReport
