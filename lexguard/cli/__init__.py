"""The ``lexguard`` command line.

Each command lives in its own module; heavy imports happen inside the command functions. Exit
codes: 0 accepted / done, 1 not accepted, 2 bad input or settings (every ``LexguardError`` a command
lets through is one line on stderr, see :mod:`lexguard.cli._errors`).
"""

from __future__ import annotations

import typer

from lexguard.cli._calibrate import calibrate_command
from lexguard.cli._audit import audit_app
from lexguard.cli._bulk import validate_batch_command
from lexguard.cli._citations import citations
from lexguard.cli._demo import demo
from lexguard.cli._errors import LexguardGroup
from lexguard.cli._eval import eval_command
from lexguard.cli._mcp import mcp
from lexguard.cli._validate import validate
from lexguard._lazy import publish_all

__all__ = ["app", "main"]

app = typer.Typer(
    name="lexguard",
    cls=LexguardGroup,  # a LexguardError any command lets through: one line on stderr, exit code 2
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
