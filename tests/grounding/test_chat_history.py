"""A question that is a chat so far is read as its last user turn (``grounding/claims/_dialogue.py``),
and a claim's "he" or "she" as the person the chat or the answer named before it
(``grounding/claims/_antecedents.py``).

A short answer after a chat history ("[Human]: ... [Human]: Who directed it?" - "Henrik Dalmore
did.") was read by the verifier after the whole transcript and refused; "Yes, she won the
Brightwater Music Prize" after "Ressa Lund is so talented. Has she won anything?" was accepted,
the prize being Corin Vey's: the rules had no name to bind.
"""

from __future__ import annotations

import doctest

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims import _dialogue
from lexguard.grounding.claims._antecedents import people_meant
from lexguard.grounding.claims._passages import passage_sentences
from lexguard.grounding.claims._dialogue import asked_turn, chat_turns

FILMS = ("Salt Road Sisters was directed by Henrik Dalmore.The Lantern Keeper is starring Odile Varek."
         "Odile Varek starred in Salt Road Sisters.The Lantern Keeper was directed by Mara Quist.")
CHOIR = ("Lowtide Choir, is from, Ferrow Island\nRessa Lund, is a member of, Lowtide Choir\n"
         "Ressa Lund, is from, Maddox Point\nCorin Vey, won award, the Brightwater Music Prize")


def _refused(answer: str, source: str, question: str | None) -> bool:
    result = SupportChecker().check(answer, [Source(id="kb", content=source)], question)
    return any(c.supported is False for c in result.claims)


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("[Human]: Do you know Salt Road Sisters? [Assistant]: I do! [Human]: Who directed it?",
         "Who directed Salt Road Sisters?"),
        ("[Human]: Do you know it? [Assistant]: I do! [Human]: Who directed it?", "Who directed it?"),
        ("User: I just watched it.\nAssistant: How was it?\nUser: Really good. Who made it?", "Who made it?"),
        ("[Human]: Who wrote it? [Assistant]: Mara Quist. [Human]: Thanks, that helps.", "Thanks, that helps."),
        ("Who directed Salt Road Sisters?", "Who directed Salt Road Sisters?"),
        ("Summarise this: User: hello", "Summarise this: User: hello"),  # text before the first label: no chat
    ],
)
def test_a_chat_is_asked_by_its_last_user_turn(question: str, asked: str) -> None:
    assert asked_turn(question) == asked


def test_a_chat_needs_a_user_turn() -> None:
    assert chat_turns("Assistant: hi\nAI: hello again") is None
    assert [t.user for t in chat_turns("[Human]: hi [Assistant]: hello") or []] == [True, False]
    assert asked_turn("[Human]: Tamsin Rook is in The Fenlight Parade, isn't she?") == (
        "Tamsin Rook is in The Fenlight Parade, isn't she?")


def test_the_examples_run() -> None:
    assert doctest.testmod(_dialogue).failed == 0


HISTORY = "[Human]: Do you know Salt Road Sisters? [Assistant]: Yes, that's the one with Odile Varek. [Human]: Who directed it?"


@pytest.mark.parametrize(("answer", "refused"), [("Henrik Dalmore did.", False), ("Mara Quist did.", True)])
def test_a_short_answer_after_a_chat_is_read_with_its_last_question(answer: str, refused: bool) -> None:
    assert _refused(answer, FILMS, HISTORY) is refused


@pytest.mark.parametrize(
    ("answer", "refused"),
    [
        ("Yes, she won the Brightwater Music Prize a while back.", True),  # Corin Vey's prize
        ("She's from Maddox Point, I think.", False),
        ("She grew up on Ferrow Island.", True),  # the choir's island, not hers
    ],
)
def test_she_is_the_person_the_chat_named(answer: str, refused: bool) -> None:
    question = "[Human]: Ressa Lund is so talented. Has she won anything?"
    assert _refused(answer, CHOIR, question) is refused


