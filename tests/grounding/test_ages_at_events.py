"""An age at an event read against the age the sources give the same person at the same event."""

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
