"""A judgement joined to a fact is a claim of its own (``grounding/claims/_judged_clauses.py``), and
a fact wrapped in a hedge or a judgement is still a fact (``grounding/claims/_claim_types.py``,
``_judgements.py``).

Chat replies were refused for their praise ("It's a mystery, and a properly twisty one", 0.50)
and "It's a great movie." was read as a fact no source states (0.01); worse, facts inside opinions
passed unchecked: "She wrote it, yes, and it's a lovely script." (she directed it), "He translated
that one into English, I believe.", "It's down in Saltmarsh, worth the trip". All cases are
hand-written.
"""

from __future__ import annotations

import doctest

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims import _judged_clauses
from lexguard.grounding.claims._claim_types import classify_claim
from lexguard.grounding.claims._claims import extract_claims

SPLIT = [
    ("It's a drama, and a really quietly devastating one at that.", "It's a drama"),
    ("It's a mystery, and a properly twisty one.", "It's a mystery"),
    ("It's at the Belmarsh Gallery, so worth a visit.", "It's at the Belmarsh Gallery"),
    ("Fenwright was also in Dust Cathedral, and he's just as good there.", "Fenwright was also in Dust Cathedral"),
]
WHOLE = [
    "It's a drama, and it won the Halden Prize.",  # the second clause states a fact
    "It's a drama, and a great one by Anka Drozd.",  # it names someone
    "It opened in 1889, and 300 people came.",
    "Great film, and a lovely one.",  # no fact before the judgement
]


@pytest.mark.parametrize(("sentence", "fact"), SPLIT)
def test_a_closing_judgement_is_a_claim_of_its_own(sentence: str, fact: str) -> None:
    claims = extract_claims(sentence)
    assert [c.text for c in claims][0] == fact and len(claims) == 2
    assert classify_claim(claims[1].text) == "opinion"


@pytest.mark.parametrize("sentence", WHOLE)
def test_a_sentence_whose_later_clause_states_or_names_is_read_whole(sentence: str) -> None:
    assert len(extract_claims(sentence)) == 1


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("It's a great movie.", "opinion"),
        ("It's a good one.", "opinion"),
        ("They are great!", "opinion"),
        ("The servant girl ascended to heaven for her good behaviour.", "fact"),
        ("A great deal of money was spent.", "fact"),
        ("He translated that one into English, I believe.", "fact"),
        ("I think he directed it.", "fact"),
        ("It's down in Saltmarsh, worth the trip", "fact"),
        ("She wrote it, yes, and it's a lovely script.", "fact"),
        ("Teodor Brask, probably, though their keeper is pretty great too.", "fact"),
        ("Alexander the Great conquered Persia.", "fact"),
        ("She is a great actress.", "fact"),  # a role: a fact to check
        ("They offer a good selection of wines.", "fact"),
        ("Good news: orders leave within two working days.", "fact"),
        ("I think they are lucky to have him.", "opinion"),
    ],
)
def test_a_fact_in_a_hedge_or_a_judgement_is_a_fact(text: str, kind: str) -> None:
    assert classify_claim(text) == kind


def test_a_judgement_of_a_name_the_sources_do_not_hold_is_a_fact() -> None:
    text = "Teodor Brask is brilliant, and their keeper Ansel Crowther is brilliant too."
    sources = ["Teodor Brask plays for Harbridge Rovers."]
    assert classify_claim(text) == "opinion"
    assert classify_claim(text, sources) == "fact"
    assert classify_claim("Bea is fantastic in it.", ["Beatrix Okoli stars in it."]) == "opinion"  # a short form


def test_the_examples_run() -> None:
    assert doctest.testmod(_judged_clauses).failed == 0


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


FILM = ("The Salt Orchard is directed by Mireille Vantongeren. The Salt Orchard has genre Drama. "
        "The Salt Orchard starring Osric Dalby.")


@pytest.mark.parametrize(
    ("answer", "refused"),
    [
        ("It's a drama, and a really quietly devastating one at that.", False),
        ("It's a comedy, and a really quietly devastating one at that.", True),
        ("Mireille Vantongeren. It's a great movie.", False),
        ("Osric Dalby wrote it, and it's a lovely script.", True),
        ("Mireille Vantongeren directed it, I believe.", False),
        ("Osric Dalby directed it, I believe.", True),
    ],
)
def test_a_chat_reply_is_read_for_its_facts_not_its_praise(checker: SupportChecker, answer: str, refused: bool) -> None:
    chat = "[Human]: Tell me about The Salt Orchard."
    result = checker.check(answer, [Source(id="kb", content=FILM)], chat)
    assert any(c.supported is False for c in result.claims) is refused
