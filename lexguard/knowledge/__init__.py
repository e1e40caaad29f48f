"""Knowledge-graph validation: check an answer against known entities, properties and relations.

Finds unknown entities (with the closest known name as a suggestion), property values that
contradict the graph, relationships the graph does not contain and figures it cannot confirm,
and repairs the text in place when a fix is certain.

Example:
    >>> from lexguard.knowledge import KnowledgeContext, KnowledgeValidator
    >>> ctx = KnowledgeContext.from_dict({"entities": [
    ...     {"id": "svc-x", "name": "Service X", "properties": {"version": 2}}]})
    >>> report = KnowledgeValidator(ctx).validate_and_fix("Service X has version: 3.")
    >>> report.corrected_text
    'Service X has version: 2.'
"""

from lexguard.knowledge._kinds import KnowledgeKind
from lexguard.knowledge._claims import ClaimExtractor, default_claim_extractor, split_sentence_claims
from lexguard.knowledge._config import KnowledgeConfig
from lexguard.knowledge._context import Entity, KnowledgeContext, Relationship
from lexguard.knowledge._fixes import apply_fixes, is_auto_fixable
from lexguard.knowledge._linking import EntityMention, link_entities
from lexguard.knowledge._report import KnowledgeReport, SuggestedFix, knowledge_score, knowledge_status
from lexguard.knowledge._validator import KnowledgeValidator, check_knowledge, coerce_knowledge
from lexguard._lazy import publish_all

__all__ = [
    "ClaimExtractor",
    "Entity",
    "EntityMention",
    "KnowledgeConfig",
    "KnowledgeContext",
    "KnowledgeKind",
    "KnowledgeReport",
    "KnowledgeValidator",
    "Relationship",
    "SuggestedFix",
    "apply_fixes",
    "check_knowledge",
    "coerce_knowledge",
    "default_claim_extractor",
    "is_auto_fixable",
    "knowledge_score",
    "knowledge_status",
    "link_entities",
    "split_sentence_claims",
]

publish_all(__name__, globals())
