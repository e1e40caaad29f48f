"""Finding kinds of the knowledge checks and the helper that builds their findings."""

from __future__ import annotations

from typing import Any

from lexguard._models import Finding
from lexguard.knowledge._config import KnowledgeConfig

__all__ = ["KnowledgeKind", "knowledge_finding"]


class KnowledgeKind:
    """Finding kinds produced by the knowledge checks (``Finding.kind`` values)."""

    UNKNOWN_ENTITY = "unknown_entity"
    CONTRADICTED_VALUE = "contradicted_value"
    UNSUPPORTED_RELATIONSHIP = "unsupported_relationship"
    UNVERIFIABLE = "unverifiable"


def knowledge_finding(kind: str, config: KnowledgeConfig, **fields: Any) -> Finding:
    """A finding of ``kind`` with the knowledge rule id and stage."""
    return Finding(kind=kind, rule_id=f"knowledge.{kind}", stage=config.stage, **fields)
