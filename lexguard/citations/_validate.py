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
from dataclasses import dataclass, field
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
    tally = _Tally()
    _check_required(c, tally)
    missing = tuple(name for name in _ENHANCED if _is_missing(getattr(c, name)))
    tally.warnings.extend(f"enhanced field {name} is missing" for name in missing)
    has_idx = "evidence_idx" not in missing
    if has_idx:
        _check_evidence_idx(c.evidence_idx, evidence, tally)
    alignment, low_alignment = (
        _check_alignment(c.alignment_score, policy, tally)
        if "alignment_score" not in missing
        else (None, False)
    )
    span, hallucinated = (
        _check_span(c.span_in_answer, answer, policy, tally)
        if "span_in_answer" not in missing
        else (None, False)
    )
    quote_match, quote_score = _check_quote(c, evidence, sources, policy, tally)
    quality = _quality(
        policy, tally, len(missing), low_alignment, hallucinated, quote_match == QuoteMatch.NOT_FOUND
    )
    return CitationCheck(
        index=index,
        valid=not tally.errors,
        errors=tuple(tally.errors),
        warnings=tuple(tally.warnings),
        quality=round(quality, 6),
        missing_fields=missing,
        hallucinated_span=hallucinated,
        span=span,
        quote_match=quote_match,
        quote_score=quote_score,
        alignment=alignment,
        has_evidence_idx=has_idx,
    )


@dataclass
class _Tally:
    """What the checks of one citation found so far, in the order they ran."""

    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    required_ok: bool = True
    other_errors: int = 0  # errors without a penalty of their own


def _check_required(c: ModelCitation, tally: _Tally) -> None:
    """The required fields: ``source`` non-empty, ``relevance`` in 0..1, ``quote`` non-empty."""
    if _is_missing(c.source) or not isinstance(c.source, str | int):
        tally.errors.append("source is missing or empty; cite the id of the source you used")
        tally.required_ok = False
    relevance = _number(c.relevance)
    if relevance is None or not 0.0 <= relevance <= 1.0:
        tally.errors.append(f"relevance {c.relevance!r} is not a number in 0..1")
        tally.required_ok = False
    if _is_missing(c.quote) or not isinstance(c.quote, str):
        tally.errors.append("quote is missing or empty; quote the supporting source text")
        tally.required_ok = False


def _check_evidence_idx(idx: Any, evidence: Sequence[str] | None, tally: _Tally) -> None:
    """A given ``evidence_idx``: a non-negative integer within the evidence (when known)."""
    if isinstance(idx, bool) or not isinstance(idx, int) or idx < 0:
        tally.errors.append(f"evidence_idx {idx!r} is not a non-negative integer")
        tally.other_errors += 1
    elif evidence is not None and idx >= len(evidence):
        tally.errors.append(f"evidence_idx {idx} points past the {len(evidence)} evidence passages")
        tally.other_errors += 1


def _check_alignment(value: Any, policy: CitationPolicy, tally: _Tally) -> tuple[float | None, bool]:
    """A given ``alignment_score``: a number in 0..1 (else an error), warned below the minimum.

    Returns:
        The score (``None`` when invalid), and whether it is below ``policy.min_alignment``.
    """
    alignment = _number(value)
    if alignment is None or not 0.0 <= alignment <= 1.0:
        tally.errors.append(f"alignment_score {value!r} is not a number in 0..1")
        tally.other_errors += 1
        return None, False
    if alignment < policy.min_alignment:
        tally.warnings.append(
            f"alignment_score {alignment:.2f} is below {policy.min_alignment}; "
            "the quote may not back the cited span"
        )
        return alignment, True
    return alignment, False


def _check_span(
    value: Any, answer: str, policy: CitationPolicy, tally: _Tally
) -> tuple[Span | None, bool]:
    """A given ``span_in_answer``: where it is in the answer.

    Returns:
        The span found (``None`` when not found), and whether it is hallucinated (not found).
    """
    span = _locate_span(value, answer, policy.span_prefix_chars) if isinstance(value, str) else None
    if span is None:
        tally.errors.append("span_in_answer does not occur in the answer (hallucinated span)")
    return span, span is None


def _check_quote(
    c: ModelCitation,
    evidence: Sequence[str] | None,
    sources: Sequence[Source] | None,
    policy: CitationPolicy,
    tally: _Tally,
) -> tuple[QuoteMatch, float | None]:
    """Look the quote up in the cited text; a quote not found there is an error.

    Returns:
        How it matched and the fuzzy score; ``unchecked`` without a quote or a cited text.
    """
    if not (isinstance(c.quote, str) and c.quote.strip()):
        return QuoteMatch.UNCHECKED, None
    reference = _cited_text(c, evidence, sources, tally)
    if reference is None:
        return QuoteMatch.UNCHECKED, None
    quote_match, quote_score = match_quote(c.quote, reference, policy.quote_fuzzy_threshold)
    if quote_match == QuoteMatch.NOT_FOUND:
        tally.errors.append(
            f"quote not found in source {c.source!r} (best fuzzy score {quote_score:.0f})"
        )
    return quote_match, quote_score


def _cited_text(
    c: ModelCitation, evidence: Sequence[str] | None, sources: Sequence[Source] | None, tally: _Tally
) -> str | None:
    """The text the citation cites: the source with id ``c.source`` when sources are given (an
    unknown id is an error), else ``evidence[c.evidence_idx]`` when that index is valid."""
    if sources:
        by_id = {s.id: s for s in sources}
        found = by_id.get(str(c.source)) if c.source is not None else None
        if found is None:
            tally.errors.append(f"source {c.source!r} is not among the given sources {sorted(by_id)}")
            tally.other_errors += 1
            return None
        return found.content
    if evidence is not None and isinstance(c.evidence_idx, int) and not isinstance(
        c.evidence_idx, bool
    ) and 0 <= c.evidence_idx < len(evidence):
        return evidence[c.evidence_idx]
    return None


def _quality(
    policy: CitationPolicy,
    tally: _Tally,
    missing: int,
    low_alignment: bool,
    hallucinated: bool,
    quote_not_found: bool,
) -> float:
    """The citation's quality: 1.0 less the penalties, capped below 1.0 when there are errors, 0
    when a required field is invalid, clamped to 0..1; adds the ``low quality`` warning."""
    quality = 1.0 - policy.missing_field_penalty * missing
    quality -= policy.error_penalty * tally.other_errors
    if low_alignment:
        quality -= policy.low_alignment_penalty
    if hallucinated:
        quality -= policy.hallucinated_span_penalty
    if quote_not_found:
        quality -= policy.quote_mismatch_penalty
    if tally.errors:  # an invalid citation never keeps full quality, whatever the penalties
        quality = min(quality, 1.0 - policy.error_penalty)
    quality = 0.0 if not tally.required_ok else min(1.0, max(0.0, quality))
    if quality < policy.low_quality:
        tally.warnings.append(f"low quality ({quality:.2f} < {policy.low_quality})")
    return quality
