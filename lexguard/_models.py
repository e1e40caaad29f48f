"""Value objects shared by every validation step.

All models are frozen pydantic models: JSON-serialisable (``model_dump(mode="json")``) and safe
to put into LangGraph state. Build changed copies with ``model_copy(update=...)``.
"""

from __future__ import annotations

from enum import StrEnum
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "Severity",
    "Status",
    "Verdict",
    "FindingKind",
    "Span",
    "Source",
    "Citation",
    "Claim",
    "Finding",
    "AttemptRecord",
    "VerifierStatus",
    "ValidationReport",
]

Span = tuple[int, int]
"""A half-open ``(start, end)`` character range into the answer text."""

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class Severity(StrEnum):
    """How bad a finding is.

    ``soft`` findings are warnings, ``hard`` findings trigger self-correction, ``critical``
    findings skip retries and go straight to the fallback.
    """

    SOFT = "soft"
    HARD = "hard"
    CRITICAL = "critical"

    @property
    def rank(self) -> int:
        """Numeric order: soft 0, hard 1, critical 2."""
        return {"soft": 0, "hard": 1, "critical": 2}[self.value]


class Status(StrEnum):
    """Overall validation status of one answer."""

    VALID = "valid"
    VALID_WITH_WARNINGS = "valid_with_warnings"
    INVALID = "invalid"
    INCONCLUSIVE = "inconclusive"


class Verdict(StrEnum):
    """What the guard decided to do with the answer."""

    ACCEPT = "accept"
    RETRY = "retry"
    FALLBACK = "fallback"


class FindingKind(StrEnum):
    """Well-known finding kinds. ``Finding.kind`` is a plain string, so extensions may add more."""

    EMPTY_OUTPUT = "empty_output"
    MALFORMED = "malformed"
    PROHIBITED = "prohibited"
    REQUIRED_MISSING = "required_missing"
    CANONICAL_CONTRADICTION = "canonical_contradiction"
    FORBIDDEN_KNOWLEDGE = "forbidden_knowledge"
    PROTECTED_STATE = "protected_state"
    CUSTOM_RULE = "custom_rule"
    RULE_TIMEOUT = "rule_timeout"
    UNSUPPORTED = "unsupported"
    CONTRADICTED_VALUE = "contradicted_value"
    UNKNOWN_ENTITY = "unknown_entity"
    UNSUPPORTED_RELATIONSHIP = "unsupported_relationship"
    INVALID_CITATION = "invalid_citation"
    NO_SOURCES = "no_sources"
    GENERATOR_ERROR = "generator_error"
    CHECK_ERROR = "check_error"


class Source(BaseModel):
    """A passage the answer must be grounded in.

    Attributes:
        id: Stable identifier, cited back in :class:`Citation`. Defaults to ``"source-<n>"``.
        content: The passage text.
        metadata: Free-form metadata (title, page, section, url, ...), carried into citations.
        score: The retriever's relevance score, when the source came from a retriever.
    """

    model_config = _FROZEN

    id: str = ""
    content: str
    metadata: dict[str, Any] = Field(default_factory=dict)
    score: float | None = None

    @classmethod
    def from_any(cls, value: Any, index: int = 0) -> Source:
        """Coerce a string, a LangChain ``Document``, a dict or a ``Source`` into a ``Source``.

        Args:
            value: The object to convert.
            index: Position in the source list, used for a default id.

        Raises:
            InputError: If the value has no usable text.
        """
        from lexguard._errors import InputError

        default_id = f"source-{index}"
        if isinstance(value, Source):
            return value if value.id else value.model_copy(update={"id": default_id})
        if isinstance(value, str):
            return cls(id=default_id, content=value)
        page_content = getattr(value, "page_content", None)
        if isinstance(page_content, str):  # langchain_core.documents.Document
            metadata = dict(getattr(value, "metadata", None) or {})
            doc_id = getattr(value, "id", None) or metadata.get("id") or metadata.get("source")
            score = metadata.get("score", metadata.get("relevance_score"))
            return cls(
                id=str(doc_id) if doc_id else default_id,
                content=page_content,
                metadata=metadata,
                score=float(score) if isinstance(score, int | float) else None,
            )
        if isinstance(value, dict):
            content = value.get("content", value.get("page_content", value.get("text")))
            if not isinstance(content, str):
                raise InputError(
                    f"source {index} is a dict without a 'content' string; "
                    "pass {'id': ..., 'content': '...'} or a plain string"
                )
            metadata = value.get("metadata") or {}
            score = value.get("score")
            if not isinstance(metadata, Mapping):
                raise InputError(f"source {index}: 'metadata' must be a dict, not {type(metadata).__name__}")
            if score is not None and (isinstance(score, bool) or not isinstance(score, int | float)):
                raise InputError(f"source {index}: 'score' must be a number or None, not {score!r}")
            return cls(id=str(value.get("id") or default_id), content=content, metadata=dict(metadata), score=score)
        raise InputError(
            f"source {index} has type {type(value).__name__}; "
            "pass a str, a langchain Document, a dict with 'content', or a lexguard.Source"
        )


