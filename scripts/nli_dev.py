"""Write the dev split of each ``nli/`` set as a labelled JSONL file for ``lexguard eval``.

Each pair becomes one row of the RAGTruth schema: the premise is the only source, the
hypothesis is the answer, ``task`` is the set's name (so ``lexguard eval`` reports every set on
its own line), and a contradicted or baseless hypothesis is ``hallucinated`` as a whole. The
split is :func:`nli_data.is_dev` (by premise; training never sees these premises). Write the
file outside the repository: the rows are training data and are never committed::

    python scripts/nli_dev.py --out /tmp/nli_dev.jsonl --per-set 120
    lexguard eval /tmp/nli_dev.jsonl --no-probes --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from nli_data import NLI_SETS, nli_rows  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--nli", default=str(Path(__file__).resolve().parents[2] / "shared/bench/nli"))
    p.add_argument("--out", required=True)
    p.add_argument("--per-set", type=int, default=120, help="rows sampled from each set's dev split (0: all)")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args()
    rng = random.Random(args.seed)
    written = {}
    with open(args.out, "w", encoding="utf-8") as out:
        for name in NLI_SETS:
            rows = list(nli_rows(args.nli, "dev", (name,)))
            rng.shuffle(rows)
            rows = rows[: args.per_set or None]
            for n, row in enumerate(rows):
                answer = row["hypothesis"].strip()
                bad = row["label"] != "supported"
                out.write(json.dumps({
                    "id": f"{name}-dev-{n}", "dataset": name, "task": name, "question": "",
                    "sources": [row["premise"].strip()], "answer": answer,
                    "label": "hallucinated" if bad else "supported",
                    "spans": [[0, len(answer)]] if bad else [], "meta": {"nli_label": row["label"]},
                }) + "\n")
            written[name] = len(rows)
    print(json.dumps(written))


if __name__ == "__main__":
    main()