@pytest.mark.parametrize(
    ("claims", "turns", "meant"),
    [
        (["Kestrel Bay Rovers have him in their squad."], ["Which club is Dario Fenn with?"], ["Dario Fenn"]),
        (["Felix Brandt penned it.", "He also wrote Midnight Tram."], [], [None, "Felix Brandt"]),
        (["Anya Roszak directed it, and she is superb."], ["Who stars in it? Bram Oduya?"], [None]),  # named in the claim
        (["Tom Hanks met Meg Ryan.", "He said hello."], [], [None, None]),  # two people: unsure
        (["Fans mocked her and Prince Harry.", "Some questioned her plans."], [], [None, None]),  # "her" is unnamed
        (["She wrote it."], ["I keep seeing Marisol Tennant's name. What's she known for?"], ["Marisol Tennant"]),
        (["She wrote it."], ["Was Prince Arthur Bell in it?"], [None]),  # a prince is no "she"
        (["She wrote it."], ["I love Harbor of Lanterns."], [None]),  # a title, no person
    ],
)
def test_who_a_pronoun_is(claims: list[str], turns: list[str], meant: list[str | None]) -> None:
    assert people_meant(claims, turns, lambda name: True) == meant


def test_a_person_the_sources_do_not_name_is_not_meant() -> None:
    assert people_meant(["He wrote it."], ["Who is Arlo Finch?"], lambda name: False) == [None]


def test_a_pronoun_of_the_asked_turn_is_the_one_an_earlier_turn_names() -> None:
    assert asked_turn("User: Who sings it?\nAssistant: That's Priya Lanthorne.\nUser: Has she won anything?") == (
        "Has Priya Lanthorne won anything?")
    assert asked_turn("User: Tom Hanks and Meg Ryan?\nAssistant: Yes.\nUser: Has she won anything?") == (
        "Has she won anything?")  # two people: left as it is


BAND = ("Northbound Glass, performed by, Tamsin Rook\nNorthbound Glass, is written by, Eli Marchbanks\n"
        "Tamsin Rook, is a member of, The Fenlight Parade")


@pytest.mark.parametrize(
    ("answer", "question", "refused"),
    [
        ("She is!", "[Human]: Tamsin Rook is in The Fenlight Parade, isn't she?", False),
        ("He did, yeah.", "[Human]: Tamsin Rook performed Northbound Glass, didn't she?", False),
        ("He did, yeah.", "[Human]: Eli Marchbanks performed Northbound Glass, didn't he?", True),
        ("That's Tamsin Rook!", "[Human]: Who performed Northbound Glass?", False),
        ("That's Eli Marchbanks!", "[Human]: Who performed Northbound Glass?", True),
    ],
)
def test_an_echoed_yes_and_a_pointed_name_answer_the_chat(answer: str, question: str, refused: bool) -> None:
    assert _refused(answer, BAND, question) is refused


@pytest.mark.parametrize(
    ("passage", "sentences"),
    [
        ("Ticket price: £8\nOpening hours: 10am to 6pm\nGuided tour: 2pm daily",
         ["Ticket price: £8", "Opening hours: 10am to 6pm", "Guided tour: 2pm daily"]),  # every line read
        ("A heading\nThe base was renamed in 2023. It opened in 1918.", ["The base was renamed in 2023.", "It opened in 1918."]),
    ],
)
def test_a_passage_written_as_lines_is_read_line_by_line(passage: str, sentences: list[str]) -> None:
    assert [s for s in passage_sentences(passage) if s] == sentences


def test_triples_in_lines_are_read_as_statements() -> None:
    """Every line but the last of "A, relation, B" triples was dropped: "Eli Marchbanks performed
    Northbound Glass" passed beside "Northbound Glass, performed by, Tamsin Rook"."""
    assert _refused("Eli Marchbanks performed Northbound Glass.", BAND, None)


