"""A change's step against its result: "rose *to* 5%" is not "rose *by* 5%" (``signals/_directions.py``)."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._directions import step_conflict

SOURCE = "House prices rose by 5% in 2023, to an average of £280,000. Unemployment fell to 4.2% in June."


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("House prices rose to 5% in 2023.", True),
        ("Unemployment fell by 4.2% in June.", True),
        ("House prices rose by 5% in 2023.", False),
        ("House prices rose 5% in 2023.", False),  # no preposition: either reading
        ("Unemployment fell to 4.2% in June.", False),
        ("House prices rose to an average of £280,000.", False),
    ],
)
def test_step_and_result(claim: str, conflict: bool) -> None:
    """Found in a trial of contrastive claims: "Prices rose to 5% in 2023" beside "Prices rose
    by 5% in 2023, to an average of £280,000" read as supported (0.99)."""
    assert (step_conflict(claim, [SOURCE]) is not None) is conflict


def test_up_to_is_a_limit_not_a_result() -> None:
    assert step_conflict("Fares were cut by 30%.", ["Fares were cut by up to 30%."]) is None


def test_percentage_points_are_a_step() -> None:
    source = "Unemployment in the region rose by 2 percentage points last year, to 7%."
    assert step_conflict("Unemployment in the region rose to 2% last year.", [source]) is not None
    assert step_conflict("Unemployment in the region rose to 7% last year.", [source]) is None
