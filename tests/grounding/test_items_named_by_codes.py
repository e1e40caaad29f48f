"""A value bound to the item a code or a heading names: "Flat 3C", "version 4.2", a source's title.

The hostile trial's value swaps that passed: another flat's rent given to "Flat 3C" in a second
statement that leaves its subject to the first ("Flat 3C has ... and rents for £1,150 a month"),
and the version that did not bring a feature ("arrived in version 4.2 of Tallowbase") where the
product is named only in the source's heading.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._statements import coded_words, number_class
from lexguard.grounding.signals._lexical import numbers

UNITS = ("Three units are to let at Mill Yard. Unit 4B has a floor area of 60 square metres and a loading bay, and "
         "the rent is £2,100 a month. Unit 6D is larger at 85 square metres but has no loading bay; its rent is "
         "£2,650 a month. Both are available from 1 June.")
RELEASES = ("Quillpad release history. Version 2.6, released in March, added PDF export and spell checking. "
            "Version 2.7, released in July, introduced tabbed notes and fixed the sync delay. Version 2.8 is due "
            "in winter and will drop the legacy theme.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _accepted(checker: SupportChecker, source: str, answer: str) -> bool:
    result = checker.check(answer, [Source(id="s", content=source)])
    return result.recommendation == "accept"


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("Unit 6D has a floor area of 85 square metres and rents for £2,100 a month.", False),  # unit 4B's rent
        ("Unit 6D has a floor area of 85 square metres and rents for £2,650 a month.", True),
        ("Unit 4B rents for £2,100 a month and has a loading bay.", True),
        ("Unit 4B has a floor area of 60 square metres.", True),
    ],
)
def test_a_value_of_another_numbered_item(checker: SupportChecker, answer: str, accepted: bool) -> None:
    assert _accepted(checker, UNITS, answer) is accepted


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("Tabbed notes arrived in version 2.6 of Quillpad, which was released in July.", False),  # 2.7 brought them
        ("Tabbed notes arrived in version 2.7 of Quillpad, which was released in July.", True),
        ("Quillpad 2.6 added PDF export and spell checking in March.", True),
    ],
)
def test_a_version_that_did_not_bring_the_feature(checker: SupportChecker, answer: str, accepted: bool) -> None:
    assert _accepted(checker, RELEASES, answer) is accepted


def test_codes_that_name_items_and_amounts_that_do_not() -> None:
    assert coded_words("Unit 6D faces Route 7A; the X200 weighs 5kg and runs 4h.") == {"6d", "7a", "x200"}
    assert not coded_words("It weighs 5m tonnes, costs 10k or 2b and runs 4h.")  # amounts


def test_a_version_number_measures_versions() -> None:
    text = "It arrived in version 2.7."
    (mention,) = numbers(text)
    assert number_class(text, mention) == "version"
