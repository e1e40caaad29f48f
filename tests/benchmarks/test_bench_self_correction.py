"""The self-correction benchmark runs its before / repair / after loop (fake checker, no model)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from lexguard import Claim
from lexguard.grounding import SupportResult

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_self_correction.py"


def load():
    spec = importlib.util.spec_from_file_location("bench_self_correction", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class SentenceChecker:
    """A sentence is supported when it occurs in a source."""

    encoder = None

    def check(self, answer, sources, question=None):
        claims, start = [], 0
        for index, sentence in enumerate(s for s in answer.split(". ") if s):
            text = sentence if sentence.endswith(".") else sentence + "."
            start = answer.index(sentence, start)
            ok = any(text.rstrip(".") in s for s in sources)
            claims.append(Claim(index=index, text=text, span=(start, start + len(text)), supported=ok,
                                support=0.95 if ok else 0.05))
        return SupportResult(claims=tuple(claims), confidence=0.5)


def test_repair_moves_a_rejected_answer_to_accept():
    bench = load()
    row = {"id": "r1", "task": "qa", "label": "hallucinated", "question": "",
           "sources": ["The bridge opened in May. It is painted orange."],
           "answer": "The bridge opened in May. It is painted blue. It has nine lanes.", "spans": [[29, 45], [46, 64]]}
    out = bench.run_row(SentenceChecker(), row)
    assert out["rec_before"] == "reject" and out["rec_after"] == "accept" and out["repaired"]
    assert out["after"] > out["before"] and out["gold_left"] == 0
    summary = bench.summarise([out], "all")
    assert "moved reject -> accept: 1 of 1 rejected" in summary
