"""The outcome of a support check."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from lexguard._models import Citation, Claim, Finding, VerifierStatus

__all__ = ["SupportResult", "Recommendation", "STRICT_REASON"]

STRICT_REASON = "a strict rule failed it: the sources give another value, name, polarity, order or rank"
"""``Claim.reason`` of a claim a strict rule failed (not a model): an instruction so failed keeps
its verdict (:mod:`~lexguard.grounding.reflect._self_rag`), advice the sources state otherwise."""

Recommendation = Literal["accept", "regenerate", "reject"]


class SupportResult(BaseModel):
    """What the support check found out about one answer.

    Attributes:
        claims: The answer's claims, each with its span, support probability, supported flag
            and citations (best evidence first).
        citations: Flat list of the best citation of every supported claim.
        findings: Problems found (``unsupported``, ``contradicted_value``, ``unknown_entity``,
            ...), each with a span into the answer, the evidence and its source id.
        confidence: 0..1 confidence that the answer is supported by the sources.
        hallucination_rate: Share of claims that are not supported.
        recommendation: ``accept``, ``regenerate`` (rate above ``max_hallucination_rate``) or
            ``reject`` (rate above ``reject_hallucination_rate``); never ``accept`` for an
            inconclusive result (``regenerate``: nothing was checked).
        inconclusive_reason: Why nothing could be checked (no sources, no claims, model
            failure); ``None`` when the check ran.
        hallucination_score: The chance that at least one checked claim is not supported
            (``1 - prod(support)``, :func:`~lexguard._models.hallucination_score`): the
            response-level ranking score the eval harness reads, over every claim the support
            check scored (one the Self-RAG reflection then reads as an opinion still counts:
            its words were scored, and they rank dialogue answers better). The claims decide
            the ``recommendation``; this score does not.
        judge: The LLM judge's assessment, when a judge ran.
        source_quality: Per source (Self-RAG): its relevance to the question, how many supported
            claims cite it, and a 0..1 score (``SourceQuality`` as dicts).
        verifiers: Status of each model that scored the claims (``verifier``, ``nli``,
            ``judge``): whether it ran, failed or timed out, and why.
        timings: Seconds spent per step (``claims``, ``index``, ``embed``, ``score``, ``nli``,
            ``judge``).
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    claims: tuple[Claim, ...] = ()
    citations: tuple[Citation, ...] = ()
    findings: tuple[Finding, ...] = ()
    confidence: float = Field(0.0, ge=0.0, le=1.0)
    hallucination_rate: float = Field(0.0, ge=0.0, le=1.0)
    recommendation: Recommendation = "accept"
    inconclusive_reason: str | None = None
    hallucination_score: float = Field(0.0, ge=0.0, le=1.0)
    judge: Any = None
    timings: dict[str, float] = Field(default_factory=dict)
    verifiers: tuple[VerifierStatus, ...] = ()
    source_quality: tuple[dict[str, Any], ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _never_accept_unchecked(cls, data: Any) -> Any:
        """An inconclusive result (nothing could be checked) never recommends ``accept``: a caller
        that reads only the recommendation must not take an unchecked answer as verified."""
        if isinstance(data, dict) and data.get("inconclusive_reason") and data.get("recommendation", "accept") == "accept":
            return {**data, "recommendation": "regenerate"}
        return data

    @property
    def inconclusive(self) -> bool:
        """True when the check could not run."""
        return self.inconclusive_reason is not None

    @property
    def unsupported_claims(self) -> tuple[Claim, ...]:
        """Claims found unsupported."""
        return tuple(c for c in self.claims if c.supported is False)
