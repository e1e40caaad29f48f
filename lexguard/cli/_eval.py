"""``lexguard eval``: measure hallucination detection on a labelled JSONL file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

__all__ = ["eval_command"]


def eval_command(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, help="Labelled JSONL file (RAGTruth schema).")],
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    limit: Annotated[int | None, typer.Option("--limit", "-n", min=1, help="Evaluate only the first N rows.")] = None,
    baseline: Annotated[
        bool, typer.Option("--baseline", help="Run the plain cosine baseline (sentence vs source sentence >= 0.8).")
    ] = False,
    predictions: Annotated[
        Path | None, typer.Option("--predictions", help="Also write per-row predictions to this JSONL file.")
    ] = None,
    engine: Annotated[
        str, typer.Option("--engine", help="local (this process) or ray (Ray Data actors; pip install 'lexguard[ray]').")
    ] = "local",
    workers: Annotated[
        int | None, typer.Option("--workers", min=1, help="Ray actors, one model each (default: CPU count).")
    ] = None,
    checker_spec: Annotated[
        str | None, typer.Option("--checker", help="Custom checker factory as package.module:callable.")
    ] = None,
) -> None:
    """Evaluate the support check on FILE: response- and span-level P/R/F1, balanced accuracy, AUROC.

    Metrics are given per task and overall, with latency per response. Runs offline with the
    bundled embedding model. ``--engine ray`` spreads the rows over Ray actors (one model each)
    and gives the same figures.
    """
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from lexguard._errors import LexguardError
    from lexguard.eval import CosineBaseline, evaluate, load_rows

    err = Console(stderr=True)
    try:
        rows = load_rows(file, limit=limit)
    except LexguardError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(code=2) from exc
    if engine not in ("local", "ray"):
        err.print(f"[red]error:[/red] --engine {engine!r}: use local or ray")
        raise typer.Exit(code=2)
    if checker_spec:
        from lexguard.bulk import load_factory

        try:
            factory, method = load_factory(checker_spec), checker_spec
        except LexguardError as exc:
            err.print(f"[red]error:[/red] {exc}")
            raise typer.Exit(code=2) from exc
    elif baseline:
        factory, method = CosineBaseline, "baseline (sentence cosine >= 0.8)"
    else:
        from lexguard.grounding import SupportChecker

        factory, method = SupportChecker, "lexguard support check"

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("flagged {task.fields[flagged]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=json_output) as progress:
        task_id = progress.add_task(method, total=len(rows), flagged=0)
        flagged = 0

        def on_row(pred) -> None:  # noqa: ANN001
            nonlocal flagged
            flagged += int(pred.predicted)
            progress.update(task_id, advance=1, flagged=flagged)

        if engine == "local":
            report, preds = evaluate(factory(), rows, method=method, file=str(file), on_row=on_row)
        else:
            from lexguard.bulk import predict_rows
            from lexguard.eval import summarize

            try:
                preds = predict_rows(factory, rows, engine="ray", workers=workers, on_row=on_row)
            except LexguardError as exc:
                err.print(f"[red]error:[/red] {exc}")
                raise typer.Exit(code=2) from exc
            report = summarize(preds, method=method, file=str(file))

    if predictions is not None:
        with predictions.open("w", encoding="utf-8") as handle:
            for pred in preds:
                handle.write(pred.model_dump_json() + "\n")
    if json_output:
        typer.echo(json.dumps(report.model_dump(mode="json"), indent=2))
        return
    console = Console()
    _render(report, Console(width=max(console.width, 132)))


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _render(report, console) -> None:  # noqa: ANN001
    from rich.table import Table

    table = Table(title=f"{report.method} on {Path(report.file).name}", title_justify="left")
    for name in ("task", "n", "hall.", "P", "R", "F1", "bal.acc", "AUROC", "span P", "span R", "span F1", "ms/resp"):
        table.add_column(name, justify="left" if name == "task" else "right")
    for tr in [*report.tasks.values(), report.overall]:
        r, s = tr.response, tr.span
        table.add_row(
            tr.task,
            str(r.n),
            str(r.positives),
            _pct(r.precision),
            _pct(r.recall),
            _pct(r.f1),
            _pct(r.balanced_accuracy),
            _pct(r.auroc),
            _pct(s.precision),
            _pct(s.recall),
            _pct(s.f1),
            f"{1000 * tr.latency_mean_s:.0f}",
            style="bold" if tr.task == "overall" else None,
        )
    console.print(table)
    if report.errors:
        console.print(f"[yellow]{report.errors} row(s) failed; see --predictions for details[/yellow]")
