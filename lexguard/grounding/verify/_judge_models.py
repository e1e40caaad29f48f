"""Result models of the Self-RAG judge and its settings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import Field

from lexguard._models import Citation, Claim, Source, VerifierStatus
from lexguard._value import SettingsModel, ValueModel
from lexguard.grounding.verify._weights import ConfidenceWeights
from lexguard.grounding.verify._judge_prompts import RelevanceLabel, SupportLabel

__all__ = [
    "JudgeConfig",
    "RelevanceJudgement",
    "UsefulnessJudgement",
    "ClaimJudgement",
    "JudgeAssessment",
    "judge_failure_status",
    "SUPPORT_SCORES",
    "RELEVANCE_SCORES",
]

SUPPORT_SCORES: dict[str, float] = {
    "fully_supported": 1.0,
    "partially_supported": 0.5,
    "not_supported": 0.0,
}
"""Probability-like score of each ISSUP label."""

RELEVANCE_SCORES: dict[str, float] = {"relevant": 1.0, "partially_relevant": 0.5, "irrelevant": 0.0}
"""Score of each ISREL label."""


class JudgeConfig(SettingsModel):
    """Settings of the LLM judge (embeddable in ``GroundingConfig``).

    Attributes:
        max_concurrency: Judge calls in flight at once for one answer.
        timeout: Seconds one judge call may take before it counts as failed; ``None``: no limit.
        max_source_chars: Each source is cut to this many characters in judge prompts.
        query_type: ``auto`` classifies the question; ``factual`` / ``conversational`` force the
            confidence weights preset.
        weights: Explicit confidence weights; override ``query_type`` when set.
    """

    max_concurrency: int = Field(8, ge=1, le=256)
    timeout: float | None = Field(60.0, gt=0)
    max_source_chars: int = Field(2000, ge=100)
    query_type: Literal["auto", "factual", "conversational"] = "auto"
    weights: ConfidenceWeights | None = None

    def weights_for(self, question: str | None) -> ConfidenceWeights:
        """The confidence weights to use for ``question`` under these settings."""
        if self.weights is not None:
            return self.weights
        if self.query_type != "auto":
            return ConfidenceWeights.for_query_type(self.query_type)
        return ConfidenceWeights.for_question(question)


class RelevanceJudgement(ValueModel):
    """Result of ISREL.

    Attributes:
        label: ``relevant``, ``partially_relevant`` or ``irrelevant``.
        score: 1.0 / 0.5 / 0.0 for those labels.
        relevant_source_ids: Sources the judge found relevant.
        reason: The judge's short explanation.
    """

    label: RelevanceLabel
    score: float
    relevant_source_ids: tuple[str, ...] = ()
    reason: str = ""


class UsefulnessJudgement(ValueModel):
    """Result of ISUSE.

    Attributes:
        rating: 1 (does not address the question) .. 5 (fully answers it).
        score: ``(rating - 1) / 4``, in 0..1.
        reason: The judge's short explanation.
    """

    rating: int = Field(ge=1, le=5)
    score: float
    reason: str = ""


class ClaimJudgement(ValueModel):
    """Result of ISSUP for one claim, ready to merge with the other support signals.

    Attributes:
        claim_index: ``Claim.index`` of the judged claim.
        label: ``fully_supported``, ``partially_supported`` or ``not_supported``.
        score: Probability-like support: 1.0 / 0.5 / 0.0 for those labels.
        source_id: Id of the source the judge found most supportive (``None`` if it named none or
            named an id that was not among the sources).
        reason: The judge's short explanation.
    """

    claim_index: int
    label: SupportLabel
    score: float
    source_id: str | None = None
    reason: str = ""

    def to_citation(self, claim: Claim, sources: Sequence[Source]) -> Citation | None:
        """Turn this judgement into an ``llm`` citation, or ``None`` when it names no source.

        A source passed to the judge may be a chunk; its ``metadata["source_id"]`` and
        ``metadata["chunk_id"]`` are used when present, else its id stands for both.
        """
        if self.source_id is None:
            return None
        source = next((s for s in sources if s.id == self.source_id), None)
        if source is None:
            return None
        metadata = dict(source.metadata)
        return Citation(
            claim_index=claim.index,
            claim=claim.text,
            source_id=str(metadata.get("source_id", source.id)),
            chunk_id=str(metadata.get("chunk_id", source.id)),
            score=self.score,
            method="llm",
            quote=source.content,
            metadata=metadata,
        )


class JudgeAssessment(ValueModel):
    """Everything the judge found out about one answer.

    Attributes:
        relevance: ISREL result, ``None`` when inconclusive or not run.
        usefulness: ISUSE result, ``None`` when inconclusive or not run.
        claim_support: ISSUP results keyed by ``Claim.index`` (inconclusive claims are absent).
        inconclusive: Names of the checks that gave no usable verdict (``isrel``, ``isuse``,
            ``issup[<claim index>]``).
        errors: Why each inconclusive check failed, keyed like ``inconclusive``.
        calls: Judge model calls made, retries included.
    """

    relevance: RelevanceJudgement | None = None
    usefulness: UsefulnessJudgement | None = None
    claim_support: dict[int, ClaimJudgement] = Field(default_factory=dict)
    inconclusive: tuple[str, ...] = ()
    errors: dict[str, str] = Field(default_factory=dict)
    calls: int = 0

    @property
    def relevance_score(self) -> float | None:
        """ISREL score in 0..1, ``None`` when inconclusive."""
        return None if self.relevance is None else self.relevance.score

    @property
    def support_score(self) -> float | None:
        """Mean ISSUP score over the judged claims, ``None`` when no claim was judged."""
        if not self.claim_support:
            return None
        return sum(j.score for j in self.claim_support.values()) / len(self.claim_support)

    @property
    def usefulness_score(self) -> float | None:
        """ISUSE score in 0..1, ``None`` when inconclusive."""
        return None if self.usefulness is None else self.usefulness.score

    @property
    def conclusive(self) -> bool:
        """True when every check that was attempted gave a usable verdict."""
        return not self.inconclusive

    def status(self, name: str = "judge") -> VerifierStatus:
        """Summarise this assessment as a :class:`~lexguard.VerifierStatus` for the report.

        ``ok`` when every check gave a verdict; ``partial`` when some failed (the reason lists
        them with their errors); ``failed`` (or ``timed_out`` when every failure was a timeout)
        when none gave a verdict. Checks skipped for want of a question or sources count as
        failed checks too: they did not verify anything.
        """
        verdicts = (self.relevance is not None) + (self.usefulness is not None) + len(self.claim_support)
        failed = len(self.inconclusive)
        if not failed:
            return VerifierStatus(name=name, status="ok", checks=verdicts, failed_checks=0)
        reason = "; ".join(f"{check}: {self.errors.get(check, 'no verdict')}" for check in self.inconclusive)
        if verdicts:
            state = "partial"
        elif all("timed out" in self.errors.get(check, "") for check in self.inconclusive):
            state = "timed_out"
        else:
            state = "failed"
        return VerifierStatus(name=name, status=state, reason=reason[:2000],
                              checks=verdicts + failed, failed_checks=failed)


def judge_failure_status(exc: BaseException, name: str = "judge") -> VerifierStatus:
    """The :class:`~lexguard.VerifierStatus` of a judge that raised instead of assessing."""
    timed_out = isinstance(exc, TimeoutError)
    return VerifierStatus(
        name=name,
        status="timed_out" if timed_out else "failed",
        reason=f"{type(exc).__name__}: {str(exc)[:500]}",
    )
