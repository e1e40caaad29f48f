"""The calibrated support model over claim features (:mod:`lexguard.grounding.verify._features`).

The model is a plain logistic regression (or small gradient boosted trees) over the features of
:func:`~lexguard.grounding.verify._features.claim_features`, trained by
``scripts/train_support_model.py`` on RAGTruth train (dev rows excluded) and shipped as JSON in
``lexguard/grounding/data/support_model.json``. Only numpy is needed at run time.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

import numpy as np

from lexguard._errors import ModelLoadError
from lexguard._files import read_settings_file
from lexguard.grounding.verify._features import FEATURE_NAMES

__all__ = ["SupportModel", "load_support_model"]


def _stack_trees(trees: list[dict[str, np.ndarray]]) -> tuple[np.ndarray, ...]:
    """Pad the trees' parallel arrays to ``(n_trees, max_nodes)`` (padding: leaves of value 0)."""
    width = max(len(tree["feature"]) for tree in trees)
    feature = np.full((len(trees), width), -1, dtype=np.int64)
    threshold = np.zeros((len(trees), width), dtype=np.float64)
    left = np.zeros((len(trees), width), dtype=np.int64)
    right = np.zeros((len(trees), width), dtype=np.int64)
    value = np.zeros((len(trees), width), dtype=np.float64)
    for t, tree in enumerate(trees):
        size = len(tree["feature"])
        feature[t, :size] = tree["feature"]
        threshold[t, :size] = tree["threshold"]
        left[t, :size] = tree["left"]
        right[t, :size] = tree["right"]
        value[t, :size] = tree["value"]
    return feature, threshold, left, right, value


