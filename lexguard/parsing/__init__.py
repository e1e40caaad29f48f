"""Output parser: clean raw LLM output or reject it as malformed (the ``parse`` node's logic)."""

from lexguard.parsing._config import (
    DEFAULT_DANGLING_WORDS,
    DEFAULT_FRAGMENT_STARTS,
    DEFAULT_META_PHRASES,
    DIALOGUE_DANGLING_WORDS,
    DIALOGUE_META_PHRASES,
    ParserConfig,
    ParserPreset,
)
from lexguard.parsing._parser import ParseResult, parse_output
from lexguard.parsing._validated import ApprovedIntents, ValidatedOutput, validate_output
from lexguard.parsing._structured import extract_json, json_prose, validate_json
from lexguard.parsing._whitespace import normalize_whitespace
from lexguard._lazy import publish_all

__all__ = [
    "ApprovedIntents",
    "ValidatedOutput",
    "validate_output",
    "DEFAULT_DANGLING_WORDS",
    "DEFAULT_FRAGMENT_STARTS",
    "DEFAULT_META_PHRASES",
    "DIALOGUE_DANGLING_WORDS",
    "DIALOGUE_META_PHRASES",
    "ParseResult",
    "ParserConfig",
    "ParserPreset",
    "extract_json",
    "json_prose",
    "normalize_whitespace",
    "parse_output",
    "validate_json",
]

publish_all(__name__, globals())
