"""Validated responses per second: the local engine vs Ray Data with 1 and 2 workers.

Usage (from the repository root)::

    python benchmarks/bench_bulk.py [DATA.jsonl] [--limit 200] [--workers 1 2] [--batch-size 8]

Prints figures, asserts nothing. Each run validates the first ``--limit`` rows of RAGTruth dev
with ``lexguard.bulk.validate_batch`` (the whole guard: parse, rules, support check with the
bundled model; no retries, no repair) into a fresh Parquet file, and reports:

* ``wall s``: end to end, start-up included (Ray: starting the local cluster, the actors and one
  model per actor);
* ``start s``: until the first batch of results came back;
* ``resp/s``: responses per second end to end;
* ``steady resp/s``: responses per second after the first batch (start-up excluded), the figure
  that matters for a long log.

The machine's CPU count and load average are printed: on a shared 2-core box other processes
move every figure, so compare runs taken under similar load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "bench" / "ragtruth_dev.jsonl"
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
sys.path.insert(0, str(REPO))


def write_input(data: Path, limit: int, folder: Path) -> Path:
    """The first ``limit`` rows as a validate-batch input (id, question, sources, answer)."""
    out = folder / "input.jsonl"
    with data.open(encoding="utf-8") as src, out.open("w", encoding="utf-8") as dst:
        n = 0
        for line in src:
            if not line.strip():
                continue
            row = json.loads(line)
            dst.write(json.dumps({k: row[k] for k in ("id", "question", "sources", "answer")}) + "\n")
            n += 1
            if n >= limit:
                break
    return out


def run(engine: str, workers: int | None, source: Path, folder: Path, batch_size: int) -> dict[str, float]:
    from lexguard.bulk import validate_batch

    marks: list[tuple[float, int]] = []
    started = time.perf_counter()
    counts = validate_batch(
        source, folder / f"out-{engine}-{workers}.parquet", engine=engine, workers=workers,  # type: ignore[arg-type]
        batch_size=batch_size, on_progress=lambda done, total: marks.append((time.perf_counter(), done)),
    )
    wall = time.perf_counter() - started
    n = counts["validated"]
    first_t, first_n = next(((t, d) for t, d in marks if d > 0), (started + wall, n))
    steady = (n - first_n) / (started + wall - first_t) if n > first_n and started + wall > first_t else float("nan")
    return {"rows": n, "wall": wall, "start": first_t - started, "rate": n / wall, "steady": steady}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=200)
    parser.add_argument("--workers", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--batch-size", type=int, default=8)
    args = parser.parse_args()

    print(f"{platform.platform()} | {os.cpu_count()} CPUs | Python {platform.python_version()}")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"data: {args.data} (first {args.limit} rows), batch size {args.batch_size}\n")
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        source = write_input(args.data, args.limit, folder)
        plans = [("local", None)] + [("ray", w) for w in args.workers]
        from lexguard.bulk import BulkEngineError

        for engine, workers in plans:
            try:
                figures = run(engine, workers, source, folder, args.batch_size)
            except BulkEngineError as exc:  # e.g. Ray did not start on a saturated machine
                print(f"failed: {engine} {workers or ''}: {exc}", flush=True)
                continue
            results.append((engine, workers, figures))
            print(f"done: {engine} {workers or ''} ({figures['wall']:.0f} s; load {os.getloadavg()[0]:.2f})", flush=True)
    print("\n| engine | workers | responses | wall s | start s | resp/s | steady resp/s |")
    print("|---|---|---|---|---|---|---|")
    for engine, workers, f in results:
        print(f"| {engine} | {workers or 1} | {f['rows']:.0f} | {f['wall']:.1f} | {f['start']:.1f} | "
              f"{f['rate']:.2f} | {f['steady']:.2f} |")
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
