"""Operating points: choose the support threshold for a false-alarm budget on labelled rows.

``lexguard calibrate LABELLED.jsonl --max-false-alarm 0.05 --out thresholds.json`` runs the
support check once per row and picks the highest support threshold whose share of supported
rows flagged stays within the budget; the guard loads the file with
``GroundingConfig(threshold_file=...)`` (or ``LEXGUARD_GROUNDING__THRESHOLD_FILE``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any

from lexguard._errors import InputError
from lexguard._models import Source
from lexguard.eval._data import EvalRow
from lexguard.grounding._threshold import Calibration

__all__ = ["MIN_CALIBRATION_ROWS", "Calibration", "calibrate"]

MIN_CALIBRATION_ROWS = 50
"""Below this many rows :func:`calibrate` warns that the threshold will be noisy."""


def _row_scores(checker: Any, row: EvalRow) -> tuple[bool, float]:
    """(flagged by the strict rules alone, lowest support of the other checked claims)."""
    sources = [Source(id=f"source-{i}", content=text) for i, text in enumerate(row.sources)]
    result = checker.check(row.answer, sources, row.question or None)
    strict = any(c.supported is False for c in result.claims)
    supports = [c.support for c in result.claims if c.supported and c.support is not None]
    return strict, min(supports, default=1.0)


def _check_labels(rows: Sequence[EvalRow]) -> None:
    """Refuse rows of one label only; warn when there are few."""
    positives = sum(1 for row in rows if row.hallucinated)
    if len(rows) == positives:
        raise InputError(
            f"calibration needs supported rows (label 'supported') to measure false alarms; the {len(rows)} "
            "row(s) given have none: add rows of correct answers (or label audit records with "
            "`lexguard audit label ID --correct`)"
        )
    if positives == 0:
        raise InputError(
            f"calibration needs hallucinated rows (label 'hallucinated') to measure recall; the {len(rows)} row(s) "
            "given have none: check the labels (read as 'supported' / 'hallucinated' in any case) and add rows of "
            "wrong answers (or label audit records with `lexguard audit label ID --hallucinated`)"
        )
    if len(rows) < MIN_CALIBRATION_ROWS:
        warnings.warn(
            f"only {len(rows)} labelled rows ({positives} hallucinated); the threshold will be noisy: "
            f"use at least {MIN_CALIBRATION_ROWS}, both labels well represented",
            UserWarning,
            stacklevel=3,
        )


def calibrate(
    rows: Sequence[EvalRow],
    *,
    max_false_alarm: float,
    checker: Any | None = None,
    source: str = "",
    on_row: Callable[[], None] | None = None,
    strict: bool = True,
) -> Calibration:
    """Choose the support threshold that flags at most ``max_false_alarm`` of supported rows.

    Args:
        rows: Labelled rows (eval schema: answer, sources, question, label).
        max_false_alarm: The false-alarm budget, 0..1.
        checker: A ``SupportChecker`` run with ``support_threshold=0`` (so that only the strict
            rules flag claims); one with default settings otherwise.
        source: Where the rows came from, recorded in the result.
        on_row: Called after each row (progress).
        strict: Keep the rules that fail a claim whatever the threshold (strict numbers, names,
            quotes, polarity, the verifier override). ``False`` calibrates without them (and
            the written file turns them off where it is loaded): the only way below their floor.

    Returns:
        The :class:`Calibration`.

    Raises:
        InputError: Without supported rows (no false-alarm rate can be measured) or without
            hallucinated rows (no recall can be measured, and a file whose labels were all
            misread would pass unnoticed); checked before any row is scored.

    Warns:
        UserWarning: With fewer than :data:`MIN_CALIBRATION_ROWS` rows (a noisy threshold).
    """
    if not 0.0 <= max_false_alarm <= 1.0:
        raise InputError(f"max_false_alarm must be between 0 and 1, got {max_false_alarm}")
    _check_labels(rows)
    if checker is None:
        checker = _default_checker(strict)
    scored = _score_rows(rows, checker, on_row)
    return _operating_point(scored, max_false_alarm, source=source, strict=strict)


def _default_checker(strict: bool) -> Any:
    """A default ``SupportChecker`` at threshold 0 (only the strict rules flag), those rules
    off unless ``strict``."""
    from lexguard.grounding import GroundingConfig, SupportChecker

    settings: dict[str, Any] = {"support_threshold": 0.0} | ({} if strict else dict(Calibration.STRICT_OFF))
    return SupportChecker(GroundingConfig(**settings))


def _score_rows(
    rows: Sequence[EvalRow], checker: Any, on_row: Callable[[], None] | None
) -> list[tuple[bool, bool, float]]:
    """Check every row: (hallucinated, flagged by the strict rules, lowest support), in order."""
    scored = []
    for row in rows:
        scored.append((row.hallucinated, *_row_scores(checker, row)))
        if on_row is not None:
            on_row()
    return scored


def _operating_point(
    scored: Sequence[tuple[bool, bool, float]], max_false_alarm: float, *, source: str, strict: bool
) -> Calibration:
    """The highest threshold whose false alarms on the supported rows stay within the budget
    (the strict rules' false alarms count first), with its recall on the hallucinated rows."""
    negatives = [(flagged, low) for hall, flagged, low in scored if not hall]
    positives = [(flagged, low) for hall, flagged, low in scored if hall]
    n_neg = len(negatives)
    strict_neg = sum(1 for flagged, _ in negatives if flagged)
    allowed = int(max_false_alarm * n_neg + 1e-9) - strict_neg
    lows = sorted(low for flagged, low in negatives if not flagged)
    # Flag claims strictly below the threshold: at most `allowed` non-strict negatives fall below it.
    threshold = 0.0 if allowed < 0 else (lows[allowed] if allowed < len(lows) else 1.0)
    flagged_neg = strict_neg + sum(1 for low in lows if low < threshold)
    recall = (
        sum(1 for flagged, low in positives if flagged or low < threshold) / len(positives) if positives else None
    )
    return Calibration(
        support_threshold=round(float(threshold), 6),
        max_false_alarm=max_false_alarm,
        false_alarm_rate=flagged_neg / n_neg,
        recall=recall,
        floor_false_alarm_rate=strict_neg / n_neg,
        rows=len(scored),
        positives=len(positives),
        source=source,
        strict=strict,
    )
