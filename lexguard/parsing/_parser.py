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


def _malformed(
    config: ParserConfig, message: str, rule: str, evidence: str | None = None
) -> Finding:
    """A text-mode content rejection (``malformed``, at ``config.rejection_severity``)."""
    return _finding(FindingKind.MALFORMED, config.rejection_severity, message, rule, evidence)


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
    current = normalize_whitespace(text) if config.normalize else text
    applied = ["normalize"] if current != text else []
    if not current.strip():
        return _empty(current, [], applied, config.rejection_severity)
    if config.mode == "structured":
        return _parse_structured(current, config, [], applied)
    return _parse_text(_Cleaning(current, applied), config, truncated)


class _Cleaning:
    """The text being cleaned in text mode, with what each cleaning step removed and applied."""

    def __init__(self, text: str, applied: list[str]) -> None:
        self.text = text
        self.removed: list[str] = []
        self.applied = applied

    def step(self, name: str, result: tuple[str, list[str]]) -> None:
        """Take a cleaning step's ``(new text, removed pieces)``; record it when it changed the text."""
        new, pieces = result
        if new != self.text:
            self.applied.append(name)
            self.removed.extend(pieces)
        self.text = new

    def reject(self, finding: Finding) -> ParseResult:
        """The rejected result for ``finding``, carrying the text and record so far."""
        return _reject(self.text, finding, self.removed, self.applied)

    def accept(self) -> ParseResult:
        """The accepted result: the cleaned text and the record of the steps."""
        return ParseResult(
            text=self.text, removed=tuple(self.removed), applied=tuple(self.applied)
        )


def _parse_text(cleaning: _Cleaning, config: ParserConfig, truncated: bool) -> ParseResult:
    """Text mode after normalisation: reject meta-text, clean, then check the cleaned text.

    Args:
        cleaning: The normalised, non-blank text and its record.
        config: Parser settings.
        truncated: True when the generator stopped early.

    Returns:
        The accepted result, or the first rejection.
    """
    finding = _meta_text_finding(cleaning.text, config)
    if finding is not None:
        return cleaning.reject(finding)
    _strip_extras(cleaning, config)
    cleaning.text = cleaning.text.strip()
    if not cleaning.text:
        return _empty(cleaning.text, cleaning.removed, cleaning.applied, config.rejection_severity)
    finding = _fragment_finding(cleaning.text, config) or _check_ending(
        cleaning, config, truncated
    )
    if finding is not None:
        return cleaning.reject(finding)
    if config.complete_sentences:
        cleaning.step("sentence_completion", (_clean.complete_sentence(cleaning.text), []))
    finding = _min_chars_finding(cleaning.text, config)
    return cleaning.reject(finding) if finding is not None else cleaning.accept()


def _meta_text_finding(text: str, config: ParserConfig) -> Finding | None:
    """The rejection for meta-text (notes, labels, instructions) in ``text``, if any."""
    anywhere = config.meta_match == "anywhere"
    phrase = (
        _clean.find_meta_text(text, config.meta_phrases, anywhere=anywhere)
        if config.reject_meta_text
        else None
    )
    return None if phrase is None else _malformed(
        config,
        f"The answer contains meta-text ({phrase!r}); answer directly, without notes, "
        "labels or instructions.", "meta_text", phrase)


def _strip_extras(cleaning: _Cleaning, config: ParserConfig) -> None:
    """Apply the removal steps: single line, stage / script directions, speaker labels and the
    whitespace collapse, in that order."""
    if config.single_line:
        current = cleaning.text
        line = _clean.first_line(current)
        rest = current.strip()[len(line):].strip() if current.strip().startswith(line) else ""
        cleaning.step("single_line", (line, [rest] if rest else []))
    if config.stage_pattern is not None:
        cleaning.step("stage_directions", _clean.strip_pattern(cleaning.text, config.stage_pattern))
    else:
        cleaning.step("stage_directions", _clean.strip_stage_directions(
            cleaning.text, config.stage_directions))
    if config.script_directions:
        if config.script_pattern is not None:
            cleaning.step("script_directions", _clean.strip_pattern(
                cleaning.text, config.script_pattern, keep_digits=config.keep_citations))
        else:
            cleaning.step("script_directions",
                          _clean.strip_script_directions(cleaning.text, config.keep_citations))
    if config.speaker_labels:
        if config.speaker_pattern is not None:
            cleaning.step("speaker_labels", _clean.strip_pattern(
                cleaning.text, config.speaker_pattern, multiline=True))
        else:
            cleaning.step("speaker_labels", _clean.strip_speaker_labels(cleaning.text))
    if config.collapse_whitespace:
        cleaning.step("collapse_whitespace", (_clean.collapse_spaces(cleaning.text), []))


def _fragment_finding(text: str, config: ParserConfig) -> Finding | None:
    """The rejection for a sentence fragment (an answer that starts mid-thought), if any."""
    start = _clean.is_fragment(text, config.fragment_starts) if config.reject_fragments else None
    return None if start is None else _malformed(
        config,
        f"The answer is a sentence fragment (starts with {start!r}); write complete "
        "sentences that stand on their own.", "fragment", start)


def _check_ending(cleaning: _Cleaning, config: ParserConfig, truncated: bool) -> Finding | None:
    """Handle how the answer ends: trim a truncated answer to its last complete sentence (a
    rejection when none ended), or reject a dangling last word."""
    current = cleaning.text
    end = _clean.last_sentence_end(current)
    if truncated and end != len(current):
        if end is None:
            word = _clean.dangling_word(current, config.dangling_words)
            why = f" (it ends mid-sentence on {word!r})" if word else ""
            return _malformed(
                config,
                f"The answer was cut off before its first sentence ended{why}; write a shorter, "
                "complete answer.", "truncated", word)
        cleaning.step("truncation_trim", (current[:end].rstrip(), [current[end:].strip()]))
    elif config.reject_dangling and end != len(current) and _clean.ends_dangling(
        current, config.dangling_words
    ):
        return _malformed(
            config,
            "The answer ends mid-sentence (on a dangling word); finish every sentence.",
            "dangling", current[-30:])
    return None


def _min_chars_finding(text: str, config: ParserConfig) -> Finding | None:
    """The rejection for an answer shorter than ``config.min_chars``, if it is."""
    if len(text) >= config.min_chars:
        return None
    return _malformed(
        config,
        f"The answer is too short ({len(text)} characters, at least "
        f"{config.min_chars} needed); give a complete answer.", "min_chars")


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
