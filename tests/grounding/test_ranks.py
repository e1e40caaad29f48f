"""A superlative given another rank than the sources give it is a conflict."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._ranks import rank_conflict

TOY = "Toy Story 4 is the second-highest-grossing animated film of 2019, behind Frozen II."
LAKE = "Lake Baikal is the deepest lake in the world and the seventh-largest by surface area."


@pytest.mark.parametrize(
    ("claim", "source", "conflict"),
    [
        ("Toy Story 4 is the highest-grossing animated film of 2019.", TOY, True),
        ("Lake Baikal is the largest lake in the world by surface area.", LAKE, True),
        ("Lake Baikal is the third-largest lake by surface area.", LAKE, True),
        ("It is the largest city in Ohio.", "Columbus is one of the largest cities in Ohio.", True),
        ("The restaurant serves the best pizza in town.", "Locals say it serves some of the best pizza in town.", True),
        ("The restaurant serves the best pizza in town.", "The restaurant serves some of the best pizza in town.", True),
        ("Toy Story 4 is the second-highest-grossing animated film of 2019.", TOY, False),
        ("Toy Story 4 is one of the highest-grossing animated films of 2019.", TOY, False),
        ("Lake Baikal is the deepest lake in the world.", LAKE, False),
        ("It is one of the largest cities in Ohio.", "Columbus is the largest city in Ohio.", False),
        ("It was the eighth-largest manufacturer in 1941.",
         "It was the eighth-largest manufacturer in 1941 and the ninth-largest in 1979.", False),
        ("The forest is the oldest in the region.", "The forest is the oldest in the region.", False),
    ],
)
def test_a_superlative_of_another_rank_is_a_conflict(claim: str, source: str, conflict: bool) -> None:
    """Found writing fact-verification probes: "the highest-grossing" beside "the second-highest-
    grossing" and "the largest lake" beside "the seventh-largest" were accepted as supported."""
    assert (rank_conflict(claim, [source]) == source) is conflict


def test_the_checker_fails_a_superlative_of_another_rank() -> None:
    from lexguard import Source
    from lexguard.grounding import SupportChecker

    checker = SupportChecker()
    wrong = checker.check("Toy Story 4 is the highest-grossing animated film of 2019.", [Source(id="t", content=TOY)])
    assert wrong.claims[0].supported is False
    right = checker.check("Toy Story 4 was the second-highest-grossing animated film of 2019.", [Source(id="t", content=TOY)])
    assert right.claims[0].supported is True


@pytest.mark.parametrize(
    ("claim", "source", "conflict"),
    [
        ("Toronto is the largest city in Canada.",
         "Toronto is the largest city in Canada. Montreal is the second-largest city in Canada.", False),
        ("Montreal is the largest city in Canada.",
         "Toronto is the largest city in Canada. Montreal is the second-largest city in Canada.", True),
        ("Leeds is the largest city in the kingdom.", "Leeds is the thirteenth-largest city in the kingdom.", True),
        ("It is the most popular app in Spain.", "It is the third most popular app in Spain.", True),
    ],
)
def test_the_sentence_about_the_claim_decides_its_rank(claim: str, source: str, conflict: bool) -> None:
    """Found in review: another city's "second-largest" contradicted "Toronto is the largest",
    which a sentence says as it is; ranks spelled past "twelfth" were read as first."""
    assert (rank_conflict(claim, [source]) is not None) is conflict


def test_a_possessive_is_the_word_it_belongs_to() -> None:
    """Found in a trial of contrastive claims: "the country's second-busiest" beside "the busiest
    in the country" passed, since "country's" was not "country"."""
    source = "The airport handled 31.2 million passengers in 2019, making it the busiest in the country."
    assert rank_conflict("The airport is the country's second-busiest.", [source]) is not None
    assert rank_conflict("The airport is the country's busiest.", [source]) is None


HALL = ("The Brannock Hall is a concert venue in Kelsford. Opened in 1998 with 2,400 seats, it is the "
        "second-largest venue in the city, after the 3,100-seat Orrell Arena.")


@pytest.mark.parametrize(("claim", "conflict"), [
    ("The Brannock Hall is the largest venue in Kelsford.", True),  # "it is the second-largest": the hall
    ("The Orrell Arena is the largest venue in Kelsford.", False),  # named after the rank: not the one ranked
    ("The Brannock Hall is the second-largest venue in Kelsford.", False),
])
def test_a_rank_said_of_it_is_the_passages_subjects(claim: str, conflict: bool) -> None:
    """Found in a contrastive trial (twenty-seventh session): "it is the second-tallest building in
    the city" held too few of the claim's words to rank "the Corvan Tower", so "the tallest"
    passed, and the tower it came after was read as the one ranked second."""
    assert (rank_conflict(claim, [HALL]) is not None) is conflict


PLAYER = ("Mirela Duca (born 1998) is a Romanian tennis player. She has won five WTA titles and reached a "
          "career-high singles ranking of world No. 6 in March 2023.")
PORT = ("Harwick Airport is the main airport of the city of Harwick, Canada. It handled 7.1 million passengers in "
        "2022, making it the eighth-busiest airport in the country.")


@pytest.mark.parametrize(("answer", "source", "supported"), [
    ("Mirela Duca has been ranked inside the world's top ten.", PLAYER, True),
    ("Mirela Duca has been ranked inside the world's top five.", PLAYER, False),
    ("Harwick Airport was one of Canada's ten busiest airports in 2022.", PORT, True),
    ("Harwick Airport was one of Canada's five busiest airports in 2022.", PORT, False),
])
def test_a_top_n_is_read_against_the_rank_given(answer: str, source: str, supported: bool) -> None:
    """Found in a contrastive trial (twenty-seventh session): "inside the world's top five" beside
    "world No. 4" and "one of Canada's ten busiest airports" beside "the sixth-busiest" were refused
    (five and ten are in no source)."""
    result = SupportChecker().check(answer, [Source(id="s", content=source)])
    assert all(c.supported for c in result.claims) is supported
