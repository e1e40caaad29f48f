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
from tests.claim_statuses import statuses
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



@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (TENTS, "The Ridge 2 sleeps four people."),
        (TENTS, "The lighter tent is the Ridge 2, which sleeps four people and weighs 1.8kg."),
        (APP, "Notewise Lite now supports sign-in with hardware security keys."),
        (PERMITS, "An annual permit in Zone B costs £90."),
        (STUDY, "Group A increased its grip strength by 15%."),
        ("Permits cost £45 a year for residents of Zone 1 and £30 for residents of Zone 2.",
         "Residents of Zone 2 pay £45 a year for a permit."),
    ],
)
def test_another_items_value_is_contradicted(checker: SupportChecker, source: str, answer: str) -> None:
    assert "contradicted" in statuses(checker, source, answer)


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
    assert statuses(checker, source, answer) == {"supported"}


def test_a_name_with_its_number_or_letter_is_one_coded_word() -> None:
    assert coded_words("The Ridge 2 sleeps four people in Zone B.") == {"ridge 2", "zone b"}
    # a sentence's first word is any word ("Melt 2 tablespoons", "Over 500 people"): no name there
    assert coded_words("Melt 2 tablespoons of butter. Over 500 people came (passage 3).") == frozenset()
    # a day's date, a score and a number that starts a sentence are no names
    assert coded_words("On Monday 12 May Leeds won 2-1.") == frozenset()


TOWN = ("Castelmoro is known for its Saturday market, which runs along the riverbank until 13:00. The town has "
        "several family-run trattorias.")
INLAND = "Vellaria, 20 km inland, is home to a 14th-century castle. The castle is open to visitors from June to September."


def test_a_value_only_another_documents_subject_holds_is_not_the_claims_subject(checker: SupportChecker) -> None:
    """"Castelmoro has ... a 14th-century castle" beside a document about Castelmoro and another
    about Vellaria, home to the castle, had passed: every word is in some source."""
    sources = [Source(id="s0", content=TOWN), Source(id="s1", content=INLAND)]
    wrong = "Castelmoro has a Saturday market along the riverbank until 13:00 and a 14th-century castle."
    right = "Castelmoro has a Saturday market along the riverbank until 13:00, and Vellaria has a 14th-century castle."
    assert "contradicted" in {c.status for c in checker.check(wrong, sources).claims}
    assert {c.status for c in checker.check(right, sources).claims} == {"supported"}
    # a statement whose subject is no name ("It starts at 7pm at the station, which is on Quay Street")
    # may join what two documents say
    walk = [Source(id="s0", content="The Harbour Lights walk starts at the lifeboat station at 7pm. It lasts 90 minutes."),
            Source(id="s1", content="Glenmouth lifeboat station is on Quay Street, next to the fish market.")]
    joined = "It starts at 7pm at the lifeboat station, which is on Quay Street next to the fish market."
    assert {c.status for c in checker.check(joined, walk, "Where does the Harbour Lights walk start?").claims} == {
        "supported"}
