"""Settings of the output parser and its presets (``rag`` = ``default``, ``dialogue``, ``prose``,
``structured``, ``minimal``)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal

import regex
from pydantic import BaseModel, Field, field_serializer, field_validator

from lexguard._errors import ConfigurationError
from lexguard._models import Severity
from lexguard._value import SettingsModel

__all__ = [
    "ParserConfig",
    "ParserPreset",
    "DEFAULT_META_PHRASES",
    "DIALOGUE_META_PHRASES",
    "DEFAULT_FRAGMENT_STARTS",
    "DEFAULT_DANGLING_WORDS",
    "DIALOGUE_DANGLING_WORDS",
]

ParserPreset = Literal["default", "rag", "dialogue", "prose", "structured", "minimal"]

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
"""Meta phrases of the ``prose`` preset (matched at the start of a line or after a bracket)."""

DIALOGUE_META_PHRASES: tuple[str, ...] = (
    "example answer:", "for example:", "example:", "note:", "remember:",
    "important:", "hint:", "tip:", "answer:", "reply:", "response:",
    "player asks", "player says", "npc replies", "npc says", "character responds",
    "if you wish", "if you want", "don't forget", "keep in mind",
    "you should", "you can", "you may", "use punctuation",
    "indicate a question", "respectively", "for strong emotions",
)
"""The validation-gating design's 27 meta-text patterns (``dialogue`` preset, matched anywhere)."""

DEFAULT_FRAGMENT_STARTS: tuple[str, ...] = (
    "depending on",
    "based on",
    "according to",
    "in order to",
    "so that",
    "such that",
)
"""Lower-case openings that mark an answer as a sentence fragment (the design's six)."""

DEFAULT_DANGLING_WORDS: tuple[str, ...] = (
    "the", "a", "an", "to", "and", "of", "or", "but", "in", "on", "at", "for", "with", "by",
    "from", "as", "that", "which", "who", "is", "are", "was", "were", "be", "my", "your",
    "his", "her", "their", "our", "its", "this", "these", "those", "if", "because", "than",
)
"""Words an answer cannot end on: an unterminated last sentence ending on one was cut off."""

DIALOGUE_DANGLING_WORDS: tuple[str, ...] = (
    "the", "a", "an", "to", "and", "or", "but", "for", "with", "of", "in", "on", "at", "by",
    "some", "kind",
)
"""The validation-gating design's 16 dangling words (``dialogue`` preset)."""

DIALOGUE_STAGE_PATTERN = r"\*[^*]*\*"
"""The design's stage-direction pattern: text in asterisks, anywhere."""

DIALOGUE_SCRIPT_PATTERN = r"\[.*?\]"
"""The design's script-direction pattern: text in square brackets, anywhere."""

DIALOGUE_SPEAKER_PATTERN = r"^\s*[A-Z][A-Za-z\s]+:\s*"
"""The design's speaker-label pattern (``Old Man: ``, ``The Wizard: ``), at line start."""


# The presets' field values (see ParserConfig.preset). Read-only: preset() copies them.
_PROSE_OFF: Mapping[str, Any] = MappingProxyType({
    "reject_meta_text": False,
    "single_line": False,
    "stage_directions": "keep",
    "script_directions": False,
    "speaker_labels": False,
    "collapse_whitespace": False,
    "reject_fragments": False,
    "complete_sentences": False,
    "reject_dangling": False,
})
_PROSE: Mapping[str, Any] = MappingProxyType({
    "reject_meta_text": True,
    "stage_directions": "edges",
    "script_directions": True,
    "speaker_labels": True,
    "reject_fragments": True,
    "complete_sentences": True,
})
_DIALOGUE: Mapping[str, Any] = MappingProxyType({
    **_PROSE,
    "meta_phrases": DIALOGUE_META_PHRASES,
    "meta_match": "anywhere",
    "single_line": True,
    "stage_pattern": DIALOGUE_STAGE_PATTERN,
    "script_pattern": DIALOGUE_SCRIPT_PATTERN,
    "keep_citations": False,
    "speaker_pattern": DIALOGUE_SPEAKER_PATTERN,
    "reject_dangling": False,
    "dangling_words": DIALOGUE_DANGLING_WORDS,
    "min_chars": 1,
    "rejection_severity": Severity.CRITICAL,
})
_PRESETS: Mapping[str, Mapping[str, Any]] = MappingProxyType({
    "default": MappingProxyType({}),
    "rag": MappingProxyType({}),
    "dialogue": _DIALOGUE,
    "prose": _PROSE,
    "structured": MappingProxyType({"mode": "structured", **_PROSE_OFF}),
    "minimal": _PROSE_OFF,
})


