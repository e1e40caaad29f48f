"""Rule gate: deterministic rules with severities (the ``gate`` node's logic).

Five gates run in order: constraints (prohibitions / requirements), canonical facts, knowledge
boundaries (forbidden topics), mutations (proposed state changes) and custom rules. Rules come
from Python objects or a YAML/JSON file (:func:`load_rules`). :func:`build_feedback` writes the
retry feedback, escalating by :class:`EscalationMode`.
"""

from lexguard.gate._config import GateConfig, GatePreset
from lexguard.gate._feedback import EscalationMode, build_feedback
from lexguard.gate._gate import GateResult, evaluate_gate, run_gate
from lexguard.gate._loader import RuleSet, load_rules
from lexguard.gate._patterns import derive_patterns, find_pattern, is_regex_pattern
from lexguard.gate._rule_gate import RuleGate
from lexguard.gate._rules import (
    CanonicalFact,
    Constraint,
    ForbiddenTopic,
    GateFailure,
    Mutation,
    MutationType,
    PatternRule,
    PatternValidationRule,
    ValidationRule,
)
from lexguard._lazy import publish_all

__all__ = [
    "CanonicalFact",
    "Constraint",
    "EscalationMode",
    "ForbiddenTopic",
    "GateConfig",
    "GateFailure",
    "GatePreset",
    "GateResult",
    "Mutation",
    "MutationType",
    "PatternRule",
    "PatternValidationRule",
    "RuleGate",
    "RuleSet",
    "ValidationRule",
    "build_feedback",
    "derive_patterns",
    "evaluate_gate",
    "find_pattern",
    "is_regex_pattern",
    "load_rules",
    "run_gate",
]

publish_all(__name__, globals())
