"""Options several commands share, defined once (typer ``Annotated`` aliases)."""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = ["CheckerOption", "EngineOption", "JsonOption", "ThresholdOption", "WorkersOption"]

JsonOption = Annotated[bool, typer.Option("--json", help="Print the report as JSON.")]
"""``--json``: the command's report as JSON instead of text."""

EngineOption = Annotated[
    str, typer.Option("--engine", help="local (this process) or ray (Ray Data actors; pip install 'lexguard[ray]').")
]
"""``--engine``: where the rows are validated (``lexguard eval``, ``lexguard validate-batch``)."""

WorkersOption = Annotated[int | None, typer.Option("--workers", min=1, help="Ray actors, one model each (default: CPU count).")]
"""``--workers``: how many Ray actors (``--engine ray``)."""

CheckerOption = Annotated[str | None, typer.Option("--checker", help="Custom checker factory as package.module:callable.")]
"""``--checker``: a custom support checker factory (``package.module:callable``)."""


def _threshold(value: float | None) -> float | None:
    if value is not None and not 0.0 <= value <= 1.0:  # nan compares false: refused too
        raise typer.BadParameter(f"must be a number between 0 and 1 (got {value})")
    return value


ThresholdOption = Annotated[float | None, typer.Option(
    "--threshold", metavar="X", callback=_threshold,
    help="Confidence threshold, a number between 0 and 1 (default 0.7).")]
"""``--threshold``: the guard's confidence threshold (``nan`` and values outside 0..1 are refused)."""
