"""Rule gate: deterministic rules with severities (the ``gate`` node's logic)."""

from lexguard.gate._config import GateConfig
from lexguard.gate._gate import run_gate

__all__ = ["GateConfig", "run_gate"]
