"""Evaluate the configured rules against an answer."""

from __future__ import annotations

import regex

from lexguard._models import Finding, FindingKind, Severity
from lexguard.gate._config import GateConfig

__all__ = ["run_gate"]


def run_gate(text: str, config: GateConfig | None = None) -> tuple[Finding, ...]:
    """Return the findings of every rule that ``text`` violates."""
    config = config or GateConfig()
    findings: list[Finding] = []
    for pattern in config.prohibited_patterns:
        if len(pattern) > 2 and pattern.startswith("/") and pattern.endswith("/"):
            match = regex.search(pattern[1:-1], text, flags=regex.IGNORECASE, timeout=1.0)
            span = match.span() if match else None
        else:
            pos = text.lower().find(pattern.lower())
            span = (pos, pos + len(pattern)) if pos >= 0 else None
        if span is not None:
            findings.append(
                Finding(
                    kind=FindingKind.PROHIBITED,
                    severity=Severity(config.prohibited_severity),
                    message=f"The answer contains prohibited text {text[span[0]:span[1]]!r}; remove it.",
                    span=span,
                    rule_id=f"prohibited:{pattern}",
                    evidence=pattern,
                    stage="gate",
                )
            )
    return tuple(findings)
