"""One hallucination rate (and one response score): ``lexguard._models`` holds their only definitions.

The support check's result (``grounding/_scoring.py``), the Self-RAG reflection and the report's
property once counted "checked" claims in their own ways (a claim's status against its
``supported`` value); they now all call the one function.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import lexguard
from lexguard import Source
from lexguard._models import Claim, hallucination_rate, hallucination_score
from lexguard.grounding import GroundingConfig, SupportChecker
from tests.fakes import CountingEncoder

ROOT = Path(lexguard.__file__).parent
SOURCES = [Source(id="tower", content="The Eiffel Tower was completed in 1889. It is 330 metres tall.")]
ANSWER = "The Eiffel Tower was completed in 1889. The Eiffel Tower is 310 metres tall. I think it is lovely."


@pytest.mark.parametrize("self_rag", [True, False])
def test_the_support_result_rate_is_the_one_rate_of_its_claims(self_rag: bool) -> None:
    config = GroundingConfig(self_rag=self_rag)
    result = SupportChecker(config, encoder=CountingEncoder()).check(ANSWER, SOURCES)
    assert result.hallucination_rate == pytest.approx(hallucination_rate(result.claims), abs=1e-4)
    # with the reflection the opinion is not a fact to check; without it, it is an unsupported claim
    assert result.hallucination_rate == pytest.approx(0.5 if self_rag else 2 / 3, abs=1e-4)


def _divides_a_count_of_unsupported(tree: ast.AST) -> bool:
    """True when ``tree`` divides a ``sum`` over ``not c.supported`` by something: a rate."""
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and isinstance(node.left, ast.Call) \
                and getattr(node.left.func, "id", None) == "sum" and "supported" in ast.unparse(node.left):
            return True
    return False


def test_no_module_but_models_computes_a_hallucination_rate() -> None:
    computing = sorted(
        str(path.relative_to(ROOT)) for path in ROOT.rglob("*.py")
        if _divides_a_count_of_unsupported(ast.parse(path.read_text(encoding="utf-8")))
    )
    assert computing == ["_models.py"]


# -- the response score: the chance that at least one claim is not supported -------------------


def _claim(index: int, support: float | None, supported: bool | None) -> Claim:
    return Claim(index=index, text=f"claim {index}", span=(index, index + 1), support=support, supported=supported)


def test_the_hallucination_score_reads_every_checked_claim() -> None:
    one = [_claim(0, 0.9, True)]
    two = [_claim(0, 0.9, True), _claim(1, 0.9, True)]
    assert hallucination_score(one) == pytest.approx(0.1)
    assert hallucination_score(two) == pytest.approx(1 - 0.81)  # a second doubtful claim adds doubt
    assert hallucination_score([*two, _claim(2, None, None)]) == pytest.approx(hallucination_score(two))
    assert hallucination_score([]) == 0.0
    assert hallucination_score([_claim(0, 0.0, False)]) == 1.0


def test_the_support_result_score_is_the_one_score_of_its_claims() -> None:
    # without the reflection: with it, a claim it reads as an opinion keeps counting (it was scored)
    result = SupportChecker(GroundingConfig(self_rag=False), encoder=CountingEncoder()).check(ANSWER, SOURCES)
    assert result.hallucination_score == pytest.approx(hallucination_score(result.claims), abs=1e-3)
    checked = [c for c in result.claims if c.supported is not None]
    assert len(checked) >= 2  # the score reads them all: at least the doubt of the most doubtful one
    assert result.hallucination_score >= max(1 - c.support for c in checked) - 1e-6
