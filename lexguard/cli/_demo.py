"""``lexguard demo``: run the guard offline on human-labelled RAGTruth examples."""

from __future__ import annotations

import json
from importlib import resources
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

__all__ = ["demo", "load_sample"]


def load_sample() -> list[dict[str, Any]]:
    """The bundled RAGTruth sample (see ``lexguard/data/README.md`` for attribution)."""
    path = resources.files("lexguard") / "data" / "ragtruth_sample.jsonl"
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _pick(rows: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    picked: list[dict[str, Any]] = []
    for task in ("qa", "summarization", "data2text"):  # one hallucinated row per task first
        picked += [r for r in rows if r["task"] == task and r["label"] == "hallucinated"][:1]
    picked += [r for r in rows if r["label"] == "supported"][:1]
    picked += [r for r in rows if r not in picked]
    return picked[:limit]


def _in_original(spans: list[tuple[int, int]], checked: str, original: str) -> list[tuple[int, int]]:
    """Map spans of the parsed answer back onto the original text (the parser may trim it)."""
    if checked == original:
        return spans
    mapped = []
    for start, end in spans:
        position = original.find(checked[start:end])
        if position >= 0:
            mapped.append((position, position + end - start))
    return mapped


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def demo(
    limit: Annotated[int, typer.Option(min=1, metavar="N", help="How many examples to show.")] = 4,
    json_output: Annotated[bool, typer.Option("--json", help="Print the reports as JSON lines.")] = False,
) -> None:
    """Validate a few human-labelled RAGTruth answers offline and show what the guard did.

    For each example: the answer with the spans the guard flagged, the human-labelled
    hallucinated spans, the evidence, the decision trail and the corrected result (without a
    generator the guard repairs the answer by dropping unsupported sentences).
    """
    from lexguard._guard import Guard
    from lexguard._models import Source
    from lexguard.cli._render import highlight_spans, render_report

    console = Console()
    guard = Guard()
    rows = _pick(load_sample(), limit)
    caught = 0
    labelled = 0
    for row in rows:
        sources = [Source(id=f"{row['id']}/source-{i}", content=s) for i, s in enumerate(row["sources"])]
        report = guard.validate_answer(row["answer"], sources, question=row.get("question") or None)
        if json_output:
            typer.echo(json.dumps({"id": row["id"], "report": report.model_dump(mode="json")}, ensure_ascii=False))
            continue
        gold = [tuple(span) for span in row["spans"]]
        first = report.history[0] if report.history else None
        checked = first.answer if first else row["answer"]
        flagged = _in_original([f.span for f in (first.findings if first else report.findings) if f.span],
                               checked, row["answer"])
        hit = any(_overlaps(g, f) for g in gold for f in flagged)
        labelled += bool(gold)
        caught += hit
        console.print(Rule(f"{row['id']}  task={row['task']}  human label={row['label']}"))
        if row.get("question"):
            console.print(Text("Question: ", style="bold") + Text(row["question"][:300]))
        if gold:
            console.print(Text("Human-labelled hallucinated spans (RAGTruth):", style="bold"))
            console.print(highlight_spans(row["answer"], gold, style="bold black on yellow"))
            verdict = "caught (flagged spans overlap the human label)" if hit else "missed"
            console.print(Text(f"-> {verdict}", style="green" if hit else "red"))
        render_report(report, console, title=f"lexguard on {row['id']}")
    if not json_output:
        console.print(Rule())
        console.print(
            f"{caught} of {labelled} human-labelled hallucinated answers had a flagged span overlapping the label. "
            "Data: RAGTruth (Niu et al., 2024, MIT); see lexguard/data/README.md."
        )
