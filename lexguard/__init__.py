"""lexguard: post-generation validation for LangChain and LangGraph.

Public names are resolved lazily on first access, so ``import lexguard`` stays fast and does not
import LangGraph, LangChain, torch or sentence-transformers until they are needed.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from lexguard._errors import (
    BudgetExceededError,
    ConfigurationError,
    GeneratorError,
    InputError,
    LexguardError,
    ModelLoadError,
    ParseError,
    RuleTimeoutError,
    ValidationFailedError,
)

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from lexguard._config import GuardConfig
    from lexguard._graph import build_guard_graph, guard_graph_builder
    from lexguard._guard import Guard, GuardedRunnable
    from lexguard._limits import LimitsConfig
    from lexguard._models import (
        AttemptRecord,
        Citation,
        Claim,
        Finding,
        FindingKind,
        Severity,
        Source,
        Status,
        ValidationReport,
        Verdict,
        VerifierStatus,
    )
    from lexguard._state import GuardState
    from lexguard.integrations._middleware import GroundingMiddleware

_LAZY = {
    "AttemptRecord": "lexguard._models",
    "Citation": "lexguard._models",
    "Claim": "lexguard._models",
    "Finding": "lexguard._models",
    "FindingKind": "lexguard._models",
    "Severity": "lexguard._models",
    "Source": "lexguard._models",
    "Status": "lexguard._models",
    "ValidationReport": "lexguard._models",
    "Verdict": "lexguard._models",
    "VerifierStatus": "lexguard._models",
    "LimitsConfig": "lexguard._limits",
    "GuardConfig": "lexguard._config",
    "GuardState": "lexguard._state",
    "Guard": "lexguard._guard",
    "GuardedRunnable": "lexguard._guard",
    "build_guard_graph": "lexguard._graph",
    "guard_graph_builder": "lexguard._graph",
    "GroundingMiddleware": "lexguard.integrations._middleware",
}

__all__ = [
    "AttemptRecord",
    "BudgetExceededError",
    "Citation",
    "Claim",
    "ConfigurationError",
    "Finding",
    "FindingKind",
    "GeneratorError",
    "GroundingMiddleware",
    "Guard",
    "GuardConfig",
    "GuardState",
    "GuardedRunnable",
    "InputError",
    "LexguardError",
    "LimitsConfig",
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
    "guard_graph_builder",
]

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'lexguard' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
