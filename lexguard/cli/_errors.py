"""Every lexguard error a command lets through becomes one line on stderr and an exit code.

A command handles the errors it can word better itself; whatever ``LexguardError`` still escapes
(a bad setting found only when the guard first runs, e.g. ``LEXGUARD_ENCODER_BACKEND=bogus`` or a
missing ``LEXGUARD_GROUNDING__THRESHOLD_FILE``) is caught once, here, for every command and
sub-command: ``error: <message>`` and exit code 2 (bad input or settings), never a traceback and
never exit code 1, which means "not accepted". A ``ValidationFailedError`` (the ``raise``
fallback) is exactly "not accepted": exit code 1, with its one-line reason.
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperGroup

from lexguard._errors import LexguardError, ValidationFailedError

__all__ = ["EXIT_BAD_INPUT", "EXIT_NOT_ACCEPTED", "LexguardGroup", "one_line"]

EXIT_NOT_ACCEPTED = 1
"""Exit code of an answer that was checked and not accepted."""

EXIT_BAD_INPUT = 2
"""Exit code of bad input or settings (nothing was checked)."""


def one_line(error: BaseException) -> str:
    """The error's message on one line (its lines joined with ``"; "``), or its class name."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return "; ".join(lines) or type(error).__name__


class LexguardGroup(TyperGroup):
    """The ``lexguard`` command group: runs a command and turns an escaping ``LexguardError`` into
    ``error: <message>`` on stderr with exit code 2 (1 for ``ValidationFailedError``)."""

    def invoke(self, ctx: Any) -> Any:
        """Run the sub-command; see the class docstring for the errors it catches."""
        try:
            return super().invoke(ctx)
        except ValidationFailedError as exc:
            typer.echo(f"not accepted: {one_line(exc)}", err=True)
            raise typer.Exit(code=EXIT_NOT_ACCEPTED) from exc
        except LexguardError as exc:
            typer.echo(f"error: {one_line(exc)}", err=True)
            raise typer.Exit(code=EXIT_BAD_INPUT) from exc
