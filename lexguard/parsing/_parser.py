"""Parse raw output into clean text, or findings that say why it was rejected."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from lexguard._models import Finding, FindingKind, Severity
from lexguard.parsing._config import ParserConfig

__all__ = ["ParseResult", "parse_output"]


class ParseResult(BaseModel):
    """Outcome of parsing one raw output.

    Attributes:
        text: The cleaned text (the raw text when parsing was rejected).
        ok: False when the output was rejected.
        findings: Why it was rejected, or what was cleaned (soft findings).
        data: Structured data extracted in structured mode.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    text: str
    ok: bool = True
    findings: tuple[Finding, ...] = ()
    data: Any = None


def parse_output(text: str, config: ParserConfig | None = None, *, truncated: bool = False) -> ParseResult:
    """Clean ``text`` and decide whether it is usable.

    Args:
        text: Raw model output.
        config: Parser settings; defaults to :class:`ParserConfig`.
        truncated: True when the generator stopped early (e.g. finish reason ``length``).

    Returns:
        A :class:`ParseResult`; ``ok`` is False when the output must be regenerated.
    """
    config = config or ParserConfig()
    cleaned = text.strip()
    if len(cleaned) < max(config.min_chars, 1):
        return ParseResult(
            text=text,
            ok=False,
            findings=(
                Finding(
                    kind=FindingKind.EMPTY_OUTPUT,
                    severity=Severity.HARD,
                    message="The answer is empty; write a complete answer to the question.",
                    rule_id="parse.empty",
                    stage="parse",
                ),
            ),
        )
    return ParseResult(text=cleaned)
