"""With ``read_novel_parts``, a false piece appended to a long true sentence is read on its own.

Found in a hostile trial: "..., a knitting circle on Wednesday afternoons and a youth club on
Friday evenings, all of which are free to attend" (0.94), "... a removable 1.8-litre water tank
and an integrated grinder" (0.98) and "..., and residents will be compensated for the disruption"
(0.86) were accepted: the verifier read each sentence whole, and the rest of it is supported. The
setting is off by default: on RAGTruth dev it refuses much that the annotators let pass.
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import GroundingConfig, SupportChecker
from lexguard.grounding.signals._lexical import LexicalProfile
from lexguard.grounding.verify._novel_parts import novel_parts

HALL = "The village hall hosts a chess club on Monday evenings, a choir on Thursday evenings and a book group on Saturday mornings."
KETTLE = "The kettle has a 1.7-litre capacity, a 3 kW element and a removable limescale filter."
ROAD = "The council will close Mill Lane between 10 and 14 March, with a signed diversion via Church Road."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker(GroundingConfig(read_novel_parts=True))


def _known(source: str) -> frozenset[str]:
    return frozenset(LexicalProfile([source]).words)


def test_a_piece_the_sources_have_no_words_for_is_found() -> None:
    claim = HALL[:-1] + ", all of which are run by volunteers from the parish."
    assert novel_parts(claim, _known(HALL)) == ["all of which are run by volunteers from the parish"]


@pytest.mark.parametrize(
    "claim",
    [
        HALL,  # every piece is in the source
        "Members who pay yearly get free towels.",  # one piece: the verifier reads it whole
        "You can bring a guest, as long as they sign the visitors' book.",  # a condition reads with what it limits
    ],
)
def test_no_piece_is_read_apart_when_none_is_new_or_it_opens_the_claim(claim: str) -> None:
    assert novel_parts(claim, _known(HALL)) == []


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (HALL, HALL[:-1] + ", all of which are run by volunteers from the parish."),
        (KETTLE, "The kettle has a 1.7-litre capacity, a 3 kW element, a removable limescale filter and a built-in thermometer."),
        (ROAD, "Mill Lane will be closed from 10 to 14 March, with a signed diversion via Church Road, and bus services will be suspended."),
    ],
)
def test_an_appended_false_piece_is_not_accepted(checker: SupportChecker, source: str, answer: str) -> None:
    result = checker.check(answer, [Source(id="s", content=source)])
    assert result.recommendation != "accept"


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (HALL, HALL),
        (KETTLE, "It holds 1.7 litres and has a 3 kW element and a removable limescale filter."),
        (ROAD, "Mill Lane will be closed from 10 to 14 March, with a signed diversion via Church Road."),
    ],
)
def test_the_true_sentence_is_still_accepted(checker: SupportChecker, source: str, answer: str) -> None:
    result = checker.check(answer, [Source(id="s", content=source)])
    assert [c.status for c in result.claims] == ["supported"]
