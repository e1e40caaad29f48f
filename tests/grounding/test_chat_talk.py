"""The thirty-fifth session's chat cases, written by hand after a blind chat trial whose correct
replies were refused for their talk to the reader ("Get some snacks", "it'd be a fun conversation
starter", "Those teams were so much fun to watch!") and for short answers the question shapes did
not reach ("Oh, who's it by again?" - "George Orwell.")."""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._chat_talk import TALK_REASON, is_talk
from lexguard.grounding.claims._claims import extract_claims
from lexguard.grounding.claims._short_answers import answer_statement

from ._accepting import is_refused

KNOWN = frozenset({"Harrow", "Lane", "Ines", "Caldera", "Milo", "Dunne"})
HEARD = KNOWN | {"party", "album", "ending"}
"""What a chat so far gave: the names, and the words talk may point at with "the" ("the party")."""
FILM = ("Harrow Lane is a film directed by Ines Caldera. Harrow Lane is starring Milo Dunne. Harrow Lane has genre "
        "thriller. Harrow Lane was released in 2017.")
PLAYER = "Tessa Marlow plays for the Dunmore Harriers. Tessa Marlow plays the position goalkeeper."
CHAT = "[Human]: I'm watching Harrow Lane tonight.\n[Assistant]: Good choice!\n[Human]: What is it like?"
SPORT = "[Human]: I saw the Dunmore Harriers play last night.\n[Assistant]: Fun!\n[Human]: Tessa Marlow was great."


@pytest.mark.parametrize("text", [
    "Get some snacks",
    "Tell her she's reading something special!",
    "You might want to read it before the party, it'd be a fun conversation starter!",
    "it should keep you on the edge of your seat",
    "Those teams were so much fun to watch!",
    "She's fun to watch, isn't she?",
    "it's worth settling in for!",
    "It sounds like a sweet choice for her!",
    "You're in for a treat.",
    "Prepare for some friendly trash talk!",
    "Then Harrow Lane might suit you.",
    "The ending will keep you hooked!",  # "The" opening the sentence is no name
    "You'll love it, won't you?",
])
def test_talk_to_the_reader(text: str) -> None:
    assert is_talk(text, HEARD)


@pytest.mark.parametrize("text", [
    "You'll love that it was her debut.",  # a clause of its own
    "You should know she directed it too.",  # a deed
    "You might like it, it won three awards.",  # a number
    "You might like Harrow Lane by Milo Dunne.",  # a credit: who made it is checked
    "You'd love it, it stars Tom Hanks.",  # a name the chat never gave, and a deed
    "He was their top scorer, you'd love watching him.",  # a fact joined to the talk
    "It's his debut, you'll love it.",
    "It sounds like a sci-fi film.",  # an impression of what it is, not of the reader's choice
    "Hit the Road won an award.",  # a title that looks like advice, and a deed
    "It must be the best-selling album of the year.",  # a guess, but not to the reader
    "You might enjoy Copper Sky too.",  # a name the chat never gave
    "You'll find it in the fantasy section.",  # a fact told to the reader: no liking, feeling or wanting
    "You get to see him as a villain in it.",
    "You know it's his debut.",  # a statement after a verb of knowing
    "You're probably thinking of his brother.",
    # found by a hostile review: a work, a role or a person's part the talk presumes, a number in words
    "You'll love her other thriller, too.",
    "You'll love Milo Dunne's direction.",
    "Thank her husband Milo Dunne.",
    "You'll love Milo Dunne as the villain.",
    "Watch it with the sequel.",
    "You'll enjoy the original novel too!",
    "Harrow Lane is a comedy you'll love.",
    "It's a nineties classic you'll love.",
    "You'll love all three sequels.",
    "Worth it for Milo Dunne's oscar-nominated cameo alone.",
    "You'll love Harrow Lane \u2161.",
    "You'll love the seaside setting.",  # a setting the chat never spoke of, pointed at with "the"
    "You might enjoy her award-winning role.",
    "You're in for a treat with this silent comedy.",
    "Catch the director's cut on streaming.",
    "You'll love Milo Dunne in Harrow Lane too.",
    "Watch for the cameo by her.",
    "You deserve a break after all those sequels.",
    "if you liked Harrow Lane, you might enjoy more of Ines Caldera's films.",  # her films: checked, to be safe
])
def test_not_talk(text: str) -> None:
    assert not is_talk(text, HEARD)


