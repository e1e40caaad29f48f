"""``lexguard validate-batch``: validate a log of answers (JSONL / Parquet) into Parquet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lexguard.cli._options import CheckerOption, EngineOption, ThresholdOption, WorkersOption

__all__ = ["validate_batch_command"]


def validate_batch_command(
    source: Annotated[Path, typer.Argument(dir_okay=False, help="Logged answers: .jsonl, .jsonl.gz or .parquet.")],
    out: Annotated[Path, typer.Option("--out", "-o", dir_okay=False, help="Results file (.parquet).")],
    engine: EngineOption = "local",
    workers: WorkersOption = None,
    batch_size: Annotated[int, typer.Option("--batch-size", min=1, help="Rows per batch.")] = 16,
    checker: CheckerOption = None,
    threshold: ThresholdOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
) -> None:
    """Validate every answer in SOURCE and write one result row per answer to --out.

    Each input row needs ``answer`` (or ``response``/``output``), usually ``sources`` (or
    ``context``) and ``question``, and an ``id`` (else ``row-<n>``). Resumable: ids already in
    --out, or in the parts an interrupted run left beside it, are skipped. Retries and repair
    are off, so the logged answer itself is judged. Exits 2 on unreadable input or settings.
    """
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from lexguard._errors import LexguardError
    from lexguard.bulk import GuardWorker, validate_batch
    from lexguard.cli._errors import EXIT_BAD_INPUT, one_line

    err = Console(stderr=True)
    if engine not in ("local", "ray"):
        err.print(f"[red]error:[/red] --engine {engine!r}: use local or ray")
        raise typer.Exit(code=2)
    if out.suffix != ".parquet":
        err.print(f"[red]error:[/red] --out {out}: the results file must end in .parquet")
        raise typer.Exit(code=2)
    settings = () if threshold is None else (("confidence_threshold", threshold),)
    worker = GuardWorker(checker=checker, config=settings)
    columns = (TextColumn("[bold]validating"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, disable=quiet) as progress:
        task_id = progress.add_task("validate", total=None)

        def on_progress(done: int, total: int) -> None:
            progress.update(task_id, completed=done, total=total)

        try:
            counts = validate_batch(source, out, engine=engine, workers=workers, batch_size=batch_size,  # type: ignore[arg-type]
                                    worker=worker, on_progress=on_progress)
        except LexguardError as exc:  # one line, never wrapped by the console
            typer.echo(f"error: {one_line(exc)}", err=True)
            raise typer.Exit(code=EXIT_BAD_INPUT) from exc
    typer.echo(
        f"validated {counts['validated']} row(s), skipped {counts['skipped']} already done; "
        f"{counts['rows']} row(s) in {out}"
    )
