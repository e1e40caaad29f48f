"""Questions to the reader and remarks about the speaker are not facts (``grounding/claims/_chat.py``);
a question or a remark that carries or supposes a fact is still checked.

A correct chat answer that closed with a question back ("He also directed Avatar. Have you seen
it?") was refused: the question was read as a fact no source states (0.01).
"""

from __future__ import annotations

import doctest

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims import _chat
from lexguard.grounding.claims._chat import is_question_to_reader
from lexguard.grounding.claims._worthiness import QUESTION_REASON, not_a_fact

QUESTIONS = [
    "Have you seen it?", "Do you have a favourite song of hers?", "What do you think?", "How about you?",
    "Which of his films is your favourite?", "Would you like to know more about his other films?",
    "Are you a fan of his music?", "What did you think of the story?", "Is there anything else I can help you with?",
    "Any other questions?", "Have you been to the castle yet?", "Did you enjoy the film, by the way?",
    "Do you want the recipe?", "So, have you tried it?", "Have you walked it before?", "Have you booked your tickets yet?",
    "Do you prefer literary stuff or something lighter?", "Are you into mysteries?", "Do you like a twisty plot?",
    "Do you listen to much folk?", "What's your favourite part of it?", "Want a backup pick too?",
    "Any dietary restrictions I should keep in mind?", "What part stuck with you most?",
    "Do you usually like stories set at sea?",
    # thirty-third session: "that" closing the question, "for long" and "live" ask nothing of the sources
    "Do you want more like that?", "Have you followed her career for long?", "Have you seen her play live?",
    # thirty-sixth session (a blind chat trial): a demonstrative closing an offer, the age of someone the
    # reader spoke of, which of two ways the reader would start
    "Want more ambient picks after that?", "Any more questions about this?", "How old is she?",
    "Would you rather read it first or start with the show?", "Do you follow it closely?",
]
FACTS = [
    "Did you know he won three Oscars?", "Have you seen Avatar, which won three Oscars?", "Do you like the NFL?",
    "Have you tried their famous lobster?", "Do you think it was built by aliens?", "Was it built in 1889?",
    "Is it true that the tower is red?", "Have you visited the museum that opened in June?",
    "Did you know that the bridge is closed on Sundays?", "Have you seen his 2015 film?",
    "Did you hear the museum is free on Mondays?", "Why did he leave the band?",
    "Have you seen it? It won three Oscars.", "Should we have acted sooner?", "Have you tried the restored chapel?",
    "Do you like the famous lobster?", "Are you into 1990s pop?", "Have you seen the new wing they opened?",
    "Are you a Comets fan yourself?",
    "Want the sequel after that?", "Want more picks from that label?", "How old was he when he won it?",
    "How old is the band?", "Would you rather start with the 2019 film?", "Have you seen the newly restored chapel?",
]


@pytest.mark.parametrize("text", QUESTIONS)
def test_a_question_to_the_reader_is_no_fact(text: str) -> None:
    assert is_question_to_reader(text)
    assert not_a_fact(text) == QUESTION_REASON


@pytest.mark.parametrize("text", FACTS)
def test_a_question_that_carries_a_fact_is_checked(text: str) -> None:
    assert not is_question_to_reader(text)
    assert not_a_fact(text) is None


def test_the_examples_run() -> None:
    assert doctest.testmod(_chat).failed == 0


def test_an_answer_that_closes_with_a_question_is_accepted_and_a_wrong_one_is_not() -> None:
    checker = SupportChecker()
    source = [Source(id="kb", content="James Cameron directed Avatar. Avatar stars Sam Worthington.")]
    right = checker.check("He also directed Avatar, which stars Sam Worthington. Have you seen it?", source)
    assert [c.status for c in right.claims] == ["supported", "not_checked"]
    assert right.claims[1].reason == QUESTION_REASON
    assert not any(c.supported is False for c in right.claims)
    wrong = checker.check("He also directed Avatar, which stars Zoe Saldana. Have you seen it?", source)
    assert wrong.claims[0].supported is False


