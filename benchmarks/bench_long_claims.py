"""Latency of one very long claim, dense with values, beside plain prose of the same length.

    python benchmarks/bench_long_claims.py [--sizes 100 200 400 800 1600]

A claim of ``N`` repeats of an appositive age ("Kerry Dawes, 35, ", two values each) and a claim of
the same length in plain words (no values) are checked against one source, side by side in one
process, each size three times alternately (median kept). Prints seconds per size, the growth
t(2N) / t(N) of each (2.0 is linear, 4.0 quadratic) and the ratio dense / plain, with the load
average. Until the twenty-fourth session the rules that read a value beside the claim's others
rescanned the claim per value (800 repeats took 87 s). Asserts nothing; the test
``tests/grounding/test_long_claims.py`` counts calls instead of timing them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

SOURCE = ("Kerry Dawes, 35, from Ashcombe, said the council plans to switch off 9,000 street lights "
          "in 2024 to save money. ") * 20
DENSE = "Kerry Dawes, 35, "
PLAIN = "kind words here "  # as long as DENSE, with no value in it


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200, 400, 800, 1600])
    args = parser.parse_args()

    from lexguard._models import Source
    from lexguard.grounding import SupportChecker

    checker = SupportChecker()
    sources = [Source(id="s", content=SOURCE)]
    checker.check("Warm up.", sources)

    def seconds(unit: str, n: int) -> float:
        claim = unit * n + "said so."
        start = time.perf_counter()
        checker.check(claim, sources)
        return time.perf_counter() - start

    print(f"load average {os.getloadavg()[0]:.2f}")
    print("| repeats | characters | dense s | plain s | dense / plain | dense growth | plain growth |")
    print("|---|---|---|---|---|---|---|")
    previous: tuple[float, float] | None = None
    for n in args.sizes:
        dense, plain = [], []
        for _ in range(3):
            dense.append(seconds(DENSE, n))
            plain.append(seconds(PLAIN, n))
        d, p = statistics.median(dense), statistics.median(plain)
        growth = f"{d / previous[0]:.2f} | {p / previous[1]:.2f}" if previous else "- | -"
        print(f"| {n} | {len(DENSE) * n} | {d:.2f} | {p:.2f} | {d / p:.1f}x | {growth} |")
        previous = (d, p)


if __name__ == "__main__":
    main()
