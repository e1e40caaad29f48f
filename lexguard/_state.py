"""The state schema of the guard graph.

The guard graph reads and writes a :class:`GuardState` dict. Callers fill the *input* keys; the
nodes fill the *working* keys; the graph ends with ``report`` set. Only ``answer`` is required.

Input keys:
    answer: The text to validate (a ``str``; an ``AIMessage`` is accepted and unwrapped).
    sources: Passages the answer must be grounded in: strings, LangChain ``Document`` objects,
        dicts with ``content``, or :class:`~lexguard.Source` objects.
    question: The user question, when known (used in feedback, judges and the audit trail).
    truncated: True when the generator stopped early (finish reason ``length``).
    generator_input: What the generator was originally called with; retries re-invoke the
        generator with this input plus feedback.
    knowledge: An optional knowledge-graph context checked by ``support_check``.
    mutations: Proposed state changes checked by the ``gate`` (protected state).

Working keys (written by the nodes; not part of the graph's input or output schema, so they
never leak into or out of a parent graph):
    checked_sources: ``sources`` as :class:`~lexguard.Source` objects (the caller's ``sources``
        key is left as it was).
    original_answer: The first answer seen.
    attempt: Number of the attempt being validated (1 for the first answer).
    parsed: Structured data extracted by ``parse`` (structured mode).
    parse_ok: False when ``parse`` rejected the output (the attempt skips the other checks).
    findings: Findings of the current attempt.
    approved_mutations / rejected_mutations: The gate's verdict on the proposed ``mutations``.
    claims / citations / confidence: Output of ``support_check`` for the current attempt.
    inconclusive_reason: Why the current attempt could not be fully checked.
    verdict: The last decision (``accept`` / ``retry`` / ``fallback``).
    feedback: The feedback sent to the generator for the next attempt.
    history: One :class:`~lexguard.AttemptRecord` per validated attempt (appended).
    timings: Seconds spent per node, summed over attempts (merged).

Output keys:
    answer: The text handed on: the accepted (possibly corrected) answer, the best attempt, or
        the refusal (the same as ``report.answer``).
    report: The final :class:`~lexguard.ValidationReport`.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypedDict

from lexguard._models import AttemptRecord, Citation, Claim, Finding, Source, ValidationReport

__all__ = ["GuardInput", "GuardOutput", "GuardState", "merge_timings", "question_of"]


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


class GuardOutput(TypedDict, total=False):
    """Output schema of the guard graph: what a caller or a parent graph gets back."""

    answer: str
    report: ValidationReport


def question_of(state: GuardState) -> str | None:
    """The state's question when it is a non-empty string, else ``None``."""
    question = state.get("question")
    return question if isinstance(question, str) and question.strip() else None


class GuardState(GuardInput, total=False):
    """State of the guard graph (see the module docstring for every key)."""

    # working
    checked_sources: list[Source]
    original_answer: str
    attempt: int
    parsed: Any
    parse_ok: bool
    findings: list[Finding]
    approved_mutations: list[Any]
    rejected_mutations: list[Any]
    claims: list[Claim]
    citations: list[Citation]
    confidence: float
    inconclusive_reason: str | None
    verdict: str
    feedback: str
    history: Annotated[list[AttemptRecord], operator.add]
    timings: Annotated[dict[str, float], merge_timings]
    # output
    report: ValidationReport
