"""The ``citations`` check: citations the model produced, validated inside the guard.

Citations come from the input (``citations`` key), from the answer message (LangChain content
blocks' ``annotations`` of type ``citation``, or ``additional_kwargs["citations"]``) and from the
answer text (``"quoted text" [source-id]``). A quote not found in the cited source, a cited
source that does not exist and a span that is not in the answer each become a hard
``invalid_citation`` finding (counted by the audit record's ``citations_failed``).

A citation in the message that is no citation dict (a bare string or URL, a number, the whole
``citations`` field as one string) is never skipped: it is collected as ``{"unreadable":
reason}`` and makes the check ``inconclusive`` (a soft ``not_checked`` finding naming it), so
the answer is not accepted; the readable citations beside it are still validated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from lexguard._inputs import coerce_citations
from lexguard._models import CheckResult, Finding, FindingKind, Severity, Source
from lexguard.checks._base import BaseCheck, CheckContext

__all__ = ["UNREADABLE", "CitationsCheck", "model_citations"]

UNREADABLE = "unreadable"
"""Key of a collected citation the guard could not read (its value says why)."""

_TEXT_CITATION = re.compile(r"[\"“]([^\"”]{8,}?)[\"”]\s*\[([^\[\]\s]{1,80})\]")
_SOURCE_KEYS = ("source", "source_id", "id", "document_id", "document_title", "title", "url")


def _entries(value: Any, where: str) -> list[Mapping[str, Any] | str]:
    """The items of a message's citation list: each a mapping, or (a string) why it is no citation.

    A single mapping is a one-item list; an empty value is none."""
    if value is None or (isinstance(value, list | tuple | str) and not value):
        return []
    if isinstance(value, Mapping):
        return [value]
    if not isinstance(value, list | tuple):
        return [f"{where} is a {type(value).__name__}, not a list of citation dicts"]
    entries: list[Mapping[str, Any] | str] = []
    for index, item in enumerate(value):
        dump = getattr(item, "model_dump", None)
        if not isinstance(item, Mapping) and callable(dump) and not isinstance(item, type):
            item = dump()
        entries.append(item if isinstance(item, Mapping)
                       else f"{where} item {index} is a {type(item).__name__}, not a citation dict")
    return entries


def _block_citations(message: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    content = getattr(message, "content", None)
    text = ""
    for index, block in enumerate(content if isinstance(content, list) else ()):
        if not isinstance(block, Mapping):
            continue
        block_text = block.get("text") if isinstance(block.get("text"), str) else ""
        key = "annotations" if block.get("annotations") else "citations"
        for note in _entries(block.get(key), f"content block {index}'s {key}"):
            if isinstance(note, str):
                found.append({UNREADABLE: note})
                continue
            extras = note.get("extras") if isinstance(note.get("extras"), Mapping) else {}
            source = next((v for k in _SOURCE_KEYS for v in (note.get(k), extras.get(k)) if v), None)
            citation: dict[str, Any] = {"source": source, "quote": note.get("cited_text")}
            start, end = note.get("start_index"), note.get("end_index")
            if isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(block_text):
                citation["span_in_answer"] = block_text[start:end]
            found.append(citation)
        text += block_text
    kwargs = getattr(message, "additional_kwargs", None)
    given = kwargs.get("citations") if isinstance(kwargs, Mapping) else None
    found += [{UNREADABLE: c} if isinstance(c, str) else dict(c)
              for c in _entries(given, "additional_kwargs['citations']")]
    return found


def model_citations(raw_answer: Any, text: str, given: Any = ()) -> list[dict[str, Any]]:
    """Collect the citations a model produced for one answer (see the module docstring).

    Args:
        raw_answer: The answer as given (a message keeps its content blocks and kwargs).
        text: The answer text.
        given: Citations passed in the input (read with :func:`~lexguard._inputs.coerce_citations`).

    Returns:
        One dict per citation; one the message holds but the guard cannot read is
        ``{"unreadable": reason}`` (the ``citations`` check makes the answer inconclusive).

    Raises:
        InputError: If ``given`` is not citations (a string, a number, an item that is no dict).
    """
    found = coerce_citations(given)
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
        if not context.citations:
            return self.skipped("the answer carries no citations")
        unread = [str(c[UNREADABLE]) for c in context.citations if UNREADABLE in c]
        citations = [c for c in context.citations if UNREADABLE not in c]
        findings = self._invalid(answer, citations, list(context.sources)) if citations else []
        data = {"total": len(context.citations), "invalid": len(findings), "unreadable": len(unread)}
        findings += [self.finding(f"A citation of the answer could not be read ({reason}), so it was not checked. "
                                  "Give each citation as a dict with the source and the quoted text.",
                                  kind=FindingKind.NOT_CHECKED, severity=Severity.SOFT, rule_id="citations.unreadable")
                     for reason in unread]
        if unread and not any(f.severity.rank >= Severity.HARD.rank for f in findings):
            return self.inconclusive(f"{len(unread)} citation(s) could not be read: " + "; ".join(unread),
                                     findings, data=data)
        return self.result(findings, data=data)

    def _invalid(self, answer: str, citations: list[dict[str, Any]], sources: list[Source]) -> list[Finding]:
        """The ``invalid_citation`` findings of the readable citations."""
        from lexguard.citations import validate_citations

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
        return findings
