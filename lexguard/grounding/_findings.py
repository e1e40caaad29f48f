"""Findings of the support check: what is wrong with a claim, where, and the evidence.

An unsupported claim's findings point at the unsupported words where the evidence shows them
(numbers, names and quotations found in no source, runs of content words absent from the
retrieved passages), else at the whole claim; a contradicted claim's finding quotes the source
sentences that say otherwise; text no check read gets a ``not_checked`` finding.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import regex

from lexguard._models import Claim, Finding, FindingKind, Severity
from lexguard.grounding._config import GroundingConfig
from lexguard.grounding.verify._features import ClaimEvidence
from lexguard.grounding.evidence._index import SourceIndex
from lexguard.grounding.signals._lexical import Mention, content_words

__all__ = [
    "contradiction_finding",
    "coverage_finding",
    "findings_for",
    "novel_runs",
    "overstatement_finding",
    "refusal_finding",
    "refused_claim",
    "shorten",
    "unsupported_parts",
    "unverified_advice_finding",
]

_STAGE = "support_check"
_TOKEN = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}'\u2019-]*")


def novel_runs(text: str, known: set[str] | frozenset[str], min_words: int = 1) -> list[tuple[int, int]]:
    """Maximal runs of content words of ``text`` absent from ``known`` (stopwords do not break a run).

    Args:
        text: The claim text.
        known: Normalised content words (as :func:`~lexguard.grounding.signals._lexical.content_words`
            gives them) of the evidence.
        min_words: Shortest run (in content words) worth reporting.

    Returns:
        ``(start, end)`` offsets into ``text``, in order.
    """
    runs: list[tuple[int, int]] = []
    start = end = -1
    count = 0
    for match in _TOKEN.finditer(text):
        words = content_words(match.group(0))
        if not words:
            continue  # a stopword neither starts, ends nor breaks a run
        if any(w not in known for w in words):
            if start < 0:
                start, count = match.start(), 0
            end, count = match.end(), count + 1
            continue
        if start >= 0 and count >= min_words:
            runs.append((start, end))
        start = -1
    if start >= 0 and count >= min_words:
        runs.append((start, end))
    return runs


def _known_words(ev: ClaimEvidence, index: SourceIndex, scope: str) -> set[str]:
    if scope == "sources":
        return set(index.profile.words)
    chunks = ev.best_chunks[:1] if scope == "best" else ev.best_chunks
    known: set[str] = set()
    for ci in chunks:
        known |= index.chunk_profiles[ci].words
    return known


_EDGE = " \t\n\r,.;:!?\"'()[]{}\u201c\u201d\u2018\u2019-"


def _uncovered(lo: int, hi: int, covered: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The parts of ``[lo, hi)`` that no ``covered`` span overlaps (so findings never repeat)."""
    pieces = [(lo, hi)]
    for start, end in covered:
        remaining = []
        for a, b in pieces:
            if end <= a or start >= b:
                remaining.append((a, b))
                continue
            if a < start:
                remaining.append((a, start))
            if end < b:
                remaining.append((end, b))
        pieces = remaining
    return pieces


