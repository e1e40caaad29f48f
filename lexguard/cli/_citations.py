"""``lexguard citations``: validate model-produced citations in a JSONL file (for CI).

Input schema: see :mod:`lexguard.citations._io` (one QA item per line: ``answer``,
``citations``, optional ``evidence`` and ``sources``). Exit codes: 0 PASS (or WARN without
``--strict``), 1 FAIL (or WARN with ``--strict``), 2 unreadable input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from lexguard.cli._options import JsonOption

if TYPE_CHECKING:
    from rich.table import Table

    from lexguard.citations import BatchReport

__all__ = ["citations"]


def citations(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="JSONL file, one QA item per line.")],
    json_output: JsonOption = False,
    strict: Annotated[
        bool, typer.Option("--strict", help="Exit 1 on WARN as well as on FAIL.")
    ] = False,
    show_items: Annotated[
        bool, typer.Option("--items/--no-items", help="List every item that did not PASS.")
    ] = True,
) -> None:
    """Validate the citations in FILE, print the metrics and the quality gate.

    Exits with code 1 when the gate FAILs (or WARNs with --strict), 2 when FILE is unreadable.
    """
    from lexguard._errors import InputError
    from lexguard.citations import GateOutcome, load_qa_items, validate_citation_batch

    try:
        batch = validate_citation_batch(load_qa_items(file))
    except InputError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(code=2) from exc

    if json_output:
        typer.echo(json.dumps(batch.model_dump(mode="json"), indent=2, ensure_ascii=False))
    else:
        _print_batch(batch, file.name, show_items)

    failed = batch.gate.outcome == GateOutcome.FAIL or (
        strict and batch.gate.outcome == GateOutcome.WARN
    )
    raise typer.Exit(code=1 if failed else 0)


def _print_batch(batch: BatchReport, name: str, show_items: bool) -> None:
    """Print the metrics table of file ``name``, the items that did not PASS (with
    ``show_items``) and the quality gate."""
    from rich.console import Console

    from lexguard.citations import GateOutcome

    console = Console()
    console.print(_metrics_table(batch, f"Citations in {name}"))
    if show_items:
        for item in batch.items:
            if item.gate.outcome != GateOutcome.PASS:
                reasons = "; ".join(item.gate.reasons)
                console.print(
                    f"  {item.gate.outcome.value} item {item.item_id}: {reasons}", markup=False
                )
    outcome = batch.gate.outcome.value
    style = {"PASS": "bold green", "WARN": "bold yellow", "FAIL": "bold red"}[outcome]
    console.print(f"Quality gate: {outcome}", style=style)


def _metrics_table(batch: BatchReport, title: str) -> Table:
    """The batch's citation metrics and item outcomes as a two-column table."""
    from rich.table import Table

    m = batch.metrics
    table = Table(title=title, show_header=True)
    table.add_column("metric")
    table.add_column("value", justify="right")
    for name, value in (
        ("items", str(len(batch.items))),
        ("citations", str(m.total)),
        ("valid / invalid", f"{m.valid} / {m.invalid}"),
        ("invalid rate", f"{m.invalid_rate:.1%}"),
        ("hallucinated spans", str(m.hallucinated_spans)),
        ("average alignment", f"{m.average_alignment:.2f}"),
        ("average quality", f"{m.average_quality:.2f}"),
        ("citation coverage", f"{m.coverage:.1%}"),
        ("with evidence index", f"{m.evidence_idx_rate:.1%}"),
        ("with alignment score", f"{m.alignment_rate:.1%}"),
        ("with span in answer", f"{m.span_rate:.1%}"),
        (
            "items PASS / WARN / FAIL",
            " / ".join(str(batch.outcomes.get(o, 0)) for o in ("PASS", "WARN", "FAIL")),
        ),
    ):
        table.add_row(name, value)
    return table
