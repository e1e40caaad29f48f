"""The built-in checks: adapters from the parser, rule gate, support checker and knowledge
validator to the :class:`~lexguard.checks.Check` protocol.

The packages behind them keep their own APIs; these classes only translate their outcomes into
:class:`~lexguard.CheckResult` (what failed, what could not be checked and why).
"""

from __future__ import annotations

from typing import Any

from lexguard._config import GuardConfig
from lexguard._models import CheckOutcome, CheckResult, FailureAction, Finding, FindingKind, Severity, Source
from lexguard._text import FoldedText, reading_form
from lexguard.checks._answered import unanswered
from lexguard.checks._base import BaseCheck, CheckContext

ACCEPTS_EVERYTHING = "accepts_everything"
"""``CheckResult.data`` key the support check sets (to the reason) when its settings pass every claim."""

__all__ = ["KnowledgeCheck", "ParseCheck", "RulesCheck", "SupportCheck", "report_mutations"]


def _dump(items: Any) -> list[Any]:
    return [m.model_dump(mode="json") if hasattr(m, "model_dump") else m for m in items or ()]


class ParseCheck(BaseCheck):
    """The output parser: cleans the raw output (the following checks see the cleaned text) or
    rejects it (empty, malformed, truncated beyond repair; the following checks do not run).

    Args:
        config: Guard settings (``config.parser``).
    """

    name = "parse"

    def __init__(self, config: GuardConfig | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config = config or GuardConfig()

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        from lexguard.parsing import parse_output

        if not self.config.parser.enabled:
            return self.skipped("the parser is switched off (parser.enabled=False)")
        parsed = parse_output(answer, self.config.parser, truncated=context.truncated)
        data = {"applied": list(parsed.applied), "removed": list(parsed.removed)}
        if parsed.data is not None:
            data["parsed"] = parsed.data
        result = self.result(parsed.findings, text=parsed.text if parsed.text != answer else None,
                             stop=not parsed.ok, data=data)
        if not parsed.ok and result.outcome == CheckOutcome.PASSED:  # rejected without a blocking finding
            result = result.model_copy(update={"outcome": CheckOutcome.FAILED, "reason": "the parser rejected the output"})
        return result


class RulesCheck(BaseCheck):
    """The rule gate: prohibitions and requirements, canonical facts, forbidden topics,
    protected state (``mutations``) and custom rules.

    Rules that could not be evaluated (no usable pattern) or timed out make the result
    ``inconclusive``: the answer was not checked against them.

    Args:
        config: Guard settings (``config.gate``).
        rule_gate: A :class:`~lexguard.gate.RuleGate` whose custom rules change at run time; when
            given, its config and rules are used instead of ``config.gate``.
    """

    name = "rules"

    def __init__(self, config: GuardConfig | None = None, *, rule_gate: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config = config or GuardConfig()
        self.rule_gate = rule_gate

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        from lexguard.gate import evaluate_gate

        mutations = list(context.mutations) or None
        if self.rule_gate is not None:
            gate = self.rule_gate.check(answer, mutations=mutations)
        elif not self.config.gate.enabled:
            return self.skipped("the rules are switched off (gate.enabled=False)")
        else:
            gate = evaluate_gate(answer, self.config.gate, mutations=mutations)
        data: dict[str, Any] = {}
        if context.mutations:
            data["mutations"] = {"approved": _dump(gate.approved_mutations), "rejected": _dump(gate.rejected_mutations)}
        if gate.descriptive:  # requirements without patterns: never failed, said not checked
            data["descriptive"] = list(gate.descriptive)
        result = self.result(gate.findings, data=data)
        timeouts = [f for f in gate.findings if f.kind == FindingKind.RULE_TIMEOUT]
        not_run = [*gate.unchecked, *(f.message for f in timeouts)]
        if result.outcome == CheckOutcome.PASSED and not_run:
            result = result.model_copy(update={"outcome": CheckOutcome.INCONCLUSIVE,
                                               "reason": "rules not checked: " + "; ".join(not_run)})
        elif result.outcome == CheckOutcome.PASSED and gate.descriptive:
            result = result.model_copy(update={"reason": "descriptive only, not checked: "
                                               + "; ".join(gate.descriptive)})
        return result


def report_mutations(gate: dict[str, Any], *, accepted: bool) -> dict[str, Any]:
    """The report's mutations from the rules check's data: the gate's approved ones (and the world
    intents among them) only when the answer is accepted, else ``not_applied`` (as the gate
    design's ``validate_output``: only validated output changes state)."""
    approved = list(gate.get("approved") or [])
    intents = [m for m in approved if isinstance(m, dict) and m.get("type") == "emit_world_intent"]
    if accepted:
        return {**gate, "approved": approved, "world_intents": intents}
    return {**gate, "approved": [], "world_intents": [], "not_applied": approved}


class SupportCheck(BaseCheck):
    """The support check: every claim of the answer against the sources, with citations.

    With no sources but a knowledge graph, the claims are read against the graph written out as
    facts (:func:`_knowledge_sources`). ``inconclusive`` when there are neither, no
    checkable claim, a model failure, or claims left unchecked. The checker reads the answer and
    the sources as a reader sees them (:mod:`lexguard.grounding._visible`: ``3\u200b30`` is 330, a
    right-to-left override run is read reversed); spans and claim texts of the result are mapped
    back to the answer as given. A custom checker gets the text in that form too.

    Args:
        config: Guard settings (``config.grounding``).
        checker: The support checker (anything with ``check`` / ``acheck(answer, sources,
            question)`` returning a ``SupportResult``); share one so source embeddings are cached.
    """

    name = "support"

    def __init__(self, config: GuardConfig | None = None, *, checker: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config = config or GuardConfig()
        self._checker = checker

    @property
    def checker(self) -> Any:
        """The support checker (created from ``config.grounding`` on first use)."""
        if self._checker is None:
            from lexguard.grounding import SupportChecker

            self._checker = SupportChecker(self.config.grounding)
        return self._checker

    def _precheck(self, context: CheckContext) -> CheckResult | None:
        if not self.config.grounding.enabled:
            return self.skipped("the support check is switched off (grounding.enabled=False)")
        if context.sources or context.knowledge:
            return None
        finding = self.finding("No sources were given; the answer's support was not checked.",
                               kind=FindingKind.NO_SOURCES, severity=Severity.SOFT, rule_id="support.no_sources")
        return self.inconclusive("no sources were given, so support was not checked", [finding])

    def _result(self, support: Any, key: FoldedText) -> CheckResult:
        from lexguard.grounding._visible import mapped_back  # read in reading form: back to the answer as given

        claims, citations, findings = mapped_back(support.claims, support.citations, support.findings, key)
        fields = {"claims": claims, "citations": citations,
                  "confidence": support.confidence,
                  "data": {"hallucination_rate": support.hallucination_rate,
                           "recommendation": support.recommendation,
                           "verifiers": [v.model_dump(mode="json") for v in getattr(support, "verifiers", ())],
                           "source_quality": list(getattr(support, "source_quality", ()))}}
        passes_all = getattr(self.checker, "accepts_everything", None)
        if passes_all:  # a threshold that passes every claim checked nothing (see lexguard._coverage)
            fields["data"][ACCEPTS_EVERYTHING] = passes_all
        findings += _low_confidence(claims, support.confidence, self.config.confidence_threshold, findings)
        result = self.result(findings, **fields)
        if result.outcome == CheckOutcome.FAILED:
            return result
        unchecked = sum(1 for c in support.claims if c.unread)
        reason = support.inconclusive_reason or (
            f"{unchecked} of {len(support.claims)} claims could not be checked" if unchecked else None)
        if reason:
            return result.model_copy(update={"outcome": CheckOutcome.INCONCLUSIVE, "reason": reason})
        return result

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        skipped = self._precheck(context)
        if skipped is not None:
            return skipped
        key = reading_form(answer)
        result = self._result(self.checker.check(key.text, _evidence(context), context.question), key)
        return unanswered(result, context.question, answer, self.config.confidence_threshold)

    async def acheck(self, answer: str, context: CheckContext) -> CheckResult:
        skipped = self._precheck(context)
        if skipped is not None:
            return skipped
        checker = self.checker
        if not hasattr(checker, "acheck"):
            return await super().acheck(answer, context)
        key = reading_form(answer)
        result = self._result(await checker.acheck(key.text, _evidence(context), context.question), key)
        return unanswered(result, context.question, answer, self.config.confidence_threshold)


def _low_confidence(claims: tuple[Any, ...], confidence: float, threshold: float,
                    findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """A soft finding that says why an answer whose checked claims are all supported has a
    confidence below the guard's threshold (the Self-RAG reflection lowered it), so a refusal for
    low confidence always names its cause; ``()`` when a finding already explains it."""
    checked = [c for c in claims if c.supported is not None]
    if not checked or not all(c.supported for c in checked) or confidence >= threshold:
        return ()
    if any(f.severity.rank >= Severity.HARD.rank for f in findings):
        return ()
    weakest = min(checked, key=lambda c: c.support if c.support is not None else 1.0)
    return (Finding(
        kind="low_confidence", severity=Severity.SOFT, rule_id="support.low_confidence", stage="support_check",
        message=(f"Every checked claim is supported (the weakest, {weakest.text!r}, at "
                 f"{weakest.support if weakest.support is not None else 1.0:.2f}), but the answer's confidence "
                 f"{confidence:.3f} is below the threshold {threshold:.2f}: the reflection on how relevant the sources "
                 "are to the question and how fully the answer addresses it lowered it. Answer the question "
                 "fully, in a sentence, from the sources.")),)


def _evidence(context: CheckContext) -> list[Source]:
    """What the support check reads claims against: the sources, or with none the knowledge
    graph written out as facts (the graph's checks confirm only the properties and relations
    they find; "The Eiffel Tower was built by aliens." names a known entity and was accepted)."""
    if context.sources:
        from lexguard.grounding._visible import visible_sources

        return visible_sources(context.sources)
    return _knowledge_sources(context.knowledge)


def _knowledge_sources(knowledge: Any) -> list[Source]:
    """The knowledge graph as sources, one per entity: its names, type, properties and the
    relationships it is the subject or object of, as plain sentences."""
    from lexguard.knowledge import coerce_knowledge

    graph = coerce_knowledge(knowledge)
    names = {e.id: e.name for e in graph.entities}
    facts: dict[str, list[str]] = {e.id: [] for e in graph.entities}
    for r in graph.relationships:
        line = f"{names.get(r.subject, r.subject)} {r.predicate.replace('_', ' ')} {names.get(r.object, r.object)}."
        for end in (r.subject, r.object):
            if end in facts:
                facts[end].append(line)
    sources = []
    for e in graph.entities:
        lines = [f"{e.name}" + (f" is a {e.type}" if e.type else "") + "."]
        if e.aliases:
            lines.append(f"{e.name} is also known as {', '.join(e.aliases)}.")
        lines += [f"{e.name}'s {str(k).replace('_', ' ')} is {v}." for k, v in e.properties.items()]
        sources.append(Source(id=f"knowledge:{e.id}", content=" ".join([*lines, *facts[e.id]])))
    return sources


class KnowledgeCheck(BaseCheck):
    """The knowledge-graph check: unknown entities, contradicted property values, unsupported
    relationships (runs when the input carries ``knowledge``).

    Only hard findings block; the knowledge validator's soft findings (unverified figures, ...)
    are warnings. The check's confidence counts only the blocking findings, so a warning never
    lowers the answer below the confidence threshold. Out of time budget: ``inconclusive``.
    The default failure action is ``fix``: confident suggested fixes are applied in place.

    Args:
        config: Guard settings (``config.knowledge``).
    """

    name = "knowledge"
    on_fail = FailureAction.FIX

    def __init__(self, config: GuardConfig | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.config = config or GuardConfig()

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        from lexguard.knowledge import check_knowledge, knowledge_score

        if not context.knowledge:
            return self.skipped("no knowledge graph was given")
        report = check_knowledge(answer, context.knowledge, self.config.knowledge)
        blocking = [f for f in report.findings if f.severity.rank >= Severity.HARD.rank]
        confidence = knowledge_score(len(blocking), report.checked_claims, len(report.verified_entities))
        result = self.result(report.findings, confidence=confidence if report.checked_claims else None,
                             data={"score": report.score, "checked_claims": report.checked_claims,
                                   "verified_entities": [e.id for e in report.verified_entities]})
        if result.outcome == CheckOutcome.FAILED:
            return result
        if report.partial or report.status.value == "inconclusive":
            return result.model_copy(update={"outcome": CheckOutcome.INCONCLUSIVE,
                                             "reason": report.reason or "the knowledge check did not finish"})
        return result