def test_a_closing_clause_of_talk_is_a_claim_of_its_own_in_a_chat_only() -> None:
    text = "It's a thriller from Ines Caldera, and it should keep you on the edge of your seat."
    assert [c.text for c in extract_claims(text, chat=True)] == [
        "It's a thriller from Ines Caldera", ", and it should keep you on the edge of your seat."]
    assert [c.text for c in extract_claims(text)] == [text]  # elsewhere the sentence is read whole


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("question", "answer", "refused"), [
    (CHAT, "It's a thriller, and it should keep you on the edge of your seat. Get some snacks!", False),
    (CHAT, "It's a comedy, and it should keep you on the edge of your seat. Get some snacks!", True),
    (CHAT, "Milo Dunne stars in it. You might want to watch it with friends, it'd be a fun night in!", False),
    (CHAT, "Milo Dunne directed it. You might want to watch it with friends, it'd be a fun night in!", True),
    (SPORT, "She's their goalkeeper! Those matches are so much fun to watch.", False),
    (SPORT, "She's their striker! Those matches are so much fun to watch.", True),
    (SPORT, "She's fun to watch, isn't she? She won the Golden Boot last season.", True),
])
def test_chat_replies_with_talk(checker: SupportChecker, question: str, answer: str, refused: bool) -> None:
    source = FILM if question == CHAT else PLAYER
    assert is_refused(checker, answer, [source], question) is refused


def test_talk_is_reported_as_not_checked(checker: SupportChecker) -> None:
    from lexguard._models import Source

    result = checker.check("It's a thriller. Get some snacks!", [Source(id="s", content=FILM)], CHAT)
    talk = [c for c in result.claims if c.text.startswith("Get")]
    assert talk and talk[0].status == "not_checked" and talk[0].reason == TALK_REASON


@pytest.mark.parametrize(("question", "answer", "statement"), [
    ("Oh, who's it by again?", "George Orwell.", "It is by George Orwell."),
    ("Who is the bridge named after?", "Edith Cavell.", "The bridge is named after Edith Cavell."),
    ("What genre would you call Static Hearts?", "Synth-pop, I'd say.", "Static Hearts is Synth-pop."),
    ("What kind of music is it?", "Soft rock.", "It is Soft rock."),
])
def test_short_answers_in_more_question_shapes(question: str, answer: str, statement: str) -> None:
    assert answer_statement(question, answer) == statement


def test_a_judgement_before_a_dash_leaves_the_fact_after_it_a_fact() -> None:
    """"Oh, perfect timing \u2014 X by Y is set in Cornwall" was an opinion beside sources that name
    Y: a wrong author there would have gone unchecked."""
    from lexguard.grounding.claims._claim_types import classify_claim

    text = "Oh, perfect timing \u2014 Harrow Lane by Ines Caldera is set in Cornwall."
    assert classify_claim(text, [FILM + " Harrow Lane is set in Cornwall."]) == "fact"
    assert classify_claim("Oh, perfect timing!", [FILM]) == "opinion"


@pytest.mark.parametrize(("text", "read"), [
    ("You might like Harrow Lane by Ines Caldera.", "Harrow Lane by Ines Caldera."),
    ("I'd start with Harrow Lane, their film from 2017.", "Harrow Lane, their film from 2017."),
])
def test_a_recommendation_is_read_as_what_it_names(text: str, read: str) -> None:
    from lexguard.grounding.claims._judged_facts import without_judgement

    assert without_judgement(text) == read


@pytest.mark.parametrize(("text", "cut"), [
    ("If you liked that one, she also directed Copper Sky.", True),
    ("If you liked it, she also directed Copper Sky.", True),
    ("If you liked her comedy debut, she also directed Copper Sky.", False),  # presumes a debut the sources must hold
    ("If you liked the book, she also directed Copper Sky.", False),
])
def test_a_readers_condition_presumes_no_work(text: str, cut: bool) -> None:
    """Found by the hostile review: "If you liked her comedy debut, you'll love this one" left the
    debut unchecked (the reader's condition is not read); a condition of what the reader liked reads
    only "it" or "that one"."""
    from lexguard.grounding.claims._reader_tails import reader_lead_end

    assert (reader_lead_end(text) is not None) is cut
