"""The judge's verdicts (its structured output) as the judgements of a :class:`JudgeAssessment`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lexguard._models import Claim, Source
from lexguard.grounding.verify._judge_models import (
    RELEVANCE_SCORES,
    SUPPORT_SCORES,
    ClaimJudgement,
    RelevanceJudgement,
    UsefulnessJudgement,
)
from lexguard.grounding.verify._judge_prompts import (
    RelevanceVerdict,
    SupportVerdict,
    UsefulnessVerdict,
)

__all__ = ["claim_support", "relevance", "usefulness"]


def claim_support(
    claims: Sequence[Claim],
    supports: Sequence[SupportVerdict | None],
    sources: Sequence[Source],
    claim_sources: Mapping[int, Sequence[Source]] | None,
) -> dict[int, ClaimJudgement]:
    """The ISSUP verdicts by claim index (claims without one left out); a cited source id the
    judge was not shown is dropped."""
    claim_support: dict[int, ClaimJudgement] = {}
    for claim, verdict in zip(claims, supports, strict=True):
        if verdict is None:
            continue
        evidence = claim_sources.get(claim.index, sources) if claim_sources else sources
        known_ids = {s.id for s in evidence} | {s.id for s in sources}
        claim_support[claim.index] = ClaimJudgement(
            claim_index=claim.index,
            label=verdict.support,
            score=SUPPORT_SCORES[verdict.support],
            source_id=verdict.source_id if verdict.source_id in known_ids else None,
            reason=verdict.reason,
        )
    return claim_support


def relevance(rel: RelevanceVerdict | None, sources: Sequence[Source]) -> RelevanceJudgement | None:
    """The ISREL judgement (unknown source ids dropped), or ``None`` without a verdict."""
    if rel is None:
        return None
    source_ids = {s.id for s in sources}
    return RelevanceJudgement(
        label=rel.relevance,
        score=RELEVANCE_SCORES[rel.relevance],
        relevant_source_ids=tuple(i for i in rel.relevant_source_ids if i in source_ids),
        reason=rel.reason,
    )


def usefulness(use: UsefulnessVerdict | None) -> UsefulnessJudgement | None:
    """The ISUSE judgement (rating 1-5 scaled to 0-1), or ``None`` without a verdict."""
    if use is None:
        return None
    return UsefulnessJudgement(rating=use.rating, score=(use.rating - 1) / 4, reason=use.reason)
