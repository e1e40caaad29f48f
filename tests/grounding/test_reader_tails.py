"""Words to the reader around a fact are not read as part of it (``grounding/claims/_reader_tails.py``);
a question back may name what the chat or the sources named (``grounding/claims/_chat.py``).

Correct chat replies were refused for what they said to the reader: "She also directed Salt
Meridian, if you want more of her stuff." (``want more of her stuff`` is in no source), "...,
which might be worth picking up once you're done.", "Dario Feldhaus does. Are you a Comets fan
yourself?" (the user had just named the Comets). All cases are hand-written.
"""

from __future__ import annotations

import doctest

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims import _reader_tails
from lexguard.grounding.claims._claims import extract_claims
from lexguard.grounding.claims._reader_tails import READER_REASON
from lexguard.grounding.claims._worthiness import QUESTION_REASON, heard_names, not_a_fact

CUT = [
    ("She also directed Salt Meridian, if you want more of her stuff.", "She also directed Salt Meridian"),
    ("Imrie Castellane also wrote Nine Winters, which might be worth picking up once you're done.",
     "Imrie Castellane also wrote Nine Winters"),
    ("He's in that one, and it's a Western if that's your thing.", "He's in that one, and it's a Western"),
    ("The Gilded Turnip is there and it's farm-to-table, which sounds right up your alley.",
     "The Gilded Turnip is there and it's farm-to-table"),
    ("It came out in 2014, in case you're curious.", "It came out in 2014"),
    ("He also wrote The Tin Crown, once you finish this one.", "He also wrote The Tin Crown"),
]
KEPT = [
    "Entry is free if you are a student.",  # a condition of circumstance restricts the fact
    "The museum is closed if you arrive on Monday.",
    "It won the Booker, if you like prizes, and it sold a million copies.",  # a second clause
    "It opened in Paris, if you want to visit the Louvre.",  # a name
    "It opened in Paris, if you want the 1889 building.",  # a number
    "She did, if you like.",  # too little left to read as a fact
]


@pytest.mark.parametrize(("sentence", "fact"), CUT)
def test_a_clause_to_the_reader_is_cut_from_the_fact(sentence: str, fact: str) -> None:
    claims = extract_claims(sentence)
    assert [c.text for c in claims if c.status is None] == [fact]
    assert [c.reason for c in claims if c.status == "not_checked"] == [READER_REASON]
    assert "".join(c.text for c in claims) == sentence  # every word still reported


@pytest.mark.parametrize("sentence", KEPT)
def test_a_condition_that_restricts_the_fact_or_holds_one_is_read_with_it(sentence: str) -> None:
    claims = extract_claims(sentence)
    assert len(claims) == 1 and claims[0].status is None


def test_an_opening_clause_to_the_reader_is_cut() -> None:
    claims = extract_claims("If you liked that one, he also wrote Salt Road.")
    assert [(c.text, c.status) for c in claims] == [("If you liked that one, ", "not_checked"),
                                                     ("he also wrote Salt Road.", None)]
    assert extract_claims("If you are under 18, you need a parent with you.")[0].status is None


def test_the_examples_run() -> None:
    assert doctest.testmod(_reader_tails).failed == 0


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


KNOWLEDGE = ("The Lantern Keeper's Daughter is directed by Odile Varnasse.Odile Varnasse directed Salt Meridian."
             "The Lantern Keeper's Daughter starring Kestrel Amundi.Salt Meridian release year 2011")
CHAT = "[Human]: Loved The Lantern Keeper's Daughter. [Assistant]: Moody, isn't it? [Human]: Who directed it?"


def _refused(checker: SupportChecker, answer: str, question: str = CHAT, source: str = KNOWLEDGE) -> bool:
    result = checker.check(answer, [Source(id="k", content=source)], question)
    return any(c.supported is False for c in result.claims)


def test_a_reply_with_a_word_to_the_reader_is_read_for_its_fact(checker: SupportChecker) -> None:
    right = "Odile Varnasse. She also directed Salt Meridian, if you want more of her stuff."
    assert not _refused(checker, right)
    result = checker.check(right, [Source(id="k", content=KNOWLEDGE)], CHAT)
    assert any(c.reason == READER_REASON for c in result.claims)
    # the same tail after a wrong fact: the fact is still read, and refused
    assert _refused(checker, "Odile Varnasse. She also directed Copper Harbour, if you want more of her stuff.")
    assert _refused(checker, "Odile Varnasse. She also starred in Salt Meridian, if you want more of her stuff.")
    assert _refused(checker, "Odile Varnasse. Salt Meridian came out in 2015, if you're curious.")


COMETS = ("Junia Rakowski plays for Pellmont Comets. Pellmont Comets is coached by Dario Feldhaus. "
          "Pellmont Comets won award Hallworth Trophy.")
COMETS_CHAT = "[Human]: The Comets won the Hallworth Trophy! [Assistant]: Huge result. [Human]: Who coaches them?"


def test_a_question_back_may_name_what_the_chat_named(checker: SupportChecker) -> None:
    heard = heard_names(COMETS_CHAT, COMETS)
    assert not_a_fact("Are you a Comets fan yourself?", heard) == QUESTION_REASON
    assert not_a_fact("Are you a Comets fan yourself?") is None  # a name nobody gave supposes a fact
    assert not_a_fact("Have you seen his film Comets?", heard) is None  # it relates the name
    assert not_a_fact("Are you a Harriers fan?", heard) is None
    assert not _refused(checker, "Dario Feldhaus does. Are you a Comets fan yourself?", COMETS_CHAT, COMETS)
    assert _refused(checker, "Junia Rakowski does. Are you a Comets fan yourself?", COMETS_CHAT, COMETS)
