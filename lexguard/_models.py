"""Value objects shared by every validation step.

All models are frozen pydantic models: JSON-serialisable (``model_dump(mode="json")``) and safe
to put into LangGraph state. Build changed copies with ``model_copy(update=...)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from lexguard._errors import ConfigurationError
from lexguard._enums import (
    CheckOutcome,
    FailureAction,
    FindingKind,
    Severity,
    Status,
    Verdict,
)
from lexguard._lazy import publish
from lexguard._source import Source
from lexguard._value import ValueModel

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
    "CheckOutcome",
    "CheckResult",
    "FailureAction",
    "VerifierStatus",
    "ValidationReport",
    "hallucination_rate",
    "register_html_view",
]

Span = tuple[int, int]
"""A half-open ``(start, end)`` character range into the answer text."""

_HTML_VIEW: list[Callable[[ValidationReport], str]] = []


def register_html_view(view: Callable[[ValidationReport], str]) -> None:
    """Set the function behind ``ValidationReport._repr_html_`` (:mod:`lexguard.render` registers
    its renderer when imported, so this values module does not import the renderer)."""
    _HTML_VIEW[:] = [view]


def hallucination_rate(claims: Iterable[Claim]) -> float:
    """Share of checked claims (``supported`` not ``None``) that are unsupported; 0 if none.

    The one hallucination rate: the report's property, the support check's result
    (``grounding/_scoring.py``) and the Self-RAG reflection call it.
    """
    checked = [c for c in claims if c.supported is not None]
    if not checked:
        return 0.0
    return sum(1 for c in checked if not c.supported) / len(checked)


def hallucination_score(claims: Iterable[Claim]) -> float:
    """The chance that at least one checked claim is not supported: ``1 - prod(support)``.

    Each claim's support is read as independent of the others'. It ranks answers (the eval
    harness's AUROC reads it): an answer with two doubtful claims scores above one with a single
    doubtful claim. The decision is the claims' own (``supported``), never this score: an
    accepted answer of many claims each just above the threshold may score higher than a
    refused one-claim answer. 0 when nothing was checked.
    """
    held = 1.0
    for c in claims:
        if c.supported is not None:
            held *= min(1.0, max(0.0, c.support or 0.0))
    return 1.0 - held


class Citation(ValueModel):
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

    claim_index: int
    claim: str
    source_id: str
    chunk_id: str
    score: float
    method: str = "semantic"
    quote: str = ""
    metadata: dict[str, Any] = Field(default_factory=dict)


ClaimStatus = Literal["supported", "contradicted", "unsupported", "not_checked"]
"""What the support check concluded about one claim."""

ClaimKind = Literal["fact", "meta", "opinion", "instruction", "code"]
"""What a piece of the answer is: a fact to check against the sources, a meta statement
(preamble, sign-off, a remark about the sources), an opinion, an instruction, or code."""


class Claim(ValueModel):
    """One checkable statement of the answer.

    Attributes:
        index: Position among the answer's claims.
        text: The claim text, as it appears in the answer.
        span: ``(start, end)`` character offsets of the claim in the answer as checked (after
            parsing; equal to the raw answer when the parser changed nothing).
        support: Calibrated probability (0..1) that the sources support the claim, when checked.
        supported: Whether the claim counts as supported; ``None`` when not checked.
        citations: The best evidence found for this claim, best first.
        status: ``supported``, ``contradicted`` (the evidence says otherwise),
            ``unsupported`` (the sources do not say it) or ``not_checked`` (see ``reason``);
            ``None`` before the support check ran.
        reason: Why the claim has its status, always set for ``not_checked`` (a meta statement,
            code, no evidence retrieved, a model error).
        kind: ``fact`` (checked against the sources), or ``meta`` / ``opinion`` /
            ``instruction`` (not facts: ``not_checked``, and they do not make the answer
            inconclusive), or ``code`` (text no check reads: ``not_checked``, and the answer is
            inconclusive).
    """

    index: int
    text: str
    span: Span
    support: float | None = None
    supported: bool | None = None
    citations: tuple[Citation, ...] = ()
    status: ClaimStatus | None = None
    reason: str | None = None
    kind: ClaimKind = "fact"

    @property
    def unread(self) -> bool:
        """True when this is a fact or code that no check verified (it makes a result inconclusive)."""
        return self.supported is None and self.kind in ("fact", "code")


class Finding(ValueModel):
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
            raise ConfigurationError(
                f"span {value} must satisfy 0 <= start <= end; give (start, end) character offsets"
            )
        return value


class CheckResult(ValueModel):
    """What one check found out about one answer.

    Attributes:
        check: Name of the check (its ``name``; the graph node and the ``on_fail`` key).
        outcome: See :class:`CheckOutcome`.
        findings: Problems found; spans point into the answer as this check saw it.
        confidence: The check's confidence (0..1) that the answer passes it, when it measures
            one (the support check does; rule checks give ``None``).
        reason: Why the check failed, was inconclusive or skipped.
        claims: Claims the check cut the answer into, with their support (support check).
        citations: Evidence for the supported claims (support check).
        text: The answer as the following checks should see it, when this check rewrote it
            (the parser's cleaned text); ``None`` when unchanged.
        stop: True when the following checks cannot run on this output (the parser rejected it).
        action: What a failure of this check makes the guard do.
        data: JSON-serialisable extras (gate mutations, citation counts, ...).
        seconds: Time the check took.
    """

    check: str
    outcome: CheckOutcome
    findings: tuple[Finding, ...] = ()
    confidence: float | None = Field(None, ge=0.0, le=1.0)
    reason: str | None = None
    claims: tuple[Claim, ...] = ()
    citations: tuple[Citation, ...] = ()
    text: str | None = None
    stop: bool = False
    action: FailureAction = FailureAction.REASK
    data: dict[str, Any] = Field(default_factory=dict)
    seconds: float = 0.0

    @property
    def blocking(self) -> tuple[Finding, ...]:
        """Hard and critical findings, unless the check only records (``action="record"``)."""
        if self.action == FailureAction.RECORD:
            return ()
        return tuple(f for f in self.findings if f.severity.rank >= Severity.HARD.rank)

    @property
    def checked_claims(self) -> int:
        """How many claims this check really checked (``supported`` is not ``None``)."""
        return sum(1 for c in self.claims if c.supported is not None)


class VerifierStatus(ValueModel):
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

    name: str
    status: Literal["ok", "partial", "failed", "timed_out", "skipped"]
    reason: str | None = None
    checks: int = 0
    failed_checks: int = 0

    @property
    def ran(self) -> bool:
        """True when the verifier gave at least one usable verdict."""
        return self.status in ("ok", "partial")


class AttemptRecord(ValueModel):
    """What one validation attempt produced (one entry of ``ValidationReport.history``)."""

    attempt: int
    answer: str
    confidence: float
    findings: tuple[Finding, ...] = ()
    decision: str = ""
    checks: tuple[CheckResult, ...] = ()


class ValidationReport(ValueModel):
    """Everything the guard found out about an answer and what it decided.

    Attributes:
        status: ``valid``, ``valid_with_warnings``, ``invalid`` or ``inconclusive``.
        verdict: ``accept``, ``retry`` (only seen mid-graph), ``flag`` or ``fallback`` (see :class:`Verdict`).
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
        checks: The result of every configured check on the final attempt, in run order.
        timings: Seconds spent per node (summed over attempts).
        verifiers: Status of each optional verifier of the final attempt (judge, NLI, ...):
            which did not run, or only partly, and why.
        metadata: Free-form extras (model versions, audit id, ...).
    """

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
    checks: tuple[CheckResult, ...] = ()
    timings: dict[str, float] = Field(default_factory=dict)
    verifiers: tuple[VerifierStatus, ...] = ()
    metadata: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _check(self) -> ValidationReport:
        if self.attempts < 0:
            raise ConfigurationError(f"attempts={self.attempts} must be 0 or more")
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
        return hallucination_rate(self.claims)

    def findings_at_least(self, severity: Severity | str) -> tuple[Finding, ...]:
        """Findings whose severity is ``severity`` or worse."""
        floor = Severity(severity).rank
        return tuple(f for f in self.findings if f.severity.rank >= floor)

    def _repr_html_(self) -> str | None:
        """HTML for notebooks: the answer with unsupported spans highlighted and the evidence (the
        view :mod:`lexguard.render` registers; ``None``, the plain repr, before it is imported)."""
        return _HTML_VIEW[0](self) if _HTML_VIEW else None


publish("lexguard", Citation, Claim, Finding, CheckResult, VerifierStatus, AttemptRecord, ValidationReport)
