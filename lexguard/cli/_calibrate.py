"""``lexguard calibrate``: choose the support threshold for a false-alarm budget."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["calibrate_command"]


def calibrate_command(
    file: Annotated[
        Path,
        typer.Argument(exists=True, dir_okay=False, help="Labelled JSONL rows (eval schema: answer, sources, question, label)."),
    ],
    max_false_alarm: Annotated[
        float, typer.Option("--max-false-alarm", min=0.0, max=1.0, help="Largest share of supported answers flagged.")
    ] = 0.05,
    out: Annotated[Path, typer.Option("--out", "-o", help="Threshold file to write.")] = Path("lexguard-thresholds.json"),
    limit: Annotated[int | None, typer.Option("--limit", "-n", min=1, help="Use only the first N rows.")] = None,
) -> None:
    """Pick the support threshold that flags at most --max-false-alarm of the supported rows in FILE.

    Writes a threshold file for GroundingConfig(threshold_file=...) or
    LEXGUARD_GROUNDING__THRESHOLD_FILE, and prints the recall reached at that operating point.
    """
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from rich.console import Console
    from rich.progress import Progress

    from lexguard._errors import LexguardError
    from lexguard.eval import calibrate, load_rows

    err = Console(stderr=True)
    try:
        rows = load_rows(file, limit=limit)
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task("calibrating", total=len(rows))
            result = calibrate(
                rows, max_false_alarm=max_false_alarm, source=str(file), on_row=lambda: progress.advance(task)
            )
        result.write(out)
    except (LexguardError, OSError) as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(code=2) from exc
    recall = "-" if result.recall is None else f"{100 * result.recall:.1f}%"
    typer.echo(
        f"support_threshold {result.support_threshold:.4f}: false alarms {100 * result.false_alarm_rate:.1f}% "
        f"(budget {100 * max_false_alarm:.1f}%, floor {100 * result.floor_false_alarm_rate:.1f}%), recall {recall} "
        f"on {result.rows} rows -> {out}"
    )
    if result.floor_false_alarm_rate > max_false_alarm:
        typer.echo(
            "note: the strict number/name/quote rules alone exceed the budget; turn them off "
            "(GroundingConfig(strict_values=False, strict_entities=False)) to reach it."
        )
