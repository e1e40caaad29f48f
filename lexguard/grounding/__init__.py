"""Grounding: is the answer supported by its sources, claim by claim?

The support check cuts an answer into claims (:func:`extract_claims`), finds the best source
chunks for each (embeddings + FAISS), scores support from several signals into a calibrated
probability, and reports findings with spans, evidence and citations (:class:`SupportChecker`).
"""

from lexguard.grounding._checker import SupportChecker
from lexguard.grounding.claims._claim_types import (
    ClaimType,
    classify_claim,
    classify_claims,
    fact_claims,
    mark_unverified,
)
from lexguard.grounding.claims._claims import LLMClaimExtractor, extract_claims
from lexguard.grounding.reflect._confidence import (
    REJECT_KIND,
    decide,
    hallucination_rate,
    judge_confidence,
    recommendation,
    reject_finding,
    support_confidence,
    weighted_confidence,
)
from lexguard.grounding.reflect._consistency import INCONSISTENCY_KIND, find_inconsistencies
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.verify._features import FEATURE_NAMES, SupportModel, load_support_model
from lexguard.grounding.evidence._index import Chunk, SourceIndex, chunk_sources
from lexguard.grounding.verify._judge import SelfRAGJudge
from lexguard.grounding.claims._meta import is_meta_statement
from lexguard.grounding.verify._stacker import VerifierStack
from lexguard.grounding._threshold import Calibration
from lexguard.grounding.verify._verifier import ClaimVerifier
from lexguard.grounding.verify._weights import ConfidenceWeights, QueryType, classify_query
from lexguard.grounding.verify._judge_models import (
    ClaimJudgement,
    JudgeAssessment,
    JudgeConfig,
    RelevanceJudgement,
    UsefulnessJudgement,
)
from lexguard.grounding.verify._nli import NLIScores, NLIVerifier
from lexguard.grounding.evidence._provenance import (
    RETRIEVER_SCORE_KEY,
    CitationStyle,
    cite_supporting,
    format_citation,
    format_citations,
    supporting_citations,
)
from lexguard.grounding.reflect._relevance import (
    ISREL_SCALE,
    ISUSE_SCALE,
    RelevanceScale,
    SourceRelevance,
    aggregate_relevance,
    answer_usefulness,
    merge_judge,
    source_relevance,
)
from lexguard.grounding._result import Recommendation, SupportResult
from lexguard.grounding.reflect._self_rag import (
    SelfRAGAssessment,
    SourceQuality,
    apply_self_rag,
    assess_offline,
    source_quality,
)
from lexguard.grounding.claims._sentences import split_sentences
from lexguard._lazy import publish_all

__all__ = [
    "FEATURE_NAMES",
    "Calibration",
    "INCONSISTENCY_KIND",
    "ISREL_SCALE",
    "ISUSE_SCALE",
    "REJECT_KIND",
    "RETRIEVER_SCORE_KEY",
    "ClaimType",
    "RelevanceScale",
    "SelfRAGAssessment",
    "SourceQuality",
    "SourceRelevance",
    "aggregate_relevance",
    "answer_usefulness",
    "apply_self_rag",
    "assess_offline",
    "cite_supporting",
    "classify_claim",
    "classify_claims",
    "decide",
    "fact_claims",
    "find_inconsistencies",
    "mark_unverified",
    "merge_judge",
    "reject_finding",
    "source_quality",
    "source_relevance",
    "supporting_citations",
    "weighted_confidence",
    "Chunk",
    "CitationStyle",
    "ClaimJudgement",
    "ClaimVerifier",
    "ConfidenceWeights",
    "GroundingConfig",
    "JudgeAssessment",
    "JudgeConfig",
    "LLMClaimExtractor",
    "NLIScores",
    "NLIVerifier",
    "QueryType",
    "Recommendation",
    "RelevanceJudgement",
    "SelfRAGJudge",
    "SourceIndex",
    "SupportChecker",
    "SupportModel",
    "SupportResult",
    "UsefulnessJudgement",
    "VerifierStack",
    "chunk_sources",
    "classify_query",
    "extract_claims",
    "format_citation",
    "format_citations",
    "is_meta_statement",
    "hallucination_rate",
    "judge_confidence",
    "load_support_model",
    "recommendation",
    "split_sentences",
    "support_confidence",
]

publish_all(__name__, globals())
