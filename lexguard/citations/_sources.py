"""Validate code-assistant style citations: a file path, a line range and the quoted text.

Decision rules (checked in this order; the first REJECT wins):

* **REJECT** when the path is empty or malformed; when it leads outside the allowed root,
  whether through ``../``, an absolute path or a symlink; when the file does not exist, is not
  a regular file (directory, FIFO, socket, device), has a symlink loop or cannot be read; when
  the line range is invalid (start < 1, end < start, or end past the last line).
* **REVIEW** when the quoted content does not match the cited lines (neither verbatim nor
  whitespace-insensitively; the audit design sends a mismatch to a person, not to REJECT), when
  nothing was quoted (the range exists but cannot be verified), when the quote is too short to
  identify its place (fewer than ``min_quote_chars`` characters or ``min_quote_tokens`` tokens,
  unless it is the whole cited text: ``"3"`` or ``"="`` match almost any line), when the file is
  larger than ``max_bytes`` or has more than one hard link (a hard link inside the root may be a
  file outside it: its text is not returned), when the alignment scorer fails or returns no
  number in 0..1 (NaN, inf), or when the claim's semantic alignment with the cited lines is
  below ``review_alignment`` (weak alignment: a person should look).
* **PASS** otherwise.

Files are read race-free (:mod:`lexguard.citations._files`): the path is opened one component
at a time relative to the root's descriptor without following links, and the text comes from
the descriptor that was checked, so a symlink or FIFO swapped in meanwhile cannot leak text
from outside the root or block.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import regex
from pydantic import Field

from lexguard._enums import OrderedStrEnum
from lexguard._errors import InputError
from lexguard._value import ValueModel
from lexguard.citations._files import UnreadableFile, read_under_root
from lexguard.citations._text import AlignmentScorer, fold_whitespace, token_overlap_scorer

_TOKEN = regex.compile(r"[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]")

__all__ = [
    "Decision",
    "CodeCitation",
    "SourceCheck",
    "SourcePolicy",
    "validate_source",
    "validate_sources",
]


class Decision(OrderedStrEnum):
    """What to do with a cited answer: PASS it, send it to human REVIEW, or REJECT it (in that
    order: ``rank`` 0, 1, 2)."""

    PASS = "PASS"
    REVIEW = "REVIEW"
    REJECT = "REJECT"


class CodeCitation(ValueModel):
    """A citation of lines of a file.

    Attributes:
        path: File path, relative to the allowed root (absolute paths must lie inside it).
        start_line: First cited line, 1-based.
        end_line: Last cited line, inclusive; defaults to ``start_line``.
        content: The text the model quoted from those lines (may be empty: REVIEW).
        claim: The statement the citation is meant to support (optional).
    """

    path: str
    start_line: int
    end_line: int | None = None
    content: str = ""
    claim: str = ""


class SourcePolicy(ValueModel):
    """Thresholds of source validation.

    Attributes:
        review_alignment: Claims aligning less than this with the cited lines go to REVIEW.
        max_bytes: Larger files are not read (REVIEW).
        min_quote_chars: A shorter quote (whitespace runs counted as one character) cannot
            identify its place and goes to REVIEW, unless it is the whole cited text.
        min_quote_tokens: The same in code tokens (a word, a number or one punctuation mark).
    """

    review_alignment: float = Field(0.3, ge=0.0, le=1.0)
    max_bytes: int = Field(5_000_000, ge=1)
    min_quote_chars: int = Field(8, ge=1)
    min_quote_tokens: int = Field(3, ge=1)


class SourceCheck(ValueModel):
    """The result of validating one :class:`CodeCitation`.

    Attributes:
        citation: The citation checked.
        decision: PASS, REVIEW or REJECT.
        reasons: Why (empty for a clean PASS).
        resolved_path: The real path the citation resolved to, when it is inside the root.
        cited_text: The actual text of the cited lines, when they exist.
        content_match: ``exact``, ``whitespace`` or ``None`` (no match or not checked).
        alignment: The scorer's claim/cited-text alignment, when a claim was given.
    """

    citation: CodeCitation
    decision: Decision
    reasons: tuple[str, ...] = ()
    resolved_path: str | None = None
    cited_text: str | None = None
    content_match: str | None = None
    alignment: float | None = None


def _reject(citation: CodeCitation, reason: str, **extra: Any) -> SourceCheck:
    return SourceCheck(citation=citation, decision=Decision.REJECT, reasons=(reason,), **extra)


def _citation(citation: Any) -> CodeCitation:
    if isinstance(citation, CodeCitation):
        return citation
    if not isinstance(citation, dict):
        raise InputError(
            f"a code citation must be a CodeCitation or a dict, not {type(citation).__name__}"
        )
    try:
        return CodeCitation.model_validate(citation)
    except ValueError as exc:
        raise InputError(
            f"malformed code citation ({exc}); give 'path', 'start_line' and optionally "
            "'end_line', 'content', 'claim'"
        ) from exc


def _too_short(quoted: str, cited: str, policy: SourcePolicy) -> str | None:
    """Why ``quoted`` is too short to identify its place in ``cited`` (``None`` when it is not)."""
    folded = fold_whitespace(quoted)
    if folded.replace(" ", "") == fold_whitespace(cited).replace(" ", ""):
        return None  # the whole cited text: nothing shorter could be quoted
    chars, tokens = len(folded), len(_TOKEN.findall(folded))
    if chars >= policy.min_quote_chars and tokens >= policy.min_quote_tokens:
        return None
    return (f"the quote {quoted.strip()[:40]!r} is too short to identify its place ({chars} character(s), "
            f"{tokens} token(s); at least {policy.min_quote_chars} and {policy.min_quote_tokens}, or the "
            "whole cited text); quote more of the cited lines")


def _alignment(c: CodeCitation, cited: str, scorer: AlignmentScorer | None) -> tuple[float | None, str | None]:
    """The claim's alignment with ``cited``, or why it could not be scored (then REVIEW)."""
    try:
        value = (scorer or token_overlap_scorer)(c.claim, cited)
        alignment = float(value)
    except Exception as exc:  # noqa: BLE001 - a user scorer must not break validation
        return None, f"the alignment scorer failed ({type(exc).__name__}: {exc})"
    if isinstance(value, bool) or not math.isfinite(alignment) or not 0.0 <= alignment <= 1.0:
        return None, f"the alignment scorer returned {value!r}, not a number in 0..1"
    return alignment, None


