"""Optional dependencies: import them, or say which package to install."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from lexguard._errors import MissingDependencyError

__all__ = ["require"]


def require(*modules: str, hint: str) -> tuple[ModuleType, ...]:
    """Import ``modules`` (optional dependencies of one feature) and return them.

    Args:
        modules: Dotted module names.
        hint: The error message when one is missing: what needs it and what to install.

    Raises:
        MissingDependencyError: If a module cannot be imported (a ``ConfigurationError`` and an
            ``ImportError``).
    """
    try:
        return tuple(import_module(name) for name in modules)
    except ImportError as exc:
        raise MissingDependencyError(hint) from exc