class SupportModel:
    """Maps claim features to a calibrated support probability.

    Two kinds: ``logistic`` (weights on standardised features) and ``gbdt`` (small gradient
    boosted trees on raw features, evaluated with numpy). Both are trained with log loss by
    ``scripts/train_support_model.py``.

    Args:
        coef: One weight per feature on standardised features (``logistic``).
        intercept: The bias (``logistic``) or the initial log-odds (``gbdt``).
        mean: Feature means used for standardisation.
        scale: Feature standard deviations used for standardisation.
        threshold: Support probability below which a claim counts as unsupported, as tuned on
            the training data.
        names: Feature names (must equal :data:`FEATURE_NAMES`).
        meta: Training details (data, sizes, metrics).
        trees: The trees of a ``gbdt`` model: dicts of parallel lists ``feature``,
            ``threshold``, ``left``, ``right``, ``value`` (leaves have ``feature == -1``).
        learning_rate: Shrinkage of the trees.
        expected: The feature names this code computes (``FEATURE_NAMES``, or the verifier
            stacker's names).
    """

    def __init__(
        self,
        coef: list[float],
        intercept: float,
        mean: list[float],
        scale: list[float],
        threshold: float = 0.5,
        names: tuple[str, ...] = FEATURE_NAMES,
        meta: dict | None = None,
        trees: list[dict] | None = None,
        learning_rate: float = 1.0,
        expected: tuple[str, ...] = FEATURE_NAMES,
    ) -> None:
        if tuple(names) != tuple(expected):
            raise ModelLoadError(
                "support model features do not match this lexguard version; "
                "retrain it with scripts/train_support_model.py"
            )
        self.coef = np.asarray(coef, dtype=np.float64)
        self.intercept = float(intercept)
        self.mean = np.asarray(mean, dtype=np.float64)
        self.scale = np.where(np.asarray(scale, dtype=np.float64) > 0, scale, 1.0)
        self.threshold = float(threshold)
        self.meta = meta or {}
        self.learning_rate = float(learning_rate)
        self.names = tuple(names)
        self.trees = [{k: np.asarray(v) for k, v in tree.items()} for tree in trees or []]
        self._stacked = _stack_trees(self.trees) if self.trees else None

    @property
    def kind(self) -> str:
        """``gbdt`` or ``logistic``."""
        return "gbdt" if self.trees else "logistic"

    def _tree_sum(self, features: np.ndarray) -> np.ndarray:
        """Sum of the trees' leaf values per row, all trees walked together (one step per level).

        Equal, bit for bit, to walking the trees one by one and adding their leaf values in
        tree order (see :meth:`_tree_sum_loop`).
        """
        stacked = self._stacked
        assert stacked is not None
        n = len(features)
        feature, threshold, left, right, value = stacked
        n_trees = feature.shape[0]
        tree_ids = np.arange(n_trees)[None, :]  # (1, T)
        rows = np.arange(n)[:, None]  # (n, 1)
        node = np.zeros((n, n_trees), dtype=np.int64)
        while True:
            feat = feature[tree_ids, node]
            inner = feat >= 0
            if not inner.any():
                break
            go_left = features[rows, np.where(inner, feat, 0)] <= threshold[tree_ids, node]
            nxt = np.where(go_left, left[tree_ids, node], right[tree_ids, node])
            node = np.where(inner, nxt, node)
        leaves = value[tree_ids, node].T  # (T, n): a reduction over axis 0 adds tree by tree, in order
        total = np.zeros(n)
        for row in leaves:
            total += row
        return total

    def _tree_sum_loop(self, features: np.ndarray) -> np.ndarray:
        """Reference implementation of :meth:`_tree_sum`: one tree at a time (slow, for tests)."""
        total = np.zeros(len(features))
        rows = np.arange(len(features))
        for tree in self.trees:
            node = np.zeros(len(features), dtype=np.int64)
            while True:
                feat = tree["feature"][node]
                inner = feat >= 0
                if not inner.any():
                    break
                go_left = features[rows, np.where(inner, feat, 0)] <= tree["threshold"][node]
                nxt = np.where(go_left, tree["left"][node], tree["right"][node])
                node = np.where(inner, nxt, node)
            total += tree["value"][node]
        return total

    def predict(self, features: np.ndarray) -> np.ndarray:
        """Support probabilities for an ``(n, n_features)`` array."""
        features = np.atleast_2d(np.asarray(features, dtype=np.float64))
        if self.trees:
            z = self.intercept + self.learning_rate * self._tree_sum(features)
        else:
            z = ((features - self.mean) / self.scale) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-z))

    def to_json(self) -> str:
        """Serialise the model."""
        return json.dumps(
            {
                "kind": self.kind,
                "names": list(self.names),
                "coef": self.coef.tolist(),
                "intercept": self.intercept,
                "mean": self.mean.tolist(),
                "scale": self.scale.tolist(),
                "threshold": self.threshold,
                "learning_rate": self.learning_rate,
                "trees": [{k: v.tolist() for k, v in tree.items()} for tree in self.trees],
                "meta": self.meta,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str, expected: tuple[str, ...] = FEATURE_NAMES) -> SupportModel:
        """Load a model serialised by :meth:`to_json`."""
        data = json.loads(text)
        return cls(
            data["coef"],
            data["intercept"],
            data["mean"],
            data["scale"],
            data.get("threshold", 0.5),
            tuple(data["names"]),
            data.get("meta"),
            data.get("trees"),
            data.get("learning_rate", 1.0),
            expected,
        )


# Hand-set fallback used only when the shipped JSON is missing (e.g. before training).
_FALLBACK = SupportModel(
    coef=[1.2, 0.4, 0.1, 1.0, 0.6, 0.4, 0.0, 0.0, -0.8, -0.6, 0.0, -0.8, -0.6, -0.3, 0.0, -0.3, -0.3, -0.5],
    intercept=1.5,
    mean=[0.6, 0.5, 0.1, 0.85, 0.7, 0.6, 2.0, 0.3, 0.1, 0.05, 0.5, 0.1, 0.02, 0.2, 0.5, 1.0, 0.3, 0.05],
    scale=[0.15, 0.15, 0.1, 0.15, 0.2, 0.25, 0.6, 0.45, 0.3, 0.2, 0.5, 0.25, 0.15, 0.4, 0.3, 1.0, 0.45, 0.2],
    threshold=0.5,
    meta={"source": "hand-set fallback"},
)


@lru_cache(maxsize=8)
def load_support_model(path: str | None = None) -> SupportModel:
    """Load the support model from ``path`` or the shipped ``support_model.json``.

    Raises:
        ModelLoadError: If ``path`` is given but unreadable or invalid.
    """
    if path is not None:
        try:
            return SupportModel.from_json(read_settings_file(path, what="support model", error=ModelLoadError))
        except (ValueError, KeyError) as exc:
            raise ModelLoadError(
                f"could not load support model {path!r}: {exc}; pass a JSON file written by "
                "scripts/train_support_model.py or leave support_model unset"
            ) from exc
    try:
        text = resources.files("lexguard.grounding").joinpath("data/support_model.json").read_text("utf-8")
    except (OSError, FileNotFoundError):
        return _FALLBACK
    return SupportModel.from_json(text)
