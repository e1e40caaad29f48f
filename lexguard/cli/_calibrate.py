"""``lexguard calibrate``: choose the support threshold for a false-alarm budget."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

__all__ = ["calibrate_command", "turned_off"]


def turned_off(result: Any) -> list[str]:
    """What a threshold file switches off where it is loaded, one ``turns off:`` line each.

    A file written with ``--no-strict`` turns off the strict rules; a support threshold of 0
    passes every claim (the guard then flags answers as not checked against their sources).
    """
    lines: list[str] = []
    if not result.strict:
        lines.append(
            "turns off: the strict rules (numbers, names and quotes found in no source, flipped polarity, the "
            "verifier override) wherever this file is loaded; false numbers and names the support model misses "
            "are then accepted. Keep them: calibrate without --no-strict."
        )
    if result.support_threshold <= 0.0:
        lines.append(
            "turns off: the support model (threshold 0 passes every claim); a guard that loads this file does not "
            "check answers against their sources and flags them as not checked."
        )
    return lines


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
    from lexguard.cli._errors import EXIT_BAD_INPUT

    if (file is None) == (audit is None):
        typer.echo("error: give either FILE or --audit STORE (not both)", err=True)
        raise typer.Exit(code=EXIT_BAD_INPUT)
    result = _calibrated(file, audit, limit=limit, max_false_alarm=max_false_alarm, strict=strict, out=out)
    _say_result(result, max_false_alarm, out)


def _calibrated(
    file: Path | None, audit: str | None, *, limit: int | None, max_false_alarm: float, strict: bool, out: Path
) -> Any:
    """Calibrate on the rows of FILE or the audit store (a progress bar on stderr, the warnings
    shown as one line each) and write the threshold file to ``out``.

    Raises:
        typer.Exit: With the bad-input code and an ``error:`` line for a library or file error.
    """
    from rich.console import Console
    from rich.progress import Progress

    from lexguard._errors import LexguardError
    from lexguard.cli._errors import EXIT_BAD_INPUT, one_line
    from lexguard.cli._eval import check_writable
    from lexguard.eval import EvalRow, calibrate, load_rows

    try:
        check_writable(out, "--out")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UserWarning)
            try:
                rows, source = _rows(file, audit, limit, EvalRow, load_rows)
                with Progress(console=Console(stderr=True), transient=True) as progress:
                    task = progress.add_task("calibrating", total=len(rows))
                    result = calibrate(
                        rows, max_false_alarm=max_false_alarm, source=source,
                        on_row=lambda: progress.advance(task), strict=strict,
                    )
            finally:
                _show(caught, one_line)
        result.write(out)
    except (LexguardError, OSError) as exc:
        typer.echo(f"error: {one_line(exc)}", err=True)
        raise typer.Exit(code=EXIT_BAD_INPUT) from exc
    return result


def _say_result(result: Any, max_false_alarm: float, out: Path) -> None:
    """Print the operating point reached, the rules the file turns off, and a note when the
    strict rules alone exceed the false-alarm budget."""
    recall = "-" if result.recall is None else f"{100 * result.recall:.1f}%"
    typer.echo(
        f"support_threshold {result.support_threshold:.4f}: false alarms {100 * result.false_alarm_rate:.1f}% "
        f"(budget {100 * max_false_alarm:.1f}%, floor {100 * result.floor_false_alarm_rate:.1f}%), recall {recall} "
        f"on {result.rows} rows -> {out}"
    )
    for line in turned_off(result):
        typer.echo(line)
    if result.floor_false_alarm_rate > max_false_alarm:
        typer.echo(
            "note: the rules that fail a claim whatever the threshold (strict numbers, names, quotes, polarity, "
            "the verifier override) alone exceed the budget; calibrate with --no-strict to reach it (the file "
            "then turns those rules off where it is loaded, and catches fewer false numbers and names)."
        )


def _rows(
    file: Path | None, audit: str | None, limit: int | None, row_type: Any, load_rows: Any
) -> tuple[list[Any], str]:
    """The labelled rows and where they came from: FILE, or the labelled records of ``audit``."""
    if audit is None:
        return load_rows(file, limit=limit), str(file)
    from lexguard.audit import labelled_rows, open_store

    store = open_store(audit)
    try:
        rows = [row_type.model_validate(row) for row in labelled_rows(store, limit=limit)]
    finally:
        getattr(store, "close", lambda: None)()
    return rows, f"audit:{audit}"


def _show(caught: list[warnings.WarningMessage], one_line: Callable[[BaseException], str]) -> None:
    """Print lexguard's user warnings as one ``warning:`` line each; pass the others on."""
    for item in caught:
        if issubclass(item.category, UserWarning):
            message = item.message if isinstance(item.message, BaseException) else Warning(str(item.message))
            typer.echo(f"warning: {one_line(message)}", err=True)
        else:
            warnings.showwarning(item.message, item.category, item.filename, item.lineno)
