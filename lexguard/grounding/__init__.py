"""Grounding: is the answer supported by its sources, claim by claim?

The support check cuts an answer into claims (:func:`extract_claims`), finds the best source
chunks for each (embeddings + FAISS), scores support from several signals into a calibrated
probability, and reports findings with spans, evidence and citations (:class:`SupportChecker`).

Inside, by stage: ``claims/`` (sentences, claims, claim types, meta statements), ``signals/``
(lexical overlap, numbers, units, polarity), ``evidence/`` (the source index, evidence
selection, provenance), ``verify/`` (features and the support model, the learned verifier and
stacker, NLI, the LLM judge), ``reflect/`` (Self-RAG relevance and usefulness, consistency,
confidence); the checker, its pipeline and scoring sit on top.
"""

from lexguard.grounding._checker import SupportChecker
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding._result import Recommendation, SupportResult
from lexguard.grounding._threshold import Calibration
from lexguard.grounding.claims._claims import LLMClaimExtractor, extract_claims
from lexguard.grounding.evidence._provenance import format_citations
from lexguard.grounding.reflect._self_rag import assess_offline
from lexguard.grounding.verify._judge import SelfRAGJudge
from lexguard.grounding.verify._judge_models import JudgeAssessment, JudgeConfig
from lexguard.grounding.verify._nli import NLIVerifier
from lexguard.grounding.verify._weights import ConfidenceWeights
from lexguard._lazy import publish_all

__all__ = [
    "Calibration",
    "ConfidenceWeights",
    "GroundingConfig",
    "JudgeAssessment",
    "JudgeConfig",
    "LLMClaimExtractor",
    "NLIVerifier",
    "Recommendation",
    "SelfRAGJudge",
    "SupportChecker",
    "SupportResult",
    "assess_offline",
    "extract_claims",
    "format_citations",
]

publish_all(__name__, globals())
