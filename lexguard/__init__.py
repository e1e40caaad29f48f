"""lexguard: post-generation validation for LangChain and LangGraph.

Public names are resolved lazily on first access, so ``import lexguard`` stays fast and does not
import LangGraph, LangChain, torch or sentence-transformers until they are needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lexguard._lazy import lazy_exports
from lexguard._errors import (
    BudgetExceededError,
    ConfigurationError,
    GeneratorError,
    InputError,
    LexguardError,
    LexguardWarning,
    MissingDependencyError,
    ModelLoadError,
    ParseError,
    RuleTimeoutError,
    ValidationFailedError,
)

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from lexguard._config import GuardConfig
    from lexguard._graph import build_guard_graph, guard_state_graph
    from lexguard._guard import Guard
    from lexguard._wrap import GuardedRunnable
    from lexguard._checkpoint import checkpoint_serializer
    from lexguard._limits import LimitsConfig
    from lexguard._enums import CheckOutcome, FailureAction, FindingKind, Severity, Status, Verdict
    from lexguard._models import (
        AttemptRecord,
        CheckResult,
        Citation,
        Claim,
        Finding,
        Source,
        ValidationReport,
        VerifierStatus,
    )
    from lexguard._state import GuardContext, GuardState
    from lexguard.integrations._middleware import GroundingMiddleware

_LAZY = {
    "AttemptRecord": "lexguard._models",
    "Citation": "lexguard._models",
    "Claim": "lexguard._models",
    "Finding": "lexguard._models",
    "FindingKind": "lexguard._enums",
    "Severity": "lexguard._enums",
    "Source": "lexguard._models",
    "Status": "lexguard._enums",
    "ValidationReport": "lexguard._models",
    "Verdict": "lexguard._enums",
    "VerifierStatus": "lexguard._models",
    "LimitsConfig": "lexguard._limits",
    "GuardConfig": "lexguard._config",
    "GuardState": "lexguard._state",
    "Guard": "lexguard._guard",
    "GuardedRunnable": "lexguard._wrap",
    "build_guard_graph": "lexguard._graph",
    "guard_state_graph": "lexguard._graph",
    "GroundingMiddleware": "lexguard.integrations._middleware",
    "CheckOutcome": "lexguard._enums",
    "CheckResult": "lexguard._models",
    "FailureAction": "lexguard._enums",
    "GuardContext": "lexguard._state",
    "checkpoint_serializer": "lexguard._checkpoint",
}

__all__ = [
    "AttemptRecord",
    "BudgetExceededError",
    "CheckOutcome",
    "CheckResult",
    "Citation",
    "Claim",
    "ConfigurationError",
    "FailureAction",
    "Finding",
    "FindingKind",
    "GeneratorError",
    "GroundingMiddleware",
    "Guard",
    "GuardConfig",
    "GuardContext",
    "GuardState",
    "GuardedRunnable",
    "InputError",
    "LexguardError",
    "LexguardWarning",
    "LimitsConfig",
    "MissingDependencyError",
    "ModelLoadError",
    "ParseError",
    "RuleTimeoutError",
    "Severity",
    "Source",
    "Status",
    "ValidationFailedError",
    "ValidationReport",
    "Verdict",
    "VerifierStatus",
    "build_guard_graph",
    "checkpoint_serializer",
    "guard_state_graph",
]

__version__ = "0.1.0"

_resolve, __dir__ = lazy_exports("lexguard", _LAZY, globals())


def __getattr__(name: str) -> object:
    """Resolve a public name on first access; the first also loads :mod:`lexguard.render`, which
    registers the notebook view of reports (``ValidationReport._repr_html_``)."""
    value = _resolve(name)
    import lexguard.render  # noqa: F401  (light: stdlib html and the value objects)

    return value
