"""Load gate rules from a YAML or JSON file (or an equivalent mapping).

Schema (every section optional; unknown keys are an error)::

    version: 1                      # schema version, only 1 exists
    constraints:                    # gate 1
      - id: no-discounts            # optional, defaults to <kind>-<n>
        kind: prohibition           # prohibition | requirement
        description: Never mention "discount codes"
        patterns: ["/\\bcoupon\\b/", "promo code"]   # /regex/ or keyword; optional
        severity: hard              # soft | hard | critical (default hard)
    prohibited_patterns: ["forbidden word"]  # shorthand: one prohibition per pattern, at
                                    # prohibited_severity (settings, or the gate's; default hard)
    required_patterns: ["/\\bthank/"]  # shorthand: one requirement per pattern
    canonical_facts:                # gate 2, always critical
      - id: king-alive
        fact: King Aldric is alive
        contradictions: ["king's funeral", "/aldric (died|was slain)/"]
    forbidden_topics:               # gate 3: strings, or objects
      - the secret tunnel
      - {id: ending, topic: the ending, patterns: ["final boss"], severity: critical}
    protected_targets: [player-gold]  # gate 4: state ids no mutation may change
    custom_rules:                   # gate 5: PatternRule objects
      - id: no-shouting
        pattern: "/[A-Z]{10,}/"
        mode: prohibit              # prohibit | require
        case_sensitive: true
        severity: soft
        description: Do not shout.
    settings:                       # optional GateConfig fields
      regex_timeout_s: 0.25
      escalation: full              # none | add_specific_prohibition | harden_requirements | full
      knowledge_severity: hard
      prohibited_severity: critical  # severity of the prohibited_patterns shorthand

The shorthand keys are spelled as :class:`~lexguard.gate.GateConfig` and the MCP tool
``check_rules`` spell them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field, ValidationError, field_validator

from lexguard._errors import ConfigurationError
from lexguard._files import read_settings_file
from lexguard._models import Severity
from lexguard._value import ValueModel
from lexguard.gate._rules import (
    CanonicalFact,
    Constraint,
    ForbiddenTopic,
    Patterns,
    PatternRule,
    _topics_from_strings,
    shorthand_constraints,
)

__all__ = ["RuleSet", "load_rules"]


class RuleSet(ValueModel):
    """The rules of one rules file (see the module docstring for the schema).

    Attributes:
        version: Schema version (1).
        constraints: Prohibitions and requirements.
        prohibited_patterns: Shorthand prohibition patterns (one constraint each, at
            ``prohibited_severity``).
        required_patterns: Shorthand requirement patterns.
        canonical_facts: Canonical facts.
        forbidden_topics: Forbidden topics.
        protected_targets: State ids no mutation may change.
        custom_rules: Pattern rules.
        settings: Extra :class:`~lexguard.gate.GateConfig` field values.
    """

    version: Literal[1] = 1
    constraints: tuple[Constraint, ...] = ()
    prohibited_patterns: Patterns = ()
    required_patterns: Patterns = ()
    canonical_facts: tuple[CanonicalFact, ...] = ()
    forbidden_topics: tuple[ForbiddenTopic, ...] = ()
    protected_targets: tuple[str, ...] = ()
    custom_rules: tuple[PatternRule, ...] = ()
    settings: dict[str, Any] = Field(default_factory=dict)

    _topics = field_validator("forbidden_topics", mode="before")(_topics_from_strings)

    def all_constraints(
        self, prohibited_severity: Severity | str | None = None
    ) -> tuple[Constraint, ...]:
        """The constraints plus the shorthand patterns as constraints.

        Args:
            prohibited_severity: Severity of the shorthand prohibitions: the file's
                ``settings.prohibited_severity`` wins, then this (the gate's), then ``hard``.
        """
        severity = self.settings.get("prohibited_severity", prohibited_severity)
        return (
            *self.constraints,
            *shorthand_constraints(self.prohibited_patterns, self.required_patterns, severity),
        )

    def config_fields(self) -> dict[str, Any]:
        """The rules as :class:`~lexguard.gate.GateConfig` field values (the shorthand stays
        shorthand, so the config's ``prohibited_severity`` applies to it as to inline patterns)."""
        return {
            "prohibited_patterns": self.prohibited_patterns,
            "required_patterns": self.required_patterns,
            "constraints": self.constraints,
            "canonical_facts": self.canonical_facts,
            "forbidden_topics": self.forbidden_topics,
            "protected_targets": self.protected_targets,
            "custom_rules": self.custom_rules,
        }


def load_rules(source: str | Path | dict[str, Any]) -> RuleSet:
    """Load rules from a ``.yaml`` / ``.yml`` / ``.json`` file, or validate a mapping.

    Args:
        source: A file path, or a mapping following the schema in this module's docstring.

    Returns:
        The validated :class:`RuleSet`.

    Raises:
        ConfigurationError: If the file is missing or unreadable, or does not follow the
            schema; the message names the offending entry.
    """
    where = "rules mapping"
    if isinstance(source, dict):
        data: Any = source
    else:
        path = Path(source)
        where = str(path)
        raw = read_settings_file(path, what="rules file")
        try:
            data = json.loads(raw) if path.suffix.lower() == ".json" else yaml.safe_load(raw)
        except (json.JSONDecodeError, yaml.YAMLError) as exc:
            raise ConfigurationError(
                f"rules file {where} is not valid {'JSON' if path.suffix == '.json' else 'YAML'}"
                f": {exc}"
            ) from exc
        data = data or {}
    if not isinstance(data, dict):
        raise ConfigurationError(f"{where} must contain a mapping at the top level")
    try:
        return RuleSet.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise ConfigurationError(
            f"{where} does not follow the rules schema ({problems}); see "
            "lexguard.gate.load_rules for the schema"
        ) from exc
