"""The verifier's operating point: threshold and override levels, chosen on several datasets at once.

``train_verifier.py stack`` fits the stacker, then calls :func:`joint_operating_point` with one
entry per dataset (RAGTruth held-out train documents and each NLI set's tune split). A point is a
support threshold, the override level where the verifier read every sentence of the sources
(``verifier_override``, on its "not supported" probability) and the level where it read only
some (``verifier_override_partial``, on its "contradicted" probability: what it read says
otherwise, whatever the sentences it did not read say).
The score of a point is the mean of two balanced accuracies: RAGTruth's and the mean over the NLI
sets. Among the points within :data:`TIE` of the best score (differences that small are noise
on these sets), the one with the lowest partial level (the strictest: a silent pass is the
worst bug a guard has) is chosen, then the best score, then the fewest false alarms.
A wider tolerance that preferred the fewest false alarms instead (0.005) picked a lower
threshold: RAGTruth dev false alarms fell from 25% to 22%, its balanced accuracy from 73.0 to 70.9.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

__all__ = ["OVERRIDES", "PARTIAL_OVERRIDES", "TIE", "joint_operating_point", "response_scores"]

OVERRIDES = (0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0)
"""Override levels tried where the verifier read every sentence of the sources."""
PARTIAL_OVERRIDES = (0.8, 0.85, 0.9, 0.95, 0.98, 1.0)
"""Override levels (on the "contradicted" probability) tried where it read only some sentences."""
TIE = 0.002
"""Joint balanced accuracy within which points count as equal (then the strictest wins)."""


def response_scores(p, strict, checked, groups, n: int) -> np.ndarray:  # noqa: ANN001
    """Per response: the largest hallucination probability of its checked claims (strict hits: 1).

    The decision's score (a response is flagged when it is above ``1 - threshold``); the eval ranks
    responses by ``lexguard._models.hallucination_score`` instead, so AUROCs printed here are of this
    score, not the shipped ranking."""
    h = np.where(strict, 1.0, 1.0 - p)
    h = np.where(checked, h, 0.0)
    out = np.zeros(n)
    np.maximum.at(out, groups, h)
    return out


def balanced_accuracy(truth, flagged) -> float:  # noqa: ANN001
    tpr = float(np.mean(flagged[truth == 1])) if (truth == 1).any() else 0.0
    tnr = float(np.mean(~flagged[truth == 0])) if (truth == 0).any() else 0.0
    return (tpr + tnr) / 2


def false_alarms(truth, flagged) -> float:  # noqa: ANN001
    return float(np.mean(flagged[truth == 0])) if (truth == 0).any() else 0.0


def _joint(values: Mapping[str, float]) -> float:
    nli = [v for k, v in values.items() if k != "ragtruth"]
    return 0.5 * values["ragtruth"] + 0.5 * (sum(nli) / len(nli) if nli else values["ragtruth"])


def joint_operating_point(
    sets: Mapping[str, Sequence[Any]],
    overrides: Sequence[float] = OVERRIDES,
    partials: Sequence[float] = PARTIAL_OVERRIDES,
    max_fa: float = 1.0,
) -> tuple[tuple[float, float, float], dict]:
    """The chosen ``(override, partial override, threshold)`` and the table of every point.

    Args:
        sets: Per dataset (``"ragtruth"`` and one per NLI set): ``(support, false_p, strict,
            checked, groups, truth, n, whole)`` per claim (``false_p``: the verifier's "not
            supported" probability where ``whole`` (it read every sentence of the claim's
            sources), its "contradicted" probability elsewhere).
        overrides: Whole-source levels tried.
        partials: Partial-read levels tried.
        max_fa: Only points whose RAGTruth false alarms stay within it are chosen (all when none).

    Returns:
        ``((override, partial, threshold), table)``; the table maps each point to
        ``(joint score, balanced accuracy per set, false alarms per set)``.
    """
    grid = np.linspace(0.05, 0.95, 91)
    table: dict[tuple[float, float, float], tuple] = {}
    for o in overrides:
        for q in partials:
            for t in grid:
                bals, fas = {}, {}
                for name, (support, false_p, strict, checked, groups, truth, n, whole) in sets.items():
                    level = np.where(whole, o, q)
                    hit = strict | ((level < 1.0) & (false_p >= level))
                    flagged = response_scores(support, hit, checked, groups, n) > 1 - t
                    bals[name], fas[name] = balanced_accuracy(truth, flagged), false_alarms(truth, flagged)
                table[(o, q, round(float(t), 2))] = (round(_joint(bals), 4), {k: round(v, 4) for k, v in bals.items()},
                                                     {k: round(v, 4) for k, v in fas.items()})
    allowed = [key for key in table if table[key][2]["ragtruth"] <= max_fa]
    if not allowed:
        lowest = min(table[key][2]["ragtruth"] for key in table)
        print(f"warning: no operating point keeps RAGTruth false alarms within {max_fa:.2f} (lowest {lowest:.2f});"
              " choosing among all points", flush=True)
        allowed = list(table)
    best = max(table[key][0] for key in allowed)
    near = [key for key in allowed if table[key][0] >= best - TIE]
    chosen = min(near, key=lambda key: (key[1], -table[key][0], _joint(table[key][2]), abs(key[2] - 0.5)))
    return chosen, table
