"""``lexguard eval``: measure hallucination detection on a labelled JSONL file."""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Callable
from typing import Annotated, Any, NoReturn

import typer

from lexguard.cli._errors import EXIT_BAD_INPUT, one_line
from lexguard.cli._options import CheckerOption, EngineOption, JsonOption, WorkersOption

__all__ = ["OVERLAP", "check_writable", "eval_command"]

OVERLAP = "word-overlap baseline (flag when < half of the answer's content words are in the sources)"


def check_writable(path: Path, option: str) -> None:
    """Make sure ``path`` can be written, before a long run; leave no new file behind.

    Args:
        path: The output file (overwritten later).
        option: The command-line option that named it, for the message.

    Raises:
        InputError: If ``path`` is a folder, its folder does not exist or it cannot be written.
    """
    from lexguard._errors import InputError

    if path.is_dir():
        raise InputError(f"{option} {path} is a folder; pass a file path")
    existed = path.exists()
    try:
        with path.open("a", encoding="utf-8"):
            pass
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise InputError(
            f"{option} {path} cannot be written ({reason}); pass a file in an existing, writable folder"
        ) from exc
    if not existed:
        path.unlink(missing_ok=True)


def eval_command(
    file: Annotated[Path, typer.Argument(exists=True, dir_okay=False, metavar="FILE", help="Labelled JSONL file (RAGTruth schema).")],
    json_output: JsonOption = False,
    limit: Annotated[int | None, typer.Option("--limit", "-n", min=1, metavar="N", help="Evaluate only the first N rows.")] = None,
    baseline: Annotated[
        bool, typer.Option("--baseline", help="Run the plain cosine baseline (sentence vs source sentence >= 0.8).")
    ] = False,
    predictions: Annotated[
        Path | None, typer.Option("--predictions", metavar="OUT", help="Also write per-row predictions to this JSONL file.")
    ] = None,
    baseline_default: Annotated[
        bool,
        typer.Option(
            "--baseline-default",
            help="Run the previous default (support model without the learned verifier) for comparison.",
        ),
    ] = False,
    probes: Annotated[
        bool, typer.Option("--probes/--no-probes", help="Also run the shipped probe suite (catch / false-flag rates).")
    ] = True,
    engine: EngineOption = "local",
    workers: WorkersOption = None,
    checker_spec: CheckerOption = None,
) -> None:
    """Evaluate the support check on FILE: response- and span-level P/R/F1, balanced accuracy, AUROC.

    Metrics are given per task and overall, with latency per response. Runs offline with the
    bundled embedding model. ``--engine ray`` spreads the rows over Ray actors (one model each)
    and gives the same figures.
    """
    import os

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    rows = _load_rows(file, limit, predictions)
    if engine not in ("local", "ray"):
        _fail(f"--engine {engine!r}: use local or ray")
    factory, method = _checker_factory(checker_spec, baseline, baseline_default)
    checker, report, preds = _run_rows(factory, rows, method, file, engine, workers, json_output)
    if predictions is not None:
        _write_predictions(predictions, preds)
    base_report, base_probes = _overlap_reports(rows, str(file), probes)
    probe_report = None
    if probes:
        from lexguard.eval import evaluate, load_probes

        probe_report, _ = evaluate(checker, load_probes(), method=method, file="probes (shipped)")
    _print_reports(report, base_report, probe_report, base_probes, json_output)


def _load_rows(file: Path, limit: int | None, predictions: Path | None) -> list:
    """Check that ``--predictions`` can be written, then read the labelled rows of ``file``.

    Exits with code 2 (one ``error:`` line) when the output cannot be written, the file cannot be
    read or holds no rows; warns when every row has the same label.

    Args:
        file: The labelled JSONL file.
        limit: Read only the first ``limit`` rows (all when ``None``).
        predictions: The ``--predictions`` output file, if any.

    Returns:
        The labelled rows.
    """
    from lexguard._errors import LexguardError
    from lexguard.eval import load_rows

    try:
        if predictions is not None:
            check_writable(predictions, "--predictions")
        rows = load_rows(file, limit=limit)
    except LexguardError as exc:
        _fail(one_line(exc))
    except UnicodeDecodeError as exc:
        _fail(f"{file} is not UTF-8 text ({exc.reason}); convert it to UTF-8.")
    if not rows:
        _fail(f"{file} holds no labelled rows; nothing to evaluate.")
    _warn_one_label(rows, file)
    return rows


