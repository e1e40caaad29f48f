"""A value of one coded item ("Route 42") given to another ("Route 43").

"The first Route 43 bus leaves the Market Square at 07:10" beside "Route 42 buses leave ... at
07:10, 08:40 and 10:10. Route 43 leaves ... at 07:25 and 09:55" had been accepted (0.98).
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._coded_items import coded_items, other_item_value
from lexguard.grounding.signals._lexical import numbers
from tests.claim_statuses import statuses

BUSES = ("Route 16 buses leave Tanner Street at 06:50, 08:20 and 09:50. Route 17 leaves Tanner Street at 07:05 "
         "and 10:35. Both routes call at the railway station.")
PARKING = "Zone A permits cost £60 a year. Zone B permits cost £45 a year, and visitor passes are £2 a day."


def _moved(claim: str, source: str) -> list[str]:
    return [m.text for m in numbers(claim) if other_item_value(claim, m, [source]) is not None]


def test_coded_items_are_read_with_their_head() -> None:
    assert coded_items("Route 16 and Zone B, in March 2025, on page 4") == {("route", "16"), ("zone", "b")}


@pytest.mark.parametrize(
    ("source", "claim", "moved"),
    [
        (BUSES, "The first Route 17 bus leaves Tanner Street at 06:50.", ["06:50"]),
        (PARKING, "A Zone B permit costs £60 a year.", ["60"]),
        (BUSES, "The first Route 17 bus leaves Tanner Street at 07:05.", []),
        (BUSES, "Route 16 and Route 17 both call at the railway station.", []),
        (PARKING, "Visitor passes in Zone B are £2 a day.", []),
    ],
)
def test_a_value_only_another_items_sentence_holds(source: str, claim: str, moved: list[str]) -> None:
    assert _moved(claim, source) == moved


def test_the_moved_value_is_refused() -> None:
    assert "supported" not in statuses(SupportChecker(), BUSES, "The first Route 17 bus leaves Tanner Street at 06:50.")
