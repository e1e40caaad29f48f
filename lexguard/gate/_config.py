"""Settings of the rule gate, with the presets ``default`` and ``minimal``."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SerializeAsAny, ValidationError, field_validator, model_validator

from lexguard._errors import ConfigurationError
from lexguard._models import Severity
from lexguard._value import SettingsModel
from lexguard.gate._feedback import EscalationMode
from lexguard.gate._rules import (
    CanonicalFact,
    Constraint,
    ForbiddenTopic,
    Patterns,
    ValidationRule,
    _topics_from_strings,
)

__all__ = ["GateConfig", "GatePreset", "check_rule_count"]

GatePreset = Literal["default", "minimal"]


def check_rule_count(count: int, limit: int) -> None:
    """Raise when a gate would hold more than ``limit`` rules.

    Raises:
        ConfigurationError: Saying how many rules there are and how to raise the limit.
    """
    if count > limit:
        raise ConfigurationError(
            f"the gate has {count} rules, more than max_rules={limit}; merge rules (one "
            "constraint may list many patterns) or raise GateConfig.max_rules"
        )


class GateConfig(SettingsModel):
    """Rule gate settings (the ``gate`` node).

    The five gates run in this order and all their failures are collected: ``constraints``,
    ``canonical_facts``, ``knowledge`` (forbidden topics), ``mutations`` (proposed state
    changes, from the graph state key ``mutations``) and ``custom_rules``.

    Attributes:
        enabled: Run the gate at all.
        check_constraints: Run the constraints gate.
        check_canonical_facts: Run the canonical-facts gate.
        check_knowledge: Run the knowledge-boundaries gate.
        check_mutations: Run the mutations gate.
        check_custom_rules: Run the custom-rules gate.
        prohibited_patterns: Shorthand for one prohibition constraint per pattern
            (``/.../`` is a case-insensitive regex, anything else a case-insensitive keyword);
            the same key in a rules file and in the MCP tool ``check_rules``.
        prohibited_severity: Severity of those shorthand prohibitions, inline or from a rules
            file (a rules file's own ``settings.prohibited_severity`` wins for its patterns).
        required_patterns: Shorthand for one requirement per pattern (each must match).
        constraints: Prohibitions and requirements.
        canonical_facts: Facts the answer may not contradict (always critical).
        forbidden_topics: Topics the answer may not reveal (strings or ``ForbiddenTopic``).
        knowledge_severity: Default severity of a forbidden-topic match.
        custom_rules: :class:`~lexguard.gate.ValidationRule` objects (e.g. ``PatternRule``).
        protected_targets: State ids, besides the canonical fact ids, that mutations may not
            change.
        rules_file: A YAML or JSON rules file (see :func:`~lexguard.gate.load_rules`); its rules
            are added to those given here.
        regex_timeout_s: Time budget of one pattern search; a rule that runs out is reported
            as ``rule_timeout`` and counts as violated at the rule's own severity.
        regex_budget_s: Time budget of all pattern searches of one answer together; rules
            left when it is spent are not searched and count as violated (``rule_timeout``).
        timeout_severity: Lowest severity of a ``rule_timeout`` finding (the rule's own
            severity is used when it is worse).
        max_rules: Most rules (constraints, shorthand patterns, facts, topics, custom rules,
            those of ``rules_file`` included) the gate accepts.
        escalation: Retry feedback escalation mode (see :func:`~lexguard.gate.build_feedback`).
    """

    enabled: bool = True
    check_constraints: bool = True
    check_canonical_facts: bool = True
    check_knowledge: bool = True
    check_mutations: bool = True
    check_custom_rules: bool = True
    prohibited_patterns: Patterns = ()
    prohibited_severity: Severity = Severity.HARD
    required_patterns: Patterns = ()
    constraints: tuple[Constraint, ...] = ()
    canonical_facts: tuple[CanonicalFact, ...] = ()
    forbidden_topics: tuple[ForbiddenTopic, ...] = ()
    knowledge_severity: Severity = Severity.HARD
    custom_rules: tuple[SerializeAsAny[ValidationRule], ...] = ()
    protected_targets: tuple[str, ...] = ()
    rules_file: Path | None = None
    regex_timeout_s: float = Field(0.25, gt=0.0, le=10.0)
    regex_budget_s: float = Field(2.0, gt=0.0, le=60.0)
    max_rules: int = Field(1_000, ge=0)
    timeout_severity: Severity = Severity.SOFT
    escalation: EscalationMode = EscalationMode.FULL

    _topics = field_validator("forbidden_topics", mode="before")(_topics_from_strings)

    def __init__(self, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise ConfigurationError(f"invalid gate settings: {exc}") from exc

    @model_validator(mode="after")
    def _few_enough_rules(self) -> GateConfig:
        check_rule_count(self.rule_count(), self.max_rules)
        return self

    def rule_count(self) -> int:
        """How many rules this config holds (not counting ``rules_file``)."""
        return (len(self.prohibited_patterns) + len(self.required_patterns) + len(self.constraints)
                + len(self.canonical_facts) + len(self.forbidden_topics) + len(self.custom_rules))

    @classmethod
    def preset(cls, name: GatePreset = "default", **overrides: Any) -> GateConfig:
        """Build a config from a named preset, with optional field overrides.

        Presets:
            ``default``: all five gates on.
            ``minimal``: only the constraints gate and custom rules (cheap text rules).

        Raises:
            ConfigurationError: If the preset name is unknown.
        """
        presets: dict[str, dict[str, Any]] = {
            "default": {},
            "minimal": {
                "check_canonical_facts": False,
                "check_knowledge": False,
                "check_mutations": False,
            },
        }
        if name not in presets:
            raise ConfigurationError(
                f"unknown gate preset {name!r}; use one of {', '.join(presets)}"
            )
        return cls(**{**presets[name], **overrides})

    @classmethod
    def from_rules(cls, source: str | Path | dict[str, Any], **overrides: Any) -> GateConfig:
        """Build a config from a rules file (YAML/JSON) or an equivalent mapping.

        The file's ``settings`` section sets config fields; ``overrides`` win over it.

        Raises:
            ConfigurationError: If the file cannot be read or does not follow the schema.
        """
        from lexguard.gate._loader import load_rules

        rules = load_rules(source)
        return cls(**{**rules.settings, **rules.config_fields(), **overrides})
