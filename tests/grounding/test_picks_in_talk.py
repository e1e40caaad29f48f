"""A pick the speaker recommends, read with the question that asks for one.

Found by a hostile review of the thirty-sixth session's rules: to "What's a good war film?",
"You might like Velvet Harbor." and "Check out Ember Hill!" were read as talk to the reader (not
checked) and "How about Velvet Harbor?", "Velvet Harbor, hands down." and "My vote goes to Velvet
Harbor." as facts the verifier accepted (0.86-0.99), though the sources say Velvet Harbor is a
romantic comedy and Ember Hill only who stars in it.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._judged_facts import without_judgement
from lexguard.grounding.claims._worthiness import TALK_REASON, heard_names, not_a_fact, talk_names
from lexguard.grounding.signals._answer_slot import asks_for_a_thing, unrelated_answer
from lexguard.grounding.signals._kinds import kind_conflict

FILMS = ("Copper Sparrow is directed by Odile Brenner. Copper Sparrow is a war drama. Odile Brenner was born in "
         "1958. Velvet Harbor is a romantic comedy. Ember Hill stars Ada Lind.")
ASKED = "[Human]: Hey\n[Assistant]: Hi!\n[Human]: What's a good war film?"


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def _refused(checker: SupportChecker, answer: str, question: str, source: str = FILMS) -> bool:
    result = checker.check(answer, [Source(id="kb", content=source)], question)
    return any(c.supported is False for c in result.claims)


@pytest.mark.parametrize(("answer", "refused"), [
    ("You might like Velvet Harbor.", True),
    ("Check out Ember Hill!", True),
    ("How about Velvet Harbor?", True),
    ("Velvet Harbor, hands down.", True),
    ("My vote goes to Velvet Harbor.", True),
    ("You might like Copper Sparrow.", False),
    ("I'd go with Copper Sparrow.", False),
    ("Copper Sparrow would be my pick.", False),
])
def test_a_pick_is_read_with_the_question(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert _refused(checker, answer, ASKED) is refused


def test_talk_that_recommends_a_name_only_the_sources_give_is_a_pick() -> None:
    heard = heard_names(ASKED, FILMS)
    talked = talk_names(ASKED, [FILMS])
    assert not_a_fact("You might like Velvet Harbor.", heard, chat=True) == TALK_REASON  # no pick question given
    assert not_a_fact("You might like Velvet Harbor.", heard, chat=True, talked=talked) is None
    # talk that names something on the way recommends no name: it stays talk
    assert not_a_fact("Maybe plan a little Copper Sparrow marathon while you're at it.", heard, chat=True,
                       talked=talked) == TALK_REASON


def test_only_a_question_that_asks_for_a_thing_makes_a_pick() -> None:
    assert asks_for_a_thing("I love war films. Any good ones?")  # the user's last turn
    assert asks_for_a_thing("Can you recommend a war film?")
    assert not asks_for_a_thing("Older, maybe from the 90s.")
    assert not asks_for_a_thing(None)


def test_a_pick_after_a_remark_is_read_as_before(checker: SupportChecker) -> None:
    """A pick offered after a user's remark (no question asking for one) is no short answer to it:
    "How about Night Ledger?" after "Older, maybe from the 90s." had read as "Older, maybe from the
    90s. Night Ledger." and was refused (0.76)."""
    source = "Night Ledger is a thriller film. Night Ledger was released in 1996. Night Ledger stars Pia Sorensen."
    question = ("[Human]: Can you recommend a good thriller?\n[Assistant]: Sure, older or newer?\n"
                "[Human]: Older, maybe from the 90s.")
    assert not _refused(checker, "How about Night Ledger?", question, source)


def test_sources_that_never_say_what_is_asked_for_decide_no_pick() -> None:
    """"Any film tips?" beside sources that never write "film": nothing tells a film from the rest."""
    film = "The Salt Orchard is directed by Mireille Vantongeren. The Salt Orchard stars Osric Dalby."
    assert unrelated_answer("Any film tips?", "How about The Salt Orchard?", [film]) is None
    assert unrelated_answer("What's a good war film?", "How about Velvet Harbor?", [FILMS]) == (
        "Velvet Harbor is a romantic comedy.")


@pytest.mark.parametrize(("text", "picked"), [
    ("Velvet Harbor, hands down.", "Velvet Harbor."),
    ("My vote goes to Velvet Harbor.", "Velvet Harbor."),
    ("I'd vote for Velvet Harbor.", "Velvet Harbor."),
])
def test_a_pick_frame_is_left_out(text: str, picked: str) -> None:
    assert without_judgement(text) == picked


@pytest.mark.parametrize(("claim", "other"), [
    ("Velvet Harbor is a war film.", True),  # no source names a film: its kind of another head
    ("Copper Sparrow is a war film.", False),  # "war" is Copper Sparrow's
    ("Ember Hill is a war film.", False),  # the sources say of Ember Hill no kind at all
    ("Velvet Harbor is a great place to start.", False),  # no kind: "to start"
])
def test_a_kind_of_another_head(claim: str, other: bool) -> None:
    assert (kind_conflict(claim, [FILMS]) is not None) is other
