"""Human-labelled NLI pairs (``../shared/bench/nli/``) for the claim verifier: one split rule.

Every set is split by premise (all hypotheses of one premise on the same side), by a stable
hash: 90% train, 5% tune (thresholds, ``train_verifier.py stack``), 5% dev (figures), so training (``scripts/train_verifier.py data``) and the dev figures
(``scripts/eval_nli.py``) agree on which rows are dev without storing any row in the project.
Long premises (edited summaries, documents) are read as the verifier reads sources at run time:
the ``k`` sentences that best cover the hypothesis (:func:`lexguard.grounding.evidence._evidence`).
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

__all__ = ["LABEL_IDS", "NLI_SETS", "is_dev", "nli_pairs", "nli_rows", "split_of"]

LABEL_IDS = {"supported": 0, "contradicted": 1, "baseless": 2}
NLI_SETS = ("cad_snli", "breaking_nli", "snli_devtest", "negation_nli", "taxinli", "summedits", "begin")
DEV_PER_MILLE = 100
"""Share of premises (per mille) kept out of training as each set's dev split."""


def split_of(premise: str) -> str:
    """The split of a premise, stable across runs: 10% of premises are kept out of training,
    half of them to choose thresholds (``"tune"``) and half to report figures (``"dev"``)."""
    digest = hashlib.sha256(premise.strip().lower().encode("utf-8")).digest()
    bucket = int.from_bytes(digest[:4], "big") % 1000
    if bucket < DEV_PER_MILLE // 2:
        return "tune"
    return "dev" if bucket < DEV_PER_MILLE else "train"


def is_dev(premise: str) -> bool:
    """Whether a premise is kept out of training (the tune and dev splits)."""
    return split_of(premise) != "train"


def nli_rows(folder: str | Path, split: str, sets: tuple[str, ...] = NLI_SETS) -> Iterator[dict]:
    """Rows of the ``split`` ("train", "tune" or "dev") of each set, deduplicated on (premise, hypothesis).

    Yields:
        The row dicts (premise, hypothesis, label, source).
    """
    seen: set[tuple[str, str]] = set()
    for name in sets:
        with gzip.open(Path(folder) / f"{name}.jsonl.gz", "rt", encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                row = json.loads(line)
                key = (row["premise"].strip(), row["hypothesis"].strip())
                if key in seen or not all(key) or row.get("label") not in LABEL_IDS:
                    continue
                seen.add(key)
                if split_of(row["premise"]) == split:
                    yield row


def nli_pairs(folder: str | Path, k: int, long_chars: int = 400) -> Iterator[tuple[str, str, int, str]]:
    """Training pairs ``(claim, evidence, label, kind)``; long premises cut to their ``k`` best units."""
    from lexguard._models import Source
    from lexguard.grounding.evidence._evidence import evidence_units

    for row in nli_rows(folder, "train"):
        premise, hypothesis = row["premise"].strip(), row["hypothesis"].strip()
        if len(premise) > long_chars:
            units = evidence_units([Source(id="s0", content=premise)])
            premise = units.text(units.select(hypothesis, k)) or premise
        yield hypothesis, premise, LABEL_IDS[row["label"]], f"nli_{row['source']}"
