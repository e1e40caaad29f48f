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
from dataclasses import dataclass
from typing import Any

import numpy as np
import regex

from lexguard.grounding.signals._references import SOURCE_NOUNS

from lexguard._limits import Deadline, current_deadline
from lexguard._models import Claim, Finding, FindingKind, Severity

__all__ = ["INCONSISTENCY_KIND", "find_inconsistencies"]

INCONSISTENCY_KIND = "internal_inconsistency"
"""``Finding.kind`` of a contradiction between two claims of the same answer."""

_NUMBER = regex.compile(r"\d[\d,.]*\d|\d")
_ENUMERATOR = regex.compile(
    rf"\b(?:{SOURCE_NOUNS}|step|option|item|point|part|chapter|section|example|no\.?|number|#)\s*$",
    regex.IGNORECASE,
)
_REACH = 40
"""Characters before a figure its enumerator is looked for in (a long claim stays linear)."""
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
        if not _ENUMERATOR.search(text, max(0, m.start() - _REACH), m.start())
    )


def _negated(text: str) -> bool:
    return len(_NEGATION.findall(text.replace("\u2019", "'"))) % 2 == 1


def _frame(text: str) -> str:
    text = _NUMBER.sub("#", text.replace("\u2019", "'"))
    text = _NEGATION.sub(" ", text)
    return " ".join(text.split()).lower()


_MAX_FIGURES = 16
"""Claims with more figures than this (tables, runs of readings) are not compared with other claims."""

_BLOCK = 512
"""Rows of a similarity block (a group of 3,000 claims is compared 512 rows at a time)."""


@dataclass(frozen=True)
class _Group:
    """Claims whose pairs may contradict: pairs are taken across ``left`` and ``right``.

    A figures group (``tags`` set) has ``left == right``: claims whose figures are the same but
    for one, ``tags`` naming that one (two claims with the same tag state the same figures). A
    polarity group pairs the negated claims (``left``) with the others (``right``), same figures.
    """

    left: np.ndarray
    right: np.ndarray
    tags: np.ndarray | None


def _groups(claims: Sequence[Claim], min_words: int) -> tuple[list[_Group], dict[int, frozenset[str]]]:
    """The groups of possibly contradicting claims, found through buckets, not by comparing every pair.

    Two claims whose figures differ in one place share the key (their other figures, that
    count); claims with the same figures and opposite polarity share the key of their figures.
    """
    compared = [k for k, c in enumerate(claims) if len(c.text.split()) >= min_words]
    nums = {k: _numbers(claims[k].text) for k in compared}
    negated = {k: _negated(claims[k].text) for k in compared}
    one_off: dict[tuple[frozenset[str], int], list[tuple[int, str]]] = {}
    same: dict[frozenset[str], list[int]] = {}
    for k in compared:
        if len(nums[k]) <= _MAX_FIGURES:
            for figure in nums[k]:
                one_off.setdefault((nums[k] - {figure}, len(nums[k])), []).append((k, figure))
            same.setdefault(nums[k], []).append(k)
    groups: list[_Group] = []
    for members in one_off.values():
        tags = [figure for _, figure in members]
        if len(set(tags)) > 1:
            index = np.array([k for k, _ in members])
            ids = {t: n for n, t in enumerate(sorted(set(tags)))}
            groups.append(_Group(index, index, np.array([ids[t] for t in tags])))
    for members in same.values():
        yes = [k for k in members if negated[k]]
        no = [k for k in members if not negated[k]]
        if yes and no:
            groups.append(_Group(np.array(yes), np.array(no), None))
    return groups, nums


