"""Train lexguard's calibrated support model on RAGTruth train (dev rows excluded).

Reproducible: fixed seed, deterministic features. Writes
``lexguard/grounding/data/support_model.json`` (boosted trees, a logistic fallback, the tuned
threshold and training metrics). scikit-learn is needed here only, never at run time.

Usage::

    HF_HUB_OFFLINE=1 python scripts/train_support_model.py \
        --train /work/shared/bench/ragtruth_train.jsonl.gz \
        --exclude /work/shared/bench/ragtruth_dev.jsonl \
        --cache /tmp/lexguard_train_embeddings.npz --features /tmp/lexguard_train_features.pkl

All train responses are used by default (``--responses N`` takes N, stratified by task); the
embedding cache (``--cache``, ~90k texts, ~6 min with the ONNX encoder on 2 cores) and the
featurised rows (``--features``, ~9 min) are reused between runs.

Labels: a claim is *unsupported* (0) when its character span overlaps a gold hallucinated span
of the response, else *supported* (1). Everything is chosen on the training data only, by 5-fold
cross-validation grouped by response: the hyperparameters (small grid, best out-of-fold response
AUROC), the support threshold (best out-of-fold response balanced accuracy, a response being
flagged when any claim is unsupported) and the finding-span rule (best span F1 on every
``--span-every``-th response, from out-of-fold flags). Never tuned on the dev file.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lexguard import Source  # noqa: E402
from lexguard.grounding import GroundingConfig, SupportChecker, extract_claims  # noqa: E402
from lexguard.grounding.evidence._index import chunk_sources  # noqa: E402
from lexguard.grounding.verify._features import FEATURE_NAMES  # noqa: E402
from lexguard.grounding.verify._support_model import SupportModel  # noqa: E402
from lexguard.grounding.signals._lexical import strip_markdown  # noqa: E402
from lexguard.grounding._findings import unsupported_parts  # noqa: E402

OUT = ROOT / "lexguard" / "grounding" / "data" / "support_model.json"

# Finding-span rules compared on the span subset: (mode, scope, min_words).
SPAN_RULES: list[tuple[str, str, int]] = [("claim", "top", 1), ("mentions", "top", 1)] + [
    (mode, scope, k)
    for mode in ("mentions_runs", "mentions_else_runs")
    for scope in ("best", "top", "sources")
    for k in (1, 2)
]


def read_jsonl(path: str) -> Iterator[dict]:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


class DictEncoder:
    """Serves pre-computed vectors (all texts are embedded up front in large batches)."""

    name = "bundled:all-MiniLM-L6-v2"

    def __init__(self, vectors: dict[str, np.ndarray]) -> None:
        self.vectors = vectors

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.stack([self.vectors[t] for t in texts])


def embed_all(texts: list[str], cache_path: Path) -> dict[str, np.ndarray]:
    """Embed unique texts with the bundled model, caching vectors on disk between runs."""
    cache: dict[str, np.ndarray] = {}
    if cache_path.exists():
        data = np.load(cache_path, allow_pickle=False)
        cache = dict(zip(data["texts"].tolist(), data["vectors"], strict=True))
    missing = [t for t in dict.fromkeys(texts) if t not in cache]
    if missing:
        from lexguard.embeddings import get_encoder

        encoder = get_encoder()  # the run-time encoder (ONNX when available), same vectors
        print(f"embedding {len(missing)} texts with {getattr(encoder, 'backend', '?')} ...", flush=True)
        started = time.perf_counter()
        order = sorted(range(len(missing)), key=lambda i: len(missing[i]))  # little padding
        vecs = []
        for first in range(0, len(order), 2048):
            vecs.extend(encoder.encode([missing[i] for i in order[first:first + 2048]]))
            print(f"  {min(first + 2048, len(order))}/{len(order)}", flush=True)
        for i, v in zip(order, vecs, strict=True):
            cache[missing[i]] = v.astype(np.float32)
        print(f"  {time.perf_counter() - started:.0f}s", flush=True)
        keys = list(cache)
        np.savez(cache_path, texts=np.array(keys), vectors=np.stack([cache[k] for k in keys]))
    return cache


def overlaps(span: tuple[int, int], gold: list[list[int]]) -> bool:
    return any(span[0] < e and s < span[1] for s, e in gold)


def build_rows(args: argparse.Namespace) -> list[dict]:
    exclude = {r["id"] for r in read_jsonl(args.exclude)} if args.exclude else set()
    rows = [r for r in read_jsonl(args.train) if r["id"] not in exclude]
    rows = [r for r in rows if r.get("meta", {}).get("quality", "good") == "good"]
    random.Random(args.seed).shuffle(rows)
    by_task: dict[str, list[dict]] = {}
    for row in rows:
        by_task.setdefault(row["task"], []).append(row)
    per_task = args.responses // max(1, len(by_task)) if args.responses > 0 else len(rows)
    picked = [r for task in sorted(by_task) for r in by_task[task][:per_task]]
    print(f"{len(rows)} train rows after excluding {len(exclude)} dev ids; using {len(picked)}", flush=True)
    return picked


def featurise(rows: list[dict], config: GroundingConfig, cache_path: Path, span_every: int) -> dict:
    texts: list[str] = []
    prepared = []
    for row in rows:
        sources = [Source(id=f"s{i}", content=c) for i, c in enumerate(row["sources"])]
        claims = extract_claims(row["answer"], min_words=config.min_claim_words)
        chunks = chunk_sources(sources, sentences=config.chunk_sentences, overlap=config.chunk_overlap)
        texts += [c.text for c in chunks] + [strip_markdown(c.text) or c.text for c in claims]
        prepared.append((row, sources, claims))
    checker = SupportChecker(config.model_copy(update={"cache_size": 0}), encoder=DictEncoder(embed_all(texts, cache_path)))
    feats, labels, strict, groups, tasks, spans, parts = [], [], [], [], [], [], []
    started = time.perf_counter()
    for n, (row, sources, claims) in enumerate(prepared):
        if n % 1000 == 0:
            print(f"  featurised {n}/{len(prepared)} ({time.perf_counter() - started:.0f}s)", flush=True)
        if not claims:
            continue
        scored = checker._score(row["answer"], claims, sources, row.get("question") or None, time.perf_counter())
        for claim, ev in zip(claims, scored.evidence, strict=True):
            if n % span_every == 0:  # the span subset: candidate finding spans under each rule
                parts.append(
                    [unsupported_parts(claim.text, ev, scored.index, mode=m, scope=sc, min_words=k) for m, sc, k in SPAN_RULES]
                )
            else:
                parts.append(None)
            feats.append(ev.features)
            labels.append(0 if overlaps(claim.span, row["spans"]) else 1)
            strict.append(bool(ev.unknown_numbers or ev.unknown_quotes or ev.unknown_entities))  # strict_*
            groups.append(n)
            tasks.append(row["task"])
            spans.append(claim.span)
    return {
        "X": np.stack(feats),
        "y": np.array(labels),
        "strict": np.array(strict),
        "group": np.array(groups),
        "task": np.array(tasks),
        "span": np.array(spans).reshape(-1, 2),
        "parts": parts,
        "span_every": span_every,
        "gold_spans": [[tuple(x) for x in r["spans"]] for r, _, _ in prepared],
        "row_task": np.array([r["task"] for r, _, _ in prepared]),
        "response_label": np.array([1 if r["label"] == "hallucinated" else 0 for r, _, _ in prepared]),
    }


def response_scores(p: np.ndarray, groups: np.ndarray, n: int) -> np.ndarray:
    """Lowest claim support per response (1.0 for responses without claims)."""
    out = np.ones(n)
    np.minimum.at(out, groups, p)
    return out


def balanced_accuracy(truth: np.ndarray, flagged: np.ndarray) -> float:
    tpr = flagged[truth == 1].mean() if (truth == 1).any() else 0.0
    tnr = (~flagged[truth == 0]).mean() if (truth == 0).any() else 0.0
    return float((tpr + tnr) / 2)


def report_oof(data: dict, p: np.ndarray, threshold: float) -> None:
    """Print out-of-fold response and span metrics per task (training data only)."""
    from lexguard.eval import response_metrics, span_metrics

    n = len(data["response_label"])
    flagged = p < threshold
    pred_spans: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for g, span, f in zip(data["group"], data["span"], flagged, strict=True):
        if f:
            pred_spans[g].append((int(span[0]), int(span[1])))
    resp = response_scores(p, data["group"], n)
    for task in [*sorted(set(data["row_task"])), "overall"]:
        idx = [i for i in range(n) if task == "overall" or data["row_task"][i] == task]
        rm = response_metrics(
            [bool(data["response_label"][i]) for i in idx], [bool(pred_spans[i]) for i in idx], [1 - resp[i] for i in idx]
        )
        sm = span_metrics([data["gold_spans"][i] for i in idx], [pred_spans[i] for i in idx])
        print(
            f"  OOF {task:14s} P {rm.precision:.3f} R {rm.recall:.3f} F1 {rm.f1:.3f} "
            f"bal {rm.balanced_accuracy:.3f} AUROC {rm.auroc or 0:.3f} span F1 {sm.f1:.3f}"
        )


def span_rule_f1(data: dict, p: np.ndarray, threshold: float) -> list[tuple[float, float, float, tuple]]:
    """Span P/R/F1 on the span subset of each finding-span rule, from out-of-fold flags."""
    from lexguard.eval import span_metrics

    flagged = p < threshold
    keep = [i for i, parts in enumerate(data["parts"]) if parts is not None]
    rows = sorted({int(data["group"][i]) for i in keep})
    out = []
    for r, rule in enumerate(SPAN_RULES):
        pred: dict[int, list[tuple[int, int]]] = {g: [] for g in rows}
        for i in keep:
            if flagged[i]:
                start, end = (int(v) for v in data["span"][i])
                narrow = data["parts"][i][r]
                pred[int(data["group"][i])] += [(start + a, start + b) for a, b in narrow] or [(start, end)]
        sm = span_metrics([data["gold_spans"][g] for g in rows], [pred[g] for g in rows])
        out.append((sm.precision, sm.recall, sm.f1, rule))
    return out


def make_model(kind: str, params: dict, seed: int):  # noqa: ANN201
    from sklearn.ensemble import GradientBoostingClassifier, HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression

    if kind == "gbdt":
        return GradientBoostingClassifier(random_state=seed, subsample=0.8, **params)
    if kind == "hgb":
        return HistGradientBoostingClassifier(random_state=seed, early_stopping=False, **params)
    return LogisticRegression(C=1.0, max_iter=2000)


GRIDS: dict[str, list[dict]] = {
    "gbdt": [{"n_estimators": 150, "max_depth": 3, "learning_rate": 0.05}],
    "hgb": [
        {"max_iter": it, "max_leaf_nodes": leaves, "learning_rate": 0.05, "min_samples_leaf": 40, "l2_regularization": 1.0}
        for it, leaves in ((200, 15), (400, 15), (300, 31), (600, 31))
    ],
    "logistic": [{}],
}


def export_trees(final, kind: str) -> tuple[list[dict], float, float]:  # noqa: ANN001
    """Trees, initial log-odds and shrinkage of a fitted boosted model, in SupportModel's format."""
    trees = []
    if kind == "gbdt":
        prior = float(final.init_.class_prior_[1])
        for (estimator,) in final.estimators_:
            t = estimator.tree_
            trees.append(
                {
                    "feature": [int(f) if f >= 0 else -1 for f in t.feature],
                    "threshold": [round(float(v), 6) for v in t.threshold],
                    "left": [int(v) for v in t.children_left],
                    "right": [int(v) for v in t.children_right],
                    "value": [round(float(v), 6) for v in t.value[:, 0, 0]],
                }
            )
        return trees, float(np.log(prior / (1 - prior))), float(final.learning_rate)
    for (predictor,) in final._predictors:  # HistGradientBoosting: leaf values already shrunk
        nodes = predictor.nodes
        trees.append(
            {
                "feature": [-1 if leaf else int(f) for f, leaf in zip(nodes["feature_idx"], nodes["is_leaf"], strict=True)],
                "threshold": [float(v) for v in nodes["num_threshold"]],
                "left": [int(v) for v in nodes["left"]],
                "right": [int(v) for v in nodes["right"]],
                "value": [round(float(v), 7) for v in nodes["value"]],
            }
        )
    return trees, float(np.ravel(final._baseline_prediction)[0]), 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", default="/work/shared/bench/ragtruth_train.jsonl.gz")
    parser.add_argument("--exclude", default="/work/shared/bench/ragtruth_dev.jsonl")
    parser.add_argument("--responses", type=int, default=0, help="responses to use (0: all)")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--cache", default="/tmp/lexguard_train_embeddings.npz")
    parser.add_argument("--features", default="", help="pickle of featurised rows, reused between runs")
    parser.add_argument("--span-every", type=int, default=4, help="every n-th response forms the span subset")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--model", choices=["gbdt", "hgb", "logistic"], default="hgb")
    args = parser.parse_args()

    import pickle

    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import log_loss, roc_auc_score
    from sklearn.model_selection import GroupKFold

    config = GroundingConfig()
    if args.features and Path(args.features).exists():
        data = pickle.loads(Path(args.features).read_bytes())
        print(f"features from {args.features}", flush=True)
    else:
        data = featurise(build_rows(args), config, Path(args.cache), args.span_every)
        if args.features:
            Path(args.features).write_bytes(pickle.dumps(data))
    X, y, groups = data["X"], data["y"], data["group"]
    truth = data["response_label"]
    print(f"{len(truth)} responses, {len(y)} claims, {1 - y.mean():.3f} unsupported", flush=True)

    mean, scale = X.mean(axis=0), X.std(axis=0)
    scale[scale == 0] = 1.0
    Z = (X - mean) / scale
    inputs = Z if args.model == "logistic" else X
    folds = list(GroupKFold(n_splits=5).split(Z, y, groups))

    # hyperparameters: 5-fold grouped CV on train, chosen by out-of-fold response AUROC
    best_cv: tuple[float, int, np.ndarray] | None = None
    for g, params in enumerate(GRIDS[args.model]):
        oof = np.zeros(len(y))
        for train_idx, test_idx in folds:
            fold = make_model(args.model, params, args.seed).fit(inputs[train_idx], y[train_idx])
            oof[test_idx] = fold.predict_proba(inputs[test_idx])[:, 1]
        resp_auc = roc_auc_score(truth, 1 - response_scores(oof, groups, len(truth)))
        print(
            f"  {params}: claim AUROC {roc_auc_score(1 - y, 1 - oof):.4f} log loss {log_loss(y, oof):.4f} "
            f"response AUROC {resp_auc:.4f}",
            flush=True,
        )
        if best_cv is None or resp_auc > best_cv[0]:
            best_cv = (resp_auc, g, oof)
    assert best_cv is not None
    params, oof = GRIDS[args.model][best_cv[1]], best_cv[2]
    print(f"chosen {params}: claim-level OOF AUROC (unsupported) {roc_auc_score(1 - y, 1 - oof):.3f}, log loss {log_loss(y, oof):.3f}")

    best: tuple[float, float, bool] = (0.0, 0.5, True)
    for strict in (False, True):  # tune for the shipped default (strict rules on) last
        p = np.where(data["strict"], 0.0, oof) if strict else oof
        resp = response_scores(p, groups, len(truth))
        best = max((balanced_accuracy(truth, resp < t), float(t), strict) for t in np.arange(0.05, 0.96, 0.01))
        print(f"strict rules {'on' if strict else 'off'}: best balanced accuracy {best[0]:.3f} at {best[1]:.2f}")
    bal_acc, threshold, strict_best = best
    threshold = round(threshold, 2)
    resp = response_scores(oof, groups, len(truth))
    print(f"response AUROC (OOF, model only) {roc_auc_score(truth, 1 - resp):.3f}")
    p_final = np.where(data["strict"], 0.0, oof) if strict_best else oof
    report_oof(data, p_final, threshold)

    rules = span_rule_f1(data, p_final, threshold)
    for sp, sr, sf, rule in rules:
        print(f"  span rule {rule}: P {sp:.3f} R {sr:.3f} F1 {sf:.3f}")
    span_best = max(rules, key=lambda r: r[2])
    print(f"best finding-span rule on the train span subset: {span_best[3]} (F1 {span_best[2]:.3f})")

    final = make_model(args.model, params, args.seed).fit(inputs, y)
    lr_model = final if args.model == "logistic" else LogisticRegression(C=1.0, max_iter=2000).fit(Z, y)
    trees, intercept, rate = None, float(lr_model.intercept_[0]), 1.0
    if args.model != "logistic":
        trees, intercept, rate = export_trees(final, args.model)
    model = SupportModel(
        coef=lr_model.coef_[0].tolist(),
        intercept=intercept,
        trees=trees,
        learning_rate=rate,
        mean=mean.tolist(),
        scale=scale.tolist(),
        threshold=threshold,
        names=FEATURE_NAMES,
        meta={
            "model": args.model,
            "params": params,
            "trained_on": "RAGTruth train split minus ragtruth_dev.jsonl ids, quality=good",
            "responses": int(len(truth)),
            "claims": int(len(y)),
            "seed": args.seed,
            "threshold_tuned_with_strict_rules": strict_best,
            "oof_response_balanced_accuracy": round(bal_acc, 4),
            "oof_response_auroc": round(float(best_cv[0]), 4),
            "oof_claim_auroc": round(float(roc_auc_score(1 - y, 1 - oof)), 4),
            "finding_span_rule_on_train": {
                "mode": span_best[3][0], "scope": span_best[3][1], "min_words": span_best[3][2],
                "span_f1": round(span_best[2], 4),
            },
            "script": "scripts/train_support_model.py",
            "licence_of_data": "RAGTruth, MIT (Niu et al. 2024, arXiv:2401.00396)",
        },
    )
    check = model.predict(X[:2000])
    expected = final.predict_proba(inputs[:2000])[:, 1]
    assert np.allclose(check, expected, atol=1e-4), "exported model disagrees with the trained one"
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(model.to_json() + "\n", encoding="utf-8")
    print(f"wrote {args.out}: threshold {threshold:.2f} (strict rules on: {strict_best})")


if __name__ == "__main__":
    main()
