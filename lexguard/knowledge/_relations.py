"""Relationship check: relations stated between two known entities that the graph lacks."""

from __future__ import annotations

from collections.abc import Sequence

import regex

from lexguard._models import Finding, Severity
from lexguard.knowledge._config import KnowledgeConfig
from lexguard.knowledge._context import KnowledgeContext
from lexguard.knowledge._kinds import KnowledgeKind, knowledge_finding
from lexguard.knowledge._linking import EntityMention

__all__ = ["relationship_findings"]

_NEGATION = regex.compile(r"\b(?:not|never|no\s+longer|n't|neither|nor|without)\b", flags=regex.IGNORECASE)
_LIST_JOIN = regex.compile(r"^\s*(?:,|and|or|,\s*and|,\s*or|as\s+well\s+as|plus)\s*$", flags=regex.IGNORECASE)
_FILLER = frozenset("a an the is are was were be been being also".split())
_COORDINATORS = frozenset("and it they which that then".split())


def _stems(phrase: str) -> list[str]:
    out = []
    for word in regex.findall(r"[\p{L}\p{N}']+", phrase.lower()):
        if word in _FILLER:
            continue
        for suffix in ("ing", "ed", "es", "s"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 2:
                word = word[: -len(suffix)]
                break
        if len(word) > 3 and word[-1] == word[-2]:
            word = word[:-1]
        out.append(word.rstrip("e") or word)
    return out


def _contains(haystack: list[str], needle: list[str]) -> int:
    """Index just past the first occurrence of ``needle`` in ``haystack``, or -1."""
    n = len(needle)
    for i in range(len(haystack) - n + 1):
        if haystack[i : i + n] == needle:
            return i + n
    return -1


def relationship_findings(
    text: str, linked: Sequence[EntityMention], context: KnowledgeContext, config: KnowledgeConfig
) -> list[Finding]:
    predicates = {p: _stems(p) for p in context.predicates}
    predicates = {p: s for p, s in predicates.items() if s}
    findings: list[Finding] = []
    previous: tuple[EntityMention, str, bool] | None = None  # subject, predicate, passive
    for a, b in zip(linked, linked[1:], strict=False):
        between = text[a.span[1] : b.span[0]]
        if a.entity_id == b.entity_id or len(between.split()) > 8 or _NEGATION.search(between):
            previous = None
            continue
        if previous is not None and _LIST_JOIN.match(between):
            subject, predicate, passive = previous  # "depends on A and B": B shares the predicate
        else:
            stems = _stems(between)
            hit = next(((p, _contains(stems, s)) for p, s in predicates.items() if _contains(stems, s) >= 0), None)
            if hit is None:
                previous = None
                continue
            predicate, after = hit
            passive = "by" in stems[after:] and not predicate.endswith(" by")
            lead = stems[: after - len(predicates[predicate])]
            # "X depends on Y and uses Z": a coordinated verb keeps the sentence subject.
            coordinated = previous is not None and bool(lead) and set(lead) <= _COORDINATORS
            subject = previous[0] if coordinated and previous is not None else a
        previous = (subject, predicate, passive)
        src, dst = (b, subject) if passive else (subject, b)
        if context.has_relationship(src.entity_id or "", predicate, dst.entity_id or ""):
            continue
        src_entity, dst_entity = context.get(src.entity_id or ""), context.get(dst.entity_id or "")
        if src_entity is None or dst_entity is None:
            continue
        known = context.relationships_from(src_entity.id, predicate)
        hint = ", ".join(n.name for r in known if (n := context.get(r.object)))
        fix: str | None = None
        if len(known) == 1 and not passive and subject is a and (target := context.get(known[0].object)):
            fix = text[subject.span[0] : b.span[0]] + target.name
        findings.append(
            knowledge_finding(
                KnowledgeKind.UNSUPPORTED_RELATIONSHIP,
                config,
                severity=Severity.HARD,
                message=f"The text says {src_entity.name} {predicate} {dst_entity.name}, but the knowledge "
                "graph has no such relationship"
                + (f" (it knows {src_entity.name} {predicate}: {hint})" if hint else "")
                + "; remove or correct the statement.",
                span=(subject.span[0], b.span[1]),
                suggested_fix=fix,
                fix_confidence=0.6 if fix else None,
                confidence=0.85,
                evidence=f"no edge {src_entity.id} -{predicate}-> {dst_entity.id}",
                source_id=src_entity.id,
            )
        )
    return findings
