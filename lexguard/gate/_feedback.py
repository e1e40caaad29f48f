"""Retry feedback for the generator, escalating with each attempt."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import Any

from lexguard._errors import InputError
from lexguard._models import Finding, FindingKind

__all__ = ["EscalationMode", "build_feedback"]


class EscalationMode(StrEnum):
    """How retry feedback escalates.

    ``none``: name the violations only. ``add_specific_prohibition``: also forbid the exact
    violating text (from this and earlier attempts). ``harden_requirements``: also restate the
    requirements as hard, non-negotiable rules. ``full``: escalate over the attempts: attempt 1
    names the violations, attempt 2 adds the specific prohibitions, attempt 3 and later also
    restate the requirements as hard rules and warn that it is a further retry.
    """

    NONE = "none"
    ADD_SPECIFIC_PROHIBITION = "add_specific_prohibition"
    HARDEN_REQUIREMENTS = "harden_requirements"
    FULL = "full"


_NOT_PROHIBITABLE = {FindingKind.REQUIRED_MISSING.value, FindingKind.RULE_TIMEOUT.value}


def _as_findings(items: Any) -> list[Finding]:
    """Accept a GateResult/ParseResult/ValidationReport, or a sequence of findings/failures."""
    if items is None:
        return []
    if hasattr(items, "findings") and not isinstance(items, list | tuple):
        items = items.findings
    out: list[Finding] = []
    for item in items:
        if isinstance(item, Finding):
            out.append(item)
        elif hasattr(item, "to_finding"):
            out.append(item.to_finding())
        elif isinstance(item, dict):
            out.append(Finding.model_validate(item))
        else:
            raise InputError(
                f"cannot build feedback from {type(item).__name__}; pass Finding or GateFailure "
                "objects, or a GateResult"
            )
    return out


def _unique(values: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(v.strip() for v in values if v and v.strip()))


def build_feedback(
    failures: Any,
    attempt: int = 1,
    mode: EscalationMode | str = EscalationMode.FULL,
    *,
    requirements: Sequence[str] = (),
    previous: Any = (),
) -> str:
    """Write the feedback that asks the generator for a corrected answer.

    Args:
        failures: What was wrong with the last answer: a ``GateResult``, a ``ParseResult``, a
            ``ValidationReport``, or a sequence of :class:`~lexguard.Finding` /
            ``GateFailure`` objects (or finding dicts). Soft findings are ignored.
        attempt: The number of the retry being requested (1 for the first retry).
        mode: The :class:`EscalationMode` (or its string value).
        requirements: Descriptions of every requirement the answer must meet; restated as
            hard rules by ``harden_requirements`` / ``full`` (missing ones are always named).
        previous: Findings of earlier attempts, in the same forms as ``failures``; their
            violating text is prohibited too when prohibitions are added.

    Returns:
        The feedback text: each violation with its evidence, then, by mode and attempt, the
        exact text to avoid and the requirements as hard rules.
    """
    mode = EscalationMode(mode)
    attempt = max(1, attempt)
    current = [f for f in _as_findings(failures) if f.severity.rank >= 1]
    earlier = [f for f in _as_findings(previous) if f.severity.rank >= 1]
    prohibit, harden = _escalation(mode, attempt)
    lines = [f"Your previous answer was rejected (retry {attempt}). Fix every problem below."]
    lines += _violation_lines(current)
    if prohibit:
        lines += _prohibition_lines([*earlier, *current])
    if harden:
        lines += _requirement_lines(current, requirements)
    if mode is EscalationMode.FULL and attempt >= 3:
        lines.append("")
        lines.append(
            f"This is retry {attempt}: earlier answers broke these rules. Follow every rule "
            "above exactly, or answer that you cannot."
        )
    return "\n".join(lines)


def _escalation(mode: EscalationMode, attempt: int) -> tuple[bool, bool]:
    """Whether this retry's feedback prohibits the violating text, and whether it restates the
    requirements as hard rules (``full`` escalates: attempt 2 prohibits, attempt 3 hardens)."""
    if mode is EscalationMode.FULL:
        return attempt >= 2, attempt >= 3
    return mode is EscalationMode.ADD_SPECIFIC_PROHIBITION, mode is EscalationMode.HARDEN_REQUIREMENTS


def _violation_lines(current: Sequence[Finding]) -> list[str]:
    """One line per violation with its offending text (a generic line when none is known)."""
    lines: list[str] = []
    if not current:
        lines.append("- The answer did not pass validation; write a complete, correct answer.")
    for finding in current:
        line = f"- [{finding.kind}] {finding.message}"
        if finding.evidence and finding.evidence not in finding.message:
            line += f" Offending text: {finding.evidence!r}."
        lines.append(line)
    return lines


def _prohibition_lines(findings: Sequence[Finding]) -> list[str]:
    """The exact violating texts of ``findings`` to avoid (none for missing content or timeouts)."""
    texts = _unique(f.evidence or "" for f in findings if f.kind not in _NOT_PROHIBITABLE)
    if not texts:
        return []
    return ["", "Do NOT write any of the following text, or anything like it:", *(f'- "{t}"' for t in texts)]


def _requirement_lines(current: Sequence[Finding], requirements: Sequence[str]) -> list[str]:
    """The requirements, and the required content found missing, restated as hard rules."""
    missing = [
        f.message.removeprefix("Missing required content: ")
        for f in current
        if f.kind == FindingKind.REQUIRED_MISSING
    ]
    rules = _unique([*requirements, *missing])
    if not rules:
        return []
    return ["", "HARD REQUIREMENTS: the answer is rejected unless every one holds:", *(f"- MUST: {r}" for r in rules)]
