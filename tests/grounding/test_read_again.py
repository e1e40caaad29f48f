"""A claim the verifier doubts is read again with one sentence more, and keeps its better reading.

A claim that joins what three sentences say ("completed in 1887 to a design by Margaret Lowe, has
21 arches and carries the railway") was read with the two best: the third was missing, the verifier
doubted it, and a true claim scored under the support threshold.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

import lexguard.grounding.verify._stacker as stacker_module
from lexguard import Source
from lexguard.grounding import SupportChecker

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

VIADUCT = ("The Harlow Viaduct was completed in 1887. It carries the railway across the Esk valley. "
           "Its engineer was Margaret Lowe. The viaduct has 21 arches. Trains crossed it for the first time in May "
           "1888. The structure was listed in 1975. A footpath runs beneath the arches.")
BELOW = stacker_module.READ_AGAIN_BELOW
JOINED = ("The Harlow Viaduct, completed in 1887 to a design by Margaret Lowe, has 21 arches and carries the "
          "railway across the Esk valley.")


def _support(monkeypatch: pytest.MonkeyPatch, below: float, answer: str) -> float:
    monkeypatch.setattr(stacker_module, "READ_AGAIN_BELOW", below)
    checker = SupportChecker()
    checker.clear_cache()
    (claim,) = checker.check(answer, [Source(id="s", content=VIADUCT)]).claims
    assert claim.support is not None
    return claim.support


def test_a_claim_joining_three_sentences_is_read_with_the_third(monkeypatch: pytest.MonkeyPatch) -> None:
    once = _support(monkeypatch, 0.0, JOINED)  # read once, with the two best sentences
    again = _support(monkeypatch, BELOW, JOINED)
    assert once < again and again >= SupportChecker().threshold


def test_a_wrong_claim_read_again_stays_unsupported(monkeypatch: pytest.MonkeyPatch) -> None:
    wrong = JOINED.replace("21 arches", "34 arches").replace("Margaret Lowe", "Thomas Telford")
    assert _support(monkeypatch, BELOW, wrong) < SupportChecker().threshold


class _Verifier:
    """Reads a pair as supported in proportion to its evidence's sentences."""

    def predict(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        return np.array([[min(1.0, e.count(".") / 4), 0.0, 1 - min(1.0, e.count(".") / 4)] for _, e in pairs])


def test_the_stack_stage_reads_again_as_the_run_time_does() -> None:
    from train_verifier import _read_again

    rows = [{"sources": [VIADUCT]}]
    pairs = [(JOINED, "The Harlow Viaduct was completed in 1887. The viaduct has 21 arches."),
             ("The viaduct has 21 arches.", "The viaduct has 21 arches. A footpath runs beneath the arches.")]
    probs = np.array([[0.5, 0.1, 0.4], [0.95, 0.0, 0.05]])
    out = _read_again(_Verifier(), probs, rows, [0, 0], pairs, 2)
    assert out[0, 0] == (0.75 + 0.5) / 2  # three sentences read; "design" is in no source: the mean is kept
    assert out[1].tolist() == probs[1].tolist()  # supported at the first reading: not read again
    held = [("The Harlow Viaduct has 21 arches and was completed in 1887.", pairs[0][1])]
    assert _read_again(_Verifier(), probs[:1], rows, [0], held, 2)[0, 0] == 0.75  # every word held: the better one
