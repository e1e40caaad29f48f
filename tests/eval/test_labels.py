"""Labels are read as ``supported`` / ``hallucinated`` in any case, and nothing else: a label
that is neither is an error naming the row, never silently counted as supported."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from pydantic import ValidationError

from lexguard._errors import InputError
from lexguard._models import Claim
from lexguard.eval import EvalRow, calibrate, load_rows


class _Result:
    def __init__(self, claims: list[Claim]) -> None:
        self.claims = claims


class _SupportByAnswer:
    """One claim whose support is the answer read as a float."""

    def check(self, answer: str, sources: object, question: object = None) -> _Result:
        return _Result([Claim(index=0, text=answer, span=(0, 1), support=float(answer), supported=True)])


def _row(i: int, answer: str, label: str) -> EvalRow:
    return EvalRow(id=str(i), sources=["s"], answer=answer, label=label)


@pytest.mark.parametrize(("given", "expected"), [
    ("hallucinated", True), ("Hallucinated", True), ("HALLUCINATED", True), (" hallucinated\n", True),
    ("supported", False), ("SUPPORTED", False), ("Supported", False),
])
def test_labels_are_read_in_any_case(given: str, expected: bool) -> None:
    row = EvalRow(id="r", sources=["s"], answer="a", label=given)
    assert row.hallucinated is expected
    assert row.label == ("hallucinated" if expected else "supported")


@pytest.mark.parametrize("given", ["yes", "no", "correct", "hallucination", "", True, False, 1, None])
def test_any_other_label_is_refused(given: object) -> None:
    with pytest.raises(ValidationError, match="'supported' or 'hallucinated'"):
        EvalRow(id="r", sources=["s"], answer="a", label=given)


def test_load_rows_names_the_row_and_the_accepted_labels(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    rows = [{"id": "ok", "sources": ["s"], "answer": "a", "label": "Supported"},
            {"id": "row-2", "sources": ["s"], "answer": "a", "label": "yes"}]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    with pytest.raises(InputError) as info:
        load_rows(path)
    message = str(info.value)
    assert "rows.jsonl:2" in message and "row-2" in message and "'yes'" in message
    assert "'supported' or 'hallucinated'" in message and "\n" not in message


def test_calibrate_refuses_rows_without_a_hallucinated_one() -> None:
    rows = [_row(i, "0.9", "supported") for i in range(60)]
    with pytest.raises(InputError, match="hallucinated"):
        calibrate(rows, max_false_alarm=0.05, checker=_SupportByAnswer())


def test_calibrate_checks_the_labels_before_scoring_any_row() -> None:
    class Exploding:
        def check(self, *args: object, **kwargs: object) -> None:
            raise AssertionError("no row should be scored")

    with pytest.raises(InputError, match="hallucinated"):
        calibrate([_row(0, "0.9", "supported")], max_false_alarm=0.05, checker=Exploding())
    with pytest.raises(InputError, match="supported"):
        calibrate([_row(0, "0.1", "hallucinated")], max_false_alarm=0.05, checker=Exploding())


def test_calibrate_warns_that_few_rows_give_a_noisy_threshold() -> None:
    few = [_row(0, "0.9", "supported"), _row(1, "0.1", "hallucinated")]
    with pytest.warns(UserWarning, match="noisy"):
        calibrate(few, max_false_alarm=0.05, checker=_SupportByAnswer())
    enough = [_row(i, "0.9", "supported") for i in range(40)] + [_row(i, "0.1", "hallucinated") for i in range(40, 50)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        calibrate(enough, max_false_alarm=0.05, checker=_SupportByAnswer())
