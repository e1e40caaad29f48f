"""``KnowledgeValidator``: validate (and repair) a text against a knowledge context."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from os import PathLike
from typing import Any

from lexguard._errors import InputError
from lexguard._limits import remaining_time
from lexguard._models import Claim, Finding, Status
from lexguard._text import FoldedText, strip_invisible
from lexguard.knowledge._checks import claim_findings, mention_findings
from lexguard.knowledge._kinds import KnowledgeKind
from lexguard.knowledge._claims import ClaimExtractor, default_claim_extractor
from lexguard.knowledge._config import KnowledgeConfig
from lexguard.knowledge._context import Entity, KnowledgeContext
from lexguard.knowledge._fixes import apply_fixes
from lexguard.knowledge._linking import EntityMention, link_entities
from lexguard.knowledge._report import KnowledgeReport, knowledge_message, knowledge_score, knowledge_status

__all__ = ["KnowledgeValidator", "check_knowledge", "coerce_knowledge"]

KnowledgeLike = KnowledgeContext | Mapping[str, Any] | PathLike[str]


def coerce_knowledge(knowledge: KnowledgeLike) -> KnowledgeContext:
    """Turn a :class:`KnowledgeContext`, a ``from_dict`` mapping or a JSON file path into a context.

    Raises:
        InputError: For any other type, or a mapping/file of the wrong shape.
    """
    if isinstance(knowledge, KnowledgeContext):
        return knowledge
    if isinstance(knowledge, Mapping):
        return KnowledgeContext.from_dict(knowledge)
    if isinstance(knowledge, PathLike):
        return KnowledgeContext.from_json(knowledge)
    raise InputError(
        f"knowledge has type {type(knowledge).__name__}; pass a lexguard.knowledge.KnowledgeContext, "
        "a dict with 'entities'/'relationships', or a pathlib.Path to a JSON file"
    )


class KnowledgeValidator:
    """Validates texts against one knowledge context.

    Example:
        >>> ctx = KnowledgeContext.from_dict({"entities": [{"id": "x", "name": "Service X",
        ...     "properties": {"version": 2}}]})
        >>> KnowledgeValidator(ctx).validate_and_fix("Service X has version: 3.").corrected_text
        'Service X has version: 2.'

    Args:
        knowledge: The context, or anything :func:`coerce_knowledge` accepts.
        config: Check settings; defaults to :class:`KnowledgeConfig`.
        claim_extractor: ``text -> claims``; defaults to :func:`default_claim_extractor`.
        clock: Monotonic clock in seconds used for the time budget (injectable for tests).
    """

    def __init__(
        self,
        knowledge: KnowledgeLike,
        config: KnowledgeConfig | None = None,
        *,
        claim_extractor: ClaimExtractor | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.context = coerce_knowledge(knowledge)
        self.config = config or KnowledgeConfig()
        self._extract = claim_extractor or default_claim_extractor()
        self._clock = clock

    def validate(self, text: str) -> KnowledgeReport:
        """Check ``text`` against the knowledge context; never raises for check failures.

        Claim extraction failing gives an ``inconclusive`` report with the reason; running out of
        the time budget gives the findings so far, ``partial=True`` and status ``inconclusive``
        (``invalid`` if an error was already found).

        Raises:
            InputError: If ``text`` is not a string.
        """
        if not isinstance(text, str):
            raise InputError(f"text has type {type(text).__name__}; pass the answer as a str")
        visible = strip_invisible(text)
        if visible.starts is None:
            return self._validate(text)
        # Zero-width characters split names and numbers ("Data\u200bbase Z"): read the text without
        # them, then map every span back to the text as given.
        report = self._validate(visible.text)
        return report.model_copy(
            update={
                "text": text,
                "findings": tuple(_moved(f, visible) for f in report.findings),
                "claims": tuple(_moved_span(c, visible) for c in report.claims),
                "mentions": tuple(_moved_span(m, visible) for m in report.mentions),
            }
        )

    def _validate(self, text: str) -> KnowledgeReport:
        if not text.strip():
            return _report(text, (), (), (), (), Status.VALID, claims_total=0)
        budget = self.config.time_budget_s
        overall = remaining_time(None)  # the validation's total budget, when one is running
        if overall is not None and (budget is None or overall < budget):
            budget = round(overall, 3)
        deadline = None if budget is None else self._clock() + budget

        linking_cut: list[bool] = []

        def expired() -> bool:
            return deadline is not None and self._clock() > deadline

        def stop_linking() -> bool:
            if expired():
                linking_cut.append(True)
                return True
            return False

        try:
            claims = tuple(self._extract(text))
        except Exception as exc:  # a broken extractor must not break validation
            return KnowledgeReport(
                status=Status.INCONCLUSIVE,
                score=0.0,
                text=text,
                user_message=knowledge_message(Status.INCONCLUSIVE, ()),
                reason=f"claim extraction failed ({type(exc).__name__}: {exc}); check the claim extractor",
            )
        if not claims:
            stripped = text.strip()
            start = text.index(stripped)
            claims = (Claim(index=0, text=stripped, span=(start, start + len(stripped))),)
        mentions = link_entities(text, self.context, self.config, stop=stop_linking)
        findings: list[Finding] = mention_findings(mentions, self.context, self.config)
        checked = 0
        for claim in claims:
            if linking_cut or expired():  # linking cut short: no claim is checked
                break
            findings.extend(claim_findings(text, claim, mentions, self.context, self.config))
            checked += 1
        findings = _drop_shadowed(findings)
        verified: dict[str, Entity] = {}
        for m in mentions:
            if m.entity_id and (entity := self.context.get(m.entity_id)):
                verified.setdefault(entity.id, entity)
        findings.sort(key=lambda f: (f.span or (len(text), len(text)), f.kind))
        return _report(
            text, tuple(findings), claims, mentions, tuple(verified.values()), None,
            claims_total=len(claims), checked=checked, budget=budget,
        )

    def validate_and_fix(self, text: str) -> KnowledgeReport:
        """Validate ``text``, apply every fix with ``fix_confidence`` above the threshold, re-validate.

        All fixes are applied at once against the original offsets (see :func:`apply_fixes`).
        The returned report keeps the verdict of ``text`` as given (status, score, findings;
        an auto-fix never turns an invalid text into a ``valid`` report) and adds the corrected
        content beside it: ``corrected_text``, ``applied_fixes``, ``suggested_fixes`` (applied
        or not) and ``corrected``, the report of the corrected text.
        """
        report = self.validate(text)
        fixed, applied = apply_fixes(text, report.findings, self.config.auto_fix_threshold)
        if not applied:
            return report
        return report.model_copy(
            update={
                "original_text": text,
                "corrected_text": fixed,
                "applied_fixes": applied,
                "corrected": self.validate(fixed),
            }
        )


def _moved(finding: Finding, visible: FoldedText) -> Finding:
    """``finding`` with its span mapped from the text without zero-width characters to the text as given."""
    if finding.span is None:
        return finding
    return finding.model_copy(update={"span": visible.span_of(*finding.span)})


def _moved_span(item: Any, visible: FoldedText) -> Any:
    """A claim or mention with its span, and its text, taken from the text as given."""
    start, end = visible.span_of(*item.span)
    return item.model_copy(update={"span": (start, end), "text": visible.original[start:end]})


def _drop_shadowed(findings: list[Finding]) -> list[Finding]:
    """Drop bare unknown-mention warnings that sit on a contradicted value (one issue, one finding)."""
    values = [f.span for f in findings if f.kind == KnowledgeKind.CONTRADICTED_VALUE and f.span]
    return [
        f
        for f in findings
        if not (
            f.kind == KnowledgeKind.UNKNOWN_ENTITY
            and f.suggested_fix is None
            and f.span is not None
            and any(f.span[0] < e and s < f.span[1] for s, e in values)
        )
    ]


def _report(
    text: str,
    findings: tuple[Finding, ...],
    claims: tuple[Claim, ...],
    mentions: tuple[EntityMention, ...],
    verified: tuple[Entity, ...],
    status: Status | None,
    *,
    claims_total: int,
    checked: int | None = None,
    budget: float | None = None,
) -> KnowledgeReport:
    checked = claims_total if checked is None else checked
    partial = checked < claims_total
    status = status or knowledge_status(findings)
    reason = None
    if partial:
        reason = (
            f"time budget of {budget}s ran out after {checked} of {claims_total} claims; the results are "
            "partial (raise KnowledgeConfig.time_budget_s to check everything)"
        )
        if status != Status.INVALID:
            status = Status.INCONCLUSIVE
    return KnowledgeReport(
        status=status,
        score=knowledge_score(len(findings), claims_total, len(verified)),
        text=text,
        findings=findings,
        claims=claims,
        mentions=mentions,
        verified_entities=verified,
        user_message=knowledge_message(status, findings),
        reason=reason,
        partial=partial,
        checked_claims=checked,
    )


def check_knowledge(
    answer: str, knowledge: KnowledgeLike, config: KnowledgeConfig | None = None
) -> KnowledgeReport:
    """Validate ``answer`` against ``knowledge`` (the entry point of the ``support_check`` node).

    Args:
        answer: The answer text.
        knowledge: A :class:`KnowledgeContext`, a ``from_dict`` mapping or a JSON file path.
        config: Check settings.

    Returns:
        The :class:`KnowledgeReport` (findings, score, status, verified entities).
    """
    return KnowledgeValidator(knowledge, config).validate(answer)
