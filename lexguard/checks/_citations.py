"""The ``citations`` check: citations the model produced, validated inside the guard.

Citations come from the input (``citations`` key), from the answer message (LangChain's standard
content blocks' ``annotations`` of type ``citation``, the providers' native ``citations``, or
``additional_kwargs["citations"]``) and from the answer text (``"quoted text" [source-id]``,
numbered markers ``[2]``); see :mod:`lexguard.checks._cite_read`. Each is matched to a source by
id, url, document index or number, then title. A quote not found in the cited source, a cited
source that does not exist, a span that is not in the answer and a statement its cited source
does not support each become a hard ``invalid_citation`` finding (counted by the audit record's
``citations_failed``).

A citation in the message that is no citation dict (a bare string or URL, a number, the whole
``citations`` field as one string) is never skipped: it is collected as ``{"unreadable":
reason}`` and makes the check ``inconclusive`` (a soft ``not_checked`` finding naming it), so
the answer is not accepted; the readable citations beside it are still validated.
"""

from __future__ import annotations

from typing import Any

from lexguard._models import CheckResult, Finding, FindingKind, Severity, Source
from lexguard.checks._base import BaseCheck, CheckContext
from lexguard.checks._cite_claims import claim_citation_findings
from lexguard.checks._cite_read import UNREADABLE, model_citations, resolve_source

__all__ = ["UNREADABLE", "CitationsCheck", "model_citations"]

_INTERNAL = ("refs", "marker", "group")


class CitationsCheck(BaseCheck):
    """Validate the citations the model produced (skipped when it produced none).

    A citation is matched to a source by id, url, document index or number, then title
    (:func:`~lexguard.checks._cite_read.resolve_source`). A quote is looked up in the cited
    source (:func:`lexguard.citations.validate_citations`); a citation of a statement (a numbered
    marker, a block citation without ``cited_text``) is checked against the support check's
    reading of that statement (:mod:`lexguard.checks._cite_claims`).

    Args:
        config: Guard settings (the support checker made from ``config.grounding`` when none is shared).
        policy: Citation thresholds.
        checker: The support checker to share.
    """

    name = "citations"

    def __init__(self, config: Any = None, *, policy: Any = None, checker: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.policy = policy
        self.config = config
        self._checker = checker

    @property
    def checker(self) -> Any:
        """The support checker that re-reads a statement against its cited sources."""
        if self._checker is None:
            from lexguard._config import GuardConfig
            from lexguard.grounding import SupportChecker

            self._checker = SupportChecker((self.config or GuardConfig()).grounding)
        return self._checker

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        if not context.citations:
            return self.skipped("the answer carries no citations")
        unread = [str(c[UNREADABLE]) for c in context.citations if UNREADABLE in c]
        citations = [self._resolved(c, context.sources) for c in context.citations if UNREADABLE not in c]
        quoted = [c for c in citations if not self._cites_statement(c)]
        findings, quality = self._invalid(answer, quoted, list(context.sources)) if quoted else ([], {})
        more, unchecked = self._statements(answer, [c for c in citations if self._cites_statement(c)], context)
        findings += more
        data = {"total": len(context.citations), "invalid": len(findings), "unreadable": len(unread),
                "unchecked": len(unchecked), **quality}
        findings += [self.finding(f"A citation of the answer could not be read ({reason}), so it was not checked. "
                                  "Give each citation as a dict with the source and the quoted text.",
                                  kind=FindingKind.NOT_CHECKED, severity=Severity.SOFT, rule_id="citations.unreadable")
                     for reason in unread]
        findings += [self.finding(f"A citation was not checked: {reason}.", kind=FindingKind.NOT_CHECKED,
                                  severity=Severity.SOFT, rule_id="citations.unchecked") for reason in unchecked]
        if (unread or unchecked) and not any(f.severity.rank >= Severity.HARD.rank for f in findings):
            return self.inconclusive(f"{len(unread) + len(unchecked)} citation(s) could not be checked: "
                                     + "; ".join([*unread, *unchecked]), findings, data=data)
        return self.result(findings, data=data)

    @staticmethod
    def _resolved(citation: dict[str, Any], sources: Any) -> dict[str, Any]:
        """The citation with ``source`` set to the id of the source it names (else as given)."""
        resolved = dict(citation)
        found = resolve_source(citation, list(sources)) if sources else None
        if found is not None:
            resolved["source"] = found
        resolved["label"] = citation.get("marker") or repr(citation.get("source"))
        return resolved

    @staticmethod
    def _cites_statement(citation: dict[str, Any]) -> bool:
        """A citation of a statement: no quote, a span of the answer."""
        quote, span = citation.get("quote"), citation.get("span_in_answer")
        return not (isinstance(quote, str) and quote.strip()) and isinstance(span, str) and bool(span.strip())

    def _statements(self, answer: str, citations: list[dict[str, Any]],
                    context: CheckContext) -> tuple[list[Finding], list[str]]:
        """Findings of the statement citations whose sources exist; the others are invalid."""
        ids = {s.id for s in context.sources}
        groups: dict[tuple[str, tuple[str, ...]], tuple[list[str], list[str]]] = {}
        missing = []
        for c in citations:
            if c.get("source") not in ids:
                missing.append(c)
                continue
            key = (c["span_in_answer"], tuple(c.get("group") or (c["label"],)))
            cited, labels = groups.setdefault(key, ([], []))
            cited.append(str(c["source"]))
            labels.append(str(c["label"]))
        findings = [self.finding(
            f"Citation {c['label']} names a source that is not among the {len(ids)} given sources "
            f"({', '.join(sorted(ids)) or 'none'}). Cite one of the sources you were given.",
            kind=FindingKind.INVALID_CITATION, rule_id="citations.invalid") for c in missing]
        if not groups:
            return findings, []
        rows = [(span, cited, " ".join(dict.fromkeys(labels))) for (span, _), (cited, labels) in groups.items()]
        more, unchecked = claim_citation_findings(answer, rows, list(context.sources), context.previous,
                                                  self.checker, context.question)
        return findings + more, unchecked

    def _invalid(self, answer: str, citations: list[dict[str, Any]],
                 sources: list[Source]) -> tuple[list[Finding], dict[str, Any]]:
        """The ``invalid_citation`` findings of the quoting citations, and the citation design's
        quality score and gate (``quality``: mean quality 0..1, ``gate``: PASS / WARN / FAIL,
        ``gate_reasons``) for the check's data."""
        from lexguard.citations import validate_citations

        prepared = []
        for raw in citations:
            citation = {k: v for k, v in raw.items() if k not in _INTERNAL}
            citation.setdefault("relevance", 1.0)  # the guard checks quotes and spans, not the model's own score
            prepared.append(citation)
        report = validate_citations(answer, prepared, sources=sources or None, policy=self.policy)
        findings = []
        for item in report.checks:
            if item.valid:
                continue
            cited = prepared[item.index]
            findings.append(Finding(
                kind=FindingKind.INVALID_CITATION, severity=Severity.HARD, span=item.span,
                message=f"Citation {item.index + 1} (source {cited.get('label')}) is invalid: "
                        + "; ".join(item.errors) + ". Cite only text that appears in the source.",
                rule_id="citations.invalid", stage=self.name,
                evidence=str(cited.get("quote") or "")[:300] or None,
                source_id=str(cited.get("source")) if cited.get("source") is not None else None))
        quality = {"quality": round(report.metrics.average_quality, 4), "gate": str(report.gate.outcome),
                   "gate_reasons": list(report.gate.reasons)}
        return findings, quality
