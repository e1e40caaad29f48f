"""The five gates. Each takes the answer and its rules and returns the failures it found."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import regex
from pydantic import ValidationError

from lexguard._errors import RuleTimeoutError, is_graph_control
from lexguard._models import FindingKind, Severity
from lexguard.gate._patterns import PatternMatch, RegexBudget, find_pattern, is_regex_pattern
from lexguard.gate._rules import (
    CanonicalFact,
    Constraint,
    ForbiddenTopic,
    GateFailure,
    GateName,
    Mutation,
    ValidationRule,
)

__all__ = [
    "check_constraints",
    "check_canonical_facts",
    "check_forbidden_topics",
    "check_mutations",
    "check_custom_rules",
    "coerce_mutations",
]

_NEGATION = r"(?:not|isn['’]t|is\s+not|wasn['’]t|was\s+not|don['’]t|doesn['’]t|never)"
_INLINE_NEGATION = (
    r"(?:(?:is|are|was|were)\s+(?:not|never|no\s+longer)|isn['’]t|aren['’]t|wasn['’]t|weren['’]t)"
)
_X_IS_Y = regex.compile(r"^(.+?)\s+(?:is|are|was|were)\s+(.+)$", regex.IGNORECASE)


def _timeout_failure(
    gate: GateName,
    rule_id: str,
    pattern: str | None,
    exc: Exception,
    severity: Severity,
    rule_severity: Severity = Severity.SOFT,
) -> GateFailure:
    """A rule that could not be checked counts as violated at its own severity (fail closed).

    ``severity`` (``GateConfig.timeout_severity``) is a floor: the worse of the two is used.
    """
    worst = max(severity, rule_severity, key=lambda s: s.rank)
    return GateFailure(
        gate=gate,
        reason=FindingKind.RULE_TIMEOUT,
        description=(f"Rule {rule_id} could not be checked, so it counts as violated: {exc}. "
                     "Write a shorter, simpler answer."),
        rule_id=rule_id,
        severity=worst,
        pattern=pattern,
    )


def _search(
    gate: GateName,
    rule_id: str,
    pattern: str,
    text: str,
    timeout: float,
    timeout_severity: Severity,
    failures: list[GateFailure],
    case_sensitive: bool = False,
    *,
    rule_severity: Severity = Severity.SOFT,
    budget: RegexBudget | None = None,
) -> PatternMatch | None | bool:
    """Find ``pattern``; on timeout record a failure at the rule's severity and return False."""
    try:
        return find_pattern(pattern, text, case_sensitive=case_sensitive, timeout=timeout, budget=budget)
    except RuleTimeoutError as exc:
        failures.append(_timeout_failure(gate, rule_id, pattern, exc, timeout_severity, rule_severity))
        return False


def _spent(budget: RegexBudget | None) -> bool:
    return budget is not None and budget.remaining() <= 0.0


def check_constraints(
    text: str,
    constraints: Sequence[Constraint],
    *,
    timeout: float,
    timeout_severity: Severity,
    budget: RegexBudget | None = None,
) -> tuple[list[GateFailure], list[str]]:
    """Gate 1: prohibitions (no pattern may match) and requirements (one pattern must match).

    A pattern that times out (or finds the ``budget`` spent) makes its rule violated at the
    rule's severity.

    Returns:
        ``(failures, unchecked)``; ``unchecked`` names rules without usable patterns (a
        description-only rule from which no keyword could be derived): reported, not failed.
    """
    failures: list[GateFailure] = []
    unchecked: list[str] = []
    for index, rule in enumerate(constraints):
        rule_id = rule.id or f"{rule.kind}-{index}"
        patterns = rule.effective_patterns
        if not patterns and rule.descriptive:
            continue  # descriptive only: the caller lists it in GateResult.descriptive
        if not patterns:
            unchecked.append(f"{rule_id}: not checkable (no patterns in {rule.description!r})")
            continue
        _check_constraint(text, rule, rule_id, patterns, failures, timeout, timeout_severity, budget)
    return failures, unchecked


def _check_constraint(
    text: str,
    rule: Constraint,
    rule_id: str,
    patterns: Sequence[str],
    failures: list[GateFailure],
    timeout: float,
    timeout_severity: Severity,
    budget: RegexBudget | None,
) -> None:
    """One constraint's patterns searched in order; its failures appended to ``failures``.

    A prohibition fails once per pattern that matches; a requirement fails when none of its
    patterns matches (searching stops at the first match). A pattern that times out is already a
    failure at the rule's severity (no second "missing" failure); once the ``budget`` is spent
    after a timeout, the patterns left are not searched (the rule already counts as violated).

    Args:
        text: The answer.
        rule: The prohibition or requirement.
        rule_id: Its id (or ``kind-index``).
        patterns: Its effective patterns (at least one).
        failures: The gate's failures so far; appended to.
        timeout: Seconds per pattern search.
        timeout_severity: The least severity of a timed-out rule.
        budget: The validation's regex budget, if any.
    """
    prohibition = rule.kind == "prohibition"
    searched: list[PatternMatch | None | bool] = []
    for pattern in patterns:
        found = _search("constraints", rule_id, pattern, text, timeout, timeout_severity,
                        failures, rule_severity=rule.severity, budget=budget)
        searched.append(found)
        if prohibition and isinstance(found, PatternMatch):
            failures.append(_prohibited(rule, rule_id, pattern, found))
        if (found and not prohibition) or (found is False and _spent(budget)):
            break
    if not prohibition and not any(searched) and not any(r is False for r in searched):
        failures.append(_missing(rule, rule_id, patterns))


