"""Which evidence value a claim number is about: a value of another statement is misanchored."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._anchoring import misanchored
from lexguard.grounding.signals._lexical import numbers


@pytest.mark.parametrize(
    ("claim", "misplaced"),
    [
        ("The new drug reduced symptoms in 41% of patients.", True),
        ("The new drug reduced symptoms in 64% of patients.", False),
        ("In the placebo group, 41% of patients saw their symptoms reduced.", False),
    ],
)
def test_a_value_of_another_statement_in_the_same_sentence_is_misanchored(claim: str, misplaced: bool) -> None:
    """Found in a hostile trial: the placebo group's 41% given as the drug's passed, both values
    standing in the one sentence that holds the rest of the claim."""
    source = "In the trial, the new drug reduced symptoms in 64% of patients, compared with 41% in the placebo group."
    (mention,) = numbers(claim)
    assert (misanchored(claim, mention, [source]) == source) is misplaced


def test_a_worked_example_is_not_misanchored() -> None:
    """A RAGTruth answer retelling a worked example ("sold 100 units at $4 each, total sales
    $400") beside "$3 each originally": its values are its own, not the cost's."""
    source = ("For example, we may have sold 100 units this year at $4 each, and these 100 units that we sold "
              "cost us $3 each originally. So our sales would be $400 and our cost of sales $300.")
    claim = "In the example, 100 units of a product are sold at $4 each, making total sales $400."
    assert not any(misanchored(claim, m, [source]) for m in numbers(claim))
