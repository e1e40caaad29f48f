"""The lexguard error hierarchy.

Every exception lexguard raises on purpose derives from :class:`LexguardError`, so a caller
can catch one type; every warning it issues is a :class:`LexguardWarning`. Messages say what went
wrong *and* what to do next.
"""

from __future__ import annotations

from lexguard._lazy import publish_all

__all__ = [
    "LexguardError",
    "ConfigurationError",
    "InputError",
    "ModelLoadError",
    "GeneratorError",
    "ValidationFailedError",
    "RuleTimeoutError",
    "BudgetExceededError",
    "ParseError",
    "MissingDependencyError",
    "LexguardWarning",
]


class LexguardError(Exception):
    """Base class of every error lexguard raises."""


class ConfigurationError(LexguardError, ValueError):
    """A configuration value or rule definition is invalid."""


class InputError(LexguardError, TypeError):
    """The guard was given input it cannot validate (wrong type or shape)."""


class MissingDependencyError(ConfigurationError, ImportError):
    """An optional dependency a feature needs is not installed; the message names the package to
    install (an ``ImportError`` too, for ``try: import ... except ImportError``)."""


class ModelLoadError(LexguardError, RuntimeError):
    """An embedding, NLI or judge model could not be loaded."""


class GeneratorError(LexguardError, RuntimeError):
    """The wrapped generator raised while lexguard asked it to regenerate."""


class ParseError(LexguardError, ValueError):
    """Raw model output could not be parsed into the expected shape."""


class RuleTimeoutError(LexguardError, TimeoutError):
    """A user-supplied pattern took longer than its time budget to evaluate."""


class BudgetExceededError(LexguardError, TimeoutError):
    """A validation ran past its total time budget (``GuardConfig.limits.time_budget_s``)."""


class ValidationFailedError(LexguardError):
    """Raised by the ``raise`` fallback strategy when an answer cannot be accepted.

    Attributes:
        report: The :class:`~lexguard.ValidationReport` of the last attempt.
    """

    def __init__(self, message: str, report: object | None = None) -> None:
        super().__init__(message)
        self.report = report


class LexguardWarning(UserWarning):
    """lexguard works, but not as well as it could in this setup (e.g. ``Guard.wrap`` cannot give a
    retry the feedback, a model call limit does not see the middleware's retries); the message says
    what to change. Silence with ``warnings.filterwarnings("ignore", category=LexguardWarning)``."""


publish_all("lexguard", globals())


def is_graph_control(exc: BaseException) -> bool:
    """Whether ``exc`` is LangGraph control flow (``interrupt()``, a parent ``Command``), which
    lexguard's catch-alls must re-raise, never turn into a failed check.

    Looked up without importing LangGraph: if ``langgraph.errors`` was never imported, nothing
    raised one.
    """
    import sys

    errors = sys.modules.get("langgraph.errors")
    return errors is not None and isinstance(exc, errors.GraphBubbleUp)
