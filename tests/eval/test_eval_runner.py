"""The eval runner scores the support check's finding spans inside unsupported claims."""

from __future__ import annotations

from lexguard._models import Claim, Finding
from lexguard.eval._data import EvalRow
from lexguard.eval._runner import predict
from lexguard.grounding import SupportResult

ANSWER = "The bridge opened in 1932. It was painted gold by Napoleon."


class Scripted:
    def __init__(self, findings):
        self.findings = findings

    def check(self, answer, sources, question=None):
        claims = (
            Claim(index=0, text="The bridge opened in 1932.", span=(0, 26), support=0.9, supported=True),
            Claim(index=1, text="It was painted gold by Napoleon.", span=(27, 59), support=0.1, supported=False),
        )
        return SupportResult(claims=claims, findings=tuple(self.findings), hallucination_score=0.9)


def row() -> EvalRow:
    return EvalRow(id="r", task="qa", question="", sources=["The bridge opened in 1932."], answer=ANSWER,
                   label="hallucinated", spans=[[50, 58]])


def test_narrowed_finding_spans_are_scored():
    napoleon = Finding(kind="unknown_entity", message="m", span=(50, 58))
    outside = Finding(kind="unsupported", message="m", span=(4, 10))  # inside a supported claim: ignored
    prediction = predict(Scripted([napoleon, outside]), row())
    assert prediction.predicted is True
    assert prediction.spans == [(50, 58)]


def test_unsupported_claim_without_findings_counts_whole():
    prediction = predict(Scripted([]), row())
    assert prediction.spans == [(27, 59)]


def test_checker_results_without_findings_still_work():
    class Duck:
        def check(self, answer, sources, question=None):
            class Result:
                claims = (Claim(index=0, text="x", span=(0, 10), support=0.1, supported=False),)
                hallucination_score = 0.9

            return Result()

    prediction = predict(Duck(), row())
    assert prediction.error is None
    assert prediction.predicted is True and prediction.spans == [(0, 10)]
