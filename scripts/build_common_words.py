"""Build ``lexguard/grounding/data/common_words.txt``: words that are usually written in lower case.

The lexical name finder (:func:`lexguard.grounding.signals._entities.entities`) cannot tell a name from an
ordinary word when it opens a sentence ("Napoleon built ..." vs "Customers said ..."). This
script counts, over the source passages of the RAGTruth train split (dev ids excluded), how often
each word appears in lower case in the middle of a sentence; a word seen so at least
``--min-count`` times is "common". A sentence-initial capitalised word that is not common is
then treated as a name.

Usage::

    python scripts/build_common_words.py ../shared/bench/ragtruth_train.jsonl.gz \
        --dev ../shared/bench/ragtruth_dev.jsonl
"""

from __future__ import annotations

import argparse
import collections
import gzip
import json
import re
from pathlib import Path

_OUT = Path(__file__).resolve().parents[1] / "lexguard" / "grounding" / "data" / "common_words.txt"
_WORD = re.compile(r"(?<![\w'’.-])([a-z][a-z'’-]*[a-z]|[a-z])(?![\w'’-])")


def _rows(path: Path):
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("train", type=Path)
    parser.add_argument("--dev", type=Path, required=True, help="rows whose ids are left out")
    parser.add_argument("--min-count", type=int, default=3)
    parser.add_argument("--out", type=Path, default=_OUT)
    args = parser.parse_args()

    dev_ids = {row["id"] for row in _rows(args.dev)}
    counts: collections.Counter[str] = collections.Counter()
    seen_sources: set[int] = set()
    for row in _rows(args.train):
        if row["id"] in dev_ids:
            continue
        for source in row["sources"]:
            key = hash(source)
            if key in seen_sources:
                continue
            seen_sources.add(key)
            counts.update(m.group(1).replace("’", "'") for m in _WORD.finditer(source))
    words = sorted(w for w, n in counts.items() if n >= args.min_count and len(w) > 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        "# Words written in lower case at least %d times in RAGTruth train sources (MIT);\n"
        "# built by scripts/build_common_words.py. One word a line.\n" % args.min_count
        + "\n".join(words)
        + "\n",
        encoding="utf-8",
    )
    print(f"{len(words)} common words from {len(seen_sources)} distinct sources -> {args.out}")


if __name__ == "__main__":
    main()