def unsupported_parts(
    claim_text: str,
    ev: ClaimEvidence,
    index: SourceIndex | None,
    *,
    mode: str = "mentions_runs",
    scope: str = "top",
    min_words: int = 1,
) -> list[tuple[int, int]]:
    """Where in an unsupported claim the evidence locates the unsupported part.

    Args:
        claim_text: The claim as it appears in the answer.
        ev: The claim's evidence.
        index: The source index (needed for word runs).
        mode: ``claim`` (nothing narrower), ``mentions`` (values, names and quotations found in
            no source), ``runs`` (runs of content words absent from the evidence; for
            experiments, not a ``GroundingConfig.finding_span`` value),
            ``mentions_runs`` (both) or ``mentions_else_runs`` (runs only without mentions).
        scope: Evidence for word runs: ``best`` chunk, ``top`` retrieved chunks or all ``sources``.
        min_words: Shortest word run reported.

    Returns:
        Sorted, merged ``(start, end)`` offsets relative to the claim; empty when nothing more
        specific than the whole claim is found.
    """
    if mode == "claim":
        return []
    mentions = [m.span for m in (*ev.unknown_numbers, *ev.unknown_entities, *ev.unknown_quotes)]
    parts = list(mentions) if mode in ("mentions", "mentions_runs", "mentions_else_runs") else []
    wants_runs = mode in ("runs", "mentions_runs") or (mode == "mentions_else_runs" and not mentions)
    if wants_runs and index is not None and ev.best_chunks:
        parts += novel_runs(claim_text, _known_words(ev, index, scope), min_words)
    merged: list[tuple[int, int]] = []
    for start, end in sorted(parts):
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def shorten(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


_Located = tuple[str, str, str, tuple[int, int]]
"""A finding before it is built: ``(kind, rule, message, span in the answer)``."""


def findings_for(
    claim: Claim,
    ev: ClaimEvidence,
    index: SourceIndex | None,
    support: float,
    severity: Severity,
    config: GroundingConfig,
) -> list[Finding]:
    """The findings of an unsupported claim, each pointing at the words the evidence locates.

    Values and names the sources give elsewhere or otherwise come first, then numbers, names and
    quotations found in no source, then runs of unsupported words no earlier finding covers; a
    finding on the whole claim when none of those was found (or ``finding_span="claim"``).

    Args:
        claim: The claim.
        ev: Its evidence.
        index: The source index (``None`` when nothing was retrieved).
        support: The claim's support probability (its findings' confidence is ``1 - support``).
        severity: The findings' severity.
        config: Grounding settings (``finding_span``, ``finding_span_scope``,
            ``finding_span_min_words``).
    """
    best = index.chunks[ev.best_chunks[0]] if index is not None and ev.best_chunks else None
    located = _value_findings(claim, ev, best.id if best else "?")
    located += _word_findings(claim, ev, index, config, [at for *_, at in located])
    if not located or config.finding_span == "claim":
        located.append((
            FindingKind.UNSUPPORTED,
            "unsupported",
            f"This claim is not supported by the sources (support {support:.2f}); remove it or "
            "restate only what the sources say.",
            claim.span,
        ))
    common = {
        "stage": _STAGE,
        "evidence": shorten(best.text) if best is not None else None,
        "source_id": best.source_id if best is not None else None,
        "severity": severity,
    }
    confidence = round(1.0 - support, 4)
    return [
        Finding(kind=kind, message=message, span=at, rule_id=f"grounding.{rule}", confidence=confidence, **common)
        for kind, rule, message, at in located
    ]


def _value_findings(claim: Claim, ev: ClaimEvidence, closest: str) -> list[_Located]:
    """One finding per value, name or quotation of the claim the sources do not back.

    In order: values the sources give, but not where they state the rest of the claim; numbers
    the closest passage gives otherwise; numbers, names and quotations found in no source (a
    mention is reported once, under the first of these it falls in).

    Args:
        claim: The claim.
        ev: Its evidence.
        closest: The id of the closest passage (``"?"`` when none), named in the message.
    """
    offset = claim.span[0]
    located: list[_Located] = []
    misplaced = {item.mention.span: item.evidence for item in ev.misplaced}
    for span, where in misplaced.items():  # in the sources, but not where the claim's statement is
        located.append((FindingKind.CONTRADICTED_VALUE, "misplaced_value",
                        f"'{claim.text[span[0]:span[1]]}' is in the sources, but not where they state the rest of "
                        f"this claim: \u201c{shorten(where, 200)}\u201d. Use the value that passage gives or remove it.",
                        (offset + span[0], offset + span[1])))
    contradicted = {m.span for m in ev.contradicted_numbers} | set(misplaced)
    mentions: list[tuple[Iterable[Mention], str, str, Callable[[str], str]]] = [
        ([m for m in ev.contradicted_numbers if m.span not in misplaced], FindingKind.CONTRADICTED_VALUE,
         "contradicted_value",
         lambda text: f"The value '{text}' is in no source as stated; the closest passage "
         f"({closest}) gives a different value or unit. Use the value from the source or remove it."),
        ([m for m in ev.unknown_numbers if m.span not in contradicted], FindingKind.UNSUPPORTED,
         "unknown_value", lambda text: f"The value '{text}' appears in no source; remove it or "
         "support it."),
        ([m for m in ev.unknown_entities if m.span not in misplaced], FindingKind.UNKNOWN_ENTITY, "unknown_entity",
         lambda text: f"'{text}' is not mentioned in any source; remove it or use a name the "
         "sources support."),
        (ev.unknown_quotes, FindingKind.UNSUPPORTED, "unknown_quote",
         lambda text: f"The quotation \u201c{text}\u201d does not occur in any source; quote "
         "the source verbatim or drop the quotation marks."),
    ]
    for found, kind, rule, message in mentions:
        located += [(kind, rule, message(m.text), (offset + m.span[0], offset + m.span[1])) for m in found]
    return located


def _word_findings(
    claim: Claim,
    ev: ClaimEvidence,
    index: SourceIndex | None,
    config: GroundingConfig,
    covered: Sequence[tuple[int, int]],
) -> list[_Located]:
    """One finding per run of the claim's words absent from the evidence (:func:`unsupported_parts`).

    The parts ``covered`` spans already report are left out, and each piece is trimmed of
    punctuation and spaces at its edges (a piece with no letter or digit is dropped).

    Args:
        claim: The claim.
        ev: Its evidence.
        index: The source index.
        config: Grounding settings (``finding_span``, ``finding_span_scope``, ``finding_span_min_words``).
        covered: Spans in the answer that earlier findings report.
    """
    offset = claim.span[0]
    located: list[_Located] = []
    for start, end in unsupported_parts(
        claim.text, ev, index, mode=config.finding_span, scope=config.finding_span_scope,
        min_words=config.finding_span_min_words,
    ):
        for lo, hi in _uncovered(offset + start, offset + end, covered):
            piece = claim.text[lo - offset : hi - offset]
            lead = len(piece) - len(piece.lstrip(_EDGE))
            piece = piece.strip(_EDGE)
            if not any(ch.isalnum() for ch in piece):
                continue
            lo += lead
            located.append((
                FindingKind.UNSUPPORTED,
                "unsupported_words",
                f"'{shorten(piece, 80)}' is found in none of the closest passages; remove it or "
                "restate only what the sources say.",
                (lo, lo + len(piece)),
            ))
    return located


def coverage_finding(claim: Claim) -> Finding:
    return Finding(
        kind=FindingKind.NOT_CHECKED,
        severity=Severity.SOFT,
        message=f"This part of the answer was not checked against the sources: {claim.reason}.",
        span=claim.span,
        rule_id="grounding.not_checked",
        stage=_STAGE,
    )


def unverified_advice_finding(claim: Claim, support: float) -> Finding:
    """A soft finding for advice or an opinion the sources do not support: not a fact, so not
    checked as one, yet it keeps the answer's confidence below the bar."""
    return Finding(
        kind=FindingKind.NOT_CHECKED,
        severity=Severity.SOFT,
        message=(f"This {claim.kind} is not a fact to check, and the sources do not support it (support "
                 f"{support:.2f}), so the answer is not accepted; remove it or keep to what the sources say."),
        span=claim.span,
        rule_id="grounding.unverified_advice",
        stage=_STAGE,
    )


def _quoting_finding(
    claim: Claim, kind: FindingKind, severity: Severity, said: str, evidence: str, advice: str, rule_id: str,
    confidence: float,
) -> Finding:
    """A finding on ``claim`` that quotes the source passage behind it: ``said``, the quote, ``advice``."""
    return Finding(
        kind=kind,
        severity=severity,
        message=f"{said}: \u201c{shorten(evidence, 200)}\u201d. {advice}",
        span=claim.span,
        rule_id=rule_id,
        evidence=shorten(evidence),
        confidence=confidence,
        stage=_STAGE,
    )


def contradiction_finding(claim: Claim, evidence: str, support: float, severity: Severity) -> Finding:
    """The finding of a claim a source passage says otherwise."""
    return _quoting_finding(claim, FindingKind.CONTRADICTED, severity, "The sources say otherwise", evidence,
                            "Correct the claim to match the source or remove it.", "grounding.contradicted",
                            round(1.0 - support, 4))


def clause_finding(claim: Claim, clause: str) -> Finding:
    """The hard finding of a claim whose relative clause the verifier reads, alone, as unsupported
    (:mod:`~lexguard.grounding.verify._clauses_read`)."""
    return Finding(
        kind=FindingKind.UNSUPPORTED,
        severity=Severity.HARD,
        message=f"The sources do not support \u201c{shorten(clause, 200)}\u201d, read on its own; remove it or "
        "restate only what the sources say.",
        span=claim.span,
        rule_id="grounding.unsupported_clause",
        confidence=1.0,
        stage=_STAGE,
    )


def refused_claim(claim: Claim, support: float) -> Claim:
    """A refusal ("the context does not say X") whose X the sources give: unsupported, with
    ``support`` (just below the threshold: a word test found the topic, not the answer)."""
    return claim.model_copy(update={"support": round(support, 4), "supported": False, "status": "unsupported",
                                    "kind": "fact",
                                    "reason": "a refusal, but the sources do give it"})


def refusal_finding(claim: Claim, evidence: str) -> Finding:
    """The hard finding of a refusal the sources refute, with the passage that gives the answer."""
    return _quoting_finding(claim, FindingKind.UNSUPPORTED, Severity.HARD,
                            "The answer says the sources do not give this, but they do", evidence,
                            "Answer from that passage instead of declining.", "grounding.refusal", 1.0)


def overstatement_finding(claim: Claim, evidence: str, support: float, severity: Severity) -> Finding:
    """The finding of a claim that says more than its evidence (a hedge, quantifier or condition dropped)."""
    return _quoting_finding(claim, FindingKind.UNSUPPORTED, severity,
                            "The sources say this less certainly, of fewer cases or only under a condition", evidence,
                            "Keep the source's hedge, quantifier, condition and order, or remove the claim.",
                            "grounding.overstated", round(1.0 - support, 4))
