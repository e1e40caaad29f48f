"""Cost of the learned verifier: the new default against the previous default, side by side.

Usage (from the repository root)::

    python benchmarks/bench_verifier.py [DATA.jsonl] [--limit 100] [--rounds 2] [--wheel] [--plain] [--against FOLDER]

The checkers run in this one process on the same rows, interleaved row by row (so machine load
hits all alike): ``SupportChecker()`` (verifier + stacker, the default),
``SupportChecker(GroundingConfig(verifier=False))`` (the previous default),
``SupportChecker(GroundingConfig(retrieval="dense", embedding_backend="onnx"))`` (the pipeline
before issue 26: every source chunk embedded before any claim is read, by the fp32 encoder) and
``SupportChecker(GroundingConfig(retrieval="dense"))`` (the same with the default int8 encoder:
the retrieval's share alone). Prints per-response
latency with sources embedded fresh (caches cleared before each row), on a retry with the
sources cached and the whole answer new (the source index kept, every other cache cleared: the
worst case), and on a typical re-ask (the last sentence rewritten, the first attempt's caches
kept, as within one guard run), the texts embedded by each (the retry pays only for its new
claims and their candidates: the sources' index and chunk vectors are kept per checker, the
embeddings per text), the ratios, peak RSS of the
process, and with ``--wheel`` the size of the built wheel. Prints figures, asserts nothing;
absolute times on a shared 2-core machine move 3-5x with load, so read the ratios.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "bench" / "ragtruth_dev.jsonl"
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def one_sentence_changed(answer: str) -> str:
    """The answer with its last sentence replaced, as a re-ask that fixes one claim returns it."""
    from lexguard.grounding.claims._sentences import split_sentences

    spans = split_sentences(answer)
    if len(spans) < 2:
        return answer.rstrip() + " It was also noted in the report."
    start = spans[-1][0]
    return answer[:start] + "It was also noted in the report."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", nargs="?", default=str(DEFAULT_DATA))
    parser.add_argument("--limit", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=2, help="passes over the rows (the first warms up)")
    parser.add_argument("--wheel", action="store_true", help="also build the wheel and print its size")
    parser.add_argument(
        "--plain", action="store_true",
        help="also time the seeds' plain method (torch, each source sentence embedded for every claim) on the same "
        "rows, interleaved in the last round",
    )
    parser.add_argument("--plain-limit", type=int, default=None, help="the plain method on the first N rows only")
    parser.add_argument(
        "--against", default=None, metavar="FOLDER",
        help="also time the default with another verifier folder (verifier.onnx, verifier.json, stacker.json), e.g. "
        "the previous default's model, and print the shipped one's ratio to it",
    )
    args = parser.parse_args()

    from lexguard import Source
    from lexguard.grounding import GroundingConfig, SupportChecker

    rows = [json.loads(line) for line in Path(args.data).read_text(encoding="utf-8").splitlines() if line.strip()]
    rows = rows[: args.limit]
    checkers = {
        "new default (verifier)": SupportChecker(),
        "previous default": SupportChecker(GroundingConfig(verifier=False)),
        "before issue 26": SupportChecker(GroundingConfig(retrieval="dense", embedding_backend="onnx")),
        "default, dense retrieval": SupportChecker(GroundingConfig(retrieval="dense")),
    }
    if args.against:
        checkers["verifier of --against"] = SupportChecker(GroundingConfig(verifier_path=args.against))
    fresh: dict[str, list[float]] = {k: [] for k in checkers}
    retry: dict[str, list[float]] = {k: [] for k in checkers}
    edited: dict[str, list[float]] = {k: [] for k in checkers}
    embedded: dict[str, dict[str, list[int]]] = {k: {"fresh": [], "retry": [], "re-ask": []} for k in checkers}
    plain, plain_times = None, []
    if args.plain:
        from _plain import PlainChecker

        from lexguard.embeddings import default_model_path
        from lexguard.grounding import extract_claims

        plain = PlainChecker(default_model_path())
        plain.check(["warm up the model"], ["A sentence."])
    for round_ in range(args.rounds):
        for row in rows:
            sources = [Source(id=f"s{i}", content=c) for i, c in enumerate(row["sources"])]
            retry_answer = row["answer"].rstrip() + " It was also noted in the report."
            edited_answer = one_sentence_changed(row["answer"])
            for name, checker in checkers.items():
                checker.clear_cache()  # source index and verifier verdicts
                checker.encoder.clear_cache()  # embeddings (encoders are shared by the checkers)
                t0 = time.perf_counter()
                checker.check(row["answer"], sources, row.get("question") or None)
                t1 = time.perf_counter()
                texts_fresh = checker.encoder.cache_info().misses
                # a typical re-ask: one sentence rewritten, the rest kept; every cache of the
                # first attempt kept (as within one guard run)
                checker.check(edited_answer, sources, row.get("question") or None)
                t2 = time.perf_counter()
                texts_edited = checker.encoder.cache_info().misses - texts_fresh
                # retry: the sources stay cached, the answer is new text (nothing else cached)
                checker.encoder.clear_cache()
                if checker.stack is not None:
                    checker.stack.clear_cache()
                t3 = time.perf_counter()
                checker.check(retry_answer, sources, row.get("question") or None)
                t4 = time.perf_counter()
                if round_ == args.rounds - 1 or args.rounds == 1:
                    fresh[name].append(t1 - t0)
                    edited[name].append(t2 - t1)
                    retry[name].append(t4 - t3)
                    embedded[name]["fresh"].append(texts_fresh)
                    embedded[name]["re-ask"].append(texts_edited)
                    embedded[name]["retry"].append(checker.encoder.cache_info().misses)
            if plain is not None and round_ == args.rounds - 1 and len(plain_times) < (args.plain_limit or len(rows)):
                claims = [c.text for c in extract_claims(row["answer"], min_words=3) if c.status != "not_checked"]
                t0 = time.perf_counter()
                plain.check(claims, row["sources"])
                plain_times.append(time.perf_counter() - t0)
    print(f"rows: {len(rows)} from {args.data}; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'checker':26s} {'fresh p50':>10s} {'fresh p95':>10s} {'retry p50':>10s} {'retry p95':>10s}")
    for name in checkers:
        print(
            f"{name:26s} {1000 * statistics.median(fresh[name]):8.1f}ms {1000 * pct(fresh[name], 0.95):8.1f}ms "
            f"{1000 * statistics.median(retry[name]):8.1f}ms {1000 * pct(retry[name], 0.95):8.1f}ms"
        )
    print(f"{'re-ask, one sentence changed, caches of the first attempt kept':64s}")
    for name in checkers:
        print(f"{name:26s} p50 {1000 * statistics.median(edited[name]):8.1f}ms p95 {1000 * pct(edited[name], 0.95):8.1f}ms")
    print("texts embedded per check, p50 (fresh / retry: same sources, new answer / re-ask):")
    for name in checkers:
        counts = embedded[name]
        print(f"{name:26s} " + " / ".join(f"{statistics.median(counts[k]):.0f}" for k in ("fresh", "retry", "re-ask")))
    new, old, before, dense = list(checkers)[:4]

    def ratio(a: str, b: str, values: dict[str, list[float]], q: float | None = None) -> float:
        if q is None:
            return statistics.median(values[a]) / statistics.median(values[b])
        return pct(values[a], q) / pct(values[b], q)

    print(
        f"ratio default / before issue 26 (every chunk embedded, fp32 encoder): fresh p50 "
        f"{ratio(new, before, fresh):.2f}x, p95 {ratio(new, before, fresh, 0.95):.2f}x; retry p50 "
        f"{ratio(new, before, retry):.2f}x (target: fresh p50 at most 0.6x)"
    )
    print(
        f"ratio default / default with dense retrieval (same int8 encoder: the retrieval alone): fresh p50 "
        f"{ratio(new, dense, fresh):.2f}x, p95 {ratio(new, dense, fresh, 0.95):.2f}x"
    )
    print(
        f"ratio new/previous: fresh p50 {ratio(new, old, fresh):.2f}x, "
        f"retry (all text new, caches cleared) p50 {ratio(new, old, retry):.2f}x, "
        f"re-ask (one sentence changed) p50 {ratio(new, old, edited):.2f}x "
        "(budget: at most 1.5x)"
    )
    if args.against:
        against = list(checkers)[4]
        print(
            f"ratio shipped verifier / {args.against}: fresh p50 {ratio(new, against, fresh):.2f}x, "
            f"p95 {ratio(new, against, fresh, 0.95):.2f}x; retry p50 {ratio(new, against, retry):.2f}x; "
            f"re-ask p50 {ratio(new, against, edited):.2f}x (budget: fresh p50 at most 1.5x the previous default's)"
        )
    if plain_times:
        same = fresh[new][: len(plain_times)]  # the default on the same rows
        print(
            f"plain method of the seeds, first {len(plain_times)} rows: p50 {1000 * statistics.median(plain_times):.0f} ms, "
            f"p95 {1000 * pct(plain_times, 0.95):.0f} ms; the default on the same rows p50 "
            f"{1000 * statistics.median(same):.0f} ms; plain / default p50 "
            f"{statistics.median(plain_times) / statistics.median(same):.1f}x, total time "
            f"{sum(plain_times) / sum(same):.1f}x (target: at least 25x)"
        )
    print(f"peak RSS of this process (every checker loaded{', torch too' if plain else ''}): "
          f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB (budget 900 MB, without torch)")
    if args.wheel:
        with tempfile.TemporaryDirectory() as out:
            subprocess.run(
                [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", out, str(REPO)],
                check=True,
            )
            wheel = next(Path(out).glob("lexguard-*.whl"))
            print(f"wheel: {wheel.name} {wheel.stat().st_size / 1e6:.1f} MB (budget 100 MB)")


if __name__ == "__main__":
    main()
