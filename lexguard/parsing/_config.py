"""Settings of the output parser."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["ParserConfig"]


class ParserConfig(BaseModel):
    """Output parser settings.

    Attributes:
        enabled: Run the parser at all.
        min_chars: Reject output shorter than this after cleaning.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: bool = True
    min_chars: int = Field(1, ge=0)
