"""Feedback for the generator: each problem, where it is, and the evidence behind it."""

from __future__ import annotations

from lexguard._models import Finding
from lexguard._state import GuardState

__all__ = ["build_feedback"]

_MAX_EVIDENCE = 300


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


def build_feedback(state: GuardState) -> str:
    """Build the correction request for the next attempt from the current attempt's findings.

    Problems are listed worst first; each names its kind, the offending text and the evidence.
    Later attempts get stricter instructions.
    """
    answer = state.get("answer") if isinstance(state.get("answer"), str) else ""
    attempt = int(state.get("attempt") or 1)
    findings = sorted(state.get("findings") or [], key=lambda f: -f.severity.rank)
    problems = [f for f in findings if f.severity.rank >= 1] or findings
    lines = [f"Your previous answer (attempt {attempt}) did not pass validation."]
    if problems:
        lines.append("Problems found:")
        lines.extend(_describe(i, f, answer) for i, f in enumerate(problems, 1))
    else:
        confidence = float(state.get("confidence") or 0.0)
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
