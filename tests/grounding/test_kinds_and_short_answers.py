"""A name given another kind of the thing the sources say it is, and a short answer read with
the statement that answers its question.

Found by hand while reading a blind chat trial: "It's a medical drama." to "What genre is Ember
Road?" passed (0.99) beside "Ember Road is a war drama. ... Harbor Lights is a medical drama
series.", and so did "Harbor Lights." to "Who directed Ember Road?": the short answer's evidence
was what the sources say of Harbor Lights, not who directed Ember Road.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._judged_facts import without_judgement
from lexguard.grounding.signals._kinds import kind_conflict

KNOWLEDGE = (
    "Copper Sparrow won the Lindqvist Award for Best Film. Copper Sparrow is directed by Odile Brenner. "
    "Copper Sparrow is a war drama. Odile Brenner was born in 1958. Quiet Wards is a medical drama series. "
    "Quiet Wards was created by Tomas Healy."
)


@pytest.mark.parametrize(("claim", "other"), [
    ("Copper Sparrow is a medical drama.", True),
    ("Yes, Copper Sparrow is a medical drama by Odile Brenner.", True),
    ("Copper Sparrow is Medical drama.", True),  # a short answer read with its question
    ("Copper Sparrow is a war drama.", False),
    ("Copper Sparrow is a harrowing war drama.", False),
    ("Copper Sparrow is a gripping drama.", False),  # a judgement, no kind
    ("Copper Sparrow is a French war drama.", False),  # one kind the sources give, one they do not say
    ("Quiet Wards is a medical drama.", False),
    ("Odile Brenner is a war director.", False),  # no kind of a director given
    ("Quiet Wards is a war drama.", True),  # the sources' "medical drama series": "medical" is the drama's
])
def test_another_kind_of_the_same_thing(claim: str, other: bool) -> None:
    assert (kind_conflict(claim, [KNOWLEDGE]) in ("Copper Sparrow is a war drama.", "Quiet Wards is a medical drama series.")
            ) is other


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("question", "answer", "supported"), [
    ("[Human]: What genre is Copper Sparrow?", "It's a medical drama.", False),
    ("[Human]: What genre is Copper Sparrow?", "Medical drama!", False),
    ("[Human]: What genre is Copper Sparrow?", "It's a war drama.", True),
    ("[Human]: Who directed Copper Sparrow?", "Tomas Healy.", False),
    ("Who directed Copper Sparrow?", "Tomas Healy.", False),
    ("[Human]: Who directed Copper Sparrow?", "Tomas Healy directed it.", False),
    ("[Human]: Who directed Copper Sparrow?", "That was Tomas Healy!", False),
    ("[Human]: Who directed Copper Sparrow?", "Odile Brenner.", True),
    ("[Human]: Who directed Copper Sparrow?", "Odile Brenner directed it.", True),
    ("[Human]: Who directed Copper Sparrow?", "The director is Tomas Healy.", False),
    ("[Human]: Who directed Copper Sparrow?", "Pretty sure it was Tomas Healy.", False),
    ("[Human]: Who directed Copper Sparrow?", "Tomas Healy, I believe!", False),
    ("[Human]: Who directed Copper Sparrow?", "The director is Odile Brenner.", True),
    ("[Human]: What genre is Quiet Wards?", "It's a war drama, and a great one!", False),
])
def test_a_short_answer_is_read_with_the_statement_that_answers_its_question(
    checker: SupportChecker, question: str, answer: str, supported: bool,
) -> None:
    claims = checker.check(answer, [Source(id="k", content=KNOWLEDGE)], question).claims
    flagged = any(c.status in ("contradicted", "unsupported") for c in claims)
    assert flagged is not supported, [(c.status, c.support) for c in claims]


@pytest.mark.parametrize(("reply", "read"), [
    ("Copper Sparrow would be my pick.", "Copper Sparrow."),
    ("Then Copper Sparrow is a good bet!", "Copper Sparrow!"),
    ("Copper Sparrow could be just the thing!", "Copper Sparrow!"),
    ("I'd go with Copper Sparrow.", "Copper Sparrow."),
    ("You're probably thinking of Odile Brenner!", "Odile Brenner!"),
    ("I'd say so!", "I'd say so!"),  # no pick named
])
def test_a_speakers_pick_is_read_as_what_it_names(reply: str, read: str) -> None:
    assert without_judgement(reply) == read


@pytest.mark.parametrize(("answer", "supported"), [
    ("Copper Sparrow would be my pick.", True),
    ("I'd go with Quiet Wards.", False),  # a medical drama series, for a war film
    ("I'd go with Odile Brenner.", False),  # a director, not a film
])
def test_a_pick_is_checked_as_the_answer_it_gives(checker: SupportChecker, answer: str, supported: bool) -> None:
    (claim,) = checker.check(answer, [Source(id="k", content=KNOWLEDGE)],
                             "[Human]: What's a good award-winning war film?").claims
    assert (claim.status == "supported") is supported, (claim.status, claim.support)


@pytest.mark.parametrize(("question", "answer"), [
    ("[Human]: Any good war films?", "Try Quiet Wards!"),
    ("[Human]: Can you recommend a war film?", "You might like Quiet Wards!"),
])
def test_a_pick_no_source_relates_to_the_request_is_refused(checker: SupportChecker, question: str, answer: str) -> None:
    (claim,) = checker.check(answer, [Source(id="k", content=KNOWLEDGE)], question).claims
    assert claim.status == "contradicted", (claim.status, claim.support)


def test_a_pick_for_a_request_of_no_kind_is_not_refused(checker: SupportChecker) -> None:
    """"Any suggestions?" asks for nothing the sources could relate a pick to."""
    result = checker.check("You might like Copper Sparrow.", [Source(id="k", content=KNOWLEDGE)],
                           "[Human]: Loved it. Any suggestions?")
    assert all(c.status != "contradicted" for c in result.claims)


def test_the_person_a_pronoun_names_is_no_rival_of_their_team(checker: SupportChecker) -> None:
    """"He's a fast bowler for the Eastmoor Falcons and was born in 1990" after "Ravi Castellane, for
    sure!" was refused: the team's other sentence gives a year (2019) and the birth sentence a name
    (his), a crossed pair unless "he" is that name (a blind chat trial; written anew here)."""
    knowledge = ("Tobias Renn is a cricketer. Tobias Renn plays for the Harwood Kestrels. Tobias Renn is a spin bowler. "
                 "Tobias Renn was born in 1988. The Harwood Kestrels won the Coastal Shield in 2016.")
    result = checker.check("Tobias Renn, for sure! He's a spin bowler for the Harwood Kestrels and was born in 1988.",
                           [Source(id="k", content=knowledge)], "[Human]: Who's the Kestrels' best bowler?")
    assert all(c.status == "supported" for c in result.claims), [(c.text, c.status) for c in result.claims]
    wrong = checker.check("Tobias Renn, for sure! He's a spin bowler for the Harwood Kestrels and was born in 2016.",
                          [Source(id="k", content=knowledge)], "[Human]: Who's the Kestrels' best bowler?")
    assert any(c.status == "contradicted" for c in wrong.claims)


@pytest.mark.parametrize(("claim", "other"), [
    ("Tobias Renn plays for the Harwood Kestrels and was born in 2016.", True),  # the Kestrels' year
    ("Tobias Renn, born in 1988, plays for the Harwood Kestrels.", False),
    ("The Harwood Kestrels, who won the Coastal Shield in 2016, have a bowler born in 1988.", False),
])
def test_a_birth_year_the_sources_give_someone_else(claim: str, other: bool) -> None:
    from lexguard.grounding.signals._births import birth_conflict

    knowledge = "Tobias Renn was born in 1988. The Harwood Kestrels won the Coastal Shield in 2016."
    assert (birth_conflict(claim, [knowledge]) is not None) is other


CLUB = ("The Tarnby Herons are a hockey club founded in 1961 by Aldo Kress. The team is coached by Wen Ashdown. "
        "Their captain is Rui Mendel. The screenplay of the club's film was written by Ola Brisk.")


@pytest.mark.parametrize(("question", "answer", "supported"), [
    ("[Human]: Who coaches the Tarnby Herons?", "Wen Ashdown.", True),
    ("[Human]: Who coaches the Tarnby Herons?", "Rui Mendel.", False),
    ("[Human]: Who is the captain of the Herons?", "Rui Mendel.", True),
    ("[Human]: Who is the captain of the Herons?", "Wen Ashdown.", False),
    ("[Human]: Who is the captain of the Herons?", "He was Wen Ashdown.", False),
    ("[Human]: Who founded the Tarnby Herons?", "Aldo Kress founded them.", True),
    ("[Human]: Who founded the Tarnby Herons?", "Wen Ashdown made them.", False),
])
def test_the_statement_that_answers_is_found_by_the_questions_relation(
    checker: SupportChecker, question: str, answer: str, supported: bool,
) -> None:
    """A hostile review (thirty-sixth session): "Rhea Sand." to "Who conducts the Cobalt Choir?" was
    read against "... founded in 1994 by Rhea Sand" (it held more of the question's words than "Its
    conductor ... has been Milo Fenn") and accepted, while the right name was refused. The question's
    relation words, by their root ("coaches", "coached"), choose the statement; a pronoun ("Their
    captain") stands for its names."""
    claims = checker.check(answer, [Source(id="k", content=CLUB)], question).claims
    flagged = any(c.status in ("contradicted", "unsupported") for c in claims)
    assert flagged is not supported, [(c.status, c.support) for c in claims]