def _content_match(quoted: str, actual: str) -> str | None:
    quoted_s = quoted.strip("\r\n")
    if quoted_s and (quoted_s in actual or quoted_s.strip() in actual):
        return "exact"
    q, a = fold_whitespace(quoted).replace(" ", ""), fold_whitespace(actual).replace(
        " ", ""
    )
    if q and q in a:
        return "whitespace"
    return None


def validate_source(
    citation: CodeCitation | dict[str, Any],
    root: str | os.PathLike[str],
    *,
    scorer: AlignmentScorer | None = None,
    policy: SourcePolicy | None = None,
) -> SourceCheck:
    """Validate one code citation against the files under ``root`` (see the module rules).

    Args:
        citation: A :class:`CodeCitation` or a dict with its fields.
        root: The directory cited files must lie in. It is resolved first, so a symlinked root
            is fine; files reached through symlinks must still resolve inside it.
        scorer: ``scorer(claim, cited_text) -> 0..1``; defaults to
            :func:`~lexguard.citations.token_overlap_scorer` (no model needed). An embedding
            similarity can be plugged in here.
        policy: Thresholds; defaults to :class:`SourcePolicy`.

    Returns:
        The decision with its reasons. Never raises for a bad path: an unreadable, escaping or
        odd path is a REJECT with the reason, and a failing scorer is a REVIEW.

    Raises:
        InputError: If ``citation`` is not a citation at all (wrong type or missing fields).
    """
    c = _citation(citation)
    policy = policy or SourcePolicy()
    read = _cited_lines(c, root, policy)
    if isinstance(read, SourceCheck):
        return read
    cited, extra = read
    match, reasons = _quote_review(c, cited, policy)
    alignment, weak = _claim_review(c, cited, scorer, policy)
    reasons += weak
    decision = Decision.REVIEW if reasons else Decision.PASS
    return SourceCheck(citation=c, decision=decision, reasons=tuple(reasons), content_match=match,
                       alignment=alignment, **extra)


