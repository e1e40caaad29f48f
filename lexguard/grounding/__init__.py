"""Grounding: is the answer supported by its sources, claim by claim?

The support check cuts an answer into claims (:func:`extract_claims`), finds the best source
chunks for each (embeddings + FAISS), scores support from several signals into a calibrated
probability, and reports findings with spans, evidence and citations (:class:`SupportChecker`).
"""

from lexguard.grounding._checker import SupportChecker
from lexguard.grounding._claims import LLMClaimExtractor, extract_claims
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding._features import FEATURE_NAMES, SupportModel, load_support_model
from lexguard.grounding._index import Chunk, SourceIndex, chunk_sources
from lexguard.grounding._result import Recommendation, SupportResult
from lexguard.grounding._sentences import split_sentences

__all__ = [
    "FEATURE_NAMES",
    "Chunk",
    "GroundingConfig",
    "LLMClaimExtractor",
    "Recommendation",
    "SourceIndex",
    "SupportChecker",
    "SupportModel",
    "SupportResult",
    "chunk_sources",
    "extract_claims",
    "load_support_model",
    "split_sentences",
]