class Citation(BaseModel):
    """Evidence that supports (or refutes) one claim.

    Attributes:
        claim_index: Index of the claim in ``ValidationReport.claims``.
        claim: The claim text.
        source_id: Id of the cited :class:`Source`.
        chunk_id: Id of the chunk inside the source (``"<source_id>#<n>"``).
        score: Strength of the evidence, 0..1 (meaning depends on ``method``).
        method: How the evidence was found: ``semantic``, ``exact``, ``nli``, ``llm`` or ``knowledge``.
        quote: The cited chunk text.
        metadata: The source's metadata (title, page, url, ...).
    """

    model_config = _FROZEN

    claim_index: int
    claim: str
    source_id: str
    chunk_id: str
    score: float
    method: str = "semantic"
    quote: str = ""
    metadata: dict[str, Any] = Field(default_factory=dict)


class Claim(BaseModel):
    """One checkable statement of the answer.

    Attributes:
        index: Position among the answer's claims.
        text: The claim text, as it appears in the answer.
        span: ``(start, end)`` character offsets of the claim in the answer as checked (after
            parsing; equal to the raw answer when the parser changed nothing).
        support: Calibrated probability (0..1) that the sources support the claim, when checked.
        supported: Whether the claim counts as supported; ``None`` when not checked.
        citations: The best evidence found for this claim, best first.
    """

    model_config = _FROZEN

    index: int
    text: str
    span: Span
    support: float | None = None
    supported: bool | None = None
    citations: tuple[Citation, ...] = ()


class Finding(BaseModel):
    """One problem found in the answer.

    Attributes:
        kind: What kind of problem (see :class:`FindingKind`; extensions may add kinds).
        severity: ``soft`` (warning), ``hard`` (retry) or ``critical`` (no retry).
        message: Human-readable description that can be fed back to the generator.
        span: Character range the finding is about, when it has one, in the answer *as checked*
            (the parser's cleaned text of that attempt: ``AttemptRecord.answer``).
        rule_id: Identifier of the rule or check that produced the finding.
        suggested_fix: Replacement text for ``span``, when a fix is known.
        fix_confidence: Confidence (0..1) in ``suggested_fix``; fixes above 0.9 may be auto-applied.
        evidence: The evidence behind the finding (a source quote, a rule pattern, ...).
        source_id: Source the evidence comes from.
        confidence: Confidence (0..1) that this really is a problem.
        stage: The validation step that produced it (parse, gate, support_check, ...).
    """

    model_config = _FROZEN

    kind: str
    severity: Severity = Severity.HARD
    message: str
    span: Span | None = None
    rule_id: str | None = None
    suggested_fix: str | None = None
    fix_confidence: float | None = None
    evidence: str | None = None
    source_id: str | None = None
    confidence: float | None = None
    stage: str | None = None

    @field_validator("span")
    @classmethod
    def _check_span(cls, value: Span | None) -> Span | None:
        if value is not None and (value[0] < 0 or value[1] < value[0]):
            raise ValueError(f"span {value} must satisfy 0 <= start <= end")
        return value