class ParserConfig(SettingsModel):
    """Output parser settings (the ``parse`` node).

    Build one from a preset with :meth:`preset`; ``ParserConfig()`` is the ``default`` preset,
    which is ``rag``: it suits answers of a RAG chain ("Answer: ...", "Note: ...", "Based on the
    sources, ..." and several lines all pass) and only refuses what no answer can be (empty,
    cut off mid-sentence, too short).

    Attributes:
        enabled: Run the parser at all (when off, the text passes unchanged).
        mode: ``text`` cleans prose; ``structured`` extracts a JSON value (also from a fenced
            block) and validates it against ``structured_model`` when one is given.
        normalize: Apply :func:`~lexguard.parsing.normalize_whitespace` first.
        min_chars: Reject output shorter than this (after cleaning) as too short.
        reject_meta_text: Reject output that contains a meta phrase (case-insensitive).
        meta_phrases: The meta phrases.
        meta_match: Where a meta phrase counts: ``line_start`` (at the start of a line or after
            an opening bracket) or ``anywhere`` in the text (the validation-gating design; a
            phrase that starts or ends with a letter must start or end on a word boundary, so
            ``irrespectively`` does not contain ``respectively``).
        single_line: Keep only the first non-empty line (applied before the other cleaning).
        stage_directions: Remove ``*...*`` stage directions: ``keep`` none, ``edges`` only at the
            start or end of a line (keeps inline emphasis such as ``*not*``), ``all`` everywhere.
        stage_pattern: A regular expression that replaces the built-in stage-direction
            pattern (every match is removed, wherever it is); ``None`` uses ``stage_directions``.
        script_directions: Remove ``[...]`` script directions.
        script_pattern: A regular expression that replaces the built-in script-direction
            pattern; ``keep_citations`` still keeps brackets with a digit when set.
        keep_citations: Keep brackets that look like citations (``[1]``, ``[source-2]``: they
            contain a digit) and markdown links (``[text](url)``) when removing script
            directions.
        speaker_labels: Remove speaker labels at line start (``Old Man: ``, up to four
            capitalised words followed by a colon and a space).
        speaker_pattern: A regular expression (multi-line mode) that replaces the built-in
            speaker-label pattern.
        collapse_whitespace: Collapse runs of spaces and tabs inside a line into one space.
        reject_fragments: Reject output that starts lower-case with one of ``fragment_starts``.
        fragment_starts: The fragment openings.
        complete_sentences: Append ``.`` when the last sentence lacks end punctuation (closing
            quotes and brackets after the punctuation are allowed).
        reject_dangling: Reject output whose unterminated last sentence ends on a dangling
            word (``the``, ``to``, ...) or on ``,``/``;``/``:`` even when the generator did not
            report a truncation.
        dangling_words: The dangling words (also named in the message when a truncated output
            has no complete sentence).
        structured_model: Pydantic model the JSON must validate against (structured mode).
        rejection_severity: Severity of content rejections (empty, meta-text, fragment,
            truncated, too short); ``hard`` asks the generator for a new answer, ``critical``
            (the ``dialogue`` preset: the design does not retry format failures) goes straight
            to the fallback.
        malformed_severity: Severity when structured mode finds no valid JSON. ``critical``
            (default) routes straight to the fallback; ``hard`` retries with the parse error as
            feedback.
        schema_severity: Severity when the JSON does not match ``structured_model``.
    """

    enabled: bool = True
    mode: Literal["text", "structured"] = "text"
    normalize: bool = True
    min_chars: int = Field(1, ge=0)
    reject_meta_text: bool = False
    meta_phrases: tuple[str, ...] = DEFAULT_META_PHRASES
    meta_match: Literal["line_start", "anywhere"] = "line_start"
    single_line: bool = False
    stage_directions: Literal["keep", "edges", "all"] = "keep"
    stage_pattern: str | None = None
    script_directions: bool = False
    script_pattern: str | None = None
    keep_citations: bool = True
    speaker_labels: bool = False
    speaker_pattern: str | None = None
    collapse_whitespace: bool = True
    reject_fragments: bool = False
    fragment_starts: tuple[str, ...] = DEFAULT_FRAGMENT_STARTS
    complete_sentences: bool = False
    reject_dangling: bool = True
    dangling_words: tuple[str, ...] = DEFAULT_DANGLING_WORDS
    structured_model: type[BaseModel] | None = None
    rejection_severity: Severity = Severity.HARD
    malformed_severity: Severity = Severity.CRITICAL
    schema_severity: Severity = Severity.HARD

    @field_validator("stage_pattern", "script_pattern", "speaker_pattern")
    @classmethod
    def _valid_regex(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                regex.compile(value)
            except regex.error as exc:
                raise ConfigurationError(
                    f"{value!r} is not a valid regular expression ({exc}); fix the pattern"
                ) from exc
        return value

    @field_serializer("structured_model")
    def _dump_model(self, model: type[BaseModel] | None) -> str | None:
        return None if model is None else f"{model.__module__}.{model.__qualname__}"

    @classmethod
    def preset(cls, name: ParserPreset = "default", **overrides: Any) -> ParserConfig:
        """Build a config from a named preset, with optional field overrides.

        Presets:
            ``default`` / ``rag``: for answers of a RAG chain: whitespace normalisation and
            collapse, the empty check, truncation handling (with ``truncated``: trim to the last
            complete sentence) and the dangling-end check. No meta-text, fragment, label or
            direction rules, no single line, no added full stop: "Answer: ...", "Note: ...",
            "based on the sources, ..." and lists pass unchanged.
            ``dialogue``: the validation-gating design, rule for rule: the 27 meta phrases
            anywhere in the text, single line, stage directions ``\\*[^*]*\\*`` and script
            directions ``\\[.*?\\]`` anywhere (citations too), speaker labels
            ``^\\s*[A-Z][A-Za-z\\s]+:\\s*``, the six fragment openings, sentence completion,
            truncation with the design's 16 dangling words, minimum length 1, and format
            failures ``critical`` (no retry, straight to the fallback).
            ``prose``: every text rule in its tolerant form (meta phrases at line start, stage
            directions at line edges, citations kept, several lines allowed, format failures
            retried); lexguard's default before the ``rag`` preset.
            ``structured``: JSON extraction and optional model validation; no prose rules.
            ``minimal``: only whitespace normalisation and the empty / too-short check.

        Args:
            name: The preset name.
            **overrides: Field values that replace the preset's.

        Raises:
            ConfigurationError: If the preset name is unknown.
        """
        if name not in _PRESETS:
            raise ConfigurationError(
                f"unknown parser preset {name!r}; use one of {', '.join(_PRESETS)}"
            )
        return cls(**{**_PRESETS[name], **overrides})
