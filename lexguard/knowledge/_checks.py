"""The knowledge checks: unknown entities, property values, unverifiable numbers (relations: ``_relations``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import regex

from lexguard._models import Claim, Finding, Severity, Span
from lexguard._text import CITATION_MARKER
from lexguard.knowledge._config import KnowledgeConfig
from lexguard.knowledge._context import Entity, KnowledgeContext, normalize_predicate, normalize_surface
from lexguard.knowledge._kinds import KnowledgeKind, knowledge_finding
from lexguard.knowledge._linking import EntityMention
from lexguard.knowledge._numbers import words_after, words_before
from lexguard.knowledge._relations import relationship_findings

__all__ = ["mention_findings", "claim_findings"]


_NUMBER = regex.compile(r"(?<![\p{L}\p{N}.])[-+]?\d[\d,]*(?:\.\d+)?(?![\p{N}])")
_NUMERIC_VALUE = regex.compile(r"^\s*([-+]?\d[\d,]*(?:\.\d+)?)\s*(\S+)?\s*$")
_CONNECTORS = regex.compile(
    r"(?:\s*(?::|=|\b(?:is|was|are|were|equals|equal\s+to|of|at|set\s+to|being|currently|now|"
    r"still|exactly|only)\b))*\s*",
    flags=regex.IGNORECASE,
)
_VALUE_END = regex.compile(r"[,;!?()\n]|\.(?=\s|$)|\s(?:and|but|while|which|with|whereas|because)\s", flags=regex.IGNORECASE)
_OWNER_WINDOW = 80
_NUMBER_AFTER = regex.compile(r"v?([-+]?\d[\d,]*(?:\.\d+)?)(?![\p{N}])", flags=regex.IGNORECASE)
_PRONOUN = regex.compile(r"\W*(?:it|its|it's|they|their|this|these|he|she|his|her)\b", flags=regex.IGNORECASE)
_NUMBER_BEFORE = regex.compile(r"([-+]?\d[\d,]*(?:\.\d+)?)\s+$")
_NOT_WHOLE = regex.compile(r"(?:\s+|-)(?:point|and(?:\s+|-)an?(?:\s+|-)(?:half|quarter|third))\b|\s+(?:of|that|which|who)\b",
                           flags=regex.IGNORECASE)  # "three point five", "one of the ...": no whole number
_UNREADABLE_WORDS = 3
"""Longest value (in words) after an explicit connector that is reported as unreadable."""


# -- unknown and misspelt entities -----------------------------------------------------------


def mention_findings(
    mentions: Sequence[EntityMention], context: KnowledgeContext, config: KnowledgeConfig
) -> list[Finding]:
    """Findings for unknown mentions and for misspelt names of known entities."""
    findings: list[Finding] = []
    for m in mentions:
        if m.linked and m.distance > 0:
            findings.append(
                knowledge_finding(
                    KnowledgeKind.UNKNOWN_ENTITY,
                    config,
                    severity=Severity.SOFT,
                    message=f"{m.text!r} is not a known name; the knowledge graph calls it {m.matched!r}. "
                    f"Write {m.matched!r}.",
                    span=m.span,
                    suggested_fix=m.matched,
                    fix_confidence=0.95,
                    confidence=0.6,
                    evidence=f"entity {m.entity_id}: {m.matched}",
                    source_id=m.entity_id,
                )
            )
        elif not m.linked and m.suggestion is not None:
            ambiguous = len(m.suggestion_ids) > 1
            distance = m.suggestion_distance or 1
            names = ", ".join(repr(e.name) for i in m.suggestion_ids if (e := context.get(i)))
            findings.append(
                knowledge_finding(
                    KnowledgeKind.UNKNOWN_ENTITY,
                    config,
                    severity=Severity.HARD,
                    message=f"{m.text!r} is not in the knowledge graph; the closest known name is "
                    f"{m.suggestion!r}{' (also close: ' + names + ')' if ambiguous else ''}. "
                    "Use a known entity or remove the mention.",
                    span=m.span,
                    suggested_fix=m.suggestion,
                    fix_confidence=round(max(0.3, 0.85 - 0.1 * (distance - 1) - (0.2 if ambiguous else 0.0)), 2),
                    confidence=0.85,
                    evidence=f"closest known name: {m.suggestion} (edit distance {distance})",
                    source_id=m.suggestion_ids[0] if m.suggestion_ids else None,
                )
            )
        elif not m.linked and config.flag_unmatched_mentions:
            findings.append(
                knowledge_finding(
                    KnowledgeKind.UNKNOWN_ENTITY,
                    config,
                    severity=Severity.SOFT,
                    message=f"{m.text!r} is not in the knowledge graph and cannot be verified; "
                    "remove it or add it to the knowledge context.",
                    span=m.span,
                    confidence=0.5,
                )
            )
    return findings


# -- per-claim checks ------------------------------------------------------------------------


def claim_findings(
    text: str, claim: Claim, mentions: Sequence[EntityMention], context: KnowledgeContext, config: KnowledgeConfig
) -> list[Finding]:
    """Property, relationship and unverifiable-number findings of one claim.

    Args:
        text: The whole text (spans are offsets into it).
        claim: The claim to check.
        mentions: All mentions of the text (those inside the claim are used).
        context: The knowledge context.
        config: Check settings.
    """
    start, end = claim.span
    linked = [m for m in mentions if m.linked and start <= m.span[0] and m.span[1] <= end]
    antecedent = None
    if not linked and _PRONOUN.match(text, start, end):
        # "Its colour is white.": the pronoun refers to the last entity mentioned before.
        antecedent = next((m for m in reversed(mentions) if m.linked and m.span[1] <= start), None)
    if not linked and antecedent is None:
        return []
    findings: list[Finding] = []
    checked: list[Span] = []
    if config.check_properties:
        findings.extend(_property_findings(text, (start, end), linked, antecedent, context, config, checked))
    if config.check_relationships:
        findings.extend(relationship_findings(text, linked, context, config))
    if config.flag_unverifiable_numbers:
        owners = linked or ([antecedent] if antecedent else [])
        finding = _number_finding(text, (start, end), mentions, owners, context, config, checked)
        if finding is not None:
            findings.append(finding)
    return findings


def _numeric(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        match = _NUMERIC_VALUE.match(value)
        if match:
            return float(match.group(1).replace(",", ""))
    return None


def _format_number(value: Any, written: str) -> str:
    if isinstance(value, str):
        match = _NUMERIC_VALUE.match(value)
        return match.group(1) if match else value
    if isinstance(value, float) and value.is_integer() and "." not in written:
        return str(int(value))
    return str(value)


def _owner(
    text: str, key_span: Span, linked: Sequence[EntityMention], antecedent: EntityMention | None
) -> tuple[EntityMention | None, int]:
    """The mention a property keyword belongs to, and where the value search starts."""
    after = key_span[1]
    of = regex.match(r"\s+of\s+(?:the\s+)?", text[after:], flags=regex.IGNORECASE)
    if of:
        for m in linked:
            if m.span[0] == after + of.end():
                return m, m.span[1]
    before = [m for m in linked if m.span[1] <= key_span[0] and key_span[0] - m.span[1] <= _OWNER_WINDOW]
    return (before[-1] if before else antecedent), after


def _property_findings(
    text: str,
    claim_span: Span,
    linked: Sequence[EntityMention],
    antecedent: EntityMention | None,
    context: KnowledgeContext,
    config: KnowledgeConfig,
    checked: list[Span],
) -> list[Finding]:
    findings: list[Finding] = []
    keys: dict[str, None] = {}
    for m in [*linked, *([antecedent] if antecedent else [])]:
        entity = context.get(m.entity_id or "")
        for key in entity.properties if entity else ():
            keys.setdefault(key)
    start, end = claim_span
    seen: set[tuple[int, int]] = set()
    for key in keys:
        for phrase in (normalize_predicate(key), *config.property_aliases.get(key, ())):
            words = phrase.split()
            if not words:
                continue
            pattern = regex.compile(
                r"(?<![\p{L}\p{N}])" + r"[\s_\-]+".join(map(regex.escape, words)) + r"(?![\p{L}\p{N}])",
                regex.IGNORECASE,
            )
            for match in pattern.finditer(text, start, end):
                if match.span() in seen:
                    continue
                seen.add(match.span())
                owner, value_start = _owner(text, match.span(), linked, antecedent)
                entity = context.get(owner.entity_id or "") if owner else None
                if entity is None or key not in entity.properties:
                    continue
                finding = _check_value(text, (start, match.start()), value_start, end, entity, key, config, checked)
                if finding is not None:
                    findings.append(finding)
    return findings


def _check_value(
    text: str,
    before: Span,
    pos: int,
    end: int,
    entity: Entity,
    key: str,
    config: KnowledgeConfig,
    checked: list[Span],
) -> Finding | None:
    """Compare the value stated after (or, for numbers, just before) a property keyword."""
    connector = _CONNECTORS.match(text, pos, end)
    vstart = connector.end() if connector else pos
    has_connector = bool(connector and text[pos:vstart].strip())
    expected = entity.properties[key]
    label = normalize_predicate(key)
    number = _numeric(expected)
    if number is not None:
        read = _stated_number(text, before, vstart, end)
        if read is None:
            region = _value_region(text, vstart, end) if has_connector else None
            return None if region is None else _value_finding(text, region, entity, label, expected, config)
        span, stated = read
        checked.append(span)
        if stated is None:  # "three point five", "eighty eighty": a number, but not one it can read
            return _value_finding(text, span, entity, label, expected, config)
        if abs(stated - number) <= 1e-9 * max(1.0, abs(number)):
            return None
        fix = _format_number(expected, text[span[0] : span[1]])
        return _value_finding(text, span, entity, label, expected, config, fix=fix, confidence=0.95, fix_confidence=0.95)
    if not isinstance(expected, str) or not expected.strip():
        return None
    stop = _VALUE_END.search(text, vstart, end)
    region_end = stop.start() if stop else end
    region = text[vstart:region_end].rstrip()
    if not region:
        return None
    want = normalize_surface(expected)
    if normalize_surface(region).startswith(want):
        checked.append((vstart, vstart + len(region)))
        return None
    tokens = list(regex.finditer(r"\S+", region))
    count = len(want.split())
    if len(tokens) < count and has_connector and not want.startswith(normalize_surface(region)):
        count = len(tokens)  # a shorter value after "owner:": "Bobcorp" for "Team Alpha"
    if len(tokens) < count or not (has_connector or len(tokens) == count):
        return None
    span = (vstart + tokens[0].start(), vstart + tokens[count - 1].end())
    checked.append(span)
    clean = len(tokens) == count
    return _value_finding(
        text, span, entity, label, expected, config, fix=expected,
        confidence=0.9 if clean else 0.7, fix_confidence=0.95 if clean else 0.6,
    )


def _stated_number(text: str, before: Span, vstart: int, end: int) -> tuple[Span, float | None] | None:
    """The number stated for a property: in digits or words after it, else just before it ("8
    ports", "five hundred max connections"); its span and value (``None``: read but not a whole
    number, "three point five"), or ``None`` when no number is there."""
    found = _NUMBER_AFTER.match(text, vstart, end)
    if found is None:
        worded = words_after(text, vstart, end)
        if worded is not None:
            (start, stop), value = worded
            after = _NOT_WHOLE.match(text, stop, end)
            if after is None or value is None:
                return worded
            gap = regex.match(r"\s+", text[after.end() : end]) if after.group().lower().endswith("point") else None
            digits = words_after(text, after.end() + gap.end(), end) if gap else None  # "point five"
            return (start, digits[0][1] if digits else after.end()), None
        found = _NUMBER_BEFORE.search(text, *before)
    if found is None:
        return words_before(text, *before)
    try:
        return found.span(1), float(found.group(1).replace(",", ""))
    except ValueError:
        return found.span(1), None


def _value_region(text: str, vstart: int, end: int) -> Span | None:
    """The short value after an explicit connector ("version: latest"), or ``None`` when what
    follows is longer than a value ("version is managed by Team A")."""
    stop = _VALUE_END.search(text, vstart, end)
    region = text[vstart : stop.start() if stop else end].rstrip()
    tokens = list(regex.finditer(r"\S+", region))
    if not tokens or len(tokens) > _UNREADABLE_WORDS:
        return None
    return vstart + tokens[0].start(), vstart + tokens[-1].end()


def _value_finding(
    text: str,
    span: Span,
    entity: Entity,
    label: str,
    expected: Any,
    config: KnowledgeConfig,
    *,
    fix: str | None = None,
    confidence: float = 0.5,
    fix_confidence: float | None = None,
) -> Finding:
    """The finding for the value the text states at ``span`` for ``entity``'s property ``label``.

    Without a ``fix`` it is a soft ``unverifiable`` finding: a stated value that is not a number
    it can read ("version: latest", "three point five"), so the graph's numeric value does not
    confirm it. With a ``fix`` it is a hard ``contradicted_value`` finding suggesting ``fix``.
    """
    said = f"The text gives {entity.name}'s {label} as {text[span[0] : span[1]]!r}"
    common: dict[str, Any] = {
        "span": span, "confidence": confidence, "evidence": f"{entity.name}.{label} = {expected}",
        "source_id": entity.id,
    }
    if fix is None:
        return knowledge_finding(
            KnowledgeKind.UNVERIFIABLE, config, severity=Severity.SOFT,
            message=f"{said}, which could not be read as a number; the knowledge graph says {expected!r}. "
            "State the value as a number.",
            **common,
        )
    return knowledge_finding(
        KnowledgeKind.CONTRADICTED_VALUE, config, severity=Severity.HARD,
        message=f"{said}, but the knowledge graph says {expected!r}; change it to {fix!r}.",
        suggested_fix=fix, fix_confidence=fix_confidence, **common,
    )


def _number_finding(
    text: str,
    claim_span: Span,
    mentions: Sequence[EntityMention],
    linked: Sequence[EntityMention],
    context: KnowledgeContext,
    config: KnowledgeConfig,
    checked: list[Span],
) -> Finding | None:
    start, end = claim_span
    known = {
        n
        for m in linked
        if (e := context.get(m.entity_id or ""))
        for v in e.properties.values()
        if (n := _numeric(v)) is not None
    }
    taken = [m.span for m in mentions if m.span[0] < end and start < m.span[1]] + checked
    taken += [marker.span() for marker in CITATION_MARKER.finditer(text, start, end)]  # "[1]" is no value
    loose: list[str] = []
    for match in _NUMBER.finditer(text, start, end):
        s, e = match.span()
        if any(a <= s and e <= b for a, b in taken):
            continue
        if s == start and regex.match(r"[.)]\s", text[e : e + 2]):
            continue  # a list number
        try:
            value = float(match.group().replace(",", ""))
        except ValueError:
            continue
        if value not in known:
            loose.append(match.group())
    if not loose:
        return None
    names = ", ".join(dict.fromkeys(m.matched or m.text for m in linked))
    return knowledge_finding(
        KnowledgeKind.UNVERIFIABLE,
        config,
        severity=Severity.SOFT,
        message=f"The knowledge graph cannot confirm {', '.join(loose)} stated about {names}; remove the "
        "figure or back it with a source.",
        span=claim_span,
        confidence=0.5,
        evidence=text[start:end],
        source_id=linked[0].entity_id,
    )
