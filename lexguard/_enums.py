"""The enumerations of the value layer: severities, statuses, verdicts, outcomes, actions."""

from __future__ import annotations

from enum import StrEnum

from lexguard._lazy import publish

__all__ = [
    "OrderedStrEnum",
    "Severity",
    "Status",
    "Verdict",
    "FindingKind",
    "CheckOutcome",
    "FailureAction",
]


class OrderedStrEnum(StrEnum):
    """A string enum whose members are ordered as they are declared (mildest first)."""

    @property
    def rank(self) -> int:
        """Position in the declaration order: 0 for the first (mildest) member."""
        return type(self)._member_names_.index(self.name)


class Severity(OrderedStrEnum):
    """How bad a finding is.

    ``soft`` findings are warnings, ``hard`` findings trigger self-correction, ``critical``
    findings skip retries and go straight to the fallback.
    """

    SOFT = "soft"
    HARD = "hard"
    CRITICAL = "critical"


class Status(StrEnum):
    """Overall validation status of one answer."""

    VALID = "valid"
    VALID_WITH_WARNINGS = "valid_with_warnings"
    INVALID = "invalid"
    INCONCLUSIVE = "inconclusive"


class Verdict(StrEnum):
    """What the guard decided to do with the answer.

    * ``accept``: every check passed on the whole answer;
    * ``retry``: a check failed and the guard asks for (or makes) a corrected answer (only seen
      mid-graph and in events);
    * ``flag``: a check could not run (inconclusive) and ``on_inconclusive="flag"``: the answer
      is handed on unchanged but is *not* accepted (``report.accepted`` is False);
    * ``fallback``: the configured fallback was applied (refusal, best attempt, or raise).
    """

    ACCEPT = "accept"
    RETRY = "retry"
    FLAG = "flag"
    FALLBACK = "fallback"


class FindingKind(StrEnum):
    """Well-known finding kinds. ``Finding.kind`` is a plain string, so extensions may add more."""

    EMPTY_OUTPUT = "empty_output"
    MALFORMED = "malformed"
    PROHIBITED = "prohibited"
    REQUIRED_MISSING = "required_missing"
    CANONICAL_CONTRADICTION = "canonical_contradiction"
    FORBIDDEN_KNOWLEDGE = "forbidden_knowledge"
    PROTECTED_STATE = "protected_state"
    CUSTOM_RULE = "custom_rule"
    RULE_TIMEOUT = "rule_timeout"
    UNSUPPORTED = "unsupported"
    CONTRADICTED = "contradicted"
    NOT_CHECKED = "not_checked"
    CONTRADICTED_VALUE = "contradicted_value"
    UNKNOWN_ENTITY = "unknown_entity"
    UNSUPPORTED_RELATIONSHIP = "unsupported_relationship"
    INVALID_CITATION = "invalid_citation"
    NO_SOURCES = "no_sources"
    GENERATOR_ERROR = "generator_error"
    CHECK_ERROR = "check_error"


class CheckOutcome(StrEnum):
    """What one check concluded.

    * ``passed``: the check ran on the whole answer and found nothing blocking;
    * ``failed``: it found a blocking problem (a hard or critical finding);
    * ``inconclusive``: it should have checked but could not, or not all of the answer (no
      sources, no checkable claim, an error, a timeout); the reason says why. An inconclusive
      check never lets the answer be accepted (``GuardConfig.on_inconclusive`` decides);
    * ``skipped``: the check does not apply to this input (no knowledge graph given, no
      citations to validate).
    """

    PASSED = "passed"
    FAILED = "failed"
    INCONCLUSIVE = "inconclusive"
    SKIPPED = "skipped"


class FailureAction(StrEnum):
    """What a failed check makes the guard do (``GuardConfig.on_fail``, per check).

    * ``reask``: ask the generator again with feedback (without a generator: ``filter``, when
      ``repair_without_generator`` allows it); the default of every built-in check;
    * ``fix``: apply the findings' suggested fixes in place, then check again (falls back to
      ``reask`` when a blocking finding has no confident fix);
    * ``filter``: drop the sentences holding the blocking findings, then check again;
    * ``refuse``: take the fallback at once (no retry);
    * ``record``: keep the findings in the report as warnings; they never block;
    * ``raise``: raise :class:`~lexguard.ValidationFailedError` at once.
    """

    REASK = "reask"
    FIX = "fix"
    FILTER = "filter"
    REFUSE = "refuse"
    RECORD = "record"
    RAISE = "raise"


publish("lexguard", Severity, Status, Verdict, FindingKind, CheckOutcome, FailureAction)
