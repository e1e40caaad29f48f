"""Provenance of claims: which chunks may be cited, with the retriever's score, and rendering.

:func:`cite_supporting` keeps only citations of chunks that support a claim (an unsupported
claim cites nothing; a supported one cites the chunks that score near its best evidence and
above a floor, so an unrelated chunk ranked third is not cited) and copies each source's
retriever score into the citation's metadata (``retriever_score``).

Three rendering styles: ``markdown`` (a numbered list of claims with their sources), ``text`` (the same in
plain text, for logs and terminals) and ``footnotes`` (the answer with ``[^n]`` markers after each
claim and markdown footnote definitions below).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from lexguard._errors import ConfigurationError
from lexguard._models import Citation, Claim, Source

__all__ = [
    "CitationStyle",
    "METHOD_LABELS",
    "RETRIEVER_SCORE_KEY",
    "cite_supporting",
    "supporting_citations",
    "format_citation",
    "format_citations",
]

RETRIEVER_SCORE_KEY = "retriever_score"
"""Citation metadata key of the retriever's score of the cited source (``Source.score``)."""

CitationStyle = Literal["markdown", "text", "footnotes"]

METHOD_LABELS: dict[str, str] = {
    "semantic": "semantic similarity",
    "exact": "exact match",
    "nli": "NLI entailment",
    "llm": "LLM judge",
    "knowledge": "knowledge base",
}
"""Display names of ``Citation.method`` values (other methods are shown as they are)."""

_NO_SOURCE = "no supporting source found"


def _first(metadata: Mapping[str, Any], *keys: str) -> str | None:
    for key in keys:
        value = metadata.get(key)
        if value not in (None, ""):
            return str(value)
    return None


def _url(metadata: Mapping[str, Any]) -> str | None:
    url = _first(metadata, "url", "link", "href")
    if url is None:
        source = _first(metadata, "source")
        if source and source.startswith(("http://", "https://")):
            url = source
    return url


def _retriever_scores(sources: Sequence[Any]) -> dict[str, float]:
    scores: dict[str, float] = {}
    for i, value in enumerate(sources):
        source = Source.from_any(value, i)
        score = source.score
        if score is None:
            meta = source.metadata
            raw = meta.get(RETRIEVER_SCORE_KEY, meta.get("score", meta.get("relevance_score")))
            score = float(raw) if isinstance(raw, int | float) and not isinstance(raw, bool) else None
        if score is not None:
            scores[source.id] = score
    return scores


def cite_supporting(
    claims: Sequence[Claim],
    sources: Sequence[Any] = (),
    *,
    min_score: float = 0.3,
    margin: float = 0.15,
) -> tuple[Claim, ...]:
    """Keep only citations of chunks that support their claim, with retriever scores.

    Rules: a claim that is not supported (``supported`` False or None) cites nothing; a
    supported claim keeps its best citation and every other one whose ``score`` is at least
    ``min_score`` and within ``margin`` of the best. Each kept citation of a source with a
    retriever score (``Source.score``, or ``score`` / ``relevance_score`` in a Document's
    metadata) gets it as ``metadata["retriever_score"]``.

    Args:
        claims: Scored claims with their candidate citations (best first).
        sources: The sources the claims were checked against (for retriever scores).
        min_score: Lowest evidence score (0..1) of a citation other than the best.
        margin: Largest gap to the best citation's score.

    Returns:
        The claims with their citations filtered and annotated.
    """
    retriever = _retriever_scores(sources)
    out: list[Claim] = []
    for claim in claims:
        if not claim.supported or not claim.citations:
            out.append(claim.model_copy(update={"citations": ()}) if claim.citations else claim)
            continue
        best = max(c.score for c in claim.citations)
        kept = [
            c
            for n, c in enumerate(claim.citations)
            if (n == 0 or (c.score >= min_score and c.score >= best - margin))
        ]
        annotated = tuple(
            c.model_copy(update={"metadata": {**c.metadata, RETRIEVER_SCORE_KEY: retriever[c.source_id]}})
            if c.source_id in retriever
            else c
            for c in kept
        )
        out.append(claim.model_copy(update={"citations": annotated}))
    return tuple(out)