@pytest.mark.parametrize(
    ("answer", "source", "question"),
    [
        ("I do! It was directed by Christopher Nolan.", "Inception is directed by Christopher Nolan.", "Do you like Inception?"),
        ("Me too! She won the Grammy for Best New Artist.", "Adele won the Grammy Award for Best New Artist.", "I really like Adele."),
        ("Frank Herbert wrote it. It's one of my favourite books!", "Dune is written by Frank Herbert.", "Who wrote Dune?"),
        ("Frank Herbert wrote it. I haven't read it myself though.", "Dune is written by Frank Herbert.", "Who wrote Dune?"),
        ("I haven't, but I know Cormac McCarthy wrote it.", "The Road is written by Cormac McCarthy.", "Have you read The Road?"),
    ],
)
def test_a_chat_reply_about_the_speaker_is_no_fact(answer: str, source: str, question: str) -> None:
    """Found in a trial of chat answers: "I do!", "Me too!", "It's one of my favourite books!" and
    "I haven't read it myself" were read as facts no source states, and refused correct replies."""
    result = SupportChecker().check(answer, [Source(id="kb", content=source)], question)
    assert not any(c.supported is False for c in result.claims)
    assert any(c.supported is True for c in result.claims)


@pytest.mark.parametrize(
    ("answer", "source"),
    [
        ("Me too! She won the Grammy for Album of the Year in 2009.", "Adele won the Grammy Award for Best New Artist."),
        ("I haven't, but I know Stephen King wrote it.", "The Road is written by Cormac McCarthy."),
        ("I have read it: it was written in 1925 by Isaac Asimov.", "Dune is written by Frank Herbert."),
    ],
)
def test_a_fact_in_a_chat_reply_is_still_checked(answer: str, source: str) -> None:
    result = SupportChecker().check(answer, [Source(id="kb", content=source)])
    assert any(c.supported is False for c in result.claims)


@pytest.mark.parametrize(
    "claim",
    [
        "She won the Grammy for Best New Artist.", "It won the award for best design.", "He was nominated for Best Actor.",
        "He was named the Coastal Cup Best Goalkeeper.",  # a title of two capitalised words after "Best"
    ],
)
def test_an_award_named_best_is_a_fact(claim: str) -> None:
    """Found in the same trial: "She won the Grammy for Best New Artist" was an opinion ("best"),
    so a wrong award was never checked."""
    from lexguard.grounding.claims._claim_types import classify_claim

    assert classify_claim(claim) == "fact"


def test_not_yet_is_a_reply_only_before_what_the_speaker_knows() -> None:
    """"Not yet, but I know ..." speaks of the speaker; "Not yet, the bridge opens in May" answers
    the question and is read with it."""
    checker = SupportChecker()
    reply = checker.check("Not yet, but I know it won the Halden Prize.",
                          [Source(id="kb", content="The novel won the Halden Prize.")], "Have you read it?")
    assert not any(c.supported is False for c in reply.claims)
    answer = checker.check("Not yet, the bridge opens in May.", [Source(id="kb", content="The bridge opened in 2019.")],
                           "Has the bridge opened?")
    assert any(c.supported is False for c in answer.claims)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("The Louvre is a wonderful museum in Rome.", "fact"),
        ("The Shining is an amazing horror novel by Dean Koontz.", "fact"),
        ("The Shining is a classic horror novel by him.", "fact"),
        ("They are an amazing band.", "opinion"),
        ("Paris is a beautiful city.", "opinion"),
        ("The Great Gatsby was written by F. Scott Fitzgerald.", "fact"),
        ("A great deal of money was spent.", "fact"),
    ],
)
def test_a_judgement_said_of_a_relation_is_a_fact(text: str, kind: str) -> None:
    """Found in a trial of chat answers: "The Louvre is a wonderful museum in Rome" was an
    opinion ("wonderful"), never checked. ("great" is read as a fact: as an opinion it let four
    hallucinated RAGTruth dev answers through, "a great selection of ...".)"""
    from lexguard.grounding.claims._claim_types import classify_claim

    assert classify_claim(text) == kind


