"""Closing wishes are sign-offs (``grounding/claims/_wishes.py``); a wish that carries a fact is
still checked.

A correct answer that ended "Happy listening!", "Have a great hike!" or "Good luck planning your
visit!" was refused: the wish was read as a fact no source states. The filler list it replaces
took any word before a few nouns ("Have a free meal!" was a filler).
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._wishes import is_closing_wish
from lexguard.grounding.claims._worthiness import FILLER_REASON, not_a_fact

WISHES = [
    "Happy listening!", "Enjoy the show!", "Have a great hike!", "Good luck planning your visit!",
    "Stay safe out there and enjoy the views!", "Bon appétit!", "I hope you enjoy your stay!",
    "Happy baking, everyone!", "Good luck with your project!", "Enjoy!", "Cheers!", "Take care!",
    "Safe travels!", "Have fun!", "All the best with your studies!", "Happy reading!", "Have a nice day!",
]
FACTS = [
    "Enjoy the free parking!", "Enjoy your stay at the Grand Hotel!", "Have a great 12 km hike!",
    "Enjoy the heated pool!", "Enjoy breakfast on the terrace!", "Enjoy, the pool is open until 9 pm.",
    "Happy birthday to the museum, which opened in 1901!", "Have two tablets a day.",
    "Enjoy your complimentary breakfast!", "Have your passport ready.", "Happy hour runs daily.",
    "Happy hour runs.", "Enjoy discounted tickets for students!", "Have a nice day at the Louvre!",
    "Enjoy the sparkling water!", "Have a free meal!", "Enjoy a free drink on arrival!",
    "Good luck, the exam is hard.", "Have a doctor check it.", "Have the receipt with you.",
]


@pytest.mark.parametrize("text", WISHES)
def test_a_wish_is_a_sign_off(text: str) -> None:
    assert is_closing_wish(text)
    assert not_a_fact(text) == FILLER_REASON


@pytest.mark.parametrize("text", FACTS)
def test_a_wish_that_carries_a_fact_is_checked(text: str) -> None:
    assert not is_closing_wish(text)
    assert not_a_fact(text) is None


def test_a_correct_answer_that_ends_with_a_wish_is_accepted() -> None:
    sources = [Source(id="s", content="The Aurora podcast releases a new episode every Tuesday. "
                                      "Each episode runs about 40 minutes.")]
    checker = SupportChecker()
    result = checker.check("A new episode comes out every Tuesday and runs about 40 minutes. Happy listening!", sources)
    assert result.recommendation == "accept"
    fact, wish = result.claims
    assert fact.supported is True
    assert (wish.status, wish.reason) == ("not_checked", FILLER_REASON)
    # a wish that says something the sources do not is still read
    wrong = checker.check("A new episode comes out every Tuesday. Enjoy the free bonus episode!", sources)
    assert wrong.recommendation != "accept"
