"""The ``lexguard`` command line.

Each command lives in its own module; heavy imports happen inside the command functions.
"""

from __future__ import annotations

import typer

from lexguard.cli._calibrate import calibrate_command
from lexguard.cli._audit import audit_app
from lexguard.cli._bulk import validate_batch_command
from lexguard.cli._citations import citations
from lexguard.cli._demo import demo
from lexguard.cli._eval import eval_command
from lexguard.cli._mcp import mcp
from lexguard.cli._validate import validate
from lexguard._lazy import publish_all

__all__ = ["app", "main"]

app = typer.Typer(
    name="lexguard",
    help="Validate what an LLM generated before anyone acts on it.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: no "<bool>" / "<list[Path]>" metavars
)
app.command(name="calibrate")(calibrate_command)
app.add_typer(audit_app, name="audit")
app.command()(citations)
app.command()(demo)
app.command(name="eval")(eval_command)
app.command()(mcp)
app.command()(validate)
app.command(name="validate-batch")(validate_batch_command)


def main() -> None:
    """Entry point of the ``lexguard`` console script."""
    app()

publish_all(__name__, globals())
