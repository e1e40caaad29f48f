"""The ``citations`` check: citations the model produced, validated inside the guard.

Citations come from the input (``citations`` key), from the answer message (LangChain content
blocks' ``annotations`` of type ``citation``, or ``additional_kwargs["citations"]``) and from the
answer text (``"quoted text" [source-id]``). A quote not found in the cited source, a cited
source that does not exist and a span that is not in the answer each become a hard
``invalid_citation`` finding (counted by the audit record's ``citations_failed``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from lexguard._models import CheckResult, Finding, FindingKind, Severity, Source
from lexguard.checks._base import BaseCheck, CheckContext

__all__ = ["CitationsCheck", "model_citations"]

_TEXT_CITATION = re.compile(r"[\"“]([^\"”]{8,}?)[\"”]\s*\[([^\[\]\s]{1,80})\]")
_SOURCE_KEYS = ("source", "source_id", "id", "document_id", "document_title", "title", "url")


def _block_citations(message: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    content = getattr(message, "content", None)
    text = ""
    for block in content if isinstance(content, list) else ():
        if not isinstance(block, Mapping):
            continue
        block_text = block.get("text") if isinstance(block.get("text"), str) else ""
        for note in block.get("annotations") or block.get("citations") or ():
            if not isinstance(note, Mapping):
                continue
            extras = note.get("extras") if isinstance(note.get("extras"), Mapping) else {}
            source = next((v for k in _SOURCE_KEYS for v in (note.get(k), extras.get(k)) if v), None)
            citation: dict[str, Any] = {"source": source, "quote": note.get("cited_text")}
            start, end = note.get("start_index"), note.get("end_index")
            if isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(block_text):
                citation["span_in_answer"] = block_text[start:end]
            found.append(citation)
        text += block_text
    kwargs = getattr(message, "additional_kwargs", None) or {}
    found += [dict(c) for c in kwargs.get("citations") or () if isinstance(c, Mapping)]
    return found


def model_citations(raw_answer: Any, text: str, given: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """Collect the citations a model produced for one answer (see the module docstring).

    Args:
        raw_answer: The answer as given (a message keeps its content blocks and kwargs).
        text: The answer text.
        given: Citations passed in the input (dicts with ``source``, ``quote``, ...).
    """
    found = [dict(c) for c in given or () if isinstance(c, Mapping)]
    found += _block_citations(raw_answer)
    for match in _TEXT_CITATION.finditer(text):
        found.append({"source": match.group(2), "quote": match.group(1), "span_in_answer": match.group(1)})
    return found


def _resolve(reference: Any, sources: Sequence[Source]) -> Any:
    """Map a title / url / metadata source to the id of the source it names."""
    if not isinstance(reference, str | int):
        return reference
    ref = str(reference)
    for source in sources:
        if source.id == ref or ref in {str(source.metadata.get(k)) for k in ("source", "title", "url", "id")}:
            return source.id
    if ref.isdigit() and 1 <= int(ref) <= len(sources):  # "[1]": the first source
        return sources[int(ref) - 1].id
    return ref


class CitationsCheck(BaseCheck):
    """Validate the citations the model produced (skipped when it produced none)."""

    name = "citations"

    def __init__(self, config: Any = None, *, policy: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.policy = policy

    def check(self, answer: str, context: CheckContext) -> CheckResult:
        from lexguard.citations import validate_citations

        citations = list(context.citations)
        if not citations:
            return self.skipped("the answer carries no citations")
        sources = list(context.sources)
        prepared = []
        for raw in citations:
            citation = dict(raw)
            citation["source"] = _resolve(citation.get("source"), sources)
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
                message=f"Citation {item.index + 1} (source {cited.get('source')!r}) is invalid: "
                        + "; ".join(item.errors) + ". Cite only text that appears in the source.",
                rule_id="citations.invalid", stage=self.name,
                evidence=str(cited.get("quote") or "")[:300] or None,
                source_id=str(cited.get("source")) if cited.get("source") is not None else None))
        return self.result(findings, data={"total": len(report.checks), "invalid": len(findings)})
