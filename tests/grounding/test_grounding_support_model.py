"""Support model inference: the vectorised tree walk equals the tree-by-tree reference."""

from __future__ import annotations

import numpy as np
import pytest

from lexguard.grounding.verify._features import FEATURE_NAMES
from lexguard.grounding.verify._support_model import SupportModel, load_support_model


def _model(trees: list[dict], intercept: float = -0.25, rate: float = 0.3) -> SupportModel:
    n = len(FEATURE_NAMES)
    return SupportModel([0.0] * n, intercept, [0.0] * n, [1.0] * n, trees=trees, learning_rate=rate)


_STUMP = {"feature": [0, -1, -1], "threshold": [0.5, 0.0, 0.0], "left": [1, 0, 0], "right": [2, 0, 0], "value": [0.0, -1.0, 2.0]}
_DEEP = {  # depth 3 on features 3 and 7, leaves at different depths
    "feature": [3, -1, 7, 3, -1, -1, -1],
    "threshold": [0.2, 0.0, 1.5, 0.9, 0.0, 0.0, 0.0],
    "left": [1, 0, 3, 4, 0, 0, 0],
    "right": [2, 0, 6, 5, 0, 0, 0],
    "value": [0.0, 0.75, 0.0, 0.0, -0.5, 1.25, -2.0],
}
_LEAF = {"feature": [-1], "threshold": [-2.0], "left": [-1], "right": [-1], "value": [0.125]}


def test_tree_walk_by_hand() -> None:
    model = _model([_STUMP, _DEEP, _LEAF])
    x = np.zeros((3, len(FEATURE_NAMES)))
    x[0, [0, 3]] = [0.4, 0.1]  # stump left (-1), deep: 3<=0.2 -> 0.75, leaf 0.125
    x[1, [0, 3, 7]] = [0.9, 0.5, 1.0]  # stump right (2), deep: 7<=1.5, 3<=0.9 -> -0.5
    x[2, [0, 3, 7]] = [0.5, 0.95, 4.0]  # stump left at equality (-1), deep: 7>1.5 -> -2.0
    expected = np.array([-1 + 0.75 + 0.125, 2 - 0.5 + 0.125, -1 - 2.0 + 0.125])
    np.testing.assert_array_equal(model._tree_sum(x), expected)
    np.testing.assert_allclose(model.predict(x), 1 / (1 + np.exp(-(-0.25 + 0.3 * expected))), rtol=0, atol=1e-15)


@pytest.mark.parametrize("rows", [1, 2, 9, 500])
def test_vectorised_tree_sum_is_bit_identical_to_the_loop(rows: int) -> None:
    model = load_support_model()
    if not model.trees:
        pytest.skip("the shipped support model is logistic")
    rng = np.random.default_rng(rows)
    x = rng.random((rows, len(FEATURE_NAMES))) * rng.choice([1.0, 3.0, 10.0], len(FEATURE_NAMES))
    x[:, 7:14] = rng.integers(0, 4, (rows, 7))  # counts and flags sit exactly on split points
    np.testing.assert_array_equal(model._tree_sum(x), model._tree_sum_loop(x))


def test_mixed_depth_trees_equal_the_loop() -> None:
    model = _model([_DEEP, _LEAF, _STUMP, _DEEP])
    rng = np.random.default_rng(3)
    x = rng.random((64, len(FEATURE_NAMES))) * 2
    np.testing.assert_array_equal(model._tree_sum(x), model._tree_sum_loop(x))
    again = SupportModel.from_json(model.to_json())
    np.testing.assert_array_equal(again.predict(x), model.predict(x))
