"""An age at an event read against the age the sources give the same person at it, and a case
taken to a later step (charged, convicted, jailed) than any source takes it."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._ages_at_events import age_at_event_conflict

KITTEN = (
    "Tabby cat Marmalade vanished from the home of Owen and Rhian Price in Bangor in May 2020, when she was three "
    "years old. Their daughter Elin, who was seven when Marmalade vanished, made posters. The family drove for five "
    "hours to collect her."
)


@pytest.mark.parametrize(
    ("claim", "conflicts"),
    [
        ("Marmalade, who was five when she vanished, is home again.", True),  # "five hours" is elsewhere
        ("Marmalade, who was three when she vanished, is home again.", False),
        ("Marmalade was three years old when she vanished.", False),
        ("Elin was seven when Marmalade vanished.", False),  # the daughter's age, told of her
        ("Marmalade, who was five when she was adopted, is home again.", False),  # another event: no age told
    ],
)
def test_an_age_at_an_event(claim: str, conflicts: bool) -> None:
    assert (age_at_event_conflict(claim, [KITTEN]) is not None) is conflicts


def test_the_checker_refuses_another_age_at_the_event() -> None:
    (claim,) = SupportChecker().check("Marmalade, who was five when she vanished, is home again.",
                                      [Source(id="s", content=KITTEN)]).claims
    assert not claim.supported


# A case taken to a later step than the sources take it.

RAID = ("Two women, aged 27 and 40, were arrested in Leeds on suspicion of fraud after a raid on Tuesday. "
        "Both have been released on bail while inquiries continue. Police said a third arrest was possible.")


@pytest.mark.parametrize(
    ("claim", "overstated"),
    [
        ("Two women arrested in Leeds have been charged with fraud.", True),
        ("Two women arrested in Leeds have been convicted of fraud.", True),
        ("Two women were arrested in Leeds on suspicion of fraud.", False),
        ("Two women arrested in Leeds have not been charged with fraud.", False),  # denied: not read
        ("A man in York has been charged with arson.", False),  # another case: no earlier step of it
    ],
)
def test_a_case_taken_further_than_the_sources(claim: str, overstated: bool) -> None:
    from lexguard.grounding.signals._legal_stages import later_stage

    assert (later_stage(claim, [RAID]) is not None) is overstated


def test_a_later_step_the_sources_name_is_theirs() -> None:
    from lexguard.grounding.signals._legal_stages import later_stage

    charged = RAID + " On Friday both were charged with fraud and will appear at Leeds Crown Court."
    assert later_stage("Two women arrested in Leeds have been charged with fraud.", [charged]) is None
    assert later_stage("Two women arrested in Leeds have been jailed for fraud.", [charged]) is not None
    in_court = RAID + " Both women were charged last year and deny fraud; the trial continues."
    assert later_stage("Two women arrested in Leeds are on trial for fraud.", [in_court]) is None


def test_the_checker_refuses_a_charge_the_sources_do_not_give() -> None:
    (claim,) = SupportChecker().check("Two women arrested in Leeds have been charged with fraud.",
                                      [Source(id="s", content=RAID)]).claims
    assert not claim.supported