def supporting_citations(claims: Sequence[Claim]) -> tuple[Citation, ...]:
    """The flat citation list of a report: the best citation of every supported claim."""
    return tuple(c.citations[0] for c in claims if c.supported and c.citations)


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def format_citation(
    citation: Citation, style: CitationStyle = "text", *, quote_chars: int = 0
) -> str:
    """Render one citation on one line.

    Args:
        citation: The citation.
        style: ``markdown`` / ``footnotes`` (markdown emphasis and links) or ``text``.
        quote_chars: Append the cited text, cut to this many characters; 0 leaves it out.

    Returns:
        E.g. ``source-0 (chunk source-0#1), "Annual report", p. 4, https://... - score 0.87,
        semantic similarity``.
    """
    markdown = style != "text"
    meta = citation.metadata
    source = f"**{citation.source_id}**" if markdown else citation.source_id
    parts = [source]
    if citation.chunk_id and citation.chunk_id != citation.source_id:
        parts[0] += f" (chunk `{citation.chunk_id}`)" if markdown else f" (chunk {citation.chunk_id})"
    title = _first(meta, "title", "name")
    if title:
        parts.append(f"*{title}*" if markdown else f'"{title}"')
    section = _first(meta, "section", "heading")
    if section:
        parts.append(f"section {section}")
    page = _first(meta, "page", "page_number", "page_label")
    if page:
        parts.append(f"p. {page}")
    url = _url(meta)
    if url:
        parts.append(f"<{url}>" if markdown else url)
    method = METHOD_LABELS.get(citation.method, citation.method)
    line = ", ".join(parts) + f" - score {citation.score:.2f}, {method}"
    retrieved = meta.get(RETRIEVER_SCORE_KEY)
    if isinstance(retrieved, int | float) and not isinstance(retrieved, bool):
        line += f", retriever score {retrieved:.2f}"
    if quote_chars > 0 and citation.quote:
        line += f': "{_shorten(citation.quote, quote_chars)}"'
    return line


def _status(claim: Claim) -> str:
    if claim.supported is None:
        status = "not checked"
    else:
        status = "supported" if claim.supported else "not supported"
    if claim.support is not None:
        status += f", support {claim.support:.2f}"
    return status


def format_citations(
    claims: Sequence[Claim],
    style: CitationStyle = "markdown",
    *,
    answer: str | None = None,
    max_per_claim: int = 3,
    quote_chars: int = 0,
) -> str:
    """Render every claim with its citations.

    Args:
        claims: Claims with their citations (e.g. ``ValidationReport.claims``).
        style: ``markdown``, ``text`` or ``footnotes``.
        answer: For ``footnotes``: the answer the claim spans point into; markers are inserted at
            the end of each claim. Without it the claim texts are joined.
        max_per_claim: Show at most this many citations per claim (best first).
        quote_chars: Show the cited text, cut to this many characters; 0 leaves it out.

    Returns:
        The rendered text (empty when there are no claims).

    Raises:
        ConfigurationError: If ``style`` is unknown.
    """
    if style not in ("markdown", "text", "footnotes"):
        raise ConfigurationError(f"unknown citation style {style!r}; use 'markdown', 'text' or 'footnotes'")
    if not claims:
        return ""
    if style == "footnotes":
        return _footnotes(claims, answer, max_per_claim, quote_chars)
    lines: list[str] = []
    for number, claim in enumerate(claims, 1):
        citations = claim.citations[:max_per_claim]
        if style == "markdown":
            lines.append(f'{number}. "{claim.text}" ({_status(claim)})')
            bullets = [format_citation(c, "markdown", quote_chars=quote_chars) for c in citations]
            lines.extend(f"   - {b}" for b in bullets or [f"_{_NO_SOURCE}_"])
        else:
            lines.append(f"[{number}] {claim.text} ({_status(claim)})")
            bullets = [format_citation(c, "text", quote_chars=quote_chars) for c in citations]
            lines.extend(f"    - {b}" for b in bullets or [_NO_SOURCE])
    return "\n".join(lines)


def _footnotes(
    claims: Sequence[Claim], answer: str | None, max_per_claim: int, quote_chars: int
) -> str:
    numbers: dict[tuple[str, str], int] = {}
    notes: list[str] = []
    markers: list[str] = []
    for claim in claims:
        marker = ""
        for citation in claim.citations[:max_per_claim]:
            key = (citation.source_id, citation.chunk_id)
            if key not in numbers:
                numbers[key] = len(numbers) + 1
                body = format_citation(citation, "footnotes", quote_chars=quote_chars)
                notes.append(f"[^{numbers[key]}]: {body}")
            marker += f"[^{numbers[key]}]"
        if not marker and claim.supported is False:
            marker = " *(unsupported)*"
        markers.append(marker)

    spans_ok = answer is not None and all(0 <= c.span[1] <= len(answer) for c in claims)
    if spans_ok:
        assert answer is not None
        body, cursor = [], 0
        for claim, marker in sorted(zip(claims, markers, strict=True), key=lambda p: p[0].span[1]):
            end = claim.span[1]
            body.append(answer[cursor:end] + marker)
            cursor = end
        body.append(answer[cursor:])
        text = "".join(body)
    else:
        text = " ".join(c.text + m for c, m in zip(claims, markers, strict=True))
    return text + ("\n\n" + "\n".join(notes) if notes else "")
