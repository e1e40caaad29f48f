"""``lexguard calibrate``: choose the support threshold for a false-alarm budget."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

__all__ = ["calibrate_command"]


def calibrate_command(
    file: Annotated[
        Path | None,
        typer.Argument(exists=True, dir_okay=False, help="Labelled JSONL rows (eval schema: answer, sources, question, label)."),
    ] = None,
    audit: Annotated[
        str | None,
        typer.Option(
            "--audit",
            help="Use the audit records labelled by people (`lexguard audit label`) in this store "
            "(postgresql://... URL or SQLite path) instead of FILE.",
        ),
    ] = None,
    max_false_alarm: Annotated[
        float, typer.Option("--max-false-alarm", min=0.0, max=1.0, help="Largest share of supported answers flagged.")
    ] = 0.05,
    out: Annotated[Path, typer.Option("--out", "-o", help="Threshold file to write.")] = Path("lexguard-thresholds.json"),
    limit: Annotated[int | None, typer.Option("--limit", "-n", min=1, help="Use only the first N rows.")] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict/--no-strict",
            help="Keep the rules that fail a claim whatever the threshold (strict numbers, names, quotes, polarity, "
            "the verifier override). --no-strict calibrates without them, and the file turns them off where loaded.",
        ),
    ] = True,
) -> None:
    """Pick the support threshold that flags at most --max-false-alarm of the supported rows in FILE.

    The rows come from FILE or from the labelled records of an audit store (--audit): the loop
    from user corrections to thresholds. Writes a threshold file for GroundingConfig(threshold_file=...) or
    LEXGUARD_GROUNDING__THRESHOLD_FILE, and prints the recall reached at that operating point.
    """
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from rich.console import Console
    from rich.progress import Progress

    from lexguard._errors import LexguardError
    from lexguard.eval import EvalRow, calibrate, load_rows

    err = Console(stderr=True)
    if (file is None) == (audit is None):
        err.print("[red]error:[/red] give either FILE or --audit STORE (not both)")
        raise typer.Exit(code=2)
    try:
        if audit is not None:
            from lexguard.audit import labelled_rows, open_store

            store = open_store(audit)
            try:
                rows = [EvalRow.model_validate(row) for row in labelled_rows(store, limit=limit)]
            finally:
                getattr(store, "close", lambda: None)()
            source = f"audit:{audit}"
        else:
            rows = load_rows(file, limit=limit)
            source = str(file)
        with Progress(console=err, transient=True) as progress:
            task = progress.add_task("calibrating", total=len(rows))
            result = calibrate(
                rows, max_false_alarm=max_false_alarm, source=source, on_row=lambda: progress.advance(task),
                strict=strict,
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
            "note: the rules that fail a claim whatever the threshold (strict numbers, names, quotes, polarity, "
            "the verifier override) alone exceed the budget; calibrate with --no-strict to reach it (the file "
            "then turns those rules off where it is loaded, and catches fewer false numbers and names)."
        )
