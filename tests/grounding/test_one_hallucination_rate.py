"""One hallucination rate: ``lexguard._models.hallucination_rate`` is its only definition.

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
from lexguard._models import hallucination_rate
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
