"""Items of one range told apart by one word, a number or a letter: "the Ridge 2" and "the Valley
4", "Taskwell Pro" and "Taskwell Lite", "Zone A" and "Zone B", "Group A" and "Group B".

Each value or feature belongs to its own item: "The Ridge 2 sleeps four people" beside "The
Ridge 2 ... sleeps two people. The Valley 4 ... sleeps four." was accepted (the 2 of the name was
read as the claim giving the rival "two"), as were "Taskwell Lite now supports ..." for a feature
of Taskwell Pro and "Zone B costs £95" for Zone A's price (one-letter words are no content words).
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._statements import coded_words

TENTS = ("Fellside sells two tents. The Ridge 2 weighs 1.8kg and sleeps two people. The Valley 4 weighs 4.2kg and "
         "sleeps four. Both come with a three-year guarantee.")
APP = ("Notewise Pro now supports sign-in with hardware security keys. Notewise Lite, the free tier, gets a new "
       "dark mode in this release. Both editions sync faster.")
PERMITS = "Annual parking permits cost £90 in Zone A and £55 in Zone B. A second permit costs £130 in either zone."
STUDY = ("In the Harrowby trial, Group A cycled for 20 minutes a day and lost an average of 1.9 kg. Group B lifted "
         "weights twice a week and showed a 15% increase in grip strength.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _statuses(checker: SupportChecker, source: str, answer: str) -> set[str]:
    return {c.status for c in checker.check(answer, [Source(id="s0", content=source)]).claims}


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TENTS, "The Ridge 2 sleeps four people."),
        (TENTS, "The lighter tent is the Ridge 2, which sleeps four people and weighs 1.8kg."),
        (APP, "Notewise Lite now supports sign-in with hardware security keys."),
        (PERMITS, "An annual permit in Zone B costs £90."),
        (STUDY, "Group A increased its grip strength by 15%."),
    ],
)
def test_another_items_value_is_contradicted(checker: SupportChecker, source: str, answer: str) -> None:
    assert "contradicted" in _statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TENTS, "The Ridge 2 sleeps two people and weighs 1.8kg."),
        (TENTS, "The Valley 4 sleeps four people."),
        (APP, "Notewise Lite gets a new dark mode."),
        (PERMITS, "An annual permit in Zone B costs £55."),
        (STUDY, "Group B showed a 15% increase in grip strength."),
    ],
)
def test_the_items_own_value_is_supported(checker: SupportChecker, source: str, answer: str) -> None:
    assert _statuses(checker, source, answer) == {"supported"}


def test_a_name_with_its_number_or_letter_is_one_coded_word() -> None:
    assert coded_words("The Ridge 2 sleeps four people in Zone B.") == {"ridge 2", "zone b"}
    # a day's date, a score and a number that starts a sentence are no names
    assert coded_words("On Monday 12 May Leeds won 2-1.") == frozenset()
