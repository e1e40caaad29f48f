"""Render a :class:`~lexguard.ValidationReport` as self-contained HTML (``report._repr_html_``).

The checked answer is shown with every claim highlighted (green: supported, red: unsupported)
and rule findings underlined; hovering a highlight shows its evidence, and numbered notes below
the answer repeat the evidence (source, quote, support) for readers without a mouse.
"""

from __future__ import annotations

from html import escape

from lexguard._models import Claim, Finding, ValidationReport

__all__ = ["render_report_html"]

_STYLE = """<style>
.lexguard-report{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;max-width:60em}
.lexguard-report .lg-badge{display:inline-block;padding:1px 8px;border-radius:9px;color:#fff;font-weight:600}
.lexguard-report .lg-valid{background:#2e7d32}.lexguard-report .lg-valid_with_warnings{background:#f9a825}
.lexguard-report .lg-invalid{background:#c62828}.lexguard-report .lg-inconclusive{background:#616161}
.lexguard-report .lg-answer{border-left:3px solid #999;padding:4px 10px;margin:8px 0;white-space:pre-wrap}
.lexguard-report mark.lg-supported{background:#c8e6c9}.lexguard-report mark.lg-unsupported{background:#ffcdd2}
.lexguard-report mark.lg-rule{background:#ffe0b2}.lexguard-report mark{cursor:help;padding:0 1px}
.lexguard-report sup{color:#555}.lexguard-report table{border-collapse:collapse}
.lexguard-report td,.lexguard-report th{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}
.lexguard-report .lg-quote{color:#444;font-style:italic}
</style>"""


def _matches(text: str, claims: tuple[Claim, ...]) -> bool:
    for claim in claims:
        start, end = claim.span
        if end > len(text) or text[start:end].strip() != claim.text.strip():
            return False
    return True


def _checked_text(report: ValidationReport) -> str | None:
    """The text the report's spans point into (the attempt it returns), or None when none fits."""
    number = report.metadata.get("attempt_returned")
    returned = [h.answer for h in report.history if h.attempt == number]
    last = [report.history[-1].answer] if report.history else []
    candidates = [*returned, report.answer, *last, report.corrected_text or "", report.original_answer]
    return next((t for t in candidates if t and _matches(t, report.claims)), None)


def _claim_note(claim: Claim, report: ValidationReport) -> str:
    if claim.citations:
        best = claim.citations[0]
        title = best.metadata.get("title") or best.source_id
        support = f" (support {claim.support:.0%})" if claim.support is not None else ""
        return f"{title}: \u201c{best.quote}\u201d{support}"
    finding = next((f for f in report.findings if f.span == claim.span), None)
    if finding is not None:
        return finding.message + (f" Closest evidence: \u201c{finding.evidence}\u201d" if finding.evidence else "")
    return "No supporting evidence found in the sources."


def _finding_note(finding: Finding) -> str:
    return finding.message + (f" ({finding.evidence})" if finding.evidence else "")


def _marks(report: ValidationReport, text: str) -> list[tuple[int, int, str, str]]:
    marks = []
    for claim in report.claims:
        if claim.supported is None:
            continue
        css = "lg-supported" if claim.supported else "lg-unsupported"
        marks.append((claim.span[0], claim.span[1], css, _claim_note(claim, report)))
    claim_spans = {c.span for c in report.claims}
    for finding in report.findings:
        if finding.span and finding.span not in claim_spans and finding.span[1] <= len(text):
            marks.append((finding.span[0], finding.span[1], "lg-rule", _finding_note(finding)))
    marks.sort(key=lambda m: (m[0], -m[1]))
    kept: list[tuple[int, int, str, str]] = []
    for mark in marks:  # drop overlaps; the earlier (claim) highlight wins
        if not kept or mark[0] >= kept[-1][1]:
            kept.append(mark)
    return kept


def _highlight(text: str, marks: list[tuple[int, int, str, str]]) -> str:
    parts, cursor = [], 0
    for number, (start, end, css, note) in enumerate(marks, 1):
        parts.append(escape(text[cursor:start]))
        parts.append(
            f'<mark class="{css}" title="{escape(note, quote=True)}">{escape(text[start:end])}</mark>'
            f"<sup>{number}</sup>"
        )
        cursor = end
    parts.append(escape(text[cursor:]))
    return "".join(parts)


def render_report_html(report: ValidationReport) -> str:
    """Return the report as an HTML fragment (inline CSS, no scripts).

    Args:
        report: The report to render.
    """
    status = report.status.value
    head = (
        f'<div class="lexguard-report"><div><span class="lg-badge lg-{escape(status)}">{escape(status)}</span> '
        f"verdict <b>{escape(report.verdict.value)}</b> &middot; confidence <b>{report.confidence:.0%}</b> &middot; "
        f"attempts {report.attempts}</div>"
    )
    body: list[str] = [_STYLE, head]
    if report.question:
        body.append(f"<div><b>Question:</b> {escape(report.question)}</div>")
    text = _checked_text(report)
    marks = _marks(report, text) if text is not None else []
    if text is not None:
        label = "Checked answer" if text != report.answer else "Answer"
        body.append(f'<div><b>{label}:</b></div><div class="lg-answer">{_highlight(text, marks)}</div>')
    if text != report.answer:
        body.append(f'<div><b>Returned answer:</b></div><div class="lg-answer">{escape(report.answer)}</div>')
    if report.reason:
        body.append(f"<div><b>Reason:</b> {escape(report.reason)}</div>")
    if marks:
        items = "".join(
            f'<li><mark class="{css}">{escape(text[start:end])}</mark> &rarr; '  # type: ignore[index]
            f'<span class="lg-quote">{escape(note)}</span></li>'
            for start, end, css, note in marks
        )
        body.append(f"<div><b>Evidence:</b></div><ol>{items}</ol>")
    removed = [f for f in report.findings if f.stage == "removed"]
    if removed:
        items = "".join(f"<li>{escape(f.message)}</li>" for f in removed)
        body.append(f"<div><b>Removed by the guard:</b></div><ul>{items}</ul>")
    if report.findings:
        rows = "".join(
            f"<tr><td>{escape(f.severity.value)}</td><td>{escape(f.kind)}</td><td>{escape(f.message)}</td>"
            f"<td>{escape(f.evidence or '')}</td></tr>"
            for f in report.findings
        )
        body.append(
            "<div><b>Findings:</b></div><table><tr><th>severity</th><th>kind</th><th>message</th>"
            f"<th>evidence</th></tr>{rows}</table>"
        )
    body.append("</div>")
    return "".join(body)
