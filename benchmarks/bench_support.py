"""Speed of lexguard's support check on RAGTruth dev, side by side with the plain method.

Usage (from the repository root)::

    python benchmarks/bench_support.py [DATA.jsonl] [--limit 100] [--plain-limit 15]
                                       [--backend auto|torch|onnx|onnx-int8]

Prints figures, asserts nothing. Measures, with the default model (bundled all-MiniLM-L6-v2):
``import lexguard`` time and cold start (fresh subprocesses), peak RSS, warm latency per
response with sources embedded fresh (all caches cleared) and on a retry whose sources are
cached (new answer text, source index kept) or with one sentence added, throughput (one by one and with several responses'
texts batched into one encoder call), latency growth with answer / source length, the encoder
backends (speed and agreement with torch), and the plain method of the seeds on the same rows in
the same process, with the speed ratio, and the two retrievals (``candidates``, the default, and
``dense``, every chunk embedded: the earlier pipeline) side by side with 1x / 3x / 10x longer
sources (``_growth.py``). The machine's load average is printed: other processes
on a 2-core box move every figure.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "bench" / "ragtruth_dev.jsonl"
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _plain import PlainChecker, bucket_table, f1_report, percentile  # noqa: E402


def load_rows(path: Path, limit: int | None) -> list[dict[str, Any]]:
    """The first ``limit`` rows of a RAGTruth-style jsonl file (the dev file is pre-shuffled)."""
    rows = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                rows.append(json.loads(line))
            if limit and len(rows) >= limit:
                break
    return rows


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def load_avg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover
        return "n/a"


# ---------------------------------------------------------------------- subprocess children


IMPORT_PROBE = (
    "import time; t = time.perf_counter(); {stmt}; e = time.perf_counter() - t; "
    "import json, sys; print(json.dumps({{'import_s': e, 'heavy': [m for m in "
    "('torch', 'sentence_transformers', 'onnxruntime') if m in sys.modules]}}))"
)
IMPORT_STATEMENTS = (
    "import lexguard",
    "from lexguard import Guard",
    "from lexguard.grounding import SupportChecker",
)


def import_time(statement: str) -> dict[str, Any]:
    """Seconds ``statement`` takes in a fresh interpreter (nothing imported before it)."""
    code = IMPORT_PROBE.format(stmt=statement)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=REPO
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def child_cold(data: str, rows_after: int, spawned: float) -> None:
    start = time.perf_counter()
    import lexguard  # noqa: F401
    from lexguard.grounding import SupportChecker

    imported = time.perf_counter()
    rows = load_rows(Path(data), rows_after + 1)
    checker = SupportChecker()
    first = rows[0]
    checker.check(first["answer"], first["sources"], first["question"] or None)
    first_done = time.perf_counter()
    since_spawn = time.time() - spawned
    for row in rows[1:]:
        checker.check(row["answer"], row["sources"], row["question"] or None)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        json.dumps(
            {
                "import_s": imported - start,
                "load_and_first_check_s": first_done - imported,
                "cold_s": first_done - start,
                "since_spawn_s": since_spawn,
                "peak_rss_mb": peak_kb / 1024,
                "rows": len(rows),
                "backend": getattr(checker.encoder, "backend", "?"),
                "torch_loaded": "torch" in sys.modules,
            }
        )
    )


def run_child(args: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    command = [sys.executable, __file__, *args, "--spawned", repr(time.time())]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=900, cwd=REPO, env=env
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


# ---------------------------------------------------------------------- in-process sections


def texts_of(row: dict[str, Any], config: Any) -> list[str]:
    """Chunk and claim texts the checker embeds for ``row`` (for the batched throughput)."""
    from lexguard import Source
    from lexguard.grounding import extract_claims
    from lexguard.grounding.evidence._index import chunk_sources

    try:
        from lexguard.grounding.signals._lexical import strip_markdown
    except ImportError:  # pragma: no cover - internal helper moved

        def strip_markdown(text: str) -> str:
            return text

    sources = [Source.from_any(s, i) for i, s in enumerate(row["sources"])]
    chunks = chunk_sources(sources, sentences=config.chunk_sentences, overlap=config.chunk_overlap)
    claims = extract_claims(row["answer"], min_words=config.min_claim_words)
    return [c.text for c in chunks] + [strip_markdown(c.text) or c.text for c in claims]


def warm_latencies(checker: Any, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    encoder = checker.encoder
    records = []
    for row in rows:
        question = row["question"] or None
        checker.clear_cache()
        encoder.clear_cache()
        t0, c0 = time.perf_counter(), time.process_time()
        result = checker.check(row["answer"], row["sources"], question)
        fresh, fresh_cpu = time.perf_counter() - t0, time.process_time() - c0
        info = encoder.cache_info()
        # retry: the corrected answer is new text (nothing cached), the sources are cached
        encoder.clear_cache()
        t0 = time.perf_counter()
        checker.check(row["answer"], row["sources"], question)
        retry = time.perf_counter() - t0
        t0 = time.perf_counter()  # identical repeat: every text cached
        checker.check(row["answer"], row["sources"], question)
        repeat = time.perf_counter() - t0
        # typical self-correction: the answer keeps its sentences and gains / rewrites one
        edited = f"{row['answer'].rstrip()} The corrected answer adds sentence number {len(records)}."
        t0 = time.perf_counter()
        checker.check(edited, row["sources"], question)
        edit = time.perf_counter() - t0
        records.append(
            {
                "fresh": fresh,
                "fresh_cpu": fresh_cpu,
                "retry": retry,
                "repeat": repeat,
                "edit": edit,
                "embed": result.timings.get("embed", 0.0),
                "steps": dict(result.timings),
                "texts": info.misses,
                "claims": len(result.claims),
                "answer_chars": len(row["answer"]),
                "source_chars": sum(len(s) for s in row["sources"]),
                "predicted": bool(result.unsupported_claims),
                "gold": row["label"] == "hallucinated",
            }
        )
    return records


def throughput(checker: Any, rows: list[dict[str, Any]], batch: int) -> tuple[float, float]:
    """Responses per second one by one (fresh caches) and with ``batch`` responses pre-encoded."""
    encoder = checker.encoder
    checker.clear_cache()
    encoder.clear_cache()
    t0 = time.perf_counter()
    for row in rows:
        checker.check(row["answer"], row["sources"], row["question"] or None)
    single = len(rows) / (time.perf_counter() - t0)
    checker.clear_cache()
    encoder.clear_cache()
    t0 = time.perf_counter()
    for start in range(0, len(rows), batch):
        group = rows[start : start + batch]
        encoder.encode([t for row in group for t in texts_of(row, checker.config)])
        for row in group:
            checker.check(row["answer"], row["sources"], row["question"] or None)
    batched = len(rows) / (time.perf_counter() - t0)
    return single, batched


def backend_table(rows: list[dict[str, Any]], config: Any, max_texts: int) -> None:
    from lexguard.embeddings import OnnxEncoder, SentenceTransformerEncoder

    texts = list(dict.fromkeys(t for row in rows for t in texts_of(row, config)))[:max_texts]
    encoders = {
        "torch (sentence-transformers)": SentenceTransformerEncoder(cache_size=0),
        "onnx fp32": OnnxEncoder(cache_size=0),
        "onnx int8": OnnxEncoder(quantize=True, cache_size=0),
    }
    print(f"\n## Encoder backends ({len(texts)} distinct chunk/claim texts, best of 2 runs)\n")
    print("| backend | seconds | texts/s | cosine vs torch: min / mean |")
    print("|---|---:|---:|---|")
    reference = None
    for name, encoder in encoders.items():
        encoder.encode(texts[:8])  # load
        times = []
        for _ in range(2):
            t0 = time.perf_counter()
            vectors = encoder.encode(texts)
            times.append(time.perf_counter() - t0)
        if reference is None:
            reference = vectors
        cosine = (vectors * reference).sum(axis=1)
        best = min(times)
        agree = f"{cosine.min():.6f} / {cosine.mean():.6f}"
        print(f"| {name} ({encoder.backend}) | {best:.2f} | {len(texts) / best:.0f} | {agree} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="?", default=str(DEFAULT_DATA))
    parser.add_argument("--limit", type=int, default=100, help="rows for the warm figures (0: all)")
    parser.add_argument("--plain-limit", type=int, default=15, help="rows for the plain method")
    parser.add_argument("--batch", type=int, default=16, help="responses per batched encoder call")
    parser.add_argument("--backend", default=None, help="encoder backend (default: auto)")
    parser.add_argument("--backend-texts", type=int, default=300)
    parser.add_argument("--skip-subprocess", action="store_true")
    parser.add_argument("--skip-plain", action="store_true")
    parser.add_argument("--skip-backends", action="store_true")
    parser.add_argument("--growth-limit", type=int, default=30,
                        help="rows for the retrieval comparison at 1x / 3x / 10x sources (0: skip it)")
    parser.add_argument("--skip-export", action="store_true", help="skip the first-use export timing")
    parser.add_argument("--child", choices=["cold"], help=argparse.SUPPRESS)
    parser.add_argument("--rows-after", type=int, default=20, help=argparse.SUPPRESS)
    parser.add_argument("--spawned", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.backend:
        os.environ["LEXGUARD_ENCODER_BACKEND"] = args.backend
    if args.child == "cold":
        return child_cold(args.data, args.rows_after, args.spawned or time.time())

    rows = load_rows(Path(args.data), args.limit or None)
    started = time.perf_counter()
    print(f"# lexguard support-check benchmark, {dt.date.today().isoformat()}")
    print(
        f"machine: {os.cpu_count()} CPUs {platform.machine()}, Python {platform.python_version()}, "
        f"load average at start: {load_avg()}"
    )
    print(f"data: {args.data} (first {len(rows)} rows; --limit 0 for all)")

    from lexguard.grounding import SupportChecker

    checker = SupportChecker()
    backend = checker.encoder.load() if hasattr(checker.encoder, "load") else "?"
    print(f"encoder: {checker.encoder.name}, backend {backend}")
    # the export (first use ever) and the model load happen above, before any timing

    if not args.skip_subprocess:
        print()
        for statement in IMPORT_STATEMENTS:
            probes = [import_time(statement) for _ in range(5)]
            median_import = statistics.median(p["import_s"] for p in probes)
            print(f"`{statement}`: {ms(median_import)} (median of 5 fresh processes), "
                  f"torch/sentence-transformers/onnxruntime loaded: {probes[0]['heavy'] or 'none'}")
        cold = run_child(["--child", "cold", args.data, "--rows-after", str(args.rows_after)])
        print(
            f"cold start (fresh process, ONNX export already cached): import {ms(cold['import_s'])}"
            f" + model load and first check {ms(cold['load_and_first_check_s'])}"
            f" = {cold['cold_s']:.2f} s ({cold['since_spawn_s']:.2f} s from process spawn);"
            f" backend {cold['backend']}, torch imported: {cold['torch_loaded']}"
        )
        print(f"peak RSS after {cold['rows']} checks: {cold['peak_rss_mb']:.0f} MB")
        if not args.skip_export and str(cold["backend"]).startswith("onnx"):
            import tempfile

            with tempfile.TemporaryDirectory() as empty_cache:
                env = {**os.environ, "LEXGUARD_CACHE_DIR": empty_cache}
                first = run_child(["--child", "cold", args.data, "--rows-after", "0"], env)
            print(f"first use ever (empty cache: ONNX export with torch, then as above): "
                  f"{first['cold_s']:.1f} s, peak RSS {first['peak_rss_mb']:.0f} MB (one-time)")

    for row in rows[:3]:  # warm-up
        checker.check(row["answer"], row["sources"], row["question"] or None)
    records = warm_latencies(checker, rows)
    fresh = [r["fresh"] for r in records]
    print(f"\n## Warm latency per response ({len(records)} responses)\n")
    print(f"- sources fresh (all caches cleared): p50 {ms(percentile(fresh, 50))}, "
          f"p95 {ms(percentile(fresh, 95))}; embedding share p50 "
          f"{ms(percentile([r['embed'] for r in records], 50))}; texts embedded p50 "
          f"{percentile([r['texts'] for r in records], 50):.0f}, claims p50 "
          f"{percentile([r['claims'] for r in records], 50):.0f}")
    steps = sorted({k for r in records for k in r["steps"]})
    print("- fresh, p50 per step: " + ", ".join(
        f"{k} {ms(percentile([r['steps'].get(k, 0.0) for r in records], 50))}" for k in steps))
    print(f"- CPU time per fresh response (all threads; load-independent cost): p50 "
          f"{ms(percentile([r['fresh_cpu'] for r in records], 50))}")
    print(f"- retry with cached sources (new answer text): p50 "
          f"{ms(percentile([r['retry'] for r in records], 50))}, "
          f"p95 {ms(percentile([r['retry'] for r in records], 95))}")
    print(f"- retry with one new sentence (sources and unchanged claims cached): p50 "
          f"{ms(percentile([r['edit'] for r in records], 50))}, "
          f"p95 {ms(percentile([r['edit'] for r in records], 95))}")
    print(f"- identical repeat (everything cached): p50 "
          f"{ms(percentile([r['repeat'] for r in records], 50))}")
    print(f"- detection on these rows (any unsupported claim = hallucinated): "
          f"{f1_report([r['gold'] for r in records], [r['predicted'] for r in records])}")

    single, batched = throughput(checker, rows, args.batch)
    print(f"\nthroughput (sources fresh): {single:.2f} responses/s one by one, "
          f"{batched:.2f} responses/s with {args.batch} responses per encoder call")

    print("\n## Latency growth (median ms per quartile bucket)\n")
    cols = [("fresh", "fresh"), ("retry", "cached-source retry")]
    print(bucket_table(records, "answer_chars", "answer chars", cols))
    print()
    print(bucket_table(records, "source_chars", "total source chars", cols))

    if not args.skip_plain:
        subset = rows[: args.plain_limit]
        from lexguard.embeddings import default_model_path
        from lexguard.grounding import extract_claims

        plain = PlainChecker(default_model_path())
        plain.check(["warm up the model"], ["A sentence."])
        plain_times, plain_pred = [], []
        for row in subset:
            claims = [c.text for c in extract_claims(row["answer"], min_words=checker.config.min_claim_words)]
            t0 = time.perf_counter()
            supported = plain.check(claims, row["sources"])
            plain_times.append(time.perf_counter() - t0)
            plain_pred.append(not all(supported))
        fast_same = fresh[: len(subset)]
        ratio_sum = sum(plain_times) / sum(fast_same)
        ratio_p50 = percentile(plain_times, 50) / percentile(fast_same, 50)
        print(f"\n## Plain method (seeds: each source sentence embedded for every claim, "
              f"torch, no batching, no cache; supported if max cosine >= 0.8), same process, "
              f"first {len(subset)} rows\n")
        print(f"- plain: p50 {ms(percentile(plain_times, 50))}, p95 {ms(percentile(plain_times, 95))}")
        print(f"- lexguard (sources fresh), same rows: p50 {ms(percentile(fast_same, 50))}")
        print(f"- speed ratio plain / lexguard: {ratio_sum:.1f}x total time, {ratio_p50:.1f}x p50")
        gold = [r["label"] == "hallucinated" for r in subset]
        print(f"- detection, plain: {f1_report(gold, plain_pred)}; lexguard: "
              f"{f1_report(gold, [r['predicted'] for r in records[: len(subset)]])}")

    if args.growth_limit:
        from _growth import run as growth

        print("\n## Retrieval: candidates (default) against dense (every chunk embedded), "
              "same answers with 1x / 3x / 10x longer sources, fresh caches\n")
        growth(rows[: args.growth_limit], [1, 3, 10], load_rows(Path(args.data), None))

    if not args.skip_backends:
        backend_table(rows[:40], checker.config, args.backend_texts)

    print(f"\nload average at end: {load_avg()}; benchmark wall time "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