class VerifierStatus(BaseModel):
    """Whether one optional verifier (LLM judge, NLI model, knowledge check, ...) did its work.

    Attributes:
        name: The verifier, e.g. ``"judge"``, ``"judge.issup[2]"``, ``"nli"``, ``"knowledge"``.
        status: ``ok`` (ran fully), ``partial`` (some of its checks failed), ``failed`` (it
            raised or gave nothing usable), ``timed_out`` (it ran out of time) or ``skipped``
            (not run, e.g. nothing to check).
        reason: Why, when the status is not ``ok``.
        checks: How many checks it attempted.
        failed_checks: How many of those gave no usable verdict.
    """

    model_config = _FROZEN

    name: str
    status: Literal["ok", "partial", "failed", "timed_out", "skipped"]
    reason: str | None = None
    checks: int = 0
    failed_checks: int = 0

    @property
    def ran(self) -> bool:
        """True when the verifier gave at least one usable verdict."""
        return self.status in ("ok", "partial")


class AttemptRecord(BaseModel):
    """What one validation attempt produced (one entry of ``ValidationReport.history``)."""

    model_config = _FROZEN

    attempt: int
    answer: str
    confidence: float
    findings: tuple[Finding, ...] = ()
    decision: str = ""


class ValidationReport(BaseModel):
    """Everything the guard found out about an answer and what it decided.

    Attributes:
        status: ``valid``, ``valid_with_warnings``, ``invalid`` or ``inconclusive``.
        verdict: ``accept``, ``retry`` (only seen mid-graph) or ``fallback``.
        confidence: 0..1 confidence that the answer is acceptable.
        answer: The text the guard hands on (accepted, corrected, best attempt or refusal).
        original_answer: The first answer the guard was given.
        question: The user question, when known.
        findings: Problems of the final attempt.
        claims: Claims of the final attempt, each with its support and citations.
        citations: Flat list of the citations of the supported claims.
        corrected_text: The repaired text, when the guard changed the answer itself.
        user_message: A short message suitable for end users.
        reason: Why the report is ``inconclusive`` or why the fallback was taken.
        attempts: How many answers were validated (1 + retries).
        history: One record per attempt, in order.
        timings: Seconds spent per node (summed over attempts).
        verifiers: Status of each optional verifier of the final attempt (judge, NLI, ...):
            which did not run, or only partly, and why.
        metadata: Free-form extras (model versions, audit id, ...).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    status: Status
    verdict: Verdict
    confidence: float = Field(ge=0.0, le=1.0)
    answer: str
    original_answer: str = ""
    question: str | None = None
    findings: tuple[Finding, ...] = ()
    claims: tuple[Claim, ...] = ()
    citations: tuple[Citation, ...] = ()
    corrected_text: str | None = None
    user_message: str = ""
    reason: str | None = None
    attempts: int = 1
    history: tuple[AttemptRecord, ...] = ()
    timings: dict[str, float] = Field(default_factory=dict)
    verifiers: tuple[VerifierStatus, ...] = ()
    metadata: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> ValidationReport:
        if self.attempts < 0:
            raise ValueError("attempts must be >= 0")
        return self

    @property
    def accepted(self) -> bool:
        """True when the guard accepted the answer."""
        return self.verdict == Verdict.ACCEPT

    @property
    def unsupported_claims(self) -> tuple[Claim, ...]:
        """Claims the support check did not find supported."""
        return tuple(c for c in self.claims if c.supported is False)

    @property
    def hallucination_rate(self) -> float:
        """Share of checked claims that are unsupported (0 when nothing was checked)."""
        checked = [c for c in self.claims if c.supported is not None]
        if not checked:
            return 0.0
        return sum(1 for c in checked if not c.supported) / len(checked)

    def findings_at_least(self, severity: Severity | str) -> tuple[Finding, ...]:
        """Findings whose severity is ``severity`` or worse."""
        floor = Severity(severity).rank
        return tuple(f for f in self.findings if f.severity.rank >= floor)

    def _repr_html_(self) -> str:
        """HTML for notebooks: the answer with unsupported spans highlighted and the evidence."""
        from lexguard.integrations._html import render_report_html

        return render_report_html(self)
