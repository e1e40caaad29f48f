"""Evidence read with the name its pronoun subject stands for, and other readings of a blind
contrast trial (thirty-seventh session).

"Orrendale lies on the west bank of the River Tessel." beside "Orrendale is a market town ... It
lies on the east bank of the River Tessel" was accepted (0.02): the statement that says otherwise
names its subject "It", and the claim's "Orrendale" made it too far from the claim to be read.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._named_subjects import named_passages, named_subject
from lexguard.grounding.signals._values import statement_conflicts

TOWN = ("Orrendale is a market town in the county of Westmarch. It lies on the east bank of the River Tessel, "
        "22 kilometres south of the county town of Brackley Cross.")
FIRM = ("Helvane Robotics was founded in 2011 by Priya Castellan and Owen Dretz. In 2019 it acquired the logistics "
        "firm Norrbeck Group for $640 million.")
COMET = ("Comet Ostrava-Lind has an orbital period of roughly 212 years. It was discovered independently by the "
         "astronomers Hana Ostrava and Peter Lind in the same week.")
SHIP = ("The SS Varnholt was a cargo steamer launched in 1903. She sank on her maiden voyage after striking a reef; "
        "all 26 crew members survived.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def test_a_pronoun_subject_is_read_with_the_name_before_it() -> None:
    assert named_subject("It lies on the east bank.", ["Orrendale is a market town."]) == "Orrendale lies on the east bank."
    assert named_subject("In 2019 it acquired Norrbeck Group.", ["Helvane Robotics was founded in 2011."]) == (
        "In 2019 Helvane Robotics acquired Norrbeck Group.")
    assert named_subject("It lies on the east bank.", ["There is a market town here."]) is None  # no name opens it
    assert named_subject("Its bank is steep.", ["Orrendale is a market town."]) is None
    named, originals = named_passages([TOWN])
    assert "Orrendale lies on the east bank" in named[0]
    assert set(originals.values()) == {"It lies on the east bank of the River Tessel, 22 kilometres south of the "
                                       "county town of Brackley Cross."}


@pytest.mark.parametrize(("claim", "source", "conflict"), [
    ("Orrendale lies on the west bank of the River Tessel.", TOWN, True),
    ("Orrendale is 22 kilometres north of Brackley Cross.", TOWN, True),
    ("Orrendale lies on the east bank of the River Tessel.", TOWN, False),
    ("Norrbeck Group bought Helvane Robotics in 2019.", FIRM, True),
    ("Helvane Robotics bought Norrbeck Group in 2019.", FIRM, False),
    ("Hana Ostrava and Peter Lind discovered Comet Ostrava-Lind jointly.", COMET, True),
    ("Hana Ostrava and Peter Lind discovered Comet Ostrava-Lind independently.", COMET, False),
    ("None of the SS Varnholt's 26 crew members died when she sank.", SHIP, False),  # "all survived", twice turned
    ("No crew members died.", SHIP, False),
    ("None of the 26 crew members survived.", SHIP, True),
    ("Some of the 26 crew members died.", SHIP, True),
])
def test_a_statement_named_by_a_pronoun_is_read(claim: str, source: str, conflict: bool) -> None:
    found = statement_conflicts(claim, [source], [])["conflict"]
    assert (found is not None) is conflict
    if found is not None:
        assert found in source  # the evidence is quoted as the source writes it


def test_the_checker_refuses_the_other_bank(checker: SupportChecker) -> None:
    result = checker.check("Orrendale lies on the west bank of the River Tessel.", [Source(id="s", content=TOWN)])
    assert result.claims[0].status == "contradicted"
