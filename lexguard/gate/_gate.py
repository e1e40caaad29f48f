"""Run the five gates over an answer and collect the result."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from lexguard._errors import InputError
from lexguard._limits import remaining_time
from lexguard._models import Finding, Severity
from lexguard.gate import _gates
from lexguard.gate._config import GateConfig, check_rule_count
from lexguard.gate._patterns import RegexBudget
from lexguard.gate._loader import RuleSet, load_rules
from lexguard.gate._rules import (
    CanonicalFact,
    Constraint,
    GateFailure,
    Mutation,
    ValidationRule,
    shorthand_constraints,
)

__all__ = ["GateResult", "evaluate_gate", "run_gate"]


class GateResult(BaseModel):
    """Outcome of the rule gate for one answer.

    Attributes:
        passed: True when no failure is hard or critical (soft ones are warnings).
        failures: Every failure of every gate, in gate order.
        approved_mutations: Proposed state changes that may be applied.
        rejected_mutations: Proposed state changes that touch protected state.
        unchecked: Rules that could not be checked (no usable patterns), with the reason.
        descriptive: Requirements with no patterns (none given or derivable): descriptive only
            as in the validation-gating design, never failed, not checked (``id: description``).
    """

    model_config = ConfigDict(frozen=True)

    passed: bool = True
    failures: tuple[GateFailure, ...] = ()
    approved_mutations: tuple[Mutation, ...] = ()
    rejected_mutations: tuple[Mutation, ...] = ()
    unchecked: tuple[str, ...] = ()
    descriptive: tuple[str, ...] = ()

    @property
    def has_critical(self) -> bool:
        """True when a failure is critical (the guard must fall back, not retry)."""
        return any(f.severity == Severity.CRITICAL for f in self.failures)

    @property
    def should_retry(self) -> bool:
        """True when a hard failure asks for a new answer and nothing critical forbids it."""
        return not self.has_critical and any(f.severity == Severity.HARD for f in self.failures)

    @property
    def findings(self) -> tuple[Finding, ...]:
        """The failures as lexguard :class:`~lexguard.Finding` objects (stage ``gate``)."""
        return tuple(f.to_finding() for f in self.failures)


@lru_cache(maxsize=32)
def _load_cached(path: str, mtime_ns: int) -> RuleSet:
    return load_rules(path)


def _rules_file(config: GateConfig) -> RuleSet | None:
    if config.rules_file is None:
        return None
    path = Path(config.rules_file)
    try:
        mtime = path.stat().st_mtime_ns
    except OSError:
        mtime = -1  # load_rules reports the missing file
    return _load_cached(str(path), mtime)


def _check_arguments(text: Any, config: Any, mutations: Any, rules: Any) -> None:
    """Raise :class:`InputError` for arguments of the wrong type, before any rule runs."""
    if not isinstance(text, str):
        raise InputError(f"the gate checks a str, not {type(text).__name__}; pass the answer text")
    if config is not None and not isinstance(config, GateConfig):
        raise InputError(f"config must be a GateConfig, not {type(config).__name__}")
    if mutations is not None and (isinstance(mutations, str | bytes | dict) or not isinstance(mutations, Iterable)):
        raise InputError(f"mutations must be a list of Mutation objects or dicts, not {type(mutations).__name__}")
    bad = next((r for r in rules or () if not isinstance(r, ValidationRule)), None)
    if bad is not None:
        raise InputError(f"rules must be ValidationRule objects (e.g. PatternRule), not {type(bad).__name__}")


def _extra_count(extra: RuleSet | None) -> int:
    if extra is None:
        return 0
    return (len(extra.constraints) + len(extra.prohibited_patterns) + len(extra.required_patterns)
            + len(extra.canonical_facts) + len(extra.forbidden_topics) + len(extra.custom_rules))


def _constraints(config: GateConfig, extra: RuleSet | None) -> list[Constraint]:
    constraints = list(config.constraints)
    constraints += shorthand_constraints(
        config.prohibited_patterns, config.required_patterns, config.prohibited_severity
    )
    if extra is not None:
        constraints += extra.all_constraints(config.prohibited_severity)
    return constraints


def evaluate_gate(
    text: str,
    config: GateConfig | None = None,
    *,
    mutations: Iterable[Mutation | dict[str, Any]] | None = None,
    rules: Sequence[ValidationRule] | None = None,
) -> GateResult:
    """Run the enabled gates over ``text`` and collect every failure.

    Gates, in order: constraints, canonical facts, knowledge boundaries, mutations, custom
    rules. Rules come from ``config`` (and its ``rules_file``) plus ``rules``.

    Args:
        text: The (parsed) answer.
        config: Gate settings; defaults to :class:`GateConfig`.
        mutations: Proposed state changes (graph state key ``mutations``): ``Mutation``
            objects or dicts with ``type``, ``target`` and ``value``.
        rules: Extra custom rules, checked after ``config.custom_rules``.

    Returns:
        The :class:`GateResult`.

    All pattern searches share one time budget (``config.regex_budget_s``, shortened to what
    is left of the validation's budget when one is running); a rule that cannot be checked in
    time counts as violated at its own severity.

    Raises:
        ConfigurationError: If ``config.rules_file`` cannot be loaded, or the rules are more
            than ``config.max_rules``.
    """
    _check_arguments(text, config, mutations, rules)
    config = config or GateConfig()
    if not config.enabled:
        return GateResult(approved_mutations=tuple(_gates.coerce_mutations(mutations)[0]))
    extra = _rules_file(config)
    if extra is not None or rules:
        check_rule_count(config.rule_count() + _extra_count(extra) + len(rules or ()), config.max_rules)
    timing = _timing(config)
    failures, unchecked = _check_text(text, config, extra, timing)
    approved, rejected, found = _check_mutations(config, extra, mutations)
    failures += found
    if config.check_custom_rules:
        custom = [*config.custom_rules, *(extra.custom_rules if extra else ()), *(rules or ())]
        failures += _gates.check_custom_rules(text, custom, **timing)
    return GateResult(
        passed=not any(f.severity.rank >= 1 for f in failures),
        failures=tuple(failures),
        approved_mutations=tuple(approved),
        rejected_mutations=tuple(rejected),
        unchecked=tuple(unchecked),
        descriptive=_descriptive(config, extra),
    )


def _descriptive(config: GateConfig, extra: RuleSet | None) -> tuple[str, ...]:
    """The descriptive-only requirements (``id: description``) when constraints are checked."""
    if not config.check_constraints:
        return ()
    return tuple(f"{rule.id or f'requirement-{index}'}: {rule.description}"
                 for index, rule in enumerate(_constraints(config, extra)) if rule.descriptive)


def _timing(config: GateConfig) -> dict[str, Any]:
    """The pattern-search settings every gate shares: the per-search timeout, its severity and
    one time budget (``config.regex_budget_s``, cut to what is left of the validation's)."""
    seconds = remaining_time(config.regex_budget_s)
    budget = RegexBudget(config.regex_budget_s if seconds is None else seconds, config.regex_timeout_s)
    return {"timeout": config.regex_timeout_s, "timeout_severity": config.timeout_severity,
            "budget": budget}


def _facts(config: GateConfig, extra: RuleSet | None) -> list[CanonicalFact]:
    """The canonical facts of ``config`` and its rules file."""
    return [*config.canonical_facts, *(extra.canonical_facts if extra else ())]


def _check_text(
    text: str, config: GateConfig, extra: RuleSet | None, timing: dict[str, Any]
) -> tuple[list[GateFailure], list[str]]:
    """Run the enabled text gates in order: constraints, canonical facts, knowledge boundaries.

    Returns:
        Their failures, and the constraints that could not be checked (with why).
    """
    failures: list[GateFailure] = []
    unchecked: list[str] = []
    if config.check_constraints:
        found, unchecked = _gates.check_constraints(text, _constraints(config, extra), **timing)
        failures += found
    if config.check_canonical_facts:
        failures += _gates.check_canonical_facts(text, _facts(config, extra), **timing)
    if config.check_knowledge:
        topics = [*config.forbidden_topics, *(extra.forbidden_topics if extra else ())]
        failures += _gates.check_forbidden_topics(
            text, topics, default_severity=config.knowledge_severity, **timing
        )
    return failures, unchecked


def _check_mutations(
    config: GateConfig, extra: RuleSet | None, mutations: Any
) -> tuple[list[Mutation], list[Mutation], list[GateFailure]]:
    """The mutation gate: approve the proposed state changes that touch no protected target
    (a canonical fact's id or a protected target); with the gate off, every valid one.

    Returns:
        The approved and rejected mutations, and the failures (malformed mutations first).
    """
    valid, invalid = _gates.coerce_mutations(mutations)
    if not config.check_mutations:
        return valid, [], []
    protected = [f.id for f in _facts(config, extra)] + list(config.protected_targets)
    protected += list(extra.protected_targets) if extra else []
    approved, rejected, found = _gates.check_mutations(valid, protected)
    return approved, rejected, [*invalid, *found]


def run_gate(
    text: str,
    config: GateConfig | None = None,
    *,
    mutations: Iterable[Mutation | dict[str, Any]] | None = None,
    rules: Sequence[ValidationRule] | None = None,
) -> tuple[Finding, ...]:
    """Return the findings of every rule that ``text`` violates (see :func:`evaluate_gate`)."""
    return evaluate_gate(text, config, mutations=mutations, rules=rules).findings
