"""The thirty-first session's cases, written by hand after chat replies over knowledge triples: two
works put in order by their years, a people word that is no party to a relation, a relation whose
names stand on other sides ("play at" a ground is no "plays for" a club), "came first" as an order
in time, and a yes/no question's "did" read as the tense of its statement."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._antecedents import Meant
from lexguard.grounding.claims._questions import polar_proposition
from lexguard.grounding.claims._short_answers import answer_statement
from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._pairs import other_relation
from lexguard.grounding.signals._ranks import rank_within
from lexguard.grounding.signals._years_compared import years_apart, years_order

from ._accepting import is_refused

BOOKS = ("Lantern Hill Road is written by Odile Varga. Lantern Hill Road release year 2004. Odile Varga wrote "
         "The Copper Gate. The Copper Gate release year 2011. The Copper Gate has genre Mystery. "
         "Odile Varga nationality Hungary")
CLUB = ("Dana Price plays for Kestrel Albion. Dana Price position Goalkeeper. Kestrel Albion home ground Mill Road. "
        "Kestrel Albion founded 1911. Kestrel Albion has rival Harrow Vale")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("claim", "met"), [
    ("The Copper Gate is newer than Lantern Hill Road.", True),
    ("The Copper Gate is older than Lantern Hill Road.", False),
    ("Lantern Hill Road came out before The Copper Gate.", True),
    ("The Copper Gate was published a few years before Lantern Hill Road.", False),
    ("The Copper Gate came out seven years after Lantern Hill Road.", True),
])
def test_two_works_are_put_in_order_by_their_years(claim: str, met: bool) -> None:
    reading = years_order(claim, [BOOKS])
    assert reading is not None and reading.met is met


def test_an_order_the_evidence_gives_no_single_year_for_is_left_to_the_verifier() -> None:
    assert years_order("The Copper Gate is newer than Harrow Vale.", [BOOKS]) is None
    assert years_order("Odile Varga is older than Dana Price.", [BOOKS, CLUB]) is None


@pytest.mark.parametrize(("claim", "met"), [
    ("The Copper Gate came out in 2011, seven years after Lantern Hill Road.", True),
    ("It came out in 2011, seven years after Lantern Hill Road.", True),
    ("It came out in 2011, five years after Lantern Hill Road.", False),
    ("Lantern Hill Road came out seven years before The Copper Gate.", True),
    ("Lantern Hill Road came out six years before The Copper Gate.", False),
])
def test_years_between_two_works_are_the_difference_of_their_years(claim: str, met: bool) -> None:
    span = next(m for m in numbers(claim) if m.text in ("five", "six", "seven"))
    reading = years_apart(claim, span, [BOOKS])
    assert reading is not None and reading.met is met


@pytest.mark.parametrize(("answer", "refused"), [
    ("Yes, it's newer: The Copper Gate came out seven years after Lantern Hill Road.", False),
    ("The Copper Gate came out before Lantern Hill Road.", True),
    ("The Copper Gate came out in 2011, five years after Lantern Hill Road.", True),
])
def test_an_order_of_two_works_is_checked_end_to_end(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert is_refused(checker, answer, [BOOKS], "Is The Copper Gate newer than Lantern Hill Road?") is refused


def test_a_people_word_is_no_party_to_a_credit(checker: SupportChecker) -> None:
    """"Irish" in "an Irish writer" was read as a second name, credited as the writer where the
    sources credit the person: the correct reply was refused by a strict rule."""
    assert not is_refused(checker, "Odile Varga is a Hungarian writer.", [BOOKS])


def test_a_name_on_the_other_side_of_a_relation_is_no_crossing() -> None:
    """"They play at Mill Road" (the club) is no claim that the club plays for someone: the
    sources' "Dana Price plays for Kestrel Albion" gives the club the other side of "play"."""
    sources = [Source(id="s", content=CLUB)]
    index = SourceIndex(sources, chunk_sources(sources))
    assert other_relation("They play at Mill Road.", index, Meant(thing="Kestrel Albion")) is None
    found = other_relation("Harrow Vale plays for Kestrel Albion.", index)
    assert found is not None and found[0].text == "Harrow Vale"


def test_a_passive_turns_the_sides_of_a_credit() -> None:
    sources = [Source(id="s", content="The Salt Clock is starring Mira Dunne. The Salt Clock is written by Ivo Marr.")]
    index = SourceIndex(sources, chunk_sources(sources))
    found = other_relation("Mira Dunne wrote The Salt Clock.", index)
    assert found is not None and found[0].text == "Mira Dunne"


@pytest.mark.parametrize(("claim", "rank"), [
    ("The Copper Gate came first.", False),
    ("The Copper Gate came first, in 2011.", False),
    ("She came second in the 400 metres.", True),
    ("He came in third.", True),
])
def test_came_first_is_an_order_in_time_unless_a_contest_follows(claim: str, rank: bool) -> None:
    from lexguard.grounding.signals._ranks import _NUMBERED_RANK

    assert (_NUMBERED_RANK.search(claim) is not None) is rank
    assert rank_within(claim, numbers(claim)[0], [BOOKS]) is None


@pytest.mark.parametrize(("question", "statement"), [
    ("Did Odile Varga win the Harwell Medal?", "Odile Varga won the Harwell Medal"),
    ("Does the ferry stop at Mill Road?", "the ferry stops at Mill Road"),
    ("Do they sell tickets at the door?", "they sell tickets at the door"),
])
def test_a_yes_no_question_with_do_keeps_its_tense(question: str, statement: str) -> None:
    assert polar_proposition(question) == statement