def _cited_lines(
    c: CodeCitation, root: str | os.PathLike[str], policy: SourcePolicy
) -> SourceCheck | tuple[str, dict[str, Any]]:
    """The text of the cited lines and the check's path fields (``resolved_path``,
    ``cited_text``), or the final check when they cannot be read: a REJECT for an unreadable or
    escaping path or a bad line range, a REVIEW for a hard-linked or too large file."""
    try:
        found = read_under_root(c.path, root, policy.max_bytes)
    except UnreadableFile as exc:
        reason = str(exc)
        if exc.outside:
            reason += f" {str(Path(root))!r}; cite files in it"
        return _reject(c, reason)
    extra: dict[str, Any] = {"resolved_path": found.path}
    if found.links > 1:
        return SourceCheck(citation=c, decision=Decision.REVIEW, **extra,
                           reasons=(f"{c.path!r} has {found.links} hard links: it may be a file outside the root, "
                                    "so its text is not used; check by hand",))
    if found.text is None:
        return SourceCheck(citation=c, decision=Decision.REVIEW, **extra,
                           reasons=(f"{c.path!r} has {found.size} bytes, more than {policy.max_bytes}; check by hand",))
    lines = found.text.splitlines()
    start, end = c.start_line, c.end_line if c.end_line is not None else c.start_line
    if start < 1 or end < start:
        return _reject(c, f"line range {start}-{end} is invalid (1-based, start <= end)", **extra)
    if end > len(lines):
        return _reject(c, f"line range {start}-{end} is past the end of {c.path!r} ({len(lines)} lines)", **extra)
    cited = "\n".join(lines[start - 1 : end])
    return cited, {**extra, "cited_text": cited}


def _quote_review(c: CodeCitation, cited: str, policy: SourcePolicy) -> tuple[str | None, list[str]]:
    """How the quoted content matches the cited lines (``exact``, ``whitespace`` or ``None``),
    and why it sends the citation to REVIEW: no quote, a mismatch (the audit design: a content
    mismatch goes to human REVIEW) or a quote too short to place."""
    if not c.content.strip():
        return None, ["nothing was quoted, so the cited lines cannot be verified"]
    match = _content_match(c.content, cited)
    if match is None:
        end = c.end_line if c.end_line is not None else c.start_line
        return None, [f"the quoted content does not match lines {c.start_line}-{end} of {c.path!r}"]
    short = _too_short(c.content, cited, policy)
    return match, [] if short is None else [short]


def _claim_review(
    c: CodeCitation, cited: str, scorer: AlignmentScorer | None, policy: SourcePolicy
) -> tuple[float | None, list[str]]:
    """The claim's alignment with the cited lines (``None`` without a claim or when the scorer
    failed), and why it sends the citation to REVIEW: a failing scorer or a weak alignment."""
    if not c.claim.strip():
        return None, []
    alignment, failure = _alignment(c, cited, scorer)
    if failure is not None:
        return alignment, [failure]
    if alignment is not None and alignment < policy.review_alignment:
        return alignment, [f"weak semantic alignment of claim and cited lines ({alignment:.2f} < "
                           f"{policy.review_alignment})"]
    return alignment, []


def validate_sources(
    citations: list[CodeCitation | dict[str, Any]],
    root: str | os.PathLike[str],
    *,
    scorer: AlignmentScorer | None = None,
    policy: SourcePolicy | None = None,
) -> tuple[Decision, tuple[SourceCheck, ...]]:
    """Validate several code citations; the overall decision is the worst one.

    An empty list is a REVIEW: an answer without citations cannot be verified.
    """
    checks = tuple(validate_source(c, root, scorer=scorer, policy=policy) for c in citations)
    if not checks:
        return Decision.REVIEW, checks
    return max((ch.decision for ch in checks), key=lambda d: d.rank), checks
