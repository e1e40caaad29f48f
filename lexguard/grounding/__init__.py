"""Grounding: is the answer supported by its sources, claim by claim?

The support check cuts an answer into claims (:func:`extract_claims`), finds the best source
chunks for each (embeddings + FAISS), scores support from several signals into a calibrated
probability, and reports findings with spans, evidence and citations (:class:`SupportChecker`).
"""

from lexguard.grounding._checker import SupportChecker
from lexguard.grounding._claims import LLMClaimExtractor, extract_claims
from lexguard.grounding._confidence import (
    ConfidenceWeights,
    QueryType,
    classify_query,
    hallucination_rate,
    judge_confidence,
    recommendation,
    support_confidence,
)
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding._features import FEATURE_NAMES, SupportModel, load_support_model
from lexguard.grounding._index import Chunk, SourceIndex, chunk_sources
from lexguard.grounding._judge import SelfRAGJudge
from lexguard.grounding._meta import is_meta_statement
from lexguard.grounding._stacker import VerifierStack
from lexguard.grounding._threshold import Calibration
from lexguard.grounding._verifier import ClaimVerifier
from lexguard.grounding._judge_models import (
    ClaimJudgement,
    JudgeAssessment,
    JudgeConfig,
    RelevanceJudgement,
    UsefulnessJudgement,
)
from lexguard.grounding._nli import NLIScores, NLIVerifier
from lexguard.grounding._provenance import CitationStyle, format_citation, format_citations
from lexguard.grounding._result import Recommendation, SupportResult
from lexguard.grounding._sentences import split_sentences

__all__ = [
    "FEATURE_NAMES",
    "Calibration",
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
