"""A "Yes" or "No" is read with the yes/no question it answers."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import GroundingConfig, SupportChecker
from lexguard.grounding.claims._questions import answer_word
from lexguard.grounding.claims._questions import polar_proposition
from tests.claim_statuses import statuses

SOURCE = [
    Source(
        id="tower",
        content="The Eiffel Tower was completed in 1889 for the World's Fair. It was designed by the company of "
        "Gustave Eiffel and is 330 metres tall.",
    )
]


@pytest.mark.parametrize(
    ("question", "proposition"),
    [
        ("Was the Eiffel Tower completed in 1889?", "the Eiffel Tower was completed in 1889"),
        ("Is it 330 metres tall?", "it is 330 metres tall"),
        ("Did Gustave Eiffel design it?", "Gustave Eiffel designed it"),
        ("Can the tower's lift carry ten people?", "the tower's lift can carry ten people"),
        ("Did Eiffel design anything else?", "Eiffel designed something else"),  # "any" asked, "some" stated
        ("Has it ever had any other name?", "it has had some other name"),
        ("Did anyone else work on it?", "someone else worked on it"),
        ("When was the tower completed?", None),  # not a yes/no question
        ("Wasn't the tower completed in 1889?", None),  # a negative question
        ("Was the tower completed in 1889", None),  # no question mark: not read as a question
        (None, None),
    ],
)
def test_the_proposition_of_a_question(question: str | None, proposition: str | None) -> None:
    assert polar_proposition(question) == proposition


@pytest.mark.parametrize(
    ("text", "yes"),
    [("Yes, it was.", True), ("No.", False), ("Nope - it was not.", False), ("Correct: 1889.", True),
     ("Nobody knows.", None), ("Notably, it is tall.", None)],
)
def test_the_answer_word(text: str, yes: bool | None) -> None:
    word = answer_word(text)
    assert (word.yes if word else None) is yes


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker(GroundingConfig())


def _assert_verdict(accepted: bool, answer: str, sources: list[Source], question: str) -> None:
    """The answer is accepted, or not, with its claims in the message."""
    result = SupportChecker().check(answer, sources, question)
    assert (result.recommendation == "accept") is accepted, [(c.text, c.status, c.support) for c in result.claims]


@pytest.mark.parametrize(
    ("question", "answer", "status"),
    [
        ("Was the Eiffel Tower completed in 1889?", "Yes.", "supported"),
        ("Was the Eiffel Tower completed in 1889?", "Yes, it was completed in 1889.", "supported"),
        ("Was the Eiffel Tower completed in 1889?", "No.", "contradicted"),
        ("Was the Eiffel Tower completed in 1889?", "No, it was completed in 1889.", "contradicted"),
        ("Was the Eiffel Tower completed in 1900?", "No, it was completed in 1889.", "supported"),
        ("Was the Eiffel Tower completed in 1900?", "No.", "supported"),
        ("Was the Eiffel Tower completed in 1900?", "Yes.", "contradicted"),
        ("Is the Eiffel Tower 330 metres tall?", "No, it is shorter.", "contradicted"),
        ("Did Gustave Eiffel's company design the tower?", "No.", "contradicted"),
    ],
)
def test_the_answer_word_is_checked_against_the_question(
    checker: SupportChecker, question: str, answer: str, status: str
) -> None:
    result = checker.check(answer, SOURCE, question)
    assert [c.status for c in result.claims] == [status]
    if status != "supported":
        assert any(f.rule_id == "grounding.yes_no" and f.severity == "hard" for f in result.findings)


def test_a_wh_question_leaves_the_answer_word_alone(checker: SupportChecker) -> None:
    result = checker.check("Yes.", SOURCE, "When was the Eiffel Tower completed?")
    assert result.inconclusive and [c.status for c in result.claims] == ["not_checked"]


def test_a_no_whose_question_could_not_be_checked_is_not_accepted(checker: SupportChecker, monkeypatch) -> None:
    # the statement after the "No" is supported, but the question's statement could not be checked
    monkeypatch.setattr(type(checker), "_proposition", lambda self, statement, sources: ("not_checked", "", 0.0))
    result = checker.check("No, it was completed in 1889.", SOURCE, "Was the Eiffel Tower completed in 1900?")
    assert result.claims[0].supported is False
    assert any(f.rule_id == "grounding.yes_no" and "could not be checked" in f.message for f in result.findings)


@pytest.mark.parametrize("answer", ["That's correct.", "Exactly.", "You're right.", "Definitely.", "Of course!"])
def test_an_affirmation_alone_is_read_with_the_question(answer: str) -> None:
    """Chat acknowledgements are fillers ("yeah!"), but one that answers a yes/no question is the
    answer: "That's correct." to a false premise was accepted unchecked once it was a filler."""
    from lexguard.grounding import SupportChecker

    sources = ["The Eiffel Tower is 330 metres tall and was completed in 1889."]
    result = SupportChecker().check(answer, sources, "Is the Eiffel Tower 500 metres tall?")
    assert result.recommendation != "accept"
    assert [c.status for c in result.claims] == ["contradicted"]


@pytest.mark.parametrize(("answer", "question", "accepted"), [
    ("Yes.", "Is the Eiffel Tower 330 metres tall?", True),
    ("No.", "Is the Eiffel Tower 500 metres tall?", True),
    ("Yes.", "Is the Eiffel Tower 500 metres tall?", False),
    ("No.", "Is the Eiffel Tower 330 metres tall?", False),
])
def test_a_bare_yes_or_no_that_is_right_is_not_refused(answer: str, question: str, accepted: bool) -> None:
    """With the Self-RAG reflection on (the default), a bare "Yes." scored 0.70 of usefulness
    against its question and the right answer was sent back below the confidence bar."""
    from lexguard.grounding import SupportChecker

    sources = ["The Eiffel Tower is 330 metres tall and was completed in 1889."]
    result = SupportChecker().check(answer, sources, question)
    assert (result.recommendation == "accept") is accepted, (result.recommendation, result.confidence)


@pytest.mark.parametrize(("answer", "question", "accepted"), [
    ("Exactly.", "So the Eiffel Tower was completed in 1900, right?", False),
    ("Exactly.", "So the Eiffel Tower was completed in 1889, right?", True),
    ("Yes.", "The Eiffel Tower is 500 metres tall, isn't it?", False),
])
def test_a_statement_with_a_question_tag_is_a_yes_no_question(answer: str, question: str, accepted: bool) -> None:
    """"..., right?" asks about the statement before it; a bare answer to it went unread."""
    from lexguard.grounding import SupportChecker

    sources = ["The Eiffel Tower is 330 metres tall and was completed in 1889."]
    result = SupportChecker().check(answer, sources, question)
    assert (result.recommendation == "accept") is accepted, (result.recommendation, result.claims)


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        # the statement says what the sources say instead, in their words: the "No" is right even
        # when the question's statement, in other words, reads as supported
        ("No, only guide dogs may go into the passenger lounges.", True),
        ("No, the --fast flag cannot be combined with --quiet.", False),  # a negation is not trusted so
    ],
)
def test_a_no_whose_statement_says_what_the_sources_say_instead(answer: str, accepted: bool) -> None:
    sources = [Source(id="ferry", content="Dogs are allowed on all crossings but must stay on a lead on the outside "
                                          "deck. Only guide dogs may go into the passenger lounges."),
               Source(id="cli", content="The --fast flag skips the checksum step. It can be combined with --quiet "
                                        "to hide the progress bar.")]
    question = ("Can my pet dog come into the passenger lounge with me?" if "dogs" in answer
                else "Can I use --fast together with --quiet?")
    _assert_verdict(accepted, answer, sources, question)


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        # the statement denies what a source sentence denies too: the "No" is right even though the
        # verifier reads the question's statement ("I need an appointment for the clinic") as supported
        ("No, no appointment is needed.", True),
        ("No, it's a walk-in clinic, so no appointment is needed.", True),
        ("Yes, you need an appointment.", False),
        ("No, the clinic does not open on Sundays.", False),  # a denial no source makes
    ],
)
def test_a_no_whose_denial_the_sources_make_too_is_not_refused(answer: str, accepted: bool) -> None:
    sources = [Source(id="clinic", content="The walk-in flu clinic at Marsh Lane Surgery runs on 4 and 11 October "
                                           "from 9 am to 1 pm. No appointment is needed. Bring your NHS number if "
                                           "you know it.")]
    _assert_verdict(accepted, answer, sources, "Do I need an appointment for the Marsh Lane clinic?")


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        # the two denials write their "not" differently ("doesn't include" beside "does not include"):
        # the negation words are no words of what is denied
        ("No, the basic Corvale doesn't include a rear camera.", True),
        ("No, the basic Corvale doesn't include a rear camera (it's a £350 extra).", True),
        ("Yes, the basic Corvale includes a rear camera.", False),
        ("No, the Touring model doesn't include a rear camera.", False),  # it does
    ],
)
def test_a_no_that_writes_its_negation_otherwise_is_not_refused(answer: str, accepted: bool) -> None:
    sources = [Source(id="car", content="Corvale estate car. The basic model does not include a rear camera; it is "
                                        "available as a £350 extra. The Touring model includes a rear camera as "
                                        "standard.")]
    _assert_verdict(accepted, answer, sources, "Does the basic Corvale come with a rear camera?")


@pytest.mark.parametrize(
    ("question", "answer", "accepted"),
    [
        # the statement after "No" says the opposite of the question's statement (an antonym the
        # rules read), and the sources support it: the verifier had read "the shop is open on
        # Mondays" as supported by "closed on Mondays", so the right "No" was refused
        ("Is the Harlow gallery shop open on Mondays?", "No, the gallery shop is closed on Mondays.", True),
        ("Is the Harlow gallery shop open on Mondays?", "Yes, the gallery shop is open on Mondays.", False),
        ("Is the Harlow gallery shop closed on Tuesdays?", "No, the gallery shop is closed on Mondays.", True),
    ],
)
def test_a_no_whose_statement_is_the_opposite_of_the_question(question: str, answer: str, accepted: bool) -> None:
    sources = [Source(id="shop", content="Harlow gallery shop. The shop is closed on Mondays. It opens from 10am to "
                                         "5pm on other days.")]
    _assert_verdict(accepted, answer, sources, question)



PLANNING = [Source(id="planning", content="Brayford District Council's licensing panel voted 6-3 on Tuesday to "
                                          "reject an application for a late-night bar on Quay Lane. The owners "
                                          "may appeal within 21 days.")]


@pytest.mark.parametrize(
    ("question", "answer", "accepted"),
    [
        # the sources say the opposite of the question's verb, with all its other words; the
        # verifier had read "approve" as "reject", so the right "No" was refused
        ("Did Brayford council approve the late-night bar?", "No, the licensing panel rejected the application.", True),
        ("Did Brayford council approve the late-night bar?", "Yes, the council approved the late-night bar.", False),
        ("Did Brayford council reject the late-night bar?", "Yes, the licensing panel voted 6-3 to reject it.", True),
    ],
)
def test_the_sources_opposite_of_the_question_answers_it(question: str, answer: str, accepted: bool) -> None:
    _assert_verdict(accepted, answer, PLANNING, question)

PARK = [Source(id="park", content="Orchard Lane car park. Parking is free for blue badge holders. All other "
                                  "vehicles pay £4 for the day. Barbecues are not permitted on the picnic lawn.")]


@pytest.mark.parametrize(
    ("question", "answer", "accepted"),
    [
        # a short echo of the question is part of the answer word, not a negation of the statement
        ("Do blue badge holders have to pay to park at Orchard Lane?",
         "No, they don't - parking at Orchard Lane is free for blue badge holders.", True),
        ("Do blue badge holders have to pay to park at Orchard Lane?",
         "Yes, they do - blue badge holders pay £4 for the day.", False),
        # the question's statement negated, which the sources support
        ("Can we have a barbecue on the picnic lawn?", "No, barbecues aren't permitted on the picnic lawn.", True),
        ("Can we have a barbecue on the picnic lawn?", "Yes, barbecues are permitted on the picnic lawn.", False),
    ],
)
def test_a_no_with_an_echo_or_the_question_negated(question: str, answer: str, accepted: bool) -> None:
    _assert_verdict(accepted, answer, PARK, question)


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        # the answer word after a courtesy is read with the question too ("behind a meta phrase")
        ("Great question! Yes - version 7 requires Windows 11.", False),
        ("Thanks for asking! Yes, it runs on Windows 10.", False),
        ("Absolutely, I can clarify that. No - version 7 drops support for Windows 10 and needs Windows 11.", True),
        ("Happy to help! No, version 7 needs Windows 11.", True),
    ],
)
def test_an_answer_word_after_a_courtesy_is_read_with_the_question(answer: str, accepted: bool) -> None:
    sources = [Source(id="notes", content="Quillmark 7 release notes. This version drops support for Windows 10. "
                                          "Quillmark now requires Windows 11.")]
    _assert_verdict(accepted, answer, sources, "Will Quillmark 7 run on my Windows 10 laptop?")


def test_a_negation_in_another_clause_does_not_make_a_no_right() -> None:
    sources = [Source(id="pool", content="Kelby lido. The lido is open on Sundays from 8am. It is closed on Mondays.")]
    _assert_verdict(False, "No, the lido is open on Sundays but not on Mondays.", sources, "Is the lido open on Sundays?")


@pytest.mark.xfail(strict=True, reason="known false refusal: a 'No' whose denial is worded otherwise than the "
                                       "sources' ('isn't sold with ... included' beside 'does not include') is not "
                                       "trusted: the verifier reads a denial poorly, and 'No, the flapjacks contain no "
                                       "nuts' beside a recipe with nuts had passed that way")
def test_a_no_whose_denial_is_worded_otherwise() -> None:
    sources = [Source(id="car", content="Corvale estate car. The basic model does not include a rear camera; it is "
                                        "available as a £350 extra. The Touring model includes a rear camera as "
                                        "standard.")]
    _assert_verdict(True, "No. The basic model isn't sold with a rear camera included.", sources,
                    "Does the basic Corvale come with a rear camera?")


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        ("Honey flapjacks. This recipe uses oats, butter, honey and chopped nuts. It contains no eggs.",
         "No, the flapjacks contain no nuts."),
        ("The flapjacks contain nuts but no eggs.", "No, the flapjacks contain no nuts."),
        ("Orchard Lane park. Barbecues are welcome on the picnic lawn.", "No, barbecues aren't permitted on the picnic lawn."),
    ],
)
def test_a_wrong_no_with_a_denial_the_sources_do_not_make_is_refused(source: str, answer: str) -> None:
    question = "Are there nuts in the flapjacks?" if "nuts" in answer else "Can we have a barbecue on the picnic lawn?"
    _assert_verdict(False, answer, [Source(id="s", content=source)], question)



def test_a_no_whose_denial_hangs_on_another_word_is_right(checker: SupportChecker) -> None:
    source = "The Tarrow pottery taster runs for two evenings, and no tools need to be bought. Clay is provided."
    question = "Will I need to buy any tools for the pottery taster?"
    answer = "No, you won't need to buy any tools for the Tarrow pottery taster."
    assert statuses(checker, source, answer, question) == {"supported"}


def test_a_no_whose_denial_only_the_claims_own_passage_holds_is_right(checker: SupportChecker) -> None:
    source = ("The Millpond Splash Pad opens on the late May bank holiday and runs daily from 10am to 6pm until "
              "7 September. It is free to use and suitable for children up to 10. There are no changing facilities on site.")
    answer = "No, there aren't any changing facilities on site at the Millpond Splash Pad."
    assert statuses(checker, source, answer, "Are there changing rooms at the splash pad?") == {"supported"}


def test_a_no_to_a_need_the_sources_call_free_is_right(checker: SupportChecker) -> None:
    source = ("Parking at Holt Road station car park is free on Sundays and bank holidays. From Monday to Saturday, "
              "a day ticket costs £5.80.")
    question = "Do I need to pay to park at the station on a Sunday?"
    assert statuses(checker, source, "No, parking at Holt Road station is free on Sundays.", question) == {"supported"}
    assert "supported" not in statuses(checker, source, "Yes, you need to pay to park there on Sundays.", question)


def test_a_no_about_a_day_outside_the_open_days_is_right(checker: SupportChecker) -> None:
    source = "Curl Up & Dye is open Wednesday to Sunday. Appointments can be booked online."
    question = "Is the salon open on Mondays?"
    assert statuses(checker, source, "No, Curl Up & Dye isn't open on Mondays; it opens Wednesday to Sunday.",
                    question) == {"supported"}
    assert "supported" not in statuses(checker, source, "Yes, Curl Up & Dye is open on Mondays.", question)


@pytest.mark.parametrize("text", ["Unfortunately not, as parents must stay.", "Not yet, because the league opens in May.",
                                  "Generally not; only guide dogs are allowed.", "I'm afraid not: the pool is closed."])
def test_a_no_said_otherwise_is_an_answer_word(text: str) -> None:
    from lexguard.grounding.claims._questions import answer_word

    word = answer_word(text)
    assert word is not None and word.yes is False


BOOKS = [Source(id="kg", content="Marsh Light is written by Ona Petrak. Ona Petrak is the author of Cold Harbour. "
                                  "Cold Harbour was released in 2016.")]


@pytest.mark.parametrize(("answer", "refused"), [
    ("Yes, Cold Harbour, which came out in 2016.", False),  # the "Yes" is witnessed by the book named
    ("Yes, she wrote Cold Harbour.", False),
    ("No, Marsh Light is her only book.", True),
])
def test_a_yes_to_an_any_question_is_read_as_some(answer: str, refused: bool) -> None:
    result = SupportChecker().check(answer, BOOKS, "Did Ona Petrak write anything else?")
    assert any(c.supported is False for c in result.claims) is refused
