"""Parse raw output into clean text, or findings that say why it was rejected."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from lexguard._errors import InputError, ParseError
from lexguard._models import Finding, FindingKind, Severity
from lexguard.parsing import _clean
from lexguard.parsing._config import ParserConfig
from lexguard.parsing._structured import extract_json, json_prose, validate_json
from lexguard.parsing._whitespace import normalize_whitespace

__all__ = ["ParseResult", "parse_output"]


class ParseResult(BaseModel):
    """Outcome of parsing one raw output.

    Attributes:
        text: The cleaned text (the normalised raw text when parsing was rejected).
        ok: False when the output was rejected.
        findings: Why it was rejected (empty when ``ok``).
        data: Structured data extracted in structured mode (the validated model instance
            when a ``structured_model`` is set, else the decoded JSON).
        prose: Structured mode: the prose of ``data`` (its string values, one a line; see
            :func:`~lexguard.parsing.json_prose`); ``None`` in text mode. Read it through
            :attr:`checked_text`.
        removed: Pieces the cleaning removed (stage/script directions, speaker labels, extra
            lines, a truncated tail), in order.
        applied: Names of the cleaning steps that changed the text (``normalize``,
            ``stage_directions``, ``script_directions``, ``speaker_labels``, ``single_line``,
            ``collapse_whitespace``, ``truncation_trim``, ``sentence_completion``).
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    text: str
    ok: bool = True
    findings: tuple[Finding, ...] = ()
    data: Any = None
    prose: str | None = None
    removed: tuple[str, ...] = ()
    applied: tuple[str, ...] = ()

    @property
    def checked_text(self) -> str:
        """The text the content checks (rules, support) should read: in structured mode the
        prose of the parsed value's string fields (the JSON syntax and keys are no claims), in
        text mode the cleaned :attr:`text`. ``text`` itself stays the JSON the user asked for."""
        return self.prose if self.prose is not None else self.text

    @property
    def malformed(self) -> bool:
        """True when a critical format failure means the output must go to the fallback."""
        return any(f.severity == Severity.CRITICAL for f in self.findings)


def _finding(kind: str, severity: Severity, message: str, rule: str, evidence: str | None = None) -> Finding:
    return Finding(
        kind=kind,
        severity=severity,
        message=message,
        rule_id=f"parse.{rule}",
        evidence=evidence,
        stage="parse",
    )


def _reject(text: str, finding: Finding, removed: list[str], applied: list[str]) -> ParseResult:
    return ParseResult(
        text=text, ok=False, findings=(finding,), removed=tuple(removed), applied=tuple(applied)
    )


def _empty(
    text: str, removed: list[str], applied: list[str], severity: Severity = Severity.HARD
) -> ParseResult:
    finding = _finding(
        FindingKind.EMPTY_OUTPUT,
        severity,
        "The answer is empty; write a complete answer to the question.",
        "empty",
    )
    return _reject(text, finding, removed, applied)


