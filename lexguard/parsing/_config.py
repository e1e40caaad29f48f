"""Settings of the output parser, with the presets ``default``, ``structured`` and ``minimal``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_serializer

from lexguard._errors import ConfigurationError
from lexguard._models import Severity

__all__ = [
    "ParserConfig",
    "ParserPreset",
    "DEFAULT_META_PHRASES",
    "DEFAULT_FRAGMENT_STARTS",
    "DEFAULT_DANGLING_WORDS",
]

ParserPreset = Literal["default", "structured", "minimal"]

DEFAULT_META_PHRASES: tuple[str, ...] = (
    "example answer:",
    "example response:",
    "note:",
    "remember:",
    "hint:",
    "answer:",
    "response:",
    "player says",
    "npc replies",
    "if you want",
    "keep in mind",
    "you should",
    "as an ai",
    "as a language model",
)
"""Phrases that mark meta-text (instructions or commentary rather than an answer)."""

DEFAULT_FRAGMENT_STARTS: tuple[str, ...] = (
    "depending on",
    "based on",
    "according to",
    "in order to",
    "so that",
    "such that",
)
"""Lower-case openings that mark an answer as a sentence fragment."""

DEFAULT_DANGLING_WORDS: tuple[str, ...] = (
    "the", "a", "an", "to", "and", "of", "or", "but", "in", "on", "at", "for", "with", "by",
    "from", "as", "that", "which", "who", "is", "are", "was", "were", "be", "my", "your",
    "his", "her", "their", "our", "its", "this", "these", "those", "if", "because", "than",
)
"""Words an answer cannot end on: an unterminated last sentence ending on one was cut off."""


class ParserConfig(BaseModel):
    """Output parser settings (the ``parse`` node).

    Build one from a preset with :meth:`preset`; ``ParserConfig()`` is the ``default`` preset.

    Attributes:
        enabled: Run the parser at all (when off, the text passes unchanged).
        mode: ``text`` cleans prose; ``structured`` extracts a JSON value (also from a fenced
            block) and validates it against ``structured_model`` when one is given.
        normalize: Apply :func:`~lexguard.parsing.normalize_whitespace` first.
        min_chars: Reject output shorter than this (after cleaning) as too short.
        reject_meta_text: Reject output with a meta phrase at the start of a line or after
            an opening bracket (case-insensitive).
        meta_phrases: The meta phrases.
        single_line: Keep only the first non-empty line.
        stage_directions: Remove ``*...*`` stage directions: ``keep`` none, ``edges`` only at the
            start or end of a line (keeps inline emphasis such as ``*not*``), ``all`` everywhere.
        script_directions: Remove ``[...]`` script directions.
        keep_citations: Keep brackets that look like citations (``[1]``, ``[source-2]``: they
            contain a digit) and markdown links (``[text](url)``) when removing script
            directions.
        speaker_labels: Remove speaker labels at line start (``Old Man: ``, up to four
            capitalised words followed by a colon and a space).
        collapse_whitespace: Collapse runs of spaces and tabs inside a line into one space.
        reject_fragments: Reject output that starts lower-case with one of ``fragment_starts``.
        fragment_starts: The fragment openings.
        complete_sentences: Append ``.`` when the last sentence lacks end punctuation (closing
            quotes and brackets after the punctuation are allowed).
        reject_dangling: Reject output whose unterminated last sentence ends on a dangling
            word (``the``, ``to``, ...) or on ``,``/``;``/``:``: it was cut off.
        dangling_words: The dangling words.
        structured_model: Pydantic model the JSON must validate against (structured mode).
        rejection_severity: Severity of content rejections (meta-text, fragment, truncated,
            too short); ``hard`` asks the generator for a new answer.
        malformed_severity: Severity when structured mode finds no valid JSON. ``critical``
            (default) routes straight to the fallback; ``hard`` retries with the parse error as
            feedback.
        schema_severity: Severity when the JSON does not match ``structured_model``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: bool = True
    mode: Literal["text", "structured"] = "text"
    normalize: bool = True
    min_chars: int = Field(1, ge=0)
    reject_meta_text: bool = True
    meta_phrases: tuple[str, ...] = DEFAULT_META_PHRASES
    single_line: bool = False
    stage_directions: Literal["keep", "edges", "all"] = "edges"
    script_directions: bool = True
    keep_citations: bool = True
    speaker_labels: bool = True
    collapse_whitespace: bool = True
    reject_fragments: bool = True
    fragment_starts: tuple[str, ...] = DEFAULT_FRAGMENT_STARTS
    complete_sentences: bool = True
    reject_dangling: bool = True
    dangling_words: tuple[str, ...] = DEFAULT_DANGLING_WORDS
    structured_model: type[BaseModel] | None = None
    rejection_severity: Severity = Severity.HARD
    malformed_severity: Severity = Severity.CRITICAL
    schema_severity: Severity = Severity.HARD

    @field_serializer("structured_model")
    def _dump_model(self, model: type[BaseModel] | None) -> str | None:
        return None if model is None else f"{model.__module__}.{model.__qualname__}"

    @classmethod
    def preset(cls, name: ParserPreset = "default", **overrides: Any) -> ParserConfig:
        """Build a config from a named preset, with optional field overrides.

        Presets:
            ``default``: every text rule on (meta-text, stage/script directions at line edges,
            speaker labels, fragments, sentence completion, truncation handling).
            ``structured``: JSON extraction and optional model validation; no prose rules.
            ``minimal``: only whitespace normalisation and the empty / too-short check.

        Args:
            name: The preset name.
            **overrides: Field values that replace the preset's.

        Raises:
            ConfigurationError: If the preset name is unknown.
        """
        prose_off: dict[str, Any] = {
            "reject_meta_text": False,
            "single_line": False,
            "stage_directions": "keep",
            "script_directions": False,
            "speaker_labels": False,
            "collapse_whitespace": False,
            "reject_fragments": False,
            "complete_sentences": False,
            "reject_dangling": False,
        }
        presets: dict[str, dict[str, Any]] = {
            "default": {},
            "structured": {"mode": "structured", **prose_off},
            "minimal": prose_off,
        }
        if name not in presets:
            raise ConfigurationError(
                f"unknown parser preset {name!r}; use one of {', '.join(presets)}"
            )
        return cls(**{**presets[name], **overrides})
