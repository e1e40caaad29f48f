"""A price in words is the sources' price with a sign: "12 pounds" is "£12", "forty bucks" "$40".

"Entry costs 12 pounds for adults" beside "Entry costs £12 for adults" was refused (the verifier
read "pounds" as a weight against "£12"), and "Entry costs 6 pounds for adults" beside "£12 for
adults and £6 for children" passed: "pounds" was read as a weight, so the adults' £12 was no
rival of it.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from tests.grounding._accepting import refuses_nothing

SOURCE = "Entry costs £12 for adults and £6 for children under 16. A return ticket costs $40. The bag weighs 12 lb."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("Entry costs 12 pounds for adults.", True),
        ("Entry costs twelve pounds for adults.", True),
        ("Children under 16 pay 6 pounds.", True),
        ("A return ticket costs forty bucks.", True),
        ("The bag weighs 12 pounds.", True),
        ("Entry costs 6 pounds for adults.", False),  # the children's price
        ("Entry costs 12 euros for adults.", False),  # another currency
        ("The bag weighs 6 pounds.", False),
    ],
)
def test_a_price_in_words_is_read_as_the_sources_price(checker: SupportChecker, answer: str, accepted: bool) -> None:
    assert refuses_nothing(checker, answer, SOURCE) is accepted