def parse_output(
    text: str, config: ParserConfig | None = None, *, truncated: bool = False
) -> ParseResult:
    """Clean ``text`` and decide whether it is usable.

    Text mode applies, in order: whitespace normalisation, the empty check, meta-text
    rejection, removal of stage directions / script directions / speaker labels, single-line
    enforcement, whitespace collapse, the fragment check, truncation handling (with
    ``truncated``: trim to the last complete sentence, reject when there is none), the
    dangling-word check, sentence completion and the minimum length. Structured mode extracts
    JSON (also from fenced blocks) and validates it against ``config.structured_model``.

    Empty output is a ``hard`` ``empty_output`` finding (retry); content rejections are
    ``malformed`` findings with ``config.rejection_severity`` (``hard``); a structured output
    without valid JSON is a ``malformed`` finding with ``config.malformed_severity``
    (``critical``: fallback), a schema mismatch one with ``config.schema_severity``. Each
    finding's message is written as feedback for the generator.

    Args:
        text: Raw model output.
        config: Parser settings; defaults to :class:`ParserConfig` (the ``default`` preset).
        truncated: True when the generator stopped early (e.g. finish reason ``length``).

    Returns:
        A :class:`ParseResult`; ``ok`` is False when the output must be regenerated or
        replaced.

    Raises:
        InputError: If ``text`` is not a string (unwrap messages with ``message.text`` first).
    """
    if not isinstance(text, str):
        raise InputError(
            f"parse_output expects the model's output as a str, not {type(text).__name__}; "
            "pass message.text (or use Guard, which unwraps messages)"
        )
    config = config or ParserConfig()
    if not config.enabled:
        return ParseResult(text=text)
    removed: list[str] = []
    applied: list[str] = []
    current = normalize_whitespace(text) if config.normalize else text
    if current != text:
        applied.append("normalize")
    if not current.strip():
        return _empty(current, removed, applied, config.rejection_severity)
    if config.mode == "structured":
        return _parse_structured(current, config, removed, applied)

    def step(name: str, result: tuple[str, list[str]]) -> None:
        nonlocal current
        new, pieces = result
        if new != current:
            applied.append(name)
            removed.extend(pieces)
        current = new

    severity = config.rejection_severity
    if config.reject_meta_text:
        phrase = _clean.find_meta_text(
            current, config.meta_phrases, anywhere=config.meta_match == "anywhere"
        )
        if phrase is not None:
            return _reject(current, _finding(
                FindingKind.MALFORMED, severity,
                f"The answer contains meta-text ({phrase!r}); answer directly, without notes, "
                "labels or instructions.", "meta_text", phrase), removed, applied)
    if config.single_line:
        line = _clean.first_line(current)
        rest = current.strip()[len(line):].strip() if current.strip().startswith(line) else ""
        step("single_line", (line, [rest] if rest else []))
    if config.stage_pattern is not None:
        step("stage_directions", _clean.strip_pattern(current, config.stage_pattern))
    else:
        step("stage_directions", _clean.strip_stage_directions(current, config.stage_directions))
    if config.script_directions:
        if config.script_pattern is not None:
            step("script_directions", _clean.strip_pattern(
                current, config.script_pattern, keep_digits=config.keep_citations))
        else:
            step("script_directions",
                 _clean.strip_script_directions(current, config.keep_citations))
    if config.speaker_labels:
        if config.speaker_pattern is not None:
            step("speaker_labels",
                 _clean.strip_pattern(current, config.speaker_pattern, multiline=True))
        else:
            step("speaker_labels", _clean.strip_speaker_labels(current))
    if config.collapse_whitespace:
        step("collapse_whitespace", (_clean.collapse_spaces(current), []))
    current = current.strip()
    if not current:
        return _empty(current, removed, applied, severity)
    if config.reject_fragments:
        start = _clean.is_fragment(current, config.fragment_starts)
        if start is not None:
            return _reject(current, _finding(
                FindingKind.MALFORMED, severity,
                f"The answer is a sentence fragment (starts with {start!r}); write complete "
                "sentences that stand on their own.", "fragment", start), removed, applied)
    end = _clean.last_sentence_end(current)
    if truncated and end != len(current):
        if end is None:
            word = _clean.dangling_word(current, config.dangling_words)
            why = f" (it ends mid-sentence on {word!r})" if word else ""
            return _reject(current, _finding(
                FindingKind.MALFORMED, severity,
                f"The answer was cut off before its first sentence ended{why}; write a shorter, "
                "complete answer.", "truncated", word), removed, applied)
        step("truncation_trim", (current[:end].rstrip(), [current[end:].strip()]))
    elif config.reject_dangling and end != len(current) and _clean.ends_dangling(
        current, config.dangling_words
    ):
        return _reject(current, _finding(
            FindingKind.MALFORMED, severity,
            "The answer ends mid-sentence (on a dangling word); finish every sentence.",
            "dangling", current[-30:]), removed, applied)
    if config.complete_sentences:
        step("sentence_completion", (_clean.complete_sentence(current), []))
    if len(current) < config.min_chars:
        return _reject(current, _finding(
            FindingKind.MALFORMED, severity,
            f"The answer is too short ({len(current)} characters, at least "
            f"{config.min_chars} needed); give a complete answer.", "min_chars"), removed, applied)
    return ParseResult(text=current, removed=tuple(removed), applied=tuple(applied))


def _parse_structured(
    text: str, config: ParserConfig, removed: list[str], applied: list[str]
) -> ParseResult:
    stripped = text.strip()
    try:
        data: Any = extract_json(stripped)
    except ParseError as exc:
        finding = _finding(FindingKind.MALFORMED, config.malformed_severity,
                           f"The answer is not valid JSON: {exc}.", "json")
        return _reject(stripped, finding, removed, applied)
    if config.structured_model is not None:
        try:
            data = validate_json(data, config.structured_model)
        except ParseError as exc:
            finding = _finding(FindingKind.MALFORMED, config.schema_severity,
                               f"The JSON answer is invalid: {exc}.", "schema")
            return ParseResult(text=stripped, ok=False, findings=(finding,), data=None,
                               removed=tuple(removed), applied=tuple(applied))
    return ParseResult(text=stripped, data=data, prose=json_prose(data), removed=tuple(removed),
                       applied=tuple(applied))
