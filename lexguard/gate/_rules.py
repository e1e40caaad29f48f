"""Rule definitions: constraints, canonical facts, forbidden topics, mutations, custom rules."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from lexguard._errors import ConfigurationError
from lexguard._models import Finding, FindingKind, Severity, Span
from lexguard._value import ValueModel
from lexguard.gate._patterns import compile_pattern, compile_regex, derive_patterns, find_pattern, is_regex_pattern

__all__ = [
    "GateName",
    "Constraint",
    "CanonicalFact",
    "ForbiddenTopic",
    "MutationType",
    "Mutation",
    "GateFailure",
    "ValidationRule",
    "PatternRule",
    "PatternValidationRule",
]

GateName = Literal["constraints", "canonical_facts", "knowledge", "mutations", "custom_rules"]


def _check_patterns(patterns: tuple[str, ...]) -> tuple[str, ...]:
    for pattern in patterns:
        compile_pattern(pattern)  # raises ConfigurationError (empty, too long, too nested); an invalid regex warns
    return patterns


Patterns = Annotated[tuple[str, ...], AfterValidator(_check_patterns)]
"""Keywords or ``/.../`` regexes, each compiled (and refused when unsafe) on validation."""


def shorthand_constraints(
    prohibited: Sequence[str], required: Sequence[str], prohibited_severity: Severity | str | None
) -> list[Constraint]:
    """One constraint per shorthand pattern: ``prohibited:<p>`` at ``prohibited_severity``
    (``hard`` when ``None``) and ``required:<p>`` (``hard``). Inline patterns and those of a
    rules file go through here, so one pattern gets one severity wherever it is written."""
    severity = Severity(prohibited_severity or Severity.HARD)
    return [
        Constraint(id=f"prohibited:{p}", kind="prohibition", patterns=(p,), severity=severity)
        for p in prohibited
    ] + [Constraint(id=f"required:{p}", kind="requirement", patterns=(p,)) for p in required]


def _topics_from_strings(value: Any) -> Any:
    """Let forbidden topics be given as plain strings (one or a list)."""
    if isinstance(value, str):
        value = (value,)
    if isinstance(value, list | tuple):
        return tuple({"topic": v} if isinstance(v, str) else v for v in value)
    return value


class Constraint(ValueModel):
    """A prohibition (no pattern may match) or a requirement (at least one pattern must match).

    Attributes:
        id: Rule id, reported in findings (defaults to ``<kind>-<n>`` in the gate).
        kind: ``prohibition`` or ``requirement``.
        description: What the rule means, in words; patterns are derived from it when
            ``patterns`` is empty (quoted strings, or the word after about/mention/say/...).
        patterns: ``/.../`` case-insensitive regexes or case-insensitive keywords.
        severity: Severity of a violation (``hard`` retries, ``critical`` falls back).

    A requirement with no patterns and none derivable from its description (``"Speak like a
    pirate"``) is *descriptive only*, as in the validation-gating design: it never fails and is
    listed in ``GateResult.descriptive`` (not checked). A prohibition must have patterns (given
    or derived): one that could never fire would silently let everything through.
    """

    id: str = ""
    kind: Literal["prohibition", "requirement"]
    description: str = ""
    patterns: Patterns = ()
    severity: Severity = Severity.HARD

    @model_validator(mode="after")
    def _needs_content(self) -> Constraint:
        if not self.patterns and not self.description.strip():
            raise ConfigurationError(
                "a constraint needs patterns or a description; give patterns=[...] or a description "
                "quoting the text"
            )
        if not self.patterns:
            derived = self.effective_patterns
            if not derived and self.kind == "requirement":
                return self  # descriptive only (the design): never fails, reported as not checked
            if not derived:  # a prohibition the gate could never check would silently pass everything
                raise ConfigurationError(
                    f"constraint {self.id or self.description!r} has no patterns and none can be "
                    "derived from its description (quote the text, e.g. 'Never say \"discount\"', "
                    "or give patterns=[...])"
                )
            _check_patterns(derived)  # keywords derived from the description
        return self

    @property
    def effective_patterns(self) -> tuple[str, ...]:
        """The explicit patterns, or those derived from the description."""
        return self.patterns or derive_patterns(self.description)

    @property
    def descriptive(self) -> bool:
        """True for a requirement the gate cannot check (no patterns, none derivable)."""
        return self.kind == "requirement" and not self.effective_patterns


class CanonicalFact(ValueModel):
    """A fact the answer may never contradict (violations are always critical).

    Attributes:
        id: Fact id; mutations targeting it are rejected.
        fact: The fact as a short statement, e.g. ``"King Aldric is alive"``.
        contradictions: Keywords or ``/.../`` regexes whose presence contradicts the fact.
    """

    id: str
    fact: str = Field(min_length=1)
    contradictions: Patterns = ()


class ForbiddenTopic(ValueModel):
    """Knowledge the answer may not reveal.

    Attributes:
        id: Rule id (defaults to ``topic-<n>`` in the gate).
        topic: The topic; matched case-insensitively when ``patterns`` is empty.
        patterns: Keywords or ``/.../`` regexes that reveal the topic.
        severity: Severity override; the gate's ``knowledge_severity`` (``hard``) otherwise.
    """

    id: str = ""
    topic: str = Field(min_length=1)
    patterns: Patterns = ()
    severity: Severity | None = None

    @model_validator(mode="after")
    def _valid_topic(self) -> ForbiddenTopic:
        if not self.patterns:
            _check_patterns((self.topic,))  # the topic itself is the keyword
        return self


class MutationType(StrEnum):
    """Kinds of state change a generator may propose alongside its answer."""

    APPEND_EPISODIC = "append_episodic"
    TRANSFORM_BELIEF = "transform_belief"
    TRANSFORM_RELATIONSHIP = "transform_relationship"
    EMIT_WORLD_INTENT = "emit_world_intent"


class Mutation(BaseModel):
    """A proposed state change (graph state key ``mutations``: a list of these or dicts).

    Attributes:
        type: The kind of change.
        target: Id of the state entry it changes; a canonical fact id is protected.
        value: The new value or payload.
        id: Optional id of the proposal.
    """

    model_config = ConfigDict(frozen=True, extra="allow")

    type: MutationType
    target: str
    value: Any = None
    id: str = ""


class GateFailure(ValueModel):
    """One rule the answer broke.

    Attributes:
        gate: Which gate failed.
        reason: The finding kind (``prohibited``, ``required_missing``, ...).
        description: What is wrong, written as feedback for the generator.
        violating_text: The offending text (a regex match, or a keyword with context).
        matched: The exact matched text (what retry feedback prohibits).
        rule_id: The rule's id.
        severity: ``soft``, ``hard`` or ``critical``.
        span: Where in the answer, when known.
        pattern: The pattern that matched or was missing.
    """

    gate: GateName
    reason: str
    description: str
    violating_text: str | None = None
    matched: str | None = None
    rule_id: str
    severity: Severity = Severity.HARD
    span: Span | None = None
    pattern: str | None = None

    def to_finding(self) -> Finding:
        """Convert to a lexguard :class:`~lexguard.Finding`.

        ``evidence`` is the exact matched text when there is one (else the violating text);
        the message quotes the violating text with its context.
        """
        return Finding(
            kind=self.reason,
            severity=self.severity,
            message=self.description,
            span=self.span,
            rule_id=self.rule_id,
            evidence=self.matched or self.violating_text,
            stage="gate",
        )


class ValidationRule(ValueModel, ABC):
    """Base class of custom rules. Subclass it and implement :meth:`check`.

    Attributes:
        id: Unique rule id (used by ``RuleGate.remove_rule``).
        description: What the rule demands, in words (used in feedback).
        severity: Severity of a violation.

    Example:
        >>> class NoShouting(ValidationRule):
        ...     def check(self, text, *, timeout=0.25):
        ...         return [self.failure("Do not shout.")] if text.isupper() else []
    """

    id: str = Field(min_length=1)
    description: str = ""
    severity: Severity = Severity.HARD

    @abstractmethod
    def check(self, text: str, *, timeout: float = 0.25) -> Sequence[GateFailure]:
        """Return the failures of ``text`` (empty when it passes).

        Args:
            text: The answer.
            timeout: Seconds a single pattern search may take; raise
                :class:`~lexguard.RuleTimeoutError` when exceeded.
        """

    def failure(
        self,
        description: str | None = None,
        *,
        violating_text: str | None = None,
        span: Span | None = None,
        reason: str = FindingKind.CUSTOM_RULE,
        pattern: str | None = None,
        matched: str | None = None,
    ) -> GateFailure:
        """Build a :class:`GateFailure` for this rule."""
        return GateFailure(
            gate="custom_rules",
            reason=reason,
            description=description or self.description or f"Rule {self.id} was violated.",
            violating_text=violating_text,
            rule_id=self.id,
            severity=self.severity,
            span=span,
            pattern=pattern,
            matched=matched,
        )


class PatternRule(ValidationRule):
    """A custom rule that prohibits or requires one pattern.

    Attributes:
        pattern: A ``/.../`` regex or a keyword.
        mode: ``prohibit`` (must not match) or ``require`` (must match).
        case_sensitive: Match case exactly (default: case-insensitive).
    """

    pattern: str = Field(min_length=1)
    mode: Literal["prohibit", "require"] = "prohibit"
    case_sensitive: bool = False

    @model_validator(mode="after")
    def _compile(self) -> PatternRule:
        compile_pattern(self.pattern, self.case_sensitive)
        return self

    @property
    def search_pattern(self) -> str:
        """The pattern as :func:`~lexguard.gate.find_pattern` takes it (``/.../`` for a regex)."""
        return self.pattern

    @property
    def is_regex(self) -> bool:
        """True when the pattern is searched as a regex (it then draws on the gate's regex budget)."""
        return is_regex_pattern(self.search_pattern)

    def check(self, text: str, *, timeout: float = 0.25) -> Sequence[GateFailure]:
        """Search the pattern; see :class:`ValidationRule`.

        Raises:
            RuleTimeoutError: If the search ran out of time.
        """
        found = find_pattern(self.search_pattern, text, case_sensitive=self.case_sensitive, timeout=timeout)
        if self.mode == "prohibit" and found is not None:
            what = self.description or f"it must not contain {self.pattern!r}"
            return [self.failure(f"Rule {self.id} violated: {what} (found {found.violating_text!r}).",
                                 violating_text=found.violating_text, span=found.span,
                                 pattern=self.pattern, matched=found.matched)]
        if self.mode == "require" and found is None:
            what = self.description or f"it must contain {self.pattern!r}"
            return [self.failure(f"Rule {self.id} violated: {what} (missing).",
                                 pattern=self.pattern)]
        return []



class PatternValidationRule(PatternRule):
    """The validation-gating design's pattern rule: ``pattern`` is always a regular expression.

    Unlike :class:`PatternRule` (a keyword unless written ``/.../``), the pattern is a regex as
    written, so ``"computer|internet|phone"`` matches any of the three words; slashes are literal
    characters of the regex. It is bounded like every other regex of the gate: refused when too
    long, too nested, repeating too much or invalid, and searched within the gate's per-search
    timeout and per-answer regex budget (a timeout counts as violated). The design's field names
    are accepted too: ``is_prohibition`` (default ``True``; ``False`` is ``mode="require"``) and
    ``case_insensitive`` (default ``True``).

    Example:
        >>> rule = PatternValidationRule(id="no-modern-terms", description="No modern terminology",
        ...                              pattern="computer|internet|phone", is_prohibition=True)
        >>> [f.rule_id for f in rule.check("I don't know what a computer is.")]
        ['no-modern-terms']
    """

    @model_validator(mode="before")
    @classmethod
    def _design_names(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        if "is_prohibition" in data:
            if "mode" in data:
                raise ConfigurationError("give either mode= or is_prohibition=, not both")
            data["mode"] = "prohibit" if data.pop("is_prohibition") else "require"
        if "case_insensitive" in data:
            if "case_sensitive" in data:
                raise ConfigurationError("give either case_sensitive= or case_insensitive=, not both")
            data["case_sensitive"] = not data.pop("case_insensitive")
        return data

    @model_validator(mode="after")
    def _compile(self) -> PatternValidationRule:
        compile_regex(self.pattern, self.case_sensitive)
        return self

    @property
    def is_prohibition(self) -> bool:
        """The design's name for ``mode == "prohibit"``."""
        return self.mode == "prohibit"

    @property
    def search_pattern(self) -> str:
        """The regex wrapped in slashes, as :func:`~lexguard.gate.find_pattern` takes a regex."""
        return f"/{self.pattern}/"
