"""Apply the suggested fixes of findings to a text, all at once."""

from __future__ import annotations

from collections.abc import Iterable

from lexguard._models import Finding

__all__ = ["apply_fixes", "fixes_cover", "is_auto_fixable"]


def is_auto_fixable(finding: Finding, min_confidence: float = 0.9) -> bool:
    """True when ``finding`` has a span, a suggested fix and ``fix_confidence > min_confidence``."""
    return (
        finding.span is not None
        and finding.suggested_fix is not None
        and finding.fix_confidence is not None
        and finding.fix_confidence > min_confidence
    )


def fixes_cover(findings: Iterable[Finding], min_confidence: float = 0.9) -> bool:
    """True when confident fixes cover every finding: each is auto-fixable, or lies on the span of
    one that is (the same problem seen by another check, such as the support check's finding on a
    value the knowledge graph corrects; the fixed text is checked again)."""
    findings = list(findings)
    fixable = [f for f in findings if is_auto_fixable(f, min_confidence)]
    return bool(fixable) and all(
        f in fixable or (f.span is not None and any(_overlaps(f.span, g.span) for g in fixable if g.span))
        for f in findings)


def apply_fixes(
    text: str, findings: Iterable[Finding], min_confidence: float = 0.9
) -> tuple[str, tuple[Finding, ...]]:
    """Replace the span of every confident finding with its ``suggested_fix``.

    Works for any :class:`~lexguard.Finding` with ``span`` and ``suggested_fix``. All fixes are
    applied against the original offsets (right to left), so fixes that change the length of
    the text never shift one another. Of overlapping fixes only the most confident one is
    applied (the earlier one on a tie); fixes whose span lies outside ``text`` are skipped, and
    duplicates (same span and replacement) are applied once.

    Args:
        text: The text the findings' spans refer to.
        findings: Findings to consider, in any order.
        min_confidence: Apply only fixes whose ``fix_confidence`` is strictly above this.

    Returns:
        ``(fixed_text, applied)``: the repaired text and the findings whose fixes were applied,
        in text order.
    """
    candidates = [
        (f.span, f.suggested_fix, f)
        for f in findings
        if is_auto_fixable(f, min_confidence)
        and f.span is not None
        and f.suggested_fix is not None
        and f.span[1] <= len(text)
    ]
    # Most confident first, then leftmost: greedy selection of non-overlapping spans.
    candidates.sort(key=lambda c: (-(c[2].fix_confidence or 0.0), c[0]))
    chosen: list[tuple[tuple[int, int], str, Finding]] = []
    for span, fix, finding in candidates:
        if any(span == s and fix == r for s, r, _ in chosen):
            continue  # the same fix reported twice
        if any(_overlaps(span, s) for s, _, _ in chosen):
            continue
        chosen.append((span, fix, finding))
    chosen.sort(key=lambda c: c[0])
    fixed = text
    for (start, end), fix, _ in reversed(chosen):
        fixed = fixed[:start] + fix + fixed[end:]
    return fixed, tuple(f for _, _, f in chosen)


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a == b or (a[0] < b[1] and b[0] < a[1])
