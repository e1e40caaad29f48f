"""Build the final :class:`~lexguard.ValidationReport` from the graph state."""

from __future__ import annotations

from lexguard._models import AttemptRecord, Finding, Severity, Status, ValidationReport, Verdict
from lexguard._state import GuardState, question_of

__all__ = ["build_report", "INPUT_ERROR_RULES"]

INPUT_ERROR_RULES = frozenset({"parse.input", "graph.error"})
"""Rule ids of findings that mean the answer could not be checked at all."""


def _status(verdict: Verdict, findings: list[Finding], inconclusive: str | None) -> Status:
    blocking = [f for f in findings if f.severity.rank >= Severity.HARD.rank]
    if any(f.rule_id in INPUT_ERROR_RULES for f in findings):
        return Status.INCONCLUSIVE
    if verdict == Verdict.ACCEPT:
        if inconclusive:
            return Status.INCONCLUSIVE
        return Status.VALID_WITH_WARNINGS if findings else Status.VALID
    if inconclusive and not blocking:
        return Status.INCONCLUSIVE
    return Status.INVALID


def _user_message(status: Status, verdict: Verdict, n_sources: int, findings: list[Finding]) -> str:
    if verdict == Verdict.ACCEPT:
        if status == Status.VALID:
            return f"Answer verified against {n_sources} source(s)." if n_sources else "Answer passed all checks."
        if status == Status.INCONCLUSIVE:
            return "Answer passed the rules but its support could not be verified."
        return f"Answer accepted with {len(findings)} warning(s)."
    return "The answer could not be verified and was not accepted."


def build_report(
    state: GuardState,
    *,
    verdict: Verdict,
    answer: str,
    reason: str | None = None,
    best: AttemptRecord | None = None,
    user_message: str | None = None,
) -> ValidationReport:
    """Assemble the report of a finished run.

    Args:
        state: The final graph state.
        verdict: ``accept`` or ``fallback``.
        answer: The text handed on to the caller.
        reason: Why the fallback was taken, or why the result is inconclusive.
        best: For the ``best_attempt`` fallback, the attempt that is returned.
        user_message: Overrides the default end-user message.
    """
    history = tuple(state.get("history") or ())
    is_current = best is None or best.attempt == int(state.get("attempt") or 1)
    findings = list(best.findings if best is not None else state.get("findings") or [])
    confidence = best.confidence if best is not None else float(state.get("confidence") or 0.0)
    inconclusive = state.get("inconclusive_reason")
    status = _status(verdict, findings, inconclusive)
    original = state.get("original_answer") or ""
    sources = state.get("checked_sources") or []
    return ValidationReport(
        status=status,
        verdict=verdict,
        confidence=min(max(confidence, 0.0), 1.0),
        answer=answer,
        original_answer=original,
        question=question_of(state),
        findings=tuple(findings),
        claims=tuple(state.get("claims") or ()) if is_current else (),
        citations=tuple(state.get("citations") or ()) if is_current else (),
        corrected_text=answer if verdict == Verdict.ACCEPT and answer != original else None,
        user_message=user_message or _user_message(status, verdict, len(sources), findings),
        reason=reason or inconclusive,
        attempts=len(history) or 1,
        history=history,
        timings=dict(state.get("timings") or {}),
        metadata={"attempt_returned": best.attempt if best is not None else int(state.get("attempt") or 1),
                  **_mutations(state)},
    )


def _mutations(state: GuardState) -> dict[str, object]:
    if not state.get("mutations"):
        return {}
    dump = lambda items: [m.model_dump(mode="json") if hasattr(m, "model_dump") else m for m in items or []]  # noqa: E731
    return {"mutations": {"approved": dump(state.get("approved_mutations")),
                          "rejected": dump(state.get("rejected_mutations"))}}
