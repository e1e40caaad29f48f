"""A number the sources give with another unit of the same kind is a contradicted value, and so
is one they give only with units of other kinds ("150 g of flour" beside "150 ml of milk")."""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._units import unit_conflicts, units_by_number

@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _supported(checker: SupportChecker, source: str, answer: str) -> bool:
    return {c.status for c in checker.check(answer, [source]).claims} == {"supported"}


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
        ("The lift takes 330 seconds.", ["330"]),  # the sources give 330 only as a length
        ("The lift takes 330 seconds to climb 330 metres.", ["330"]),  # the seconds, not the metres
        ("The lift carries 330 people.", []),  # a count is no unit
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


@pytest.mark.parametrize(
    ("source", "claim", "accepted"),
    [
        # found in hostile trial C: "£4.20" for "420 pence" was failed as another value
        ("Shares in Brightwell closed at 420 pence on Tuesday.", "Brightwell shares closed at £4.20 on Tuesday.", True),
        ("Shares in Brightwell closed at 420 pence on Tuesday.", "Brightwell shares closed at £4.80 on Tuesday.", False),
        ("Shares in Brightwell closed at 420 pence on Tuesday.", "Brightwell shares closed at $4.20 on Tuesday.", False),
        ("Shares in Brightwell closed at 420 pence on Tuesday.", "Brightwell shares closed at £420 on Tuesday.", False),
        ("A single ticket costs $2.50.", "A single ticket costs 250 cents.", True),
        ("A single ticket costs $2.50.", "A single ticket costs 350 cents.", False),
    ],
)
def test_a_currency_s_hundredths(source: str, claim: str, accepted: bool) -> None:
    from lexguard.grounding import SupportChecker

    result = SupportChecker().check(claim, [source])
    assert (result.recommendation == "accept") is accepted, [(c.status, c.support) for c in result.claims]


@pytest.mark.parametrize(
    ("claim", "accepted"),
    [
        # found in hostile trial C: "two and a half hours" for "2 hours 30 minutes" was failed
        ("The flight to Reykjavik takes two and a half hours.", True),
        ("The flight to Reykjavik takes 150 minutes.", True),
        ("The flight to Reykjavik takes three and a half hours.", False),
        ("The flight to Reykjavik takes 230 minutes.", False),
        ("The flight to Reykjavik takes 2 hours 30 minutes.", True),
        ("The flight to Reykjavik takes 2 hours.", False),  # the hours alone are another quantity
    ],
)
def test_a_duration_in_hours_and_minutes_is_one_quantity(claim: str, accepted: bool) -> None:
    from lexguard.grounding import SupportChecker

    result = SupportChecker().check(claim, ["The flight to Reykjavik takes 2 hours 30 minutes and leaves from Gate 12."])
    assert (result.recommendation == "accept") is accepted, [(c.status, c.support) for c in result.claims]


@pytest.mark.parametrize(
    ("answer", "supported"),
    [
        ("The scooter has a top speed of 25 mph.", False),  # km/h in the source: another unit of speed
        ("The scooter has a top speed of 25 km/h.", True),
        ("The scooter has a top speed of 25 kph.", True),
        ("The scooter has a top speed of about 15.5 mph.", True),  # converted
        ("The scooter has a top speed of 25 kilometres per hour.", True),
    ],
)
def test_a_speed_is_read_with_its_unit(checker: SupportChecker, answer: str, supported: bool) -> None:
    source = "The scooter has a top speed of 25 km/h and a range of up to 40 km on a full charge."
    assert _supported(checker, source, answer) is supported


@pytest.mark.parametrize(
    ("answer", "supported"),
    [("Membership requires a 1-year contract.", True), ("Membership requires a 2-year contract.", False)],
)
def test_months_and_years_convert(checker: SupportChecker, answer: str, supported: bool) -> None:
    assert _supported(checker, "Membership requires a 12-month contract and costs £35 a month.", answer) is supported


@pytest.mark.parametrize(
    ("source", "answer", "supported"),
    [
        ("The blender has a 1,200-watt motor.", "The blender is rated at 1.2 kW.", True),  # power converts
        ("The phone has a 4,000mAh battery.", "Battery: 4000 mAh.", True),  # a grouped number before its unit
        ("The phone has a 4,000mAh battery.", "The phone has a 5,000mAh battery.", False),
        ("On Saturdays the shop closes at noon.", "On Saturdays the shop closes at 12 pm.", True),
        ("On Saturdays the shop closes at noon.", "On Saturdays the shop closes at 2 pm.", False),
    ],
)
def test_power_noon_and_grouped_numbers_before_a_unit(
    checker: SupportChecker, source: str, answer: str, supported: bool
) -> None:
    assert _supported(checker, source, answer) is supported


@pytest.mark.parametrize(("source", "answer", "accepted"), [
    ("The ferry crossing takes 30 minutes.", "The ferry crossing takes half an hour.", True),
    ("The ferry crossing takes 45 minutes.", "The ferry crossing takes half an hour.", False),
    ("The ferry crossing takes 45 minutes.", "The ferry crossing takes three quarters of an hour.", True),
    ("Each bottle holds 500 ml of water.", "Each bottle holds half a litre of water.", True),
    ("Each bottle holds 250 ml of water.", "Each bottle holds a quarter of a litre of water.", True),
    ("Each bottle holds 250 ml of water.", "Each bottle holds half a litre of water.", False),
])
def test_a_fraction_of_a_unit_is_converted(checker: SupportChecker, source: str, answer: str, accepted: bool) -> None:
    """"half an hour" beside "30 minutes" was refused: the unit after "an" was not read, so 0.5
    was a number of nothing found in no source."""
    from lexguard import Source

    result = checker.check(answer, [Source(id="s", content=source)])
    assert (result.recommendation == "accept") is accepted


@pytest.mark.parametrize(("source", "accepted"), [
    ("Add 200 g of red lentils, a litre of vegetable stock and a teaspoon of cumin.", True),
    ("Add 200 g of red lentils, two litres of vegetable stock and a teaspoon of cumin.", False),
])
def test_one_unit_is_a_unit(checker: SupportChecker, source: str, accepted: bool) -> None:
    """"1 litre" beside "a litre" was a number found in no source, and a correct recipe was refused."""
    from lexguard import Source

    answer = "Stir in 200 g of red lentils, 1 litre of vegetable stock and a teaspoon of cumin."
    assert (checker.check(answer, [Source(id="s", content=source)]).recommendation == "accept") is accepted
