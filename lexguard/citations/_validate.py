"""Validate one citation a model produced.

Rules per citation (errors make it invalid, warnings do not):

* required fields: ``source`` non-empty, ``relevance`` a number in 0..1, ``quote`` non-empty;
* enhanced fields (each missing one is a warning and costs ``missing_field_penalty`` quality):
  ``evidence_idx`` an integer within the evidence count (when the evidence is known),
  ``alignment_score`` a number in 0..1; below ``min_alignment`` it is a *warning* that costs
  ``low_alignment_penalty`` (the citation stays valid),
  ``span_in_answer`` present in the answer (verbatim, then its first ``span_prefix_chars``
  characters, recorded at the length that really matches); a span not found is a
  *hallucinated span* (error, ``-hallucinated_span_penalty``);
* the quote is looked up in the cited text (the source with id ``source`` when sources are
  given, else ``evidence[evidence_idx]``): verbatim, whitespace/case-insensitive, or fuzzy; a
  quote not found is an error (``-quote_mismatch_penalty``); an unknown source id is an error.

Quality starts at 1.0, loses the penalties above and ``error_penalty`` per other error, is 0
when a required field is invalid, and is clamped to 0..1; an invalid citation never has
quality 1.0. Below ``low_quality`` the citation gets a ``low quality`` warning.

The metrics over many citations and the quality gate are in ``_report``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from lexguard._errors import InputError
from lexguard._models import Source, Span
from lexguard.citations._models import CitationCheck, CitationPolicy, ModelCitation, QuoteMatch
from lexguard.citations._text import match_quote

__all__ = ["validate_citation", "check_call"]

_ENHANCED = ("evidence_idx", "alignment_score", "span_in_answer")


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


def _is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _coerce(citation: Mapping[str, Any] | ModelCitation) -> ModelCitation:
    if isinstance(citation, ModelCitation):
        return citation
    if isinstance(citation, Mapping):
        return ModelCitation.model_validate(dict(citation))
    raise InputError(
        f"a citation has type {type(citation).__name__}; pass a dict with 'source', "
        "'relevance' and 'quote' or a lexguard.citations.ModelCitation"
    )


def check_call(answer: Any, citations: Any, evidence: Any, sources: Any) -> None:
    """Raise :class:`InputError` for arguments of the wrong type (before any work)."""
    if not isinstance(answer, str):
        raise InputError(f"answer must be a str, not {type(answer).__name__}")
    for name, value in (("citations", citations), ("evidence", evidence), ("sources", sources)):
        if value is None and name != "citations":
            continue
        if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence | tuple | list):
            raise InputError(f"{name} must be a list, not {type(value).__name__}")


def _locate_span(span: str, answer: str, prefix_chars: int) -> Span | None:
    """Where ``span`` is in ``answer``: verbatim, else by its first ``prefix_chars`` characters,
    then recorded only as far as span and answer agree (never at the claimed length)."""
    pos = answer.find(span)
    if pos >= 0:
        return (pos, pos + len(span))
    prefix = span[:prefix_chars]
    pos = answer.find(prefix) if prefix.strip() else -1
    if pos < 0:
        return None
    matched = len(prefix)
    while (
        matched < len(span)
        and pos + matched < len(answer)
        and answer[pos + matched] == span[matched]
    ):
        matched += 1
    return (pos, pos + matched)


def validate_citation(
    citation: Mapping[str, Any] | ModelCitation,
    answer: str,
    *,
    index: int = 0,
    evidence: Sequence[str] | None = None,
    sources: Sequence[Source] | None = None,
    policy: CitationPolicy | None = None,
) -> CitationCheck:
    """Validate one model-produced citation against its answer (see the module rules).

    Args:
        citation: A dict with the :class:`ModelCitation` fields, or a ``ModelCitation``.
        answer: The answer the citation belongs to.
        index: Position of the citation, echoed in the result.
        evidence: The evidence passages the model saw; bounds-checks ``evidence_idx`` and is the
            quote's reference text when no sources are given.
        sources: Source passages; ``citation.source`` is looked up by ``Source.id``.
        policy: Thresholds; defaults to :class:`CitationPolicy`.

    Raises:
        InputError: If ``citation`` is neither a mapping nor a ``ModelCitation``.
    """
    policy = policy or CitationPolicy()
    c = _coerce(citation)
    errors: list[str] = []
    warnings: list[str] = []
    required_ok = True
    other_errors = 0  # errors without a penalty of their own
    low_alignment = False

    if _is_missing(c.source) or not isinstance(c.source, str | int):
        errors.append("source is missing or empty; cite the id of the source you used")
        required_ok = False
    relevance = _number(c.relevance)
    if relevance is None or not 0.0 <= relevance <= 1.0:
        errors.append(f"relevance {c.relevance!r} is not a number in 0..1")
        required_ok = False
    if _is_missing(c.quote) or not isinstance(c.quote, str):
        errors.append("quote is missing or empty; quote the supporting source text")
        required_ok = False

    missing = tuple(name for name in _ENHANCED if _is_missing(getattr(c, name)))
    for name in missing:
        warnings.append(f"enhanced field {name} is missing")

    has_idx = "evidence_idx" not in missing
    if has_idx:
        idx = c.evidence_idx
        if isinstance(idx, bool) or not isinstance(idx, int) or idx < 0:
            errors.append(f"evidence_idx {idx!r} is not a non-negative integer")
            other_errors += 1
        elif evidence is not None and idx >= len(evidence):
            errors.append(f"evidence_idx {idx} points past the {len(evidence)} evidence passages")
            other_errors += 1

    alignment: float | None = None
    if "alignment_score" not in missing:
        alignment = _number(c.alignment_score)
        if alignment is None or not 0.0 <= alignment <= 1.0:
            errors.append(f"alignment_score {c.alignment_score!r} is not a number in 0..1")
            other_errors += 1
            alignment = None
        elif alignment < policy.min_alignment:
            low_alignment = True
            warnings.append(
                f"alignment_score {alignment:.2f} is below {policy.min_alignment}; "
                "the quote may not back the cited span"
            )

    span: Span | None = None
    hallucinated = False
    if "span_in_answer" not in missing:
        if isinstance(c.span_in_answer, str):
            span = _locate_span(c.span_in_answer, answer, policy.span_prefix_chars)
        if span is None:
            hallucinated = True
            errors.append("span_in_answer does not occur in the answer (hallucinated span)")

    quote_match, quote_score = QuoteMatch.UNCHECKED, None
    if isinstance(c.quote, str) and c.quote.strip():
        reference: str | None = None
        if sources:
            by_id = {s.id: s for s in sources}
            found = by_id.get(str(c.source)) if c.source is not None else None
            if found is None:
                errors.append(
                    f"source {c.source!r} is not among the given sources {sorted(by_id)}"
                )
                other_errors += 1
            else:
                reference = found.content
        elif evidence is not None and isinstance(c.evidence_idx, int) and not isinstance(
            c.evidence_idx, bool
        ) and 0 <= c.evidence_idx < len(evidence):
            reference = evidence[c.evidence_idx]
        if reference is not None:
            quote_match, quote_score = match_quote(
                c.quote, reference, policy.quote_fuzzy_threshold
            )
            if quote_match == QuoteMatch.NOT_FOUND:
                errors.append(
                    f"quote not found in source {c.source!r} (best fuzzy score {quote_score:.0f})"
                )

    quality = 1.0 - policy.missing_field_penalty * len(missing)
    quality -= policy.error_penalty * other_errors
    if low_alignment:
        quality -= policy.low_alignment_penalty
    if hallucinated:
        quality -= policy.hallucinated_span_penalty
    if quote_match == QuoteMatch.NOT_FOUND:
        quality -= policy.quote_mismatch_penalty
    if errors:  # an invalid citation never keeps full quality, whatever the penalties
        quality = min(quality, 1.0 - policy.error_penalty)
    quality = 0.0 if not required_ok else min(1.0, max(0.0, quality))
    if quality < policy.low_quality:
        warnings.append(f"low quality ({quality:.2f} < {policy.low_quality})")

    return CitationCheck(
        index=index,
        valid=not errors,
        errors=tuple(errors),
        warnings=tuple(warnings),
        quality=round(quality, 6),
        missing_fields=missing,
        hallucinated_span=hallucinated,
        span=span,
        quote_match=quote_match,
        quote_score=quote_score,
        alignment=alignment,
        has_evidence_idx=has_idx,
    )
