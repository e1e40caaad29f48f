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


@pytest.mark.parametrize(
    ("claim", "misplaced"),
    [
        ("The pay offer was accepted after 58% of nurses backed it.", True),
        ("In all, 58 per cent of nurses approved the deal in the ballot.", True),
        ("The pay offer was accepted after 81% of nurses backed it.", False),
        ("Turnout in the nurses' ballot was 58%.", False),
        ("The offer won the backing of 81% of nurses, on a 58% turnout.", False),
    ],
)
def test_a_share_given_to_another_base_is_misanchored(claim: str, misplaced: bool) -> None:
    """Found in a blind news trial: the turnout's share given as the share of members who voted
    for a strike passed (0.84), the claim's other words anchoring neither share well. A share of
    the claim's base ("of nurses") in the sentence that gives the claim's value to none is the
    one the claim is about."""
    source = "In the ballot, 81% of nurses voted to accept the pay offer on a turnout of 58%, the union said."
    mentions = [m for m in numbers(claim) if m.key == "58" or m.key == "81"]
    assert any(misanchored(claim, m, [source]) == source for m in mentions) is misplaced
