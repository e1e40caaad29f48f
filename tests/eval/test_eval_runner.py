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


class Broken:
    """A checker whose model breaks: the support check reports it inconclusive, or raises."""

    def __init__(self, raises: bool) -> None:
        self.raises = raises

    def check(self, answer, sources, question=None):
        from lexguard.grounding._pipeline import failed_result

        if self.raises:
            raise RuntimeError("boom")
        return failed_result(AttributeError("'NoneType' object has no attribute 'group'"))


def test_a_check_that_broke_is_an_error_and_counts_as_flagged():
    """Found in review: a crash inside a rule made the support check inconclusive with no claims,
    and the eval scored the answer 0.0 and not flagged, with no error: 99 dev rows read as passes."""
    for raises in (False, True):
        prediction = predict(Broken(raises), row())
        assert prediction.predicted is True
        assert prediction.error is not None and prediction.score == 1.0


def test_an_empty_answer_is_no_error():
    class Empty:
        def check(self, answer, sources, question=None):
            return SupportResult(confidence=0.5, inconclusive_reason="no claims: the answer is empty")

    prediction = predict(Empty(), row())
    assert prediction.error is None and prediction.predicted is False