def _prohibited(rule: Constraint, rule_id: str, pattern: str, found: PatternMatch) -> GateFailure:
    """The failure of a prohibition whose ``pattern`` matched (``found``)."""
    what = rule.description or None
    return _matched(
        "constraints", FindingKind.PROHIBITED, found,
        f"The answer contains prohibited text {found.matched!r}"
        + (f" ({what.rstrip('.')})" if what else "")
        + (f" in {found.violating_text!r}" if found.violating_text != found.matched else "")
        + "; remove it.",
        rule_id=rule_id, severity=rule.severity, pattern=pattern)


def _missing(rule: Constraint, rule_id: str, patterns: Sequence[str]) -> GateFailure:
    """The failure of a requirement none of whose ``patterns`` matched."""
    what = rule.description or None
    shown = ", ".join(repr(p) for p in patterns)
    return GateFailure(
        gate="constraints", reason=FindingKind.REQUIRED_MISSING,
        description=(f"Missing required content: {what.rstrip('.') if what else 'required text'}"
                     f"; the answer must contain one of: {shown}."),
        rule_id=rule_id, severity=rule.severity, pattern=patterns[0])


def _matched(
    gate: GateName, reason: str, found: PatternMatch, description: str, *, rule_id: str,
    severity: Severity, pattern: str,
) -> GateFailure:
    """The failure of a rule whose ``pattern`` matched the answer (``found``)."""
    return GateFailure(
        gate=gate, reason=reason, description=description, violating_text=found.violating_text,
        matched=found.matched, rule_id=rule_id, severity=severity, span=found.span,
        pattern=pattern,
    )


def _flex(phrase: str) -> str:
    """Regex for ``phrase`` with flexible whitespace and word boundaries at word ends."""
    phrase = phrase.strip().rstrip(".!?;:")
    body = r"\s+".join(regex.escape(part) for part in phrase.split())
    start = r"\b" if phrase[:1].isalnum() else ""
    end = r"\b" if phrase[-1:].isalnum() else ""
    return f"{start}{body}{end}"


def _fact_patterns(fact: str) -> list[str]:
    patterns = [rf"/\b{_NEGATION}\s+{_flex(fact)}/"]
    match = _X_IS_Y.match(fact.strip().rstrip(".!?"))
    if match:
        subject, value = match.group(1), match.group(2)
        patterns.append(rf"/{_flex(subject)}\s+{_INLINE_NEGATION}\s+{_flex(value)}/")
    return patterns


def check_canonical_facts(
    text: str,
    facts: Sequence[CanonicalFact],
    *,
    timeout: float,
    timeout_severity: Severity,
    budget: RegexBudget | None = None,
) -> list[GateFailure]:
    """Gate 2: canonical facts. Any contradiction (and any timed-out check) is critical.

    A fact is contradicted by an explicit negation in front of it (``not``, ``isn't``,
    ``is not``, ``wasn't``, ``was not``, ``don't``, ``doesn't``, ``never`` + the fact), by an
    inline negation of an ``X is Y`` fact (``X is not Y``, ``X isn't Y``, ``X was never Y``,
    ``X is no longer Y``), or by one of the fact's contradiction keywords.
    """
    failures: list[GateFailure] = []
    for fact in facts:
        for pattern in [*_fact_patterns(fact.fact), *fact.contradictions]:
            found = _search("canonical_facts", fact.id, pattern, text, timeout, timeout_severity,
                            failures, rule_severity=Severity.CRITICAL, budget=budget)
            if isinstance(found, PatternMatch):
                failures.append(_matched(
                    "canonical_facts", FindingKind.CANONICAL_CONTRADICTION, found,
                    f"The answer contradicts the canonical fact {fact.fact!r} (found "
                    f"{found.violating_text!r}); it must stay consistent with it.",
                    rule_id=fact.id, severity=Severity.CRITICAL, pattern=pattern))
                break
    return failures


