"""Who came first in a post, a change seen between two years, a comparison with a word before the
second name, a runner-up's medal, and work said to go on or to have ended."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._changes import change_conflict
from lexguard.grounding.signals._comparisons import comparison_conflict
from lexguard.grounding.signals._current_roles import ended_conflict, ongoing_conflict
from lexguard.grounding.signals._medals import medal_conflict
from lexguard.grounding.signals._succession import succession_conflict

SUCCEEDED = "In 2004 economist Ravi Menon succeeded Clara Osei as governor of the Harlow Reserve Bank."
SUCCEEDED_BY = "In 2004 economist Ravi Menon was succeeded by Clara Osei as governor of the Harlow Reserve Bank."


@pytest.mark.parametrize(
    ("claim", "against_succeeded", "against_succeeded_by"),
    [
        ("Clara Osei ran the Harlow Reserve Bank before Ravi Menon did.", False, True),
        ("Clara Osei ran the Harlow Reserve Bank after Ravi Menon did.", True, False),
        ("Ravi Menon took over from Clara Osei as governor.", False, True),
        ("Clara Osei preceded Ravi Menon as governor.", False, True),
    ],
)
def test_who_came_first_in_a_post(claim: str, against_succeeded: bool, against_succeeded_by: bool) -> None:
    assert (succession_conflict(claim, [SUCCEEDED]) is not None) is against_succeeded
    assert (succession_conflict(claim, [SUCCEEDED_BY]) is not None) is against_succeeded_by


def test_a_change_seen_between_two_years() -> None:
    source = "Tarnow Tools reported profits of £41 million in 2022, compared with £35 million in 2021."
    assert change_conflict("Tarnow Tools saw its profits fall between 2021 and 2022.", [source]) is not None
    assert change_conflict("Tarnow Tools saw its profits rise between 2021 and 2022.", [source]) is None


def test_a_comparison_with_words_before_the_second_name() -> None:
    source = "Lake Varden has a surface area of 44 km². The neighbouring Lake Strand covers 29 km²."
    assert comparison_conflict("Lake Varden covers a smaller area than the neighbouring Lake Strand.", [source])
    assert comparison_conflict("Lake Varden covers a larger area than the neighbouring Lake Strand.", [source]) is None


def test_a_runner_up_has_the_silver_medal() -> None:
    source = "At the 2017 Baltic Rowing Regatta, Ona Petraitis finished runner-up in the women's single sculls."
    assert medal_conflict("Ona Petraitis won the bronze medal in the single sculls at the 2017 Baltic Rowing Regatta.",
                          [source])
    assert medal_conflict("Ona Petraitis won the silver medal in the single sculls at the 2017 Baltic Rowing Regatta.",
                          [source]) is None


ENDED = "The Norrby Bird Census, begun in 1988, ran until 2016 and counted more than 90 species on the estuary."
GOES_ON = "The Norrby Bird Census, begun in 1988, is still under way and has counted more than 90 species on the estuary."


def test_work_said_to_go_on_or_to_have_ended() -> None:
    going = "The Norrby Bird Census, which has logged over ninety species on the estuary, is still in progress."
    over = "The Norrby Bird Census, which has logged over ninety species on the estuary, has come to an end."
    assert ended_conflict(going, [ENDED]) is not None
    assert ended_conflict(going, [GOES_ON]) is None
    assert ongoing_conflict(over, [GOES_ON]) is not None
    assert ongoing_conflict(over, [ENDED]) is None


@pytest.mark.parametrize(
    ("source", "overstated"),
    [
        ("Three of the nine tracks on Salt Roads, the Marren Quartet's debut, were written by Idris Vane.", True),
        ("All nine tracks on Salt Roads, the Marren Quartet's debut, were written by Idris Vane.", False),
        ("Nine of the nine tracks on Salt Roads, the Marren Quartet's debut, were written by Idris Vane.", False),
    ],
)
def test_a_part_of_a_counted_whole_is_a_quantity(source: str, overstated: bool) -> None:
    from lexguard.grounding.signals._overstated import overstatement

    claim = "Every track on Salt Roads, the Marren Quartet's debut, was written by Idris Vane."
    assert (overstatement(claim, [source]) is not None) is overstated