def _checker_factory(checker_spec: str | None, baseline: bool, baseline_default: bool) -> tuple[Callable[[], Any], str]:
    """The checker to evaluate, as a zero-argument factory, and the method name for the report.

    A configuration error (a ``--checker`` that cannot be loaded, no trained verifier) exits
    with code 2 here, before any row is checked.

    Args:
        checker_spec: ``--checker module:factory``, if given (it wins over the other options).
        baseline: ``--baseline``: the plain sentence-cosine baseline.
        baseline_default: ``--baseline-default``: the support model without the learned verifier.

    Returns:
        ``(factory, method)``.
    """
    import functools

    from lexguard._errors import LexguardError
    from lexguard.eval import CosineBaseline

    if checker_spec:
        from lexguard.bulk import load_factory

        try:
            return load_factory(checker_spec), checker_spec
        except LexguardError as exc:
            _fail(one_line(exc))
    if baseline:
        return CosineBaseline, "baseline (sentence cosine >= 0.8)"
    from lexguard.grounding import GroundingConfig, SupportChecker

    factory = functools.partial(SupportChecker, GroundingConfig(verifier=not baseline_default))
    try:
        factory()  # a configuration error (e.g. no trained verifier) is reported here, exit 2
    except LexguardError as exc:
        _fail(one_line(exc))
    return factory, "previous default (support model)" if baseline_default else "lexguard support check (verifier)"


def _run_rows(
    factory: Callable[[], Any],
    rows: list,
    method: str,
    file: Path,
    engine: str,
    workers: int | None,
    json_output: bool,
) -> tuple[Any, Any, list]:
    """Check every row (in this process or on Ray actors) under a progress bar on stderr.

    Args:
        factory: Builds the checker.
        rows: The labelled rows.
        method: The method name shown on the bar and in the report.
        file: The labelled file, named in the report.
        engine: ``"local"`` or ``"ray"``.
        workers: Ray actors to start (``None``: the default).
        json_output: Whether the bar is removed once done (the JSON goes to stdout).

    Returns:
        ``(checker, report, predictions)``; ``checker`` is built here in both engines and is
        reused for the probe suite.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from lexguard._errors import LexguardError
    from lexguard.eval import evaluate

    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("flagged {task.fields[flagged]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=json_output) as progress:
        task_id = progress.add_task(method, total=len(rows), flagged=0)
        flagged = 0

        def on_row(pred) -> None:  # noqa: ANN001
            nonlocal flagged
            flagged += int(pred.predicted)
            progress.update(task_id, advance=1, flagged=flagged)

        checker = factory()
        if engine == "local":
            report, preds = evaluate(checker, rows, method=method, file=str(file), on_row=on_row)
            return checker, report, preds
        from lexguard.bulk import predict_rows
        from lexguard.eval import summarize

        try:
            preds = predict_rows(factory, rows, engine="ray", workers=workers, on_row=on_row)
        except LexguardError as exc:
            _fail(one_line(exc))
        return checker, summarize(preds, method=method, file=str(file)), preds


def _write_predictions(path: Path, preds: list) -> None:
    """Write one JSON line per prediction to ``path``; exit with code 2 when it cannot be written."""
    try:
        with path.open("w", encoding="utf-8") as handle:
            for pred in preds:
                handle.write(pred.model_dump_json() + "\n")
    except OSError as exc:
        _fail(f"--predictions {path} could not be written ({exc.strerror or exc})")


def _print_reports(report, base_report, probe_report, base_probes, json_output: bool) -> None:  # noqa: ANN001
    """Print the reports: one JSON object on stdout, or the tables (rows, then probe suite).

    Args:
        report: The checker's report on the rows.
        base_report: The word-overlap baseline's report on the rows.
        probe_report: The checker's report on the probe suite (``None`` with ``--no-probes``).
        base_probes: The baseline's report on the probe suite (``None`` with ``--no-probes``).
        json_output: ``--json``.
    """
    from rich.console import Console

    if json_output:
        out = report.model_dump(mode="json")
        out["word_overlap_baseline"] = base_report.model_dump(mode="json")
        if probe_report is not None and base_probes is not None:
            out["probes"] = probe_report.model_dump(mode="json")
            out["probes"]["word_overlap_baseline"] = base_probes.model_dump(mode="json")
        typer.echo(json.dumps(out, indent=2))
        return
    console = Console()
    _render(report, Console(width=max(console.width, 200)), base_report)
    if probe_report is not None:
        _render_probes(probe_report, Console(width=max(console.width, 100)), base_probes)


def _overlap_reports(rows: list, file: str, probes: bool) -> tuple:  # noqa: ANN001
    """The word-overlap baseline's reports on the rows (and on the probe suite), printed beside
    every figure of the checker's."""
    from lexguard.eval import WordOverlapBaseline, evaluate, load_probes

    overlap = WordOverlapBaseline()
    report, _ = evaluate(overlap, rows, method=OVERLAP, file=file)
    probe_report = evaluate(overlap, load_probes(), method=OVERLAP, file="probes (shipped)")[0] if probes else None
    return report, probe_report


