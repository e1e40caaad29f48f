"""A value before the words the sources write after another value is that value's rival.

"It came in 25% over budget" beside "It cost €45 million, 20% over budget. Tickets are 25%
cheaper online" passed (0.96 supported): 25% is in the sources, the verifier read both
sentences, and no statement fits the rest of the claim well enough to anchor it ("came" is in
neither). The mirror of the words-before rule of the twenty-third session. And a total is made
of parts of its own kind: "a 7-foot-tall giraffe ... a 6-foot-tall calf in an hour-long
broadcast" was accepted as 6 feet and an hour.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from tests.grounding._accepting import refuses_nothing
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._totals import own_total

SOURCE = "It cost €45 million, 20% over budget. Tickets are 25% cheaper online."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("It came in 25% over budget.", False),
        ("It came in a quarter over budget.", False),
        ("It came in 20% over budget.", True),
        ("It came in a fifth over budget.", True),  # "a fifth over" is a share
        ("Tickets are 20% cheaper online.", False),
        ("Tickets are 25% cheaper online.", True),
    ],
)
def test_a_value_before_another_values_words_is_refused(checker: SupportChecker, answer: str, accepted: bool) -> None:
    assert refuses_nothing(checker, answer, SOURCE) is accepted


def test_a_share_of_a_group_is_no_rival_of_another_groups_share() -> None:
    """Found in the dev dump: "the last 5% of children who are not yet vaccinated" beside "95% of
    children being reached" and "only 75% to 80% of children are covered" was refused."""
    from lexguard.grounding.signals._anchoring import same_words_after

    claim = "They could reach the last 5% of children who are not yet vaccinated."
    five = numbers(claim)[0]
    assert not same_words_after(claim, five, "In some districts only 75% to 80% of children are covered.", {"5"})
    budget = "It came in 25% over budget."
    assert same_words_after(budget, numbers(budget)[0], "It cost 45 million, 20% over budget.", {"25"})
    assert same_words_after(budget, numbers(budget)[0], "It cost 45 million, 75% over budget.", {"25"})


def test_a_total_is_made_of_parts_of_its_kind() -> None:
    claim = "A 7-foot-tall giraffe had a 6-foot-tall calf in an hour-long broadcast."
    seven = numbers(claim)[0]
    assert seven.key == "7"
    assert not own_total(claim, seven, {"6", "1"})  # six feet and an hour make no seven feet
    trail = "The whole trail is 7km: 2.5km to the lake, 3km around it and 1.5km back."
    total = next(m for m in numbers(trail) if m.key == "7")
    assert own_total(trail, total, {"2.5", "3", "1.5"})
