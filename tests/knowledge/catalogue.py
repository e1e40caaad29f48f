"""A small shared catalogue for the knowledge tests."""

from __future__ import annotations

from lexguard.knowledge import KnowledgeContext

CATALOGUE = {
    "entities": [
        {"id": "svc-x", "name": "Service X", "type": "service",
         "properties": {"version": 2, "owner": "Team Atlas", "port": 8080}},
        {"id": "db-z", "name": "Database Z", "type": "database", "aliases": ["DBZ"],
         "properties": {"engine": "PostgreSQL", "max_connections": 500}},
        {"id": "cache-q", "name": "Cache Q", "type": "cache"},
        {"id": "r200", "name": "Acme Router X200", "type": "product", "properties": {"price": 199}},
    ],
    "relationships": [
        {"subject": "svc-x", "predicate": "depends_on", "object": "db-z"},
        {"subject": "svc-x", "predicate": "uses", "object": "cache-q"},
    ],
}


def catalogue() -> KnowledgeContext:
    """The catalogue as a context."""
    return KnowledgeContext.from_dict(CATALOGUE)
