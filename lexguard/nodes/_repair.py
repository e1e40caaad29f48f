"""Repair an answer without an LLM: drop the sentences the sources do not support."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from lexguard._models import Claim, Finding, Severity, Span

__all__ = ["drop_unsupported", "removed_findings", "says_something", "trim_to_pass"]

REMOVED_STAGE = "removed"
"""``Finding.stage`` of a finding whose text the guard's repair removed."""


_SPACES = re.compile(r"[ \t]{2,}")


def _merge(spans: list[Span]) -> list[Span]:
    merged: list[Span] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _removed_spans(claims: Sequence[Claim], findings: Sequence[Finding]) -> list[Span]:
    """The spans :func:`drop_unsupported` removes: unsupported claims, and the claims holding
    hard findings (a finding outside every claim: its own span)."""
    spans: list[Span] = [c.span for c in claims if c.supported is False]
    for finding in findings:
        if finding.span is None or finding.severity.rank < Severity.HARD.rank:
            continue
        owner = next((c.span for c in claims if c.span[0] <= finding.span[0] < c.span[1]), None)
        spans.append(owner or finding.span)
    return _merge(spans)


def removed_findings(answer: str, claims: Sequence[Claim], findings: Sequence[Finding],
                     blocking: Sequence[Finding]) -> list[Finding]:
    """The findings of the text :func:`drop_unsupported` removes from ``answer``, marked removed.

    Each keeps its kind, severity and evidence; its message starts with the removed statement
    and says it was removed; its span is cleared (it pointed into the text before the repair)
    and its stage is ``"removed"``.
    """
    out: list[Finding] = []
    for lo, hi in _removed_spans(claims, blocking):
        text = " ".join(answer[lo:hi].split())
        inside = [f for f in findings if f.span is not None and lo <= f.span[0] < hi] or [
            Finding(kind="unsupported", severity=Severity.HARD, message="not supported by the sources.")
        ]
        # a statement a rule rejected (a secret, a prohibited word) is not copied into the report
        quoted = all(f.stage in (None, "support_check") for f in inside)
        what = f"\u201c{text}\u201d" if quoted else f"the statement at characters {lo}-{hi} of the previous attempt"
        for f in inside:
            out.append(f.model_copy(update={
                "message": f"Removed from the answer: {what} ({f.kind}: {f.message})",
                "span": None, "stage": REMOVED_STAGE}))
    return out


_FACT_WORD = re.compile(r"\w{2,}")


def says_something(text: str) -> bool:
    """Whether a repaired text still states something to check: not only fillers ("Sure!"),
    meta phrases, pictographs or punctuation."""
    from lexguard.grounding import extract_claims

    if not _FACT_WORD.search(text):
        return False
    return any(c.status != "not_checked" for c in extract_claims(text, min_words=1))


def drop_unsupported(answer: str, claims: Sequence[Claim], findings: Sequence[Finding]) -> str:
    """Remove unsupported claims, and the claims holding hard findings, from ``answer``.

    A hard finding's span is widened to the claim that contains it, so whole sentences go.

    Returns:
        The repaired text (whitespace tidied); the input unchanged when nothing could be removed.
    """
    spans = _removed_spans(claims, findings)
    if not spans:
        return answer
    pieces: list[str] = []
    cursor = 0
    for start, end in spans:
        pieces.append(answer[cursor:start])
        cursor = end
    pieces.append(answer[cursor:])
    text = "".join(pieces)
    lines = [_SPACES.sub(" ", line).strip() for line in text.splitlines()]
    # drop what a removed claim leaves: a bare bullet marker, or a table row of empty cells ("| |")
    text = "\n".join(
        line for line in lines if line and not re.fullmatch(r"[-*•\d.)\s]+", line) and not re.fullmatch(r"[|\s]+", line)
    )
    return text.strip()


def trim_to_pass(text: str, passes: Callable[[str], bool]) -> str | None:
    """The longest leading run of ``text``'s sentences that ``passes`` accepts (for a finding of
    the whole answer, such as a length limit, that no sentence holds), or ``None`` when even the
    first sentence fails or ``text`` is one sentence.

    Sentences are cut as the support check and streaming cut them
    (:func:`~lexguard.grounding.claims._sentences.split_sentences`, semicolons kept inside), so
    "Dr." or "e.g." never ends a kept run.
    """
    from lexguard.grounding.claims._sentences import split_sentences

    ends = sorted({end for _, end in split_sentences(text, split_semicolons=False)})
    for end in reversed(ends):
        candidate = text[:end].strip()
        if candidate and candidate != text.strip() and passes(candidate):
            return candidate
    return None