def check_forbidden_topics(
    text: str,
    topics: Sequence[ForbiddenTopic],
    *,
    default_severity: Severity,
    timeout: float,
    timeout_severity: Severity,
    budget: RegexBudget | None = None,
) -> list[GateFailure]:
    """Gate 3: knowledge boundaries. A case-insensitive match of a forbidden topic fails."""
    failures: list[GateFailure] = []
    for index, topic in enumerate(topics):
        rule_id = topic.id or f"topic-{index}"
        for pattern in topic.patterns or (topic.topic,):
            found = _search("knowledge", rule_id, pattern, text, timeout, timeout_severity,
                            failures, rule_severity=topic.severity or default_severity,
                            budget=budget)
            if isinstance(found, PatternMatch):
                failures.append(_matched(
                    "knowledge", FindingKind.FORBIDDEN_KNOWLEDGE, found,
                    f"The answer reveals the forbidden topic {topic.topic!r} (found "
                    f"{found.violating_text!r}); leave it out.",
                    rule_id=rule_id, severity=topic.severity or default_severity,
                    pattern=pattern))
                break
    return failures


def coerce_mutations(items: Iterable[Any] | None) -> tuple[list[Mutation], list[GateFailure]]:
    """Turn mutation dicts into :class:`Mutation` objects; invalid ones become failures."""
    valid: list[Mutation] = []
    failures: list[GateFailure] = []
    for index, item in enumerate(items or ()):
        try:
            valid.append(item if isinstance(item, Mutation) else Mutation.model_validate(item))
        except ValidationError as exc:
            failures.append(GateFailure(
                gate="mutations", reason="invalid_mutation",
                description=(f"Proposed state change {index} is invalid "
                             f"({exc.errors()[0]['msg']}); give a type and a target."),
                violating_text=repr(item)[:200], rule_id=f"mutation-{index}",
                severity=Severity.HARD))
    return valid, failures


def check_mutations(
    mutations: Sequence[Mutation], protected: Iterable[str]
) -> tuple[list[Mutation], list[Mutation], list[GateFailure]]:
    """Gate 4: proposed state changes. Changes to a protected id (canonical fact) are rejected.

    Returns:
        ``(approved, rejected, failures)``; each rejection is a critical ``protected_state``.
    """
    protected_ids = set(protected)
    approved: list[Mutation] = []
    rejected: list[Mutation] = []
    failures: list[GateFailure] = []
    for mutation in mutations:
        if mutation.target in protected_ids:
            rejected.append(mutation)
            failures.append(GateFailure(
                gate="mutations", reason=FindingKind.PROTECTED_STATE,
                description=(f"The proposed {mutation.type.value} changes the protected state "
                             f"{mutation.target!r} (a canonical fact); it was rejected."),
                violating_text=repr(mutation.value)[:200] if mutation.value is not None else None,
                rule_id=mutation.target, severity=Severity.CRITICAL))
        else:
            approved.append(mutation)
    return approved, rejected, failures


def _searches_regex(rule: ValidationRule, pattern: object) -> bool:
    """Whether ``rule`` runs a regex: its own ``is_regex`` (a :class:`PatternValidationRule`'s
    pattern is always one), else a ``/.../`` ``pattern`` attribute, else (a rule of unknown
    kind) assume it does, so it gets the budget."""
    is_regex = getattr(rule, "is_regex", None)
    if isinstance(is_regex, bool):
        return is_regex
    return not isinstance(pattern, str) or is_regex_pattern(pattern)


def check_custom_rules(
    text: str,
    rules: Sequence[ValidationRule],
    *,
    timeout: float,
    timeout_severity: Severity,
    budget: RegexBudget | None = None,
) -> list[GateFailure]:
    """Gate 5: custom rules.

    A rule that times out (or finds the ``budget`` spent) counts as violated at its own
    severity; a rule that raises is a ``check_error`` at its own severity (it was not checked,
    so it fails closed; there is no hook to turn that into anything milder).
    """
    failures: list[GateFailure] = []
    for rule in rules:
        pattern = getattr(rule, "pattern", None)
        try:
            keyword = not _searches_regex(rule, pattern)  # a keyword search is linear: no budget needed
            limit = timeout if budget is None or keyword else min(timeout, budget.timeout(str(pattern or rule.id)))
            failures.extend(rule.check(text, timeout=limit))
        except RuleTimeoutError as exc:
            failures.append(_timeout_failure("custom_rules", rule.id, pattern, exc,
                                             timeout_severity, rule.severity))
        except Exception as exc:  # a broken user rule must not break the graph
            if is_graph_control(exc):
                raise  # interrupt() in a rule: LangGraph pauses the run
            failures.append(GateFailure(
                gate="custom_rules", reason=FindingKind.CHECK_ERROR,
                description=(f"Custom rule {rule.id} could not be checked, so it counts as "
                             f"violated: it raised {type(exc).__name__}: {exc}."),
                rule_id=rule.id, severity=rule.severity))
    return failures
