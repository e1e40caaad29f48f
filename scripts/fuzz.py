"""Fuzz lexguard's public entry points and count what went wrong.

Runs N generated inputs (default 100,000) through the public entry points: ``Guard.invoke`` /
``ainvoke`` / ``stream`` (with a fast deterministic checker, and with the real support model for
a share of the inputs), the rule gate and rules loader, ``parse_output``, the knowledge check,
citation validation, code-citation file validation (against a root with symlinks, a loop and a
FIFO) and the text and sentence utilities. Inputs are adversarial: lone surrogates, control,
zero-width and bidi characters, homoglyphs, code fences, citation markers, huge runs, deep
nesting and wrong types.

Counts printed at the end:

* ``inputs``: inputs run;
* ``unhandled``: exceptions that are not a ``LexguardError`` (a crash a caller could not catch
  as one type);
* ``hangs``: inputs that did not finish within ``--hang-after`` seconds (the worker is killed
  and restarted);
* ``accepted_after_failure``: guard reports with verdict ``accept`` although a check failed
  (a ``check_error`` or ``rule_timeout`` finding, a verifier that did not run fully, or an
  inconclusive reason that names a failure).

Each worker process runs inputs in order; the parent watches its progress. Exit status 1 when
any count but ``inputs`` is non-zero.

Usage:
    PYTHONPATH=. python scripts/fuzz.py --n 100000 --time-budget 3600 --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

PIECES = [
    "The Eiffel Tower was built in 1889.", "It is 330 metres tall.", "Paris is in France.",
    "\ud83d", "\udc00", "\x00", "\x07", "\u200b", "\u200d", "\u00ad", "\ufeff", "\u202e", "\u2066",
    "\u0435", "\u0430", "\u03bf", "ﬁ", "Ａ", "e\u0301", "😀", "𝔘", "\r\n", "\n\n", "\t",
    "```python\nprint('x')\n```", "```", "~~~", "[source-0]", "[1]", "[^2]", "【3†src】",
    "| a | b |\n|---|---|\n| 1 | 2 |", "- item", "1. step", "> quote", "# Heading", "**bold**",
    "Dr. Smith", "e.g.", "U.S.", "3.5", "...", "!!!", "?!", ";", "secret", "SECRET", "s\u0435cret",
    "(", ")", "[", "]", "{", "}", "\\", "/", "*", "+", "?", "|", "^", "$",
]
LONG_RUNS = ["a", " ", ".", "!", "(", "\u200b", "é", "1", "ab ", "x. "]


def rand_text(rng: random.Random, max_pieces: int = 12) -> str:
    parts = [rng.choice(PIECES) for _ in range(rng.randint(0, max_pieces))]
    if rng.random() < 0.05:
        parts.append(rng.choice(LONG_RUNS) * rng.randint(1_000, 60_000))
    if rng.random() < 0.1:
        parts.append("".join(chr(rng.randint(0, 0x2FFFF)) for _ in range(rng.randint(1, 40))))
    rng.shuffle(parts)
    return rng.choice(["", " ", "\n"]).join(parts)


def rand_value(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if roll < 0.45 or depth > 3:
        return rand_text(rng)
    options: list[Any] = [None, 0, -1, 1.5, float("nan"), True, b"bytes", object(), [], {}, (),
                          [rand_text(rng)], {"content": rand_text(rng)}, {"content": 5},
                          {"answer": rand_text(rng)}, {"text": None}]
    if roll < 0.7:
        return rng.choice(options)
    if roll < 0.85:
        return [rand_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["answer", "sources", "content", "id", "question", "x"]): rand_value(rng, depth + 1)
            for _ in range(rng.randint(0, 3))}


def nested(rng: random.Random) -> Any:
    value: Any = rand_text(rng)
    for _ in range(rng.choice([1, 10, 100, 3_000])):
        value = {"answer": value}
    return value


class FastChecker:
    """A deterministic stand-in for the support model (so most runs are cheap)."""

    def check(self, answer: str, sources: Any, question: str | None = None) -> Any:
        from lexguard._models import Claim, Finding, Severity
        from lexguard.grounding import SupportResult
        from lexguard.grounding.claims._sentences import split_sentences

        text = " ".join(s.content for s in sources).lower()
        answer.encode("utf-8")  # fails like a tokenizer on text that cannot be encoded
        claims, findings = [], []
        for index, (start, end) in enumerate(split_sentences(answer)[:200]):
            supported = answer[start:end].lower().rstrip(".") in text
            claims.append(Claim(index=index, text=answer[start:end], span=(start, end),
                                support=1.0 if supported else 0.0, supported=supported))
            if not supported:
                findings.append(Finding(kind="unsupported", severity=Severity.HARD, span=(start, end),
                                        message="unsupported", stage="support_check"))
        rate = sum(not c.supported for c in claims) / len(claims) if claims else 0.0
        return SupportResult(claims=tuple(claims), findings=tuple(findings), confidence=1.0 - rate,
                             hallucination_rate=rate,
                             inconclusive_reason=None if claims else "no checkable claims")


def accepted_after_failure(report: Any) -> bool:
    """True when the guard accepted although one of its checks failed."""
    if getattr(report, "verdict", None) != "accept":
        return False
    kinds = {str(f.kind) for f in report.findings}
    if kinds & {"check_error", "rule_timeout"}:
        return True
    if any(v.status not in ("ok", "skipped") for v in getattr(report, "verifiers", ())):
        return True
    reason = (report.reason or "").lower()
    return any(word in reason for word in ("failed", "time budget", "did not run", "could not be checked"))


class Targets:
    """The entry points, with what they need built once per worker."""

    def __init__(self, root: Path, model_share: float) -> None:
        from lexguard import Guard
        from lexguard._limits import LimitsConfig
        from lexguard.gate import GateConfig

        self.root = root
        self.model_share = model_share
        limits = LimitsConfig(max_answer_chars=50_000, max_source_chars=100_000, time_budget_s=10.0)
        gate = GateConfig(prohibited_patterns=("secret", r"/(\w+\s?)+password/"),
                          forbidden_topics=["the tunnel"], regex_timeout_s=0.05, regex_budget_s=0.3)
        self.fast_guard = Guard(checker=FastChecker(), limits=limits, max_retries=1, gate=gate)
        self.model_guard: Any = None
        if model_share > 0:
            self.model_guard = Guard(limits=limits, max_retries=0)
        self.names = ["guard", "guard", "guard_async", "guard_stream", "gate", "rules", "parse",
                      "knowledge", "citations", "source_file", "text"]

    def pick(self, rng: random.Random) -> str:
        return rng.choice(self.names)

    def run(self, name: str, rng: random.Random) -> Any:
        return getattr(self, name)(rng)

    def _payload(self, rng: random.Random) -> Any:
        roll = rng.random()
        if roll < 0.05:
            return nested(rng)
        if roll < 0.15:
            return rand_value(rng)
        sources = [rand_text(rng) for _ in range(rng.randint(0, 4))]
        if rng.random() < 0.1:
            sources = [rand_value(rng) for _ in range(rng.randint(0, 3))]
        return {"answer": rand_text(rng), "sources": sources,
                "question": rng.choice([None, rand_text(rng, 3), 5])}

    def guard(self, rng: random.Random) -> Any:
        guard = self.model_guard if self.model_guard is not None and rng.random() < self.model_share else self.fast_guard
        return guard.invoke(self._payload(rng))

    def guard_async(self, rng: random.Random) -> Any:
        return asyncio.run(self.fast_guard.ainvoke(self._payload(rng)))

    def guard_stream(self, rng: random.Random) -> Any:
        return list(self.fast_guard.stream(self._payload(rng)))

    def gate(self, rng: random.Random) -> Any:
        from lexguard.gate import GateConfig, evaluate_gate

        patterns = tuple(rng.choice([rand_text(rng, 2), "/" + rand_text(rng, 2) + "/", r"/(a+)+$/",
                                     r"/((a{50}){50}){50}/", "k" * rng.choice([5, 2_000])])
                         for _ in range(rng.randint(0, 3)))
        config = GateConfig(prohibited_patterns=patterns, regex_timeout_s=0.05, regex_budget_s=0.2)
        return evaluate_gate(rand_text(rng), config, mutations=rng.choice([None, [rand_value(rng)]]))

    def rules(self, rng: random.Random) -> Any:
        from lexguard.gate import load_rules

        data = {rng.choice(["constraints", "prohibited", "forbidden_topics", "custom_rules", "settings",
                            "canonical_facts", "x"]): rand_value(rng) for _ in range(rng.randint(0, 3))}
        return load_rules(data)

    def parse(self, rng: random.Random) -> Any:
        from lexguard.parsing import parse_output

        return parse_output(rand_value(rng), truncated=rng.random() < 0.3)

    def knowledge(self, rng: random.Random) -> Any:
        from lexguard.knowledge import KnowledgeConfig, KnowledgeContext, check_knowledge

        data = {"entities": rng.choice([[{"name": rand_text(rng, 2) or "x", "aliases": [rand_text(rng, 1)],
                                          "properties": {"version": rng.randint(0, 9)}}],
                                        rand_value(rng), {"a": rand_value(rng)}]),
                "relationships": rng.choice([[], rand_value(rng), [["x", "y", "z"]]])}
        context = KnowledgeContext.from_dict(data)
        return check_knowledge(rand_text(rng), context, KnowledgeConfig(time_budget_s=2.0))

    def citations(self, rng: random.Random) -> Any:
        from lexguard.citations import validate_citations

        cites = rng.choice([[{"source": "e0", "relevance": rng.random(), "quote": rand_text(rng, 2)}],
                            rand_value(rng), [rand_value(rng)]])
        return validate_citations(rand_value(rng) if rng.random() < 0.1 else rand_text(rng), cites,
                                  evidence=rng.choice([None, [rand_text(rng)], rand_value(rng)]))

    def source_file(self, rng: random.Random) -> Any:
        from lexguard.citations import validate_source

        path = rng.choice(["a.py", "link.py", "out.py", "loop", "pipe", "sub/b.py", "../x", "/etc/passwd",
                           "a.py/..", "n" * 300, "a\ud800", "", ".", rand_text(rng, 2)])
        return validate_source({"path": path, "start_line": rng.randint(-1, 3),
                                "content": rng.choice(["", "x = 1", rand_text(rng, 1)]),
                                "claim": rand_text(rng, 2)}, self.root)

    def text(self, rng: random.Random) -> Any:
        from lexguard._text import clean_text, comparison_key, split_fenced
        from lexguard.grounding.claims._sentences import split_sentences

        text = rand_text(rng)
        key = comparison_key(text)
        key.span_of(0, len(key.text))
        split_fenced(text)
        return split_sentences(clean_text(text), hard_newlines=rng.random() < 0.5)


def make_root() -> Path:
    root = Path(tempfile.mkdtemp(prefix="lexguard-fuzz-"))
    (root / "sub").mkdir()
    (root / "a.py").write_text("x = 1\n")
    (root / "sub" / "b.py").write_text("y = 2\n")
    (root.parent / f"{root.name}-outside.py").write_text("secret = 1\n")
    (root / "link.py").symlink_to(root / "a.py")
    (root / "out.py").symlink_to(root.parent / f"{root.name}-outside.py")
    (root / "loop").symlink_to("loop")
    if hasattr(os, "mkfifo"):
        os.mkfifo(root / "pipe")
    return root


def worker(conn: Any, seed: int, start: int, stop: int, model_share: float) -> None:
    """Run inputs ``start..stop-1``; report each outcome through ``conn``."""
    import logging
    import warnings

    logging.disable(logging.CRITICAL)
    warnings.simplefilter("ignore")
    from lexguard import LexguardError

    try:
        targets = Targets(make_root(), model_share)
    except Exception:  # noqa: BLE001 - a broken setup is reported, not fuzzed
        conn.send(("setup_failed", traceback.format_exc()))
        return
    for index in range(start, stop):
        rng = random.Random(seed * 1_000_003 + index)
        try:
            conn.send(("start", index))
        except (BrokenPipeError, OSError):
            return  # the parent is gone
        name, outcome, detail = targets.pick(rng), "ok", ""
        try:
            result = targets.run(name, rng)
            if name.startswith("guard") and not isinstance(result, list) and accepted_after_failure(result):
                outcome, detail = "accepted_after_failure", json.dumps(
                    {"reason": result.reason, "findings": [f.kind for f in result.findings]})
        except LexguardError:
            outcome = "handled"
        except Exception:  # noqa: BLE001 - what the fuzzer is looking for
            outcome, detail = "unhandled", traceback.format_exc(limit=-6)
        try:
            conn.send(("done", index, name, outcome, detail[-3000:]))
        except (BrokenPipeError, OSError):
            return
    conn.send(("finished",))


def replay(seed: int, index: int, model_share: float) -> int:
    """Run one input in this process (to debug it) and print what happened."""
    targets = Targets(make_root(), model_share)
    rng = random.Random(seed * 1_000_003 + index)
    name = targets.pick(rng)
    print(f"input {index}: {name}", flush=True)
    started = time.monotonic()
    try:
        result = targets.run(name, rng)
        print(repr(result)[:2000])
    finally:
        print(f"{time.monotonic() - started:.2f}s", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=100_000, help="inputs to run (default 100000)")
    parser.add_argument("--time-budget", type=float, default=None,
                        help="stop starting new inputs after this many seconds")
    parser.add_argument("--hang-after", type=float, default=60.0,
                        help="seconds one input may take before it counts as a hang")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--model-share", type=float, default=0.0,
                        help="share of guard inputs checked with the real support model (slow)")
    parser.add_argument("--show", type=int, default=5, help="tracebacks to print per kind")
    parser.add_argument("--progress", type=int, default=1000, help="print progress every N inputs")
    parser.add_argument("--replay", type=int, default=None,
                        help="run only this input, in this process, and print its outcome")
    args = parser.parse_args(argv)
    if args.replay is not None:
        return replay(args.seed, args.replay, args.model_share)

    started = time.monotonic()
    counts: Counter[str] = Counter()
    by_target: Counter[tuple[str, str]] = Counter()
    examples: dict[str, list[str]] = {}
    ctx = mp.get_context("spawn")
    chunk = -(-args.n // max(1, args.workers))
    ranges = [(i * chunk, min(args.n, (i + 1) * chunk)) for i in range(args.workers)]
    ranges = [r for r in ranges if r[0] < r[1]]
    live: dict[Any, dict[str, Any]] = {}

    def spawn(start: int, stop: int) -> None:
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=worker, args=(child, args.seed, start, stop, args.model_share), daemon=True)
        proc.start()
        live[parent] = {"proc": proc, "stop": stop, "current": None, "since": time.monotonic()}

    for start, stop in ranges:
        spawn(start, stop)
    out_of_time = False
    while live:
        for conn in list(live):
            state = live[conn]
            if conn.poll(0.05):
                try:
                    message = conn.recv()
                except EOFError:
                    message = ("died",)
                if message[0] == "start":
                    state["current"], state["since"] = message[1], time.monotonic()
                    if args.time_budget and time.monotonic() - started > args.time_budget:
                        out_of_time = True
                        state["proc"].kill()
                        del live[conn]
                elif message[0] == "done":
                    _, index, name, outcome, detail = message
                    counts["inputs"] += 1
                    counts[outcome] += 1
                    by_target[(name, outcome)] += 1
                    if detail and len(examples.setdefault(outcome, [])) < args.show:
                        examples[outcome].append(f"input {index} ({name}):\n{detail}")
                        print(f"[{outcome}] input {index} ({name}):\n{detail}", file=sys.stderr, flush=True)
                    state["current"] = None
                    if counts["inputs"] % args.progress == 0:
                        print(f"progress: {counts['inputs']} inputs, {round(time.monotonic() - started)}s, "
                              f"unhandled={counts['unhandled']} hangs={counts['hangs']} "
                              f"accepted_after_failure={counts['accepted_after_failure']}",
                              file=sys.stderr, flush=True)
                elif message[0] == "setup_failed":
                    print(f"worker setup failed:\n{message[1]}", file=sys.stderr)
                    for other in live.values():
                        other["proc"].kill()
                    return 2
                elif message[0] in ("finished", "died"):
                    if message[0] == "died" and state["current"] is not None:
                        counts["inputs"] += 1
                        counts["unhandled"] += 1
                        examples.setdefault("unhandled", []).append(f"input {state['current']}: worker died")
                        print(f"[died] input {state['current']}", file=sys.stderr, flush=True)
                        nxt = state["current"] + 1
                        del live[conn]
                        if nxt < state["stop"]:
                            spawn(nxt, state["stop"])
                        continue
                    del live[conn]
            elif state["current"] is not None and time.monotonic() - state["since"] > args.hang_after:
                counts["inputs"] += 1
                counts["hangs"] += 1
                examples.setdefault("hangs", []).append(f"input {state['current']} ran past {args.hang_after}s")
                print(f"[hang] input {state['current']} ran past {args.hang_after}s", file=sys.stderr, flush=True)
                state["proc"].kill()
                nxt = state["current"] + 1
                del live[conn]
                if nxt < state["stop"]:
                    spawn(nxt, state["stop"])
    elapsed = time.monotonic() - started
    print(json.dumps({
        "inputs": counts["inputs"],
        "unhandled": counts["unhandled"],
        "hangs": counts["hangs"],
        "accepted_after_failure": counts["accepted_after_failure"],
        "handled_lexguard_errors": counts["handled"],
        "ok": counts["ok"],
        "seconds": round(elapsed, 1),
        "stopped_by_time_budget": out_of_time,
        "by_target": {f"{n}/{o}": c for (n, o), c in sorted(by_target.items())},
    }, indent=2))
    for kind, items in examples.items():
        print(f"\n== {kind} (first {len(items)}) ==")
        for item in items:
            print(item)
    bad = counts["unhandled"] + counts["hangs"] + counts["accepted_after_failure"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
