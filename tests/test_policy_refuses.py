"""One place says when a finding refuses the answer: ``_policy.refuses``.

The Self-RAG ``reject`` of the support check is a finding like any other; the policy decides
what it does (a fallback without a retry), and the graph (a check that stops the attempt, the
``best_attempt`` fallback) and streaming ask the policy rather than reading severities.
"""

from __future__ import annotations

import ast
from pathlib import Path

import lexguard
from lexguard import GuardConfig, Verdict
from lexguard._models import AttemptRecord, CheckOutcome, CheckResult, Finding, Severity
from lexguard._policy import decide, refuses, refusing_checks
from lexguard.grounding.reflect._confidence import reject_finding
from lexguard.nodes._finish import best_attempt

ROOT = Path(lexguard.__file__).parent
ASKERS = ("nodes/_check.py", "nodes/_finish.py", "_streaming.py")


def _support(*findings: Finding) -> CheckResult:
    return CheckResult(check="support", outcome=CheckOutcome.FAILED, findings=findings, confidence=0.2)


def test_a_self_rag_reject_is_a_finding_the_policy_refuses():
    reject = reject_finding("reject", 0.2, 0.8)
    assert reject is not None and refuses(reject)
    assert reject_finding("regenerate", 0.5, 0.2) is None
    decision = decide([_support(reject)], GuardConfig(max_retries=3))
    assert decision.verdict == Verdict.FALLBACK and "critical" in decision.reason


def test_a_hard_finding_does_not_refuse_and_is_retried():
    hard = Finding(kind="unsupported_claim", severity=Severity.HARD, message="not in the sources")
    assert not refuses(hard) and refusing_checks([_support(hard)]) == []
    assert decide([_support(hard)], GuardConfig(max_retries=3)).verdict == Verdict.RETRY


def test_best_attempt_skips_an_attempt_the_policy_refuses():
    reject = reject_finding("reject", 0.1, 0.9)
    refused = AttemptRecord(attempt=1, answer="sure but refused", confidence=0.9, findings=(reject,))
    kept = AttemptRecord(attempt=2, answer="less sure", confidence=0.3, findings=())
    assert best_attempt([refused, kept]) is kept
    assert best_attempt([refused]) is None


def _compares_critical(path: Path) -> list[int]:
    """Lines of ``path`` that compare a severity with ``Severity.CRITICAL`` themselves (building a
    critical finding is not a comparison and does not count)."""
    def critical(node: ast.AST) -> bool:
        return isinstance(node, ast.Attribute) and node.attr == "CRITICAL" \
            and isinstance(node.value, ast.Name) and node.value.id == "Severity"

    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Compare)
            and any(critical(side) for side in (node.left, *node.comparators))]


def test_the_graph_and_streaming_ask_the_policy_when_a_finding_refuses():
    """The nodes that stop an attempt or pick the best attempt, and streaming, read no severity
    rule of their own (a second copy of the rule could disagree with the policy's)."""
    readers = {name: lines for name in ASKERS if (lines := _compares_critical(ROOT / name))}
    assert readers == {}
