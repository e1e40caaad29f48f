"""Fresh-source latency of the two retrievals side by side, and its growth with the sources.

Used by ``bench_support.py`` (section "Retrieval") and runnable alone::

    python benchmarks/_growth.py [DATA.jsonl] [--limit 40] [--factors 1 3 10]

The same answers are checked with their sources as given (1x) and padded to 3x and 10x their
length with text from other rows (never seen before: every cache is cleared before each check),
by the default support check (``retrieval="candidates"``: only each claim's BM25 candidates are
embedded, by the int8 encoder) and by the earlier pipeline (``retrieval="dense"``: every chunk
embedded, by the fp32 encoder), interleaved
row by row in one process so machine load hits both alike. Prints p50 / p95 per size, the ratio
candidates / dense, the growth p50(mx) / p50(1x), texts embedded, and whether the two flag the
same responses. Asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "bench" / "ragtruth_dev.jsonl"
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def padded(sources: list[str], factor: int, filler: list[str], start: int) -> list[str]:
    """``sources`` followed by passages of ``filler`` (from ``start`` on, cycling), the last one
    cut, until the total length is ``factor`` times the original (added as further sources: a
    JSON record source would drop prose appended to it)."""
    want = (factor - 1) * sum(len(s) for s in sources)
    extra: list[str] = []
    i = start
    while want > 0:
        piece = filler[i % len(filler)][:want]
        extra.append(piece)
        want -= len(piece)
        i += 1
    return [*sources, *extra]


def run(rows: list[dict[str, Any]], factors: list[int], pool: list[dict[str, Any]]) -> dict[str, Any]:
    """Time both retrievals on ``rows`` at each size factor (padding from the sources of ``pool``);
    print and return the figures."""
    from lexguard.grounding import GroundingConfig, SupportChecker

    checkers = {  # "dense": the pipeline before issue 26 (every chunk embedded, fp32 encoder)
        "candidates": SupportChecker(),
        "dense": SupportChecker(GroundingConfig(retrieval="dense", embedding_backend="onnx")),
    }
    # distinct passages (RAGTruth rows share their sources), never a row's own
    filler = list(dict.fromkeys(s for row in pool for s in row["sources"] if not s.lstrip().startswith(("{", "["))))
    for checker in checkers.values():  # load the models
        checker.check(rows[0]["answer"], rows[0]["sources"], rows[0]["question"] or None)
    times = {(n, f): [] for n in checkers for f in factors}
    texts = {(n, f): [] for n in checkers for f in factors}
    flags = {(n, f): [] for n in checkers for f in factors}
    load_start = os.getloadavg()
    for r, row in enumerate(rows):
        for factor in factors:
            others = [s for s in filler if s not in row["sources"]]
            sources = padded(row["sources"], factor, others, start=7 * r + 1)
            for name, checker in checkers.items():
                checker.clear_cache()
                checker.encoder.clear_cache()
                t0 = time.perf_counter()
                result = checker.check(row["answer"], sources, row["question"] or None)
                times[name, factor].append(time.perf_counter() - t0)
                texts[name, factor].append(checker.encoder.cache_info().misses)
                flags[name, factor].append(any(c.supported is False for c in result.claims))
    load_end = os.getloadavg()
    print(f"rows: {len(rows)}; load average at start {' '.join(f'{x:.2f}' for x in load_start)}, "
          f"at end {' '.join(f'{x:.2f}' for x in load_end)}")
    print("| retrieval | sources | p50 | p95 | texts embedded p50 | growth p50 vs 1x |")
    print("|---|---|---:|---:|---:|---:|")
    p50 = {key: statistics.median(v) for key, v in times.items()}
    for name in checkers:
        for factor in factors:
            key = (name, factor)
            print(f"| {name} | {factor}x | {1000 * p50[key]:.0f} ms | {1000 * _pct(times[key], 0.95):.0f} ms | "
                  f"{statistics.median(texts[key]):.0f} | {p50[key] / p50[name, factors[0]]:.2f}x |")
    for factor in factors:
        same = sum(a == b for a, b in zip(flags["candidates", factor], flags["dense", factor], strict=True))
        print(f"{factor}x: p50 ratio candidates / dense {p50['candidates', factor] / p50['dense', factor]:.2f}x, "
              f"p95 ratio {_pct(times['candidates', factor], 0.95) / _pct(times['dense', factor], 0.95):.2f}x; "
              f"same response flag on {same} of {len(rows)} rows")
    return {"p50": {f"{n}@{f}": v for (n, f), v in p50.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", nargs="?", default=str(DEFAULT_DATA))
    parser.add_argument("--limit", type=int, default=40)
    parser.add_argument("--factors", type=int, nargs="+", default=[1, 3, 10])
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    lines = Path(args.data).read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines if line.strip()]
    run(rows[: args.limit], args.factors, rows)


if __name__ == "__main__":
    main()
