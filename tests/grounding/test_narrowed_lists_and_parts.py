"""A list the sources give narrowed by "only", and a part in a study given to someone the sources
say took none (found in a blind FaithBench-style trial; the cases are written anew)."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._only_listed import narrowed_list
from lexguard.grounding.signals._uninvolved import uninvolved_part

RECALL = ("The recall covers Brightwell BW-20 and BW-22 toasters in cream, grey and copper finishes, "
          "made between June 2021 and May 2023.")
STUDY = ("Nightly stretching eased lower-back pain in 60% of the 140 volunteers, the Harlow Spine Unit reported. "
         "\"It is a cheap thing to try,\" said Dr. Ines Vardy, a physiotherapist who was not involved in the study.")


@pytest.mark.parametrize(("claim", "narrowed"), [
    ("Brightwell toasters made between June 2021 and May 2023 are recalled, but only the cream and grey ones.", True),
    ("Only the cream, grey and copper Brightwell toasters made between June 2021 and May 2023 are recalled.", False),
    ("Brightwell toasters made between June 2021 and May 2023 in cream and grey are recalled.", False),  # no "only"
    ("Only the cream Brightwell toasters made between June 2021 and May 2023 are recalled.", False),  # one item
])
def test_a_list_narrowed_by_only(claim: str, narrowed: bool) -> None:
    assert (narrowed_list(claim, [RECALL]) == RECALL) is narrowed


@pytest.mark.parametrize(("claim", "denied"), [
    ("Dr. Ines Vardy, who led the study, said stretching is a cheap thing to try.", True),
    ("The study was conducted by physiotherapist Ines Vardy.", True),
    ("Dr. Ines Vardy, who was not involved in the study, called stretching a cheap thing to try.", False),
    ("The Harlow Spine Unit led the study of 140 volunteers.", False),
])
def test_a_part_in_a_study_given_to_someone_who_took_none(claim: str, denied: bool) -> None:
    assert (uninvolved_part(claim, [STUDY]) is not None) is denied


def test_the_check_refuses_both() -> None:
    checker = SupportChecker()
    for claim, source in [("Only the cream and grey Brightwell toasters made between June 2021 and May 2023 "
                           "are recalled.", RECALL),
                          ("Dr. Ines Vardy, who led the study, said stretching is a cheap thing to try.", STUDY)]:
        (result,) = checker.check(claim, [Source(id="s", content=source)]).claims
        assert result.status == "contradicted", (claim, result.status, result.support)
