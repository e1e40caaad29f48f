"""A chat reply's impression of a work or a person is the speaker's, not a fact to check
(thirty-eighth session; the cases are written for these tests)."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._impressions import is_impression
from lexguard.grounding.claims._worthiness import not_a_fact

KNOWLEDGE = "Harbour Lights is a drama series. Harbour Lights ran for four seasons. Harbour Lights stars Ada Voss."


@pytest.mark.parametrize("text", [
    "What a finale that was!",
    "He has such a warm voice.",
    "They have such great chemistry on screen.",
    "I thought the last season was the strongest, honestly.",
    "I'd start with the first season, though.",
    "Nice to see her get the recognition!",
    "Agreed, he deserves more love!",
    "It's a perfect pick for a rainy weekend.",
    "The writing is so much richer in the later seasons!",
])
def test_impressions(text: str) -> None:
    assert is_impression(text)
    assert not_a_fact(text, chat=True) is not None
    assert not_a_fact(text) is None  # outside a chat, a sentence like these is checked


@pytest.mark.parametrize("text", [
    "I thought it was created by Ada Voss.",  # a name
    "What a run, four seasons in all!",  # a number
    "It's such a gripping legal drama.",  # a kind of work
    "I'd call it a crime drama.",  # what the work is
    "It was so popular that it ran for years.",  # no judgement made stronger
    "I thought it was a comedy.",  # what the work is, told as a thought
])
def test_facts_in_an_impressions_frame_stay_facts(text: str) -> None:
    assert not is_impression(text)


def test_a_reply_of_a_fact_and_an_impression_is_checked_by_its_fact() -> None:
    checker = SupportChecker()
    sources = [Source(id="k", content=KNOWLEDGE)]
    question = "[Human]: How long did Harbour Lights run?"
    right = checker.check("Four seasons. What a ride that was!", sources, question)
    assert [(c.kind, c.status) for c in right.claims] == [("fact", "supported"), ("meta", "not_checked")]
    assert not right.inconclusive and not right.unsupported_claims
    wrong = checker.check("Six seasons. What a ride that was!", sources, question)
    assert any(c.status in ("contradicted", "unsupported") for c in wrong.claims)


def test_who_is_in_a_work_is_answered_by_its_cast() -> None:
    checker = SupportChecker()
    sources = [Source(id="k", content="Quiet Orchard is a 2016 comedy directed by Ines Falk. It stars Tam Obi and Rosa Lind.")]
    question = "[Human]: Who's in Quiet Orchard?"
    assert checker.check("Tam Obi and Rosa Lind.", sources, question).claims[0].status == "supported"
    assert checker.check("Tam Obi and Piet Maas.", sources, question).claims[0].status != "supported"