def _fail(message: str) -> NoReturn:
    """Print ``error: message`` (one line) on stderr and exit with code 2."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code=EXIT_BAD_INPUT)


def _warn_one_label(rows: list, file: Path) -> None:  # noqa: ANN001
    """One ``warning:`` line when every row has the same label: some figures cannot be measured."""
    positives = sum(1 for row in rows if row.hallucinated)
    if positives == 0:
        typer.echo(f"warning: {file} has no hallucinated rows: recall, precision, F1 and AUROC cannot be measured; "
                   "check the labels ('supported' / 'hallucinated')", err=True)
    elif positives == len(rows):
        typer.echo(f"warning: {file} has no supported rows: false alarms, balanced accuracy and AUROC cannot be "
                   "measured; check the labels ('supported' / 'hallucinated')", err=True)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


def _pair(value: float | None, base: float | None) -> str:
    """A figure with the word-overlap baseline's beside it: ``"63.4 (58.1)"``."""
    return f"{_pct(value)} ({_pct(base)})"


def _render(report, console, base) -> None:  # noqa: ANN001
    from rich.table import Table

    table = Table(
        title=f"{report.method} on {Path(report.file).name}; in brackets: the word-overlap baseline (flag the answer "
        "when fewer than half of its content words occur in the sources)",
        title_justify="left",
    )
    names = ("task", "n", "hall.", "P", "R", "F1", "FA", "bal.acc", "AUROC", "R@5%FA", "R@10%FA", "span P", "span R", "span F1", "ms/resp")
    for name in names:
        table.add_column(name, justify="left" if name == "task" else "right")
    for tr in [*report.tasks.values(), report.overall]:
        r, s = tr.response, tr.span
        bt = base.overall if tr.task == "overall" else base.tasks[tr.task]
        b, bs = bt.response, bt.span
        table.add_row(
            tr.task,
            str(r.n),
            str(r.positives),
            _pair(r.precision, b.precision),
            _pair(r.recall, b.recall),
            _pair(r.f1, b.f1),
            _pair(r.false_alarm_rate, b.false_alarm_rate),
            _pair(r.balanced_accuracy, b.balanced_accuracy),
            _pair(r.auroc, b.auroc),
            _pair(r.recall_at_5_far, b.recall_at_5_far),
            _pair(r.recall_at_10_far, b.recall_at_10_far),
            _pair(s.precision, bs.precision),
            _pair(s.recall, bs.recall),
            _pair(s.f1, bs.f1),
            f"{1000 * tr.latency_mean_s:.0f} ({1000 * bt.latency_mean_s:.2f})",
            style="bold" if tr.task == "overall" else None,
        )
    console.print(table)
    if report.errors:
        console.print(f"[yellow]{report.errors} row(s) failed; see --predictions for details[/yellow]")


def _parts(tr) -> list[tuple[bool, int, int]]:  # noqa: ANN001
    """A probe category's hallucinated and supported cases: (hallucinated, n, flagged) for each
    part it holds (a category may hold both: right sums and wrong ones)."""
    r = tr.response
    wrong, right = r.positives, r.n - r.positives
    out = []
    if wrong:
        out.append((True, wrong, round(r.recall * wrong)))
    if right:
        out.append((False, right, round(r.false_alarm_rate * right)))
    return out


def _render_probes(report, console, base) -> None:  # noqa: ANN001
    """Per category of the probe suite: the share caught (hallucinated) or wrongly flagged
    (supported), with the word-overlap baseline's share beside it; a category of both kinds has
    a row for each."""
    from rich.table import Table

    table = Table(title="probe suite (hand-written cases); in brackets: the word-overlap baseline", title_justify="left")
    for name in ("category", "label", "n", "flagged", "rate"):
        table.add_column(name, justify="left" if name in ("category", "label") else "right")
    totals = {True: [0, 0, 0], False: [0, 0, 0]}  # hallucinated -> [n, flagged, baseline flagged]
    for task, tr in report.tasks.items():
        for (hallucinated, n, flagged), (_, _, base_flagged) in zip(_parts(tr), _parts(base.tasks[task]), strict=True):
            for i, add in enumerate((n, flagged, base_flagged)):
                totals[hallucinated][i] += add
            label = "caught" if hallucinated else "false flag"
            table.add_row(task, label, str(n), f"{flagged} ({base_flagged})", _pair(flagged / n, base_flagged / n))
    for hallucinated, name, label in ((True, "all hallucinated", "caught"), (False, "all supported", "false flag")):
        n, flagged, base_flagged = totals[hallucinated]
        table.add_row(name, label, str(n), f"{flagged} ({base_flagged})",
                      _pair(flagged / n if n else None, base_flagged / n if n else None), style="bold")
    console.print(table)
