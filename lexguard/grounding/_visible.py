"""What the support check reads of the answer and the sources: the text as a reader sees it.

Invisible characters split numbers and words for a reader that compares them (``3\u200b30`` is
330, ``Eiffel\u200b Tower`` is "Eiffel Tower"), and a right-to-left override shows its run
reversed (``in \u202eemoR\u202c`` displays "in Rome"). Both the answer and the sources are read in
:func:`~lexguard._text.reading_form`; the result's spans and claim texts are then mapped back to
the answer as given, so a caller never sees the text the checker read instead of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from lexguard._models import Citation, Claim, Finding, Source
from lexguard._text import FoldedText, reading_form
from lexguard.grounding._result import SupportResult

__all__ = ["claim_back", "finding_back", "mapped_back", "result_back", "visible_sources"]


def visible_sources(sources: Sequence[Source]) -> list[Source]:
    """The sources with their contents in reading form, the same objects when nothing changes."""
    out = []
    for source in sources:
        content = reading_form(source.content)
        out.append(source if content.starts is None else source.model_copy(update={"content": content.text}))
    return out


def claim_back(claim: Claim, key: FoldedText) -> Claim:
    """``claim`` of the reading form ``key.text`` with its span and text in ``key.original``."""
    start, end = key.span_of(*claim.span)
    text = key.original[start:end] if key.text[claim.span[0]:claim.span[1]] == claim.text else claim.text
    citations = tuple(c.model_copy(update={"claim": text}) for c in claim.citations)
    return claim.model_copy(update={"span": (start, end), "text": text, "citations": citations})


def finding_back(finding: Finding, key: FoldedText) -> Finding:
    """``finding`` with its span mapped from the reading form to ``key.original``."""
    return finding if finding.span is None else finding.model_copy(update={"span": key.span_of(*finding.span)})


def mapped_back(
    claims: Sequence[Claim], citations: Sequence[Citation], findings: Sequence[Finding], key: FoldedText
) -> tuple[tuple[Claim, ...], tuple[Citation, ...], tuple[Finding, ...]]:
    """Claims, citations and findings of a check of ``key.text``, with their spans and claim texts
    in ``key.original`` (unchanged when ``key`` changed nothing)."""
    if key.starts is None:
        return tuple(claims), tuple(citations), tuple(findings)
    back = tuple(claim_back(c, key) for c in claims)
    texts = {c.index: c.text for c in back}
    cited = tuple(c.model_copy(update={"claim": texts.get(c.claim_index, c.claim)}) for c in citations)
    return back, cited, tuple(finding_back(f, key) for f in findings)


def result_back(result: SupportResult, key: FoldedText) -> SupportResult:
    """``result``, checked on ``key.text``, with its claims, citations and findings in ``key.original``."""
    if key.starts is None:
        return result
    claims, citations, findings = mapped_back(result.claims, result.citations, result.findings, key)
    return result.model_copy(update={"claims": claims, "citations": citations, "findings": findings})
