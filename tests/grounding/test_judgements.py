"""A judgement hides no fact: "The hotel has a lovely pool and a spa" is checked.

Found in the twenty-fourth session: a sentence with a word of judgement ("lovely", "wonderful")
was an opinion, never checked, so "The hotel has a lovely pool and a spa" beside a hotel with a
gym and a restaurant was not refused (its bare form was), nor "She plays for the Dunmore Ravens,
and she's been brilliant for them" beside another team. A chat reply's pure reactions ("What a brilliant
pair!", "Oh, lucky you!", "Wasn't it?") are no facts; they had been refused.
"""

from __future__ import annotations

import pytest

from lexguard.grounding.claims._claim_types import classify_claim
from lexguard.grounding.claims._worthiness import QUESTION_REASON, SPEAKER_REASON, not_a_fact


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The hotel has a lovely pool and a spa.", "fact"),  # it has a pool and a spa
        ("The museum has a wonderful collection of Roman coins.", "fact"),
        ("She plays for the Dunmore Ravens, and she's been brilliant for them.", "fact"),  # a clause of fact
        ("The food was delicious, and the Thai curry was the highlight.", "fact"),
        ("She illustrated it, and honestly the drawings are gorgeous.", "fact"),  # what she did
        ("It's a fantasy novel, with some lovely world-building from Oskar Heldt.", "fact"),  # its kind
        ("She's a soul singer, and her voice is amazing.", "fact"),
        ("It has a beautiful garden.", "fact"),
        ("Personally, I loved it.", "opinion"),  # the speaker's taste
        ("The view is breathtaking.", "opinion"),
        ("It is a beautiful city.", "opinion"),
        ("The staff were lovely and the rooms were spotless.", "opinion"),
        ("They're lucky to have him!", "opinion"),
        ("What a brilliant pair!", "opinion"),
        ("A man is having fun drinking vodka.", "fact"),  # an activity, no judgement
        ("Elodie Marsh is wonderful in it, and it's such a moving drama.", "opinion"),
    ],
)
def test_a_judgement_is_an_opinion_only_when_it_hides_no_fact(text: str, kind: str) -> None:
    assert classify_claim(text) == kind


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Wasn't it?", QUESTION_REASON),  # a tag question
        ("Right?", QUESTION_REASON),
        ("Don't you think?", QUESTION_REASON),
        ("Oh yes, I adore them!", SPEAKER_REASON),
        ("Wasn't it directed by Tom Hanks?", None),  # a question that supposes a fact
        ("Didn't they win the cup?", None),
    ],
)
def test_chat_reactions_are_no_facts(text: str, reason: str | None) -> None:
    assert not_a_fact(text) == reason
