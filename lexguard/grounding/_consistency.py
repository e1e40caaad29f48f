"""Internal consistency: two claims of one answer that contradict each other.

Offline rule: two claims of at least four words say the same thing (cosine of their texts with
numbers masked and negations removed at least 0.9; 0.95 for a negation mismatch) but with one
different figure (enumerators such as "Passage 2" or "step 3" do not count; claims whose figures
differ in more than one place read as parallel facts), or one negated and the other not. "The bridge opened in 1937." and "The bridge opened in 1933." contradict;
"The bridge is open." and "The bridge is not open." too. Known blind spot: a list of parallel
facts about different years ("In 2010 sales rose. In 2011 sales rose.") reads the same way, so
the finding is a ``soft`` warning by default.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import regex

from lexguard._models import Claim, Finding, Severity

__all__ = ["INCONSISTENCY_KIND", "find_inconsistencies"]

INCONSISTENCY_KIND = "internal_inconsistency"
"""``Finding.kind`` of a contradiction between two claims of the same answer."""

_NUMBER = regex.compile(r"\d[\d,.]*\d|\d")
_ENUMERATOR = regex.compile(
    r"\b(passage|step|option|item|point|part|chapter|section|source|document|doc|example|no\.?|number|#)\s*$",
    regex.IGNORECASE,
)
_NEGATION = regex.compile(
    r"\b(not|no|never|none|neither|nor|without|cannot|isn't|aren't|wasn't|weren't|doesn't|don't"
    r"|didn't|hasn't|haven't|hadn't|won't|wouldn't|can't|couldn't|shouldn't)\b|n't\b",
    regex.IGNORECASE,
)


def _numbers(text: str) -> frozenset[str]:
    """The figures of a claim, without enumerators ("Passage 2", "step 3")."""
    return frozenset(
        m.group(0).replace(",", "").rstrip(".")
        for m in _NUMBER.finditer(text)
        if not _ENUMERATOR.search(text[: m.start()])
    )


def _negated(text: str) -> bool:
    return len(_NEGATION.findall(text.replace("\u2019", "'"))) % 2 == 1


def _frame(text: str) -> str:
    text = _NUMBER.sub("#", text.replace("\u2019", "'"))
    text = _NEGATION.sub(" ", text)
    return " ".join(text.split()).lower()


def _groups(claims: Sequence[Claim], min_words: int) -> tuple[list[tuple[list[int], list[int], bool]], dict[int, frozenset[str]]]:
    """Groups of claims whose pairs may contradict, found through buckets, not by comparing every pair.

    Two claims whose figures differ in one place share the key (their other figures, that
    count); claims with the same figures and opposite polarity share the key of their figures.
    Each group is ``(left, right, figures)``: pairs are taken across ``left`` and ``right`` (the
    same list for a figures group, whose pairs must then differ in their figures).
    """
    compared = [k for k, c in enumerate(claims) if len(c.text.split()) >= min_words]
    nums = {k: _numbers(claims[k].text) for k in compared}
    negated = {k: _negated(claims[k].text) for k in compared}
    one_off: dict[tuple[frozenset[str], int], list[int]] = {}
    same: dict[frozenset[str], list[int]] = {}
    for k in compared:
        for figure in nums[k]:
            one_off.setdefault((nums[k] - {figure}, len(nums[k])), []).append(k)
        same.setdefault(nums[k], []).append(k)
    groups = [(m, m, True) for m in one_off.values() if len({nums[k] for k in m}) > 1]
    for members in same.values():
        yes = [k for k in members if negated[k]]
        no = [k for k in members if not negated[k]]
        if yes and no:
            groups.append((yes, no, False))
    return groups, nums


_BLOCK = 512
"""Rows of a similarity block (a group of 3,000 claims is compared 512 rows at a time)."""


def find_inconsistencies(
    claims: Sequence[Claim],
    *,
    encoder: Any | None = None,
    min_similarity: float = 0.9,
    min_words: int = 4,
    severity: Severity = Severity.SOFT,
) -> tuple[Finding, ...]:
    """Findings for pairs of claims that contradict each other (see the module rules).

    Args:
        claims: The claims of one answer (spans into that answer).
        encoder: Sentence encoder; the bundled MiniLM when ``None`` (only loaded when some
            pair differs in a number or a negation).
        min_similarity: Cosine of the masked claim texts at and above which two claims count
            as saying the same thing (a negation mismatch needs the halfway point between this
            and 1.0).
        min_words: Claims shorter than this many words are not compared.
        severity: Severity of the findings.

    Returns:
        One finding per claim that contradicts an earlier one, on its span, naming the earliest
        claim it contradicts in ``evidence``.
    """
    groups, nums = _groups(claims, min_words)
    if not groups:
        return ()
    if encoder is None:
        from lexguard.embeddings import get_encoder

        encoder = get_encoder()
    frame_of = {k: _frame(claims[k].text) for k in sorted({k for a, b, _ in groups for k in (*a, *b)})}
    frames = sorted(set(frame_of.values()))
    vectors = np.asarray(encoder.encode(frames), dtype=np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    position = {f: n for n, f in enumerate(frames)}
    pairs: dict[int, tuple[int, str, float]] = {}
    flagged: dict[int, int] = {}
    for left, right, figures in groups:
        needed = min_similarity if figures else (1.0 + min_similarity) / 2
        right_vectors = vectors[[position[frame_of[k]] for k in right]]
        for first in range(0, len(left), _BLOCK):
            rows = left[first : first + _BLOCK]
            sims = vectors[[position[frame_of[k]] for k in rows]] @ right_vectors.T
            for r, c in zip(*np.nonzero(sims >= needed), strict=True):
                i, j = rows[r], right[c]
                if figures and (i >= j or nums[i] == nums[j]):
                    continue
                i, j = min(i, j), max(i, j)
                if j in flagged and flagged[j] <= i:
                    continue  # one finding per claim: the earliest claim it contradicts
                flagged[j] = i
                na, nb = nums[i], nums[j]
                why = (
                    f"different figures ({', '.join(sorted(na))} vs {', '.join(sorted(nb))})"
                    if figures
                    else "one denies what the other states"
                )
                pairs[j] = (i, why, float(sims[r, c]))
    findings: list[Finding] = []
    for j, (i, why, sim) in sorted(pairs.items(), key=lambda item: (item[1][0], item[0])):
        a, b = claims[i], claims[j]
        findings.append(
            Finding(
                kind=INCONSISTENCY_KIND,
                severity=severity,
                message=f"This claim contradicts an earlier claim of the same answer ({why}): "
                f"\u201c{a.text.strip()}\u201d. Keep the one the sources support and remove the other.",
                span=b.span,
                rule_id="grounding.internal_consistency",
                evidence=a.text.strip(),
                confidence=round(sim, 4),
                stage="support_check",
            )
        )
    return tuple(findings)
