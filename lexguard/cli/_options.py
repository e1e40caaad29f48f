"""Options several commands share, defined once (typer ``Annotated`` aliases)."""

from __future__ import annotations

from typing import Annotated

import typer

__all__ = ["CheckerOption", "EngineOption", "JsonOption", "WorkersOption"]

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
