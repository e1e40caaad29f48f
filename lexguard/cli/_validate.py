"""``lexguard validate``: validate one answer against source files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from lexguard.cli._options import JsonOption, ThresholdOption

__all__ = ["validate"]


def validate(
    answer: Annotated[Path, typer.Option("--answer", "-a", exists=True, dir_okay=False, metavar="FILE",
                                                help="File holding the answer.")],
    sources: Annotated[
        list[Path], typer.Option("--sources", "-s", exists=True, dir_okay=False, metavar="FILE",
                                  help="Source file(s); repeat the option.")
    ],
    question: Annotated[str | None, typer.Option("--question", "-q", metavar="TEXT", help="The user question.")] = None,
    json_output: JsonOption = False,
    threshold: ThresholdOption = None,
) -> None:
    """Validate the answer in FILE against the source files and print the report.

    Exits with code 1 when the answer is not accepted, 2 on bad input or settings (an option
    value, a file that is not UTF-8 text, a bad LEXGUARD_* setting), with a one-line message.
    """
    from lexguard._config import GuardConfig
    from lexguard._errors import LexguardError
    from lexguard._guard import Guard
    from lexguard._models import Source
    from lexguard.cli._render import render_report

    overrides = {"max_retries": 0}
    if threshold is not None:
        overrides["confidence_threshold"] = threshold
    try:
        guard = Guard(config=GuardConfig(**overrides))
        docs = [Source(id=path.name, content=path.read_text(encoding="utf-8"), metadata={"path": str(path)})
                for path in sources]
        text = answer.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        typer.echo(f"error: a file is not UTF-8 text ({exc.reason}); convert it to UTF-8.", err=True)
        raise typer.Exit(code=2) from exc
    except LexguardError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(code=2) from exc
    report = guard.validate_answer(text, docs, question=question)
    if json_output:
        typer.echo(json.dumps(report.model_dump(mode="json"), indent=2, ensure_ascii=False))
    else:
        render_report(report, Console())
    raise typer.Exit(code=0 if report.accepted else 1)