def test_a_one_word_name_may_be_the_person_meant() -> None:
    claims = ["TV chef Marcus Delaney ordered to pay ex-wife Simone £6.2million", "She had sought half"]
    assert people_meant(claims, [], lambda name: True) == [None, None]


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("[Human]: A friend told me The Glass Orchard won a prize. Is that right?", "The Glass Orchard won a prize, right?"),
        ("[Human]: I'm off to a Dunmore Harriers game. [Assistant]: Fun! [Human]: Which city are they in?",
         "Which city are Dunmore Harriers in?"),
        ("[Human]: I met Lottie Brannagh. [Assistant]: Oh? [Human]: Who's her husband again?",
         "Who's Lottie Brannagh's husband again?"),
    ],
)
def test_what_the_last_turn_asks(question: str, asked: str) -> None:
    assert asked_turn(question) == asked


def test_they_is_a_plural_name_never_a_prize() -> None:
    chat = "[Human]: The Comets won the Hallworth Trophy! [Assistant]: Huge result. [Human]: Who coaches them?"
    assert asked_turn(chat) == "Who coaches Comets?"
    assert asked_turn("[Human]: I love Juno Arcade. [Human]: Where are they from?") == "Where are Juno Arcade from?"


def test_it_is_the_one_thing_named_before_the_answer_names_one() -> None:
    turns = ["Who's behind The Salt Orchard?"]
    named = lambda name: True  # noqa: E731 - every name is in the sources here
    assert _dialogue.things_meant(["Osric Dalby directed it.", "It came out in 2011."], turns, named) == [
        "Salt Orchard", "Salt Orchard"]
    # the answer names a thing first: its own "it" is that one (the one thing the claim before names)
    assert _dialogue.things_meant(["Paper Lanterns is hers.", "It came out in 2011."], turns, named) == [
        None, "Paper Lanterns"]
    assert _dialogue.things_meant(["Paper Lanterns is hers, with Glass Tigers.", "It came out in 2011."], turns,
                                  named) == [None, None]  # two things: which is unsure
    assert _dialogue.things_meant(["Osric Dalby directed it."], turns, lambda name: False) == [None]


LARKSPUR = ("Ivo Renke, is a member of, Larkspur Static\nLarkspur Static, has genre, Dream pop\n"
        "Larkspur Static, founded by, Mara Delacourt\nHush Lanterns, performed by, Larkspur Static")


@pytest.mark.parametrize(
    ("question", "answer", "refused"),
    [
        ("[Human]: Is Ivo Renke still with Larkspur Static?", "Yep, he's a member.", False),
        ("[Human]: Is Ivo Renke still with Larkspur Static?", "Yep, he founded them.", True),
        ("[Human]: What genre is Larkspur Static?", "It's dream pop.", False),
        ("[Human]: What genre is Larkspur Static?", "They're a jazz band.", True),
    ],
)
def test_the_verifier_reads_the_name_an_opening_pronoun_stands_for(question: str, answer: str, refused: bool) -> None:
    assert _refused(answer, LARKSPUR, question) is refused


def test_with_names_writes_only_the_opening_pronoun() -> None:
    from lexguard.grounding._reading import with_names
    from lexguard.grounding.claims._antecedents import Meant

    meant = [Meant(person="Ivo Renke"), Meant(thing="Larkspur Static"), None, Meant(person="Ivo Renke")]
    texts = ["Yep, he's a member.", "They're based in Ashby.", "It's dream pop.", "She's based in Ashby."]
    assert with_names(texts, meant) == ["Yep, Ivo Renke is a member.", "Larkspur Static are based in Ashby.",
                                        "It's dream pop.", "Ivo Renke is based in Ashby."]


def test_a_title_ending_in_a_plural_noun_is_no_person() -> None:
    from lexguard.grounding.claims._antecedents import people_in

    assert people_in("Lamplight Psalms. Anything else by her?") == []
    assert people_in("I adore Ines Varga-Lowe and Tom Williams.") == ["Ines Varga-Lowe", "Tom Williams"]
