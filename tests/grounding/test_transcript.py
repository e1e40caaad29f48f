"""A chat transcript is read with its speakers: "Ben: I'll reserve the room" says Ben will."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.evidence._transcript import read_transcript

CHAT = ("Mira: I'll send the draft contract to the supplier by Wednesday.\n"
        "Tomas: I can't join the call on Thursday, I'm at the warehouse.\n"
        "Elif: Fine, I'll take the call then.\n"
        "Tomas: Thanks. I'll book the van for Monday's delivery.")


def test_first_person_words_are_written_as_the_speaker() -> None:
    read = read_transcript(CHAT)
    assert read is not None
    assert "Mira: Mira will send the draft contract" in read
    assert "Tomas: Tomas can't join the call on Thursday, Tomas is at the warehouse." in read
    assert read_transcript("sam: hey\nnaomi: what did he say??") is None  # no speaker names
    assert read_transcript("Sam: i don't know.\nNaomi: i do.") == "Sam: Sam don't know.\nNaomi: Naomi do."


@pytest.mark.parametrize(
    "text",
    ["Note: I think the plan is fine.", "The museum opens at 9.\nPrices: adults £12.", "Q: Is it open?\nA: Yes."],
)
def test_text_that_is_not_a_chat_is_left_alone(text: str) -> None:
    assert read_transcript(text) is None


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("Mira will book the van for Monday's delivery.", False),  # Tomas will
        ("Tomas will take the call on Thursday.", False),  # Elif will
        ("Tomas will book the van for Monday's delivery.", True),
        pytest.param(
            "Elif will take the call on Thursday because Tomas is at the warehouse.", True,
            marks=pytest.mark.xfail(strict=True, reason="known false refusal: support 0.76 against the 6-layer "
                                    "verifier's threshold 0.77 (the 'because' clause reads as partly contradicted)"),
        ),
    ],
)
def test_who_said_what(checker: SupportChecker, answer: str, accepted: bool) -> None:
    result = checker.check(answer, [Source(id="chat", content=CHAT)])
    assert (result.recommendation == "accept") is accepted, [(c.text, c.status, c.support) for c in result.claims]
