"""Output parser: clean raw LLM output or reject it as malformed (the ``parse`` node's logic)."""

from lexguard.parsing._config import ParserConfig
from lexguard.parsing._parser import ParseResult, parse_output

__all__ = ["ParserConfig", "ParseResult", "parse_output"]
