"""lexguard: post-generation validation for LangChain and LangGraph."""

from lexguard._errors import (
    ConfigurationError,
    GeneratorError,
    InputError,
    LexguardError,
    ModelLoadError,
    ParseError,
    RuleTimeoutError,
    ValidationFailedError,
)
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
)

__all__ = [
    "AttemptRecord",
    "Citation",
    "Claim",
    "ConfigurationError",
    "Finding",
    "FindingKind",
    "GeneratorError",
    "InputError",
    "LexguardError",
    "ModelLoadError",
    "ParseError",
    "RuleTimeoutError",
    "Severity",
    "Source",
    "Status",
    "ValidationFailedError",
    "ValidationReport",
    "Verdict",
]

__version__ = "0.1.0"