def test_a_short_answer_goes_before_the_questions_time_phrase() -> None:
    assert answer_statement("Where did Dana Price play before Kestrel Albion?", "Harrow Vale.") == (
        "Dana Price played in Harrow Vale before Kestrel Albion.")


FILM = ("Harbour of Salt is directed by Ines Varga. Harbour of Salt starring Tove Lindqvist. Harbour of Salt starring "
        "Marek Dobos. Harbour of Salt has genre Crime. Harbour of Salt release year 2009")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Love them! Harbour of Salt is one of my favorites, Tove Lindqvist and Marek Dobos are both great in it.", False),
    ("Love them! Harbour of Salt is one of my favorites, Tove Lindqvist and Petra Holm are both great in it.", True),
    ("Harbour of Salt from 2009 is a really great crime film.", False),
    ("Harbour of Salt from 2011 is a really great crime film.", True),
])
def test_a_chat_reply_is_verified_without_its_judgement(checker: SupportChecker, answer: str, refused: bool) -> None:
    """The verifier read the speaker's taste ("one of my favorites", "a really great ...") as a claim
    the sources do not make; the facts are read without it, the names and values still checked."""
    assert is_refused(checker, answer, [FILM], "[Human]: Do you like crime films?") is refused


def test_only_a_chat_reply_is_read_without_its_judgement() -> None:
    """In a review or a record the judgement is what the sources say: "excellent service" is checked."""
    from lexguard.grounding._reading import with_names

    text = "The café has excellent service and a lovely garden."
    assert with_names([text], [None]) == [text]
    assert with_names([text], [None], chat=True) == ["The café has service and a garden."]
    record = "He is the greatest goalscorer in Kestrel Albion's history."  # a superlative may state a record
    assert with_names([record], [None], chat=True) == [record]


ALBUMS = ("Velvet Static is an album by The Lantern Hooks. The Lantern Hooks has member Sami Roth. The Lantern Hooks "
          "has member Juno Albrecht. Sami Roth released Paper Rivers. Paper Rivers has genre Folk")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Try Paper Rivers by Sami Roth, it's folk.", False),
    ("Try Paper Rivers by Juno Albrecht, it's folk.", True),
    ("Try Paper Rivers by Sami Roth, it's jazz.", True),
    ("You should try Paper Rivers by Juno Albrecht.", True),
    ("Then try Paper Rivers by Sami Roth!", False),
])
def test_a_recommendation_carries_facts_to_check(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"Try X by Y, it's folk." was an instruction, never checked: a wrong maker or genre passed."""
    assert is_refused(checker, answer, [ALBUMS], "[Human]: I like folk music more than rock.") is refused


def test_an_instruction_with_a_credit_or_a_clause_is_a_fact() -> None:
    from lexguard.grounding.claims._claim_types import classify_claim

    assert classify_claim("Try Paper Rivers by Juno Albrecht.") == "fact"
    assert classify_claim("Try Paper Rivers, it's folk.") == "fact"
    assert classify_claim("Try Larkspur Lane.", [ALBUMS]) == "fact"  # a name no source holds
    assert classify_claim("Try Paper Rivers.", [ALBUMS]) == "instruction"
    assert classify_claim("Book your tickets online.") == "instruction"
    assert classify_claim("Pick your crops: some vegetables are easier to grow from seed than others.") == "fact"


@pytest.mark.parametrize(("claim", "wrong"), [
    ("Paper Rivers is by Juno Albrecht.", "Juno Albrecht"),
    ("Paper Rivers is an album by Juno Albrecht.", "Juno Albrecht"),
    ("Velvet Static is an album by Sami Roth.", "Sami Roth"),
    ("Paper Rivers is by Sami Roth.", None),
    ("Velvet Static by The Lantern Hooks.", None),
])
def test_a_work_by_another_maker(claim: str, wrong: str | None) -> None:
    sources = [Source(id="s", content=ALBUMS)]
    found = other_relation(claim, SourceIndex(sources, chunk_sources(sources)))
    assert (found[0].text if found else None) == wrong


def test_two_statements_joined_by_a_comma_are_two_claims() -> None:
    from lexguard.grounding.claims._claims import extract_claims

    assert [c.text for c in extract_claims("Try Paper Rivers by Sami Roth, it's folk.")] == [
        "Try Paper Rivers by Sami Roth", "it's folk."]
    assert len(extract_claims("If it rains, it is closed.")) == 1
    assert len(extract_claims("He's in Low Tide Motel, but heads up, it's a horror film.")) == 1


def test_a_praise_of_a_name_with_its_contraction_is_an_opinion() -> None:
    from lexguard.grounding.claims._claim_types import classify_claim

    assert classify_claim("Halloran's really good") == "opinion"
    assert classify_claim("Halloran's really good at penalties") == "fact"


def test_a_question_about_what_the_one_answering_knows_asks_its_inner_question() -> None:
    from lexguard.grounding.claims._short_answers import plain_question

    assert plain_question("Do you know who plays drums for Kestrel Albion?") == "who plays drums for Kestrel Albion?"
    assert answer_statement("Do you know who coaches Kestrel Albion?", "That's Dana Price.") == (
        "Dana Price coaches Kestrel Albion.")
