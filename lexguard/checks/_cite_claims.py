"""Citations that point at a statement, not a quote: is the statement in the source it cites?

A numbered marker (``... opened in 1937 [2].``) or a content-block citation without
``cited_text`` (OpenAI's url citations: a span of the answer and a url) says "this statement
comes from that source". The support check has already read each statement against every
source; a statement it found supported by another source only is read once more against the
cited sources alone (the support checker, so a source saying the same in other words counts).
A statement the support check found unsupported is left to its findings; a statement no check
read leaves the citation unchecked (the ``citations`` check is then inconclusive).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lexguard._models import CheckResult, Claim, Finding, FindingKind, Severity, Source

__all__ = ["claim_citation_findings"]


def _span(answer: str, text: str) -> tuple[int, int] | None:
    at = answer.find(text)
    return (at, at + len(text)) if at >= 0 else None


def _claims_in(result: CheckResult, span: tuple[int, int]) -> list[Claim]:
    return [c for c in result.claims if c.kind == "fact" and c.span[0] < span[1] and span[0] < c.span[1]]


def _evidence(result: CheckResult, claim: Claim) -> set[str]:
    return {c.source_id for c in claim.citations} | {c.source_id for c in result.citations
                                                      if c.claim_index == claim.index}


def _reread(checker: Any, claim: Claim, cited: list[Source], question: str | None) -> bool:
    """Whether the cited sources alone support the claim (the support checker's reading)."""
    result = checker.check(claim.text, cited, question)
    claims = [c for c in result.claims if c.kind == "fact"]
    return bool(claims) and all(c.supported for c in claims)


def claim_citation_findings(
    answer: str,
    groups: Sequence[tuple[str, list[str], str]],
    sources: Sequence[Source],
    previous: Sequence[CheckResult],
    checker: Any,
    question: str | None = None,
) -> tuple[list[Finding], list[str]]:
    """Findings of the statement citations, and why some could not be checked.

    Args:
        answer: The answer as the citations check reads it.
        groups: ``(statement, cited source ids, label)`` per cited statement (``[1][3]`` is one
            group: the statement must be in one of them or in them together).
        sources: The answer's sources.
        previous: The results of the checks that ran before (the support check's is read).
        checker: The support checker (``check(answer, sources, question)``).
        question: The user question.

    Returns:
        ``(findings, unchecked reasons)``.
    """
    support = next((r for r in previous if r.check == "support" and r.claims), None)
    by_id = {s.id: s for s in sources}
    findings: list[Finding] = []
    unchecked: list[str] = []
    for statement, cited, label in groups:
        span = _span(answer, statement)
        claims = _claims_in(support, span) if support is not None and span is not None else []
        if not claims:
            unchecked.append(f"the statement cited as {label} ({statement[:60]!r}) was not read by the support check")
            continue
        for claim in claims:
            if claim.supported is not True:
                continue  # unsupported: the support check's findings say so; not checked: nothing to hold
            found = _evidence(support, claim)
            if found & set(cited) or _reread(checker, claim, [by_id[i] for i in cited], question):
                continue
            others = ", ".join(repr(i) for i in sorted(found)) or "other sources"
            findings.append(Finding(
                kind=FindingKind.INVALID_CITATION, severity=Severity.HARD, span=claim.span,
                message=(f"Citation {label} points at {', '.join(map(repr, cited))}, which does not support "
                         f"{claim.text!r}; the statement comes from {others}. Cite the source it comes from."),
                rule_id="citations.wrong_source", stage="citations", source_id=cited[0],
                evidence=by_id[cited[0]].content[:300]))
    return findings, unchecked