def _earliest(mask: np.ndarray, axis: int) -> tuple[np.ndarray, np.ndarray]:
    """For each column (``axis=0``) or row (``axis=1``) holding a true cell: it, and its first true cell."""
    hit = np.nonzero(mask.any(axis=axis))[0]
    first = (mask[:, hit] if axis == 0 else mask[hit]).argmax(axis=axis)
    return hit, first


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
        claim it contradicts in ``evidence``; and a ``not_checked`` finding when the validation's
        time budget ran out before every pair was compared.
    """
    groups, nums = _groups(claims, min_words)
    if not groups:
        return ()
    deadline = current_deadline()
    if deadline is not None and deadline.expired:
        return (_not_compared(deadline.budget),)
    if encoder is None:
        from lexguard.embeddings import get_encoder

        encoder = get_encoder()
    vectors, rows_of = _embed_frames(claims, groups, encoder)
    found: dict[int, tuple[int, float]] = {}  # later claim -> (earliest contradicted claim, similarity)
    cut = False
    for group in groups:
        if not _compare_group(group, vectors, rows_of, min_similarity, deadline, found):
            cut = True
            break
    findings = [
        _contradiction(claims[i], claims[j], nums[i], nums[j], sim, severity)
        for j, (i, sim) in sorted(found.items(), key=lambda item: (item[1][0], item[0]))
    ]
    if cut and deadline is not None:
        findings.append(_not_compared(deadline.budget))
    return tuple(findings)


def _embed_frames(
    claims: Sequence[Claim], groups: Sequence[_Group], encoder: Any
) -> tuple[np.ndarray, np.ndarray]:
    """Encode the masked frames of the grouped claims, each distinct frame once.

    Returns:
        The unit-length frame vectors, and for each claim index the row of its frame's vector
        (0 for a claim in no group).
    """
    frame_of = {int(k): _frame(claims[k].text) for g in groups for k in (*g.left, *g.right)}
    frames = sorted(set(frame_of.values()))
    vectors = np.asarray(encoder.encode(frames), dtype=np.float32)
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    position = {f: n for n, f in enumerate(frames)}
    rows_of = np.array([position[frame_of[k]] if k in frame_of else 0 for k in range(len(claims))])
    return vectors, rows_of


def _offer(found: dict[int, tuple[int, float]], later: int, earlier: int, sim: float) -> None:
    """Record that ``later`` contradicts ``earlier``, keeping the earliest claim it contradicts."""
    if later not in found or earlier < found[later][0]:
        found[later] = (earlier, sim)


def _compare_group(
    group: _Group,
    vectors: np.ndarray,
    rows_of: np.ndarray,
    min_similarity: float,
    deadline: Deadline | None,
    found: dict[int, tuple[int, float]],
) -> bool:
    """Compare a group's pairs, ``_BLOCK`` rows at a time, recording contradictions in ``found``.

    Returns:
        False when the time budget ran out before the whole group was compared.
    """
    needed = min_similarity if group.tags is not None else (1.0 + min_similarity) / 2
    right_vectors = vectors[rows_of[group.right]]
    for first in range(0, len(group.left), _BLOCK):
        if deadline is not None and deadline.expired:
            return False
        rows = group.left[first : first + _BLOCK]
        sims = vectors[rows_of[rows]] @ right_vectors.T
        _record_block(group, first, rows, sims >= needed, sims, found)
    return True


def _record_block(
    group: _Group,
    first: int,
    rows: np.ndarray,
    near: np.ndarray,
    sims: np.ndarray,
    found: dict[int, tuple[int, float]],
) -> None:
    """Record the contradictions of one block: the pairs similar enough (``near``) that differ in
    one figure (a figures group) or in polarity (a polarity group); the later claim of a pair
    gets the finding."""
    before = rows[:, None] < group.right[None, :]
    if group.tags is not None:  # same figures but one; the later claim gets the finding
        near &= before & (group.tags[first : first + _BLOCK, None] != group.tags[None, :])
        cols, firsts = _earliest(near, 0)
        for c, r in zip(cols.tolist(), firsts.tolist(), strict=True):
            _offer(found, int(group.right[c]), int(rows[r]), float(sims[r, c]))
        return
    cols, firsts = _earliest(near & before, 0)  # negated claim first
    for c, r in zip(cols.tolist(), firsts.tolist(), strict=True):
        _offer(found, int(group.right[c]), int(rows[r]), float(sims[r, c]))
    hits, firsts = _earliest(near & ~before, 1)  # negated claim later
    for r, c in zip(hits.tolist(), firsts.tolist(), strict=True):
        _offer(found, int(rows[r]), int(group.right[c]), float(sims[r, c]))


def _contradiction(
    a: Claim, b: Claim, na: frozenset[str], nb: frozenset[str], sim: float, severity: Severity
) -> Finding:
    """The finding on claim ``b`` that contradicts the earlier claim ``a`` (figures ``na`` / ``nb``)."""
    why = (
        f"different figures ({', '.join(sorted(na))} vs {', '.join(sorted(nb))})"
        if na != nb
        else "one denies what the other states"
    )
    return Finding(
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


def _not_compared(budget: float | None) -> Finding:
    return Finding(
        kind=FindingKind.NOT_CHECKED,
        severity=Severity.SOFT,
        rule_id="grounding.internal_consistency",
        message="The claims were not all compared with each other for contradictions: the time budget "
        f"of {budget:g}s (limits.time_budget_s) was spent.",
        stage="support_check",
    )
