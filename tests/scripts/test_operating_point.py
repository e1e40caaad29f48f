"""The stack stage's operating point can be held to given override levels (``--overrides``)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from operating_point import joint_operating_point  # noqa: E402
from train_verifier import _levels  # noqa: E402


def _sets() -> dict:
    # Two one-claim responses per set: one supported (truth 0), one not (truth 1).
    support = np.array([0.9, 0.2])
    false_p = np.array([0.1, 0.8])
    off = np.zeros(2, dtype=bool)
    on = np.ones(2, dtype=bool)
    row = (support, false_p, off, on, np.array([0, 1]), np.array([0, 1]), 2, on)
    return {"ragtruth": row, "nli_x": row}


def test_the_levels_tried_are_the_ones_given() -> None:
    (override, partial, _), table = joint_operating_point(_sets(), overrides=(0.7,), partials=(0.95,))
    assert (override, partial) == (0.7, 0.95)
    assert {key[:2] for key in table} == {(0.7, 0.95)}


def test_levels_from_the_command_line() -> None:
    assert _levels("0.7", (0.6, 0.8)) == (0.7,)
    assert _levels("0.7,0.95", (0.6,)) == (0.7, 0.95)
    assert _levels("", (0.6, 0.8)) == (0.6, 0.8)
