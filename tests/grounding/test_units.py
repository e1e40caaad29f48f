"""A number the sources give with another unit of the same kind is a contradicted value."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._units import unit_conflicts, units_by_number

SOURCE = ["The Eiffel Tower is 330 metres tall and weighs 10,100 tonnes. It opened in 1889. A ticket costs 25 euros."]


@pytest.mark.parametrize(
    ("claim", "conflicts"),
    [
        ("The Eiffel Tower is 330 feet tall.", ["330"]),
        ("It weighs 10,100 pounds.", ["10,100"]),
        ("A ticket costs 25 dollars.", ["25"]),
        ("The tower is 330 metres high.", []),
        ("The tower is 330 meters high.", []),  # the same unit, spelled otherwise
        ("It opened in 1889 in Paris.", []),  # the source gives 1889 without a unit
        ("The lift takes 330 seconds.", []),  # another kind of unit: not a conflict of this rule
    ],
)
def test_unit_conflicts(claim: str, conflicts: list[str]) -> None:
    assert [m.text for m in unit_conflicts(claim, units_by_number(SOURCE))] == conflicts


def test_the_checker_fails_a_changed_unit() -> None:
    from lexguard import Source
    from lexguard.grounding import GroundingConfig, SupportChecker

    checker = SupportChecker(GroundingConfig(verifier=False))
    result = checker.check("The Eiffel Tower is 330 feet tall.", [Source(id="e", content=SOURCE[0])])
    assert result.claims[0].supported is False
    assert any(f.kind == "contradicted_value" and "unit" in f.message for f in result.findings)


@pytest.mark.parametrize(
    ("source", "claim", "conflict"),
    [
        ("The painting sold for 2.4 million pounds.", "The painting sold for 2.4 million dollars.", True),
        ("The painting sold for $2.4 million.", "The painting sold for 2.4 million pounds.", True),
        ("The house sold for 400,000 pounds.", "The house sold for 400,000 euros.", True),
        ("The painting sold for 2.4 million pounds.", "The painting sold for £2.4 million.", False),
        ("The painting sold for £2.4 million.", "The painting sold for 2.4 million pounds.", False),
        ("The baby weighed 8 pounds.", "The baby weighed 8 kg.", True),
        ("The baby weighed 8 pounds.", "The baby weighed 8 pounds.", False),
    ],
)
def test_pounds_weigh_or_pay(source: str, claim: str, conflict: bool) -> None:
    """Found in a hostile trial: "2.4 million pounds" read as a mass, so "2.4 million dollars" was
    another kind of unit, not another currency, and passed."""
    assert bool(unit_conflicts(claim, units_by_number([source]))) is conflict
