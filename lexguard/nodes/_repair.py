"""Repair an answer without an LLM: drop the sentences the sources do not support."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lexguard._models import Claim, Finding, Severity, Span

__all__ = ["drop_unsupported"]

_SPACES = re.compile(r"[ \t]{2,}")


def _merge(spans: list[Span]) -> list[Span]:
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def drop_unsupported(answer: str, claims: Sequence[Claim], findings: Sequence[Finding]) -> str:
    """Remove unsupported claims, and the claims holding hard findings, from ``answer``.

    A hard finding's span is widened to the claim that contains it, so whole sentences go.

    Returns:
        The repaired text (whitespace tidied); the input unchanged when nothing could be removed.
    """
    spans: list[Span] = [c.span for c in claims if c.supported is False]
    for finding in findings:
        if finding.span is None or finding.severity.rank < Severity.HARD.rank:
            continue
        owner = next((c.span for c in claims if c.span[0] <= finding.span[0] < c.span[1]), None)
        spans.append(owner or finding.span)
    if not spans:
        return answer
    pieces: list[str] = []
    cursor = 0
    for start, end in _merge(spans):
        pieces.append(answer[cursor:start])
        cursor = end
    pieces.append(answer[cursor:])
    text = "".join(pieces)
    lines = [_SPACES.sub(" ", line).strip() for line in text.splitlines()]
    # drop what a removed claim leaves: a bare bullet marker, or a table row of empty cells ("| |")
    text = "\n".join(
        line for line in lines if line and not re.fullmatch(r"[-*•\d.)\s]+", line) and not re.fullmatch(r"[|\s]+", line)
    )
    return text.strip()