@pytest.mark.parametrize(
    ("text", "remark"),
    [
        ("I love that movie!", True), ("I haven't read it myself though.", True), ("It's one of my favourite books!", True),
        ("I haven't seen the sequel yet.", True), ("I like jazz too.", True),
        ("I loved the Louvre in Rome.", False), ("I have read it twice.", False), ("I love that it was built in 1889.", False),
        ("I love that the museum is free.", False), ("I haven't read it, but it won the Booker Prize.", False),
    ],
)
def test_a_remark_about_the_speaker(text: str, remark: bool) -> None:
    from lexguard.grounding.claims._chat import is_speaker_remark
    from lexguard.grounding.claims._worthiness import SPEAKER_REASON

    assert is_speaker_remark(text) is remark
    assert (not_a_fact(text) == SPEAKER_REASON) is remark


def test_the_guard_accepts_a_reply_with_a_remark_about_the_speaker() -> None:
    """The guard held an opinion the sources do not support below its bar, so "I haven't read it
    myself" made a correct chat reply fall back."""
    from lexguard import Guard

    report = Guard().validate_answer("Frank Herbert wrote it. I haven't read it myself though.",
                                     sources=[Source(id="kb", content="Dune is written by Frank Herbert.")],
                                     question="Who wrote Dune?")
    assert report.verdict == "accept"


def test_a_judgement_of_a_name_the_sources_hold_stays_a_judgement() -> None:
    """Found in the RAGTruth dumps: "a highly regarded local business in Santa Barbara, ... with
    excellent service" beside a Santa Barbara business's record became a fact the verifier doubted."""
    from lexguard.grounding.claims._claim_types import classify_claim

    sources = ["The Louvre is a museum in Paris.", "Renaud's is a bistro in Santa Barbara."]
    assert classify_claim("The Louvre is a wonderful museum in Rome.", sources) == "fact"
    assert classify_claim("The Louvre is a wonderful museum in Paris.", sources) == "opinion"
    assert classify_claim("Renaud's is a bistro in Santa Barbara with excellent service.", sources) == "opinion"


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("What a beautiful cantilever bridge the Tamsin Bridge is!", "fact"),
        ("A stunning coastal railway, the Verdant Line is one of the loveliest trips around.", "fact"),
        ("The hotel has stunning sea views.", "fact"),
        ("Paris is a beautiful city.", "opinion"),
        ("The food was delicious.", "opinion"),
        ("It is an amazing place to eat.", "opinion"),
    ],
)
def test_a_judgement_that_wraps_a_kind_is_a_fact(text: str, kind: str) -> None:
    """Found in a clean trial: "What a beautiful cantilever bridge" beside a suspension bridge, and
    "a stunning coastal railway" beside one through the mountains, were opinions, never checked."""
    from lexguard.grounding.claims._claim_types import classify_claim

    assert classify_claim(text) == kind


@pytest.mark.parametrize(
    "text", ["Glad you enjoyed it!", "Glad you had a good night!", "Great band.", "Such a good track!", "Great question!"]
)
def test_a_pleasantry_or_praise_is_no_fact(text: str) -> None:
    assert not_a_fact(text) is not None


@pytest.mark.parametrize("text", ["Great food at the Ritz.", "Great, it opened in 1990.", "Such a good 1990 vintage!"])
def test_praise_that_names_or_states_something_is_checked(text: str) -> None:
    assert not_a_fact(text) is None


def test_a_word_free_in_a_question_judges_in_a_remark() -> None:
    """Review: "for long" made "long" a function word, and "it was a little long" (a BEGIN reply
    the sources do not support) became a remark about the speaker, not checked."""
    assert not_a_fact("it was a little long") is None
