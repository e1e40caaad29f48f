"""Parse + gate in one call: the design's ``ValidatedOutput`` and ``ApprovedIntents``.

The validation-gating design lets only validated output change state: the gate result carries
the validated output (when it passed), the approved and rejected mutations and the approved
world intents (``emit_world_intent`` mutations). :func:`validate_output` runs the parser and
the rule gate over one raw output and returns that result.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict

from lexguard._models import Finding, Severity
from lexguard.gate._config import GateConfig
from lexguard.gate._gate import evaluate_gate
from lexguard.gate._rules import Mutation, MutationType, ValidationRule
from lexguard.parsing._config import ParserConfig
from lexguard.parsing._parser import ParseResult, parse_output

__all__ = ["ApprovedIntents", "ValidatedOutput", "validate_output"]


class ApprovedIntents(BaseModel):
    """World intents (``emit_world_intent`` mutations) that passed validation.

    Iterable and sized like a tuple. Empty whenever the output as a whole failed: an intent has
    effects outside the guard, and only validated output may have effects.

    Attributes:
        intents: The approved intents, in proposal order.
    """

    model_config = ConfigDict(frozen=True)

    intents: tuple[Mutation, ...] = ()

    def __iter__(self) -> Iterator[Mutation]:  # type: ignore[override]
        return iter(self.intents)

    def __len__(self) -> int:
        return len(self.intents)

    def __bool__(self) -> bool:
        return bool(self.intents)


class ValidatedOutput(BaseModel):
    """The outcome of parsing and gating one raw output (the design's ``GateResult``).

    Attributes:
        passed: The parser accepted the output and no gate failure is hard or critical.
        text: The cleaned text when it passed, else ``None`` (the design's ``ValidatedOutput``
            is only set for a passed output).
        raw: The raw output.
        parse: The parser's result.
        findings: Parser findings, then gate findings, in order.
        approved_mutations: Proposed changes the mutation gate approved (partial approval: some
            may be approved while others are rejected, even when the output failed).
        rejected_mutations: Proposed changes that touch protected state.
        approved_intents: Approved world intents; empty unless ``passed``.
    """

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    passed: bool
    text: str | None = None
    raw: str = ""
    parse: ParseResult
    findings: tuple[Finding, ...] = ()
    approved_mutations: tuple[Mutation, ...] = ()
    rejected_mutations: tuple[Mutation, ...] = ()
    approved_intents: ApprovedIntents = ApprovedIntents()

    @property
    def has_critical_failure(self) -> bool:
        """True when a finding is critical (fall back, do not retry)."""
        return any(f.severity == Severity.CRITICAL for f in self.findings)

    @property
    def should_retry(self) -> bool:
        """True when the output failed and nothing critical forbids a retry."""
        return not self.passed and not self.has_critical_failure

    @property
    def applicable_mutations(self) -> tuple[Mutation, ...]:
        """Mutations that may be executed now: the approved ones, only when the output passed."""
        return self.approved_mutations if self.passed else ()


def validate_output(
    raw: str,
    *,
    parser: ParserConfig | None = None,
    gate: GateConfig | None = None,
    mutations: Iterable[Mutation | dict[str, Any]] | None = None,
    rules: Sequence[ValidationRule] | None = None,
    truncated: bool = False,
) -> ValidatedOutput:
    """Parse ``raw`` and run the rule gate over the cleaned text and proposed mutations.

    A parser rejection stops there (the gate does not run on text that failed to parse; the
    mutations are neither approved nor rejected).

    Example:
        >>> from lexguard.parsing import ParserConfig, validate_output
        >>> out = validate_output("Guard: *nods* The gate is open", parser=ParserConfig.preset("dialogue"),
        ...                       mutations=[{"type": "emit_world_intent", "target": "gate", "value": "open"}])
        >>> out.passed, out.text, [m.target for m in out.approved_intents]
        (True, 'The gate is open.', ['gate'])

    Args:
        raw: The raw model output.
        parser: Parser settings (default: the ``default`` preset).
        gate: Gate settings (default: :class:`~lexguard.gate.GateConfig`).
        mutations: Proposed state changes (``Mutation`` objects or dicts).
        rules: Extra custom gate rules.
        truncated: The generator stopped early.

    Returns:
        The :class:`ValidatedOutput`.
    """
    parsed = parse_output(raw, parser, truncated=truncated)
    if not parsed.ok:
        return ValidatedOutput(passed=False, raw=raw, parse=parsed, findings=parsed.findings)
    result = evaluate_gate(parsed.text, gate, mutations=mutations, rules=rules)
    passed = result.passed
    intents = tuple(m for m in result.approved_mutations if m.type == MutationType.EMIT_WORLD_INTENT)
    return ValidatedOutput(
        passed=passed,
        text=parsed.text if passed else None,
        raw=raw,
        parse=parsed,
        findings=(*parsed.findings, *result.findings),
        approved_mutations=result.approved_mutations,
        rejected_mutations=result.rejected_mutations,
        approved_intents=ApprovedIntents(intents=intents if passed else ()),
    )

