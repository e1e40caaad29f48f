"""Settings of the rule gate."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["GateConfig"]


class GateConfig(BaseModel):
    """Rule gate settings.

    Attributes:
        enabled: Run the gate at all.
        prohibited_patterns: Text the answer must never contain. ``/.../`` is a
            case-insensitive regex, anything else a case-insensitive substring.
        prohibited_severity: Severity of a prohibited-pattern match.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: bool = True
    prohibited_patterns: tuple[str, ...] = ()
    prohibited_severity: str = "hard"
