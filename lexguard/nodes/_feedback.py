"""Feedback for the generator: each problem, where it is, and the evidence behind it.

Rule problems (from ``parse`` and ``gate``) are written by :func:`lexguard.gate.build_feedback`,
which escalates over the attempts as ``GateConfig.escalation`` says (forbid the exact violating
text, restate requirements as hard rules). Every other check's problems come under a heading of
their own, in that check's own words (support problems name the claim and the closest source
passage; a custom check's finding is said as the check wrote it). Later attempts get stricter
instructions.
"""

from __future__ import annotations

from collections.abc import Sequence

from lexguard._config import GuardConfig
from lexguard._models import CheckResult, Finding
from lexguard._policy import attempt_confidence, findings_of
from lexguard._state import GuardState
from lexguard.gate import build_feedback as build_rule_feedback

__all__ = ["build_retry_feedback", "RULE_STAGES"]

RULE_STAGES = frozenset({"parse", "gate"})
"""Stages whose findings are rule violations (their evidence is the violating text)."""

_MAX_EVIDENCE = 300

_HEADINGS = {
    "support": "Statements the sources do not support:",
    "knowledge": "Statements the knowledge graph contradicts or does not hold:",
    "citations": "Citations that do not hold:",
    "confidence": "Why the answer is not trusted enough:",
}
_STAGE_CHECK = {"support_check": "support", "gate": "rules"}
_CONFIDENCE_KINDS = frozenset({"low_confidence", "unanswered"})
"""Soft findings that say why the confidence is too low: fed back, though soft."""


def _heading(check: str) -> str:
    return _HEADINGS.get(check, f"What the '{check}' check found:")


def _groups(results: Sequence[CheckResult], given: Sequence[Finding] | None) -> dict[str, list[Finding]]:
    """The problems (soft and above) of each check that is not a rule check, in check order:
    from the results, or the given findings grouped by the check their stage names."""
    groups: dict[str, list[Finding]] = {}
    if given is not None:
        for f in given:
            check = "confidence" if f.kind in _CONFIDENCE_KINDS else _STAGE_CHECK.get(f.stage or "", f.stage or "support")
            groups.setdefault(check, []).append(f)
    else:
        for r in results:
            for f in r.findings:
                groups.setdefault("confidence" if f.kind in _CONFIDENCE_KINDS else r.check, []).append(f)
    out = {}
    for check, findings in groups.items():
        problems = sorted((f for f in findings if (f.severity.rank >= 1 or f.kind in _CONFIDENCE_KINDS)
                           and f.stage not in RULE_STAGES),
                          key=lambda f: -f.severity.rank)
        if problems:
            out[check] = problems
    return out


def _clip(text: str, limit: int = _MAX_EVIDENCE) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _describe(index: int, finding: Finding, answer: str) -> str:
    line = f"{index}. [{finding.severity.value} / {finding.kind}] {finding.message}"
    if finding.span is not None:
        quoted = answer[finding.span[0] : finding.span[1]].strip()
        if quoted and quoted not in finding.message:
            line += f' In your answer: "{_clip(quoted)}".'
    if finding.evidence:
        where = f" ({finding.source_id})" if finding.source_id else ""
        line += f' Evidence{where}: "{_clip(finding.evidence)}".'
    if finding.suggested_fix is not None:
        line += f' Suggested fix: "{_clip(finding.suggested_fix)}".'
    return line


def build_retry_feedback(state: GuardState, config: GuardConfig | None = None) -> str:
    """Build the correction request for the next attempt from the current attempt's findings
    (rule findings through :func:`lexguard.gate.build_feedback`, support findings with evidence).

    Args:
        state: The graph state after ``decide`` chose to retry (its ``results``), or a dict with
            ``answer``, ``attempt``, ``findings`` and ``confidence`` (the agent middleware).
        config: Guard settings (for the gate's escalation mode).
    """
    config = config or GuardConfig()
    answer = state.get("answer") if isinstance(state.get("answer"), str) else ""
    attempt = int(state.get("attempt") or 1)
    results = list(state.get("results") or [])  # type: ignore[call-overload]
    given = state.get("findings")  # type: ignore[call-overload]
    findings = sorted(given if given is not None else findings_of(results), key=lambda f: -f.severity.rank)
    problems = [f for f in findings if f.severity.rank >= 1]
    rules = [f for f in problems if f.stage in RULE_STAGES]
    lines = [f"Your previous answer (attempt {attempt}) did not pass validation."]
    if rules:
        earlier = [f for h in state.get("history") or [] if h.attempt < attempt for f in h.findings
                   if f.stage in RULE_STAGES]
        lines.append(build_rule_feedback(rules, attempt, config.gate.escalation, previous=earlier))
    groups = _groups(results, given)
    for check, found in groups.items():
        lines.append(_heading(check))
        lines.extend(_describe(i, f, answer) for i, f in enumerate(found, 1))
    if not problems and not groups:
        confidence = state.get("confidence")  # type: ignore[call-overload]
        confidence = float(confidence if confidence is not None else attempt_confidence(results) or 0.0)
        lines.append(f"The sources support it too weakly (confidence {confidence:.2f}).")
    lines.append(
        "Rewrite the answer. Keep only statements the sources support, fix or remove every problem "
        "above, and do not mention this feedback."
    )
    if attempt >= 2:
        lines.append(
            "This is a repeated failure: state nothing that is not in the sources. If the sources do "
            "not answer the question, say so plainly."
        )
    return "\n".join(lines)
