"""Load gate rules from a YAML or JSON file (or an equivalent mapping).

Schema (every section optional; unknown keys are an error)::

    version: 1                      # schema version, only 1 exists
    constraints:                    # gate 1
      - id: no-discounts            # optional, defaults to <kind>-<n>
        kind: prohibition           # prohibition | requirement
        description: Never mention "discount codes"
        patterns: ["/\\bcoupon\\b/", "promo code"]   # /regex/ or keyword; optional
        severity: hard              # soft | hard | critical (default hard)
    prohibited: ["forbidden word"]  # shorthand: one prohibition per pattern
    required: ["/\\bthank/"]        # shorthand: one requirement per pattern
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
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from lexguard._errors import ConfigurationError
from lexguard.gate._rules import (
    CanonicalFact,
    Constraint,
    ForbiddenTopic,
    PatternRule,
    _check_patterns,
    _topics_from_strings,
)

__all__ = ["RuleSet", "load_rules"]


class RuleSet(BaseModel):
    """The rules of one rules file (see the module docstring for the schema).

    Attributes:
        version: Schema version (1).
        constraints: Prohibitions and requirements.
        prohibited: Shorthand prohibition patterns.
        required: Shorthand requirement patterns.
        canonical_facts: Canonical facts.
        forbidden_topics: Forbidden topics.
        protected_targets: State ids no mutation may change.
        custom_rules: Pattern rules.
        settings: Extra :class:`~lexguard.gate.GateConfig` field values.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: Literal[1] = 1
    constraints: tuple[Constraint, ...] = ()
    prohibited: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    canonical_facts: tuple[CanonicalFact, ...] = ()
    forbidden_topics: tuple[ForbiddenTopic, ...] = ()
    protected_targets: tuple[str, ...] = ()
    custom_rules: tuple[PatternRule, ...] = ()
    settings: dict[str, Any] = Field(default_factory=dict)

    _valid_patterns = field_validator("prohibited", "required")(_check_patterns)

    _topics = field_validator("forbidden_topics", mode="before")(_topics_from_strings)

    def all_constraints(self) -> tuple[Constraint, ...]:
        """The constraints plus the shorthand ``prohibited`` / ``required`` patterns."""
        extra = [
            Constraint(id=f"prohibited:{p}", kind="prohibition", patterns=(p,))
            for p in self.prohibited
        ] + [Constraint(id=f"required:{p}", kind="requirement", patterns=(p,)) for p in self.required]
        return (*self.constraints, *extra)

    def config_fields(self) -> dict[str, Any]:
        """The rules as :class:`~lexguard.gate.GateConfig` field values."""
        return {
            "constraints": self.all_constraints(),
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
        try:
            raw = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigurationError(
                f"cannot read rules file {where} ({exc.strerror}); check the path"
            ) from exc
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
