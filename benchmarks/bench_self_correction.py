"""The Self-RAG design's success metric on RAGTruth dev: does offline self-correction raise the
answer's confidence (the design: by 0.2 on average), and how many answers move from reject to
accept?

Usage (from the repository root)::

    python benchmarks/bench_self_correction.py [DATA.jsonl] [--limit 100] [--task qa]
                                               [--json OUT.json]

For each response: the support check (``SupportChecker``, default offline model) and the offline
Self-RAG reflection (``assess_offline``: ISREL / ISUSE with the bundled encoder, weighted
confidence, three-way recommendation) on the answer as given; then the offline repair path the
guard takes without a generator (``drop_unsupported``: remove the sentences holding unsupported
claims or hard findings) and the same check on the repaired answer. Responses the repair cannot
change keep their first figures. Prints figures, asserts nothing.

Reported: mean confidence before / after (all responses and repaired ones), mean change, the
recommendation counts before / after, the share moved from reject to accept, the same by gold
label and task, and how many repaired answers that end up accepted still contain a gold
hallucinated span verbatim (the repair's misses). The confidence is computed by lexguard itself,
so a rise after deleting the sentences lexguard doubts is partly circular: the gold-span column
is the check on it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = next(
    (p for p in (REPO.parent / "shared" / "bench" / "ragtruth_dev.jsonl",
                 REPO.parent.parent / "shared" / "bench" / "ragtruth_dev.jsonl") if p.exists()),
    REPO.parent / "shared" / "bench" / "ragtruth_dev.jsonl",
)
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
sys.path.insert(0, str(REPO))


def load_rows(path: Path, limit: int | None, task: str | None) -> list[dict[str, Any]]:
    """The first ``limit`` rows (of ``task`` when given) of a RAGTruth-style jsonl file."""
    rows = []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                continue
            row = json.loads(line)
            if task and row.get("task") != task:
                continue
            rows.append(row)
            if limit and len(rows) >= limit:
                break
    return rows


def _assess(checker: Any, answer: str, sources: list[str], question: str | None) -> dict[str, Any]:
    from lexguard.grounding import assess_offline

    result = checker.check(answer, sources, question)
    if result.inconclusive:
        return {"confidence": None, "recommendation": "inconclusive", "result": result}
    reflection = assess_offline(question, answer, result.claims, sources, encoder=checker.encoder)
    return {"confidence": reflection.confidence, "recommendation": reflection.recommendation,
            "support_confidence": result.confidence, "result": result, "reflection": reflection}


def run_row(checker: Any, row: dict[str, Any]) -> dict[str, Any]:
    """Before / repair / after for one response."""
    from lexguard.nodes._repair import drop_unsupported

    question = row.get("question") or None
    sources = list(row["sources"])
    answer = row["answer"]
    before = _assess(checker, answer, sources, question)
    out: dict[str, Any] = {"id": row["id"], "task": row["task"], "label": row["label"],
                           "before": before["confidence"], "rec_before": before["recommendation"]}
    repaired = answer
    if before["confidence"] is not None:
        res = before["result"]
        claims = before["reflection"].claims
        repaired = drop_unsupported(answer, claims, [f for f in res.findings])
    if not repaired or repaired == answer:
        out.update(repaired=False, after=out["before"], rec_after=out["rec_before"], empty=not repaired)
        after_text = answer if repaired else ""
    else:
        after = _assess(checker, repaired, sources, question)
        out.update(repaired=True, after=after["confidence"], rec_after=after["recommendation"], empty=False)
        after_text = repaired
    gold = [answer[s:e] for s, e in row.get("spans") or () if answer[s:e].strip()]
    out["gold_spans"] = len(gold)
    out["gold_left"] = sum(1 for g in gold if g in after_text)
    return out


def _mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def summarise(rows: list[dict[str, Any]], title: str) -> str:
    """A short block of figures for one group of responses."""
    scored = [r for r in rows if r["before"] is not None and r["after"] is not None]
    repaired = [r for r in scored if r["repaired"]]
    before = Counter(r["rec_before"] for r in rows)
    after = Counter(r["rec_after"] for r in rows)
    rejected = [r for r in rows if r["rec_before"] == "reject"]
    moved = [r for r in rejected if r["rec_after"] == "accept"]
    accepted_after_repair = [r for r in repaired if r["rec_after"] == "accept"]
    still_gold = [r for r in accepted_after_repair if r["gold_left"]]
    lines = [
        f"### {title} ({len(rows)} responses)",
        f"- confidence, mean: before {_mean([r['before'] for r in scored]):.3f}, after "
        f"{_mean([r['after'] for r in scored]):.3f}, change {_mean([r['after'] - r['before'] for r in scored]):+.3f}",
        f"- repaired (text changed): {len(repaired)}; their change "
        f"{_mean([r['after'] - r['before'] for r in repaired]):+.3f} "
        f"(before {_mean([r['before'] for r in repaired]):.3f}, after {_mean([r['after'] for r in repaired]):.3f}); "
        f"repair left nothing: {sum(1 for r in rows if r['empty'])}",
        "- recommendation before: " + ", ".join(f"{k} {v}" for k, v in sorted(before.items())),
        "- recommendation after:  " + ", ".join(f"{k} {v}" for k, v in sorted(after.items())),
        f"- moved reject -> accept: {len(moved)} of {len(rejected)} rejected "
        f"({(len(moved) / len(rejected) if rejected else 0.0):.0%}); of all responses {len(moved) / max(1, len(rows)):.0%}",
        f"- accepted after repair but a gold hallucinated span still in the text: {len(still_gold)} "
        f"of {len(accepted_after_repair)}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="?", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=100, help="rows to use (0: all 1,000)")
    parser.add_argument("--task", choices=["qa", "summarization", "data2text"], default=None)
    parser.add_argument("--json", type=Path, default=None, help="write per-row results here")
    args = parser.parse_args(argv)
    from lexguard.grounding import SupportChecker

    rows = load_rows(args.data, args.limit or None, args.task)
    checker = SupportChecker()
    started = time.perf_counter()
    results = []
    for n, row in enumerate(rows, 1):
        results.append(run_row(checker, row))
        if n % 25 == 0:
            print(f"... {n}/{len(rows)} rows, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    elapsed = time.perf_counter() - started
    print(f"RAGTruth dev: {len(rows)} responses ({args.task or 'all tasks'}), {elapsed:.0f} s\n")
    print(summarise(results, "all"))
    for label in ("hallucinated", "supported"):
        print()
        print(summarise([r for r in results if r["label"] == label], f"gold label {label}"))
    for task in ("qa", "summarization", "data2text"):
        group = [r for r in results if r["task"] == task]
        if group:
            print()
            print(summarise(group, f"task {task}"))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
