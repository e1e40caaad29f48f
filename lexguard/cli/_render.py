"""Render reports for the terminal with rich."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from lexguard._models import Severity, Span, Status, ValidationReport

__all__ = ["highlight_spans", "render_report"]

_STATUS_STYLE = {
    Status.VALID: "bold green",
    Status.VALID_WITH_WARNINGS: "bold yellow",
    Status.INVALID: "bold red",
    Status.INCONCLUSIVE: "bold magenta",
}
_SEVERITY_STYLE = {Severity.SOFT: "yellow", Severity.HARD: "red", Severity.CRITICAL: "bold red"}


def highlight_spans(text: str, spans: Sequence[Span], style: str = "bold white on red") -> Text:
    """``text`` with each ``(start, end)`` span styled."""
    rich_text = Text(text)
    for start, end in spans:
        rich_text.stylize(style, max(0, start), min(len(text), end))
    return rich_text


def _clip(text: str, limit: int = 220) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def render_report(report: ValidationReport, console: Console, *, title: str = "lexguard report") -> None:
    """Print ``report``: the first answer with flagged spans, the evidence, the decisions and the result."""
    flagged = [f.span for f in report.history[0].findings if f.span] if report.history else []
    if not flagged:
        flagged = [f.span for f in report.findings if f.span]
    checked = report.history[0].answer if report.history else report.original_answer or report.answer
    body: list[object] = [Text("Answer as checked (flagged spans highlighted):", style="bold"),
                          highlight_spans(checked, flagged)]
    first = report.history[0].findings if report.history else report.findings
    if first:
        table = Table(show_header=True, header_style="bold", expand=True)
        table.add_column("severity", width=9)
        table.add_column("kind", width=18)
        table.add_column("problem and evidence")
        for finding in first:
            detail = Text(finding.message)
            if finding.evidence:
                detail.append(f"\nevidence ({finding.source_id or '-'}): ", style="dim")
                detail.append(_clip(finding.evidence), style="italic")
            table.add_row(Text(finding.severity.value, style=_SEVERITY_STYLE[finding.severity]), finding.kind, detail)
        body.append(table)
    trail = Text()
    for record in report.history:
        trail.append(f"attempt {record.attempt}: confidence {record.confidence:.2f} -> {record.decision}\n")
    if trail:
        body += [Text("Decisions:", style="bold"), trail]
    status = Text(f"{report.status.value} / {report.verdict.value}", style=_STATUS_STYLE[report.status])
    body += [Text.assemble("Result: ", status, f"  confidence {report.confidence:.2f}  ({report.user_message})"),
             Text("Returned text:", style="bold"), Text(report.answer)]
    console.print(Panel(Group(*body), title=title, expand=True))
