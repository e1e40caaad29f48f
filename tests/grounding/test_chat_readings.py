"""The thirty-second session's chat cases, written by hand after a blind trial's correct replies
that were refused: a judgement opening a sentence and a question back closing it are no part of
the fact the verifier reads; an "it" after "The lighthouse, ..." is the lighthouse."""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._judged_facts import without_judgement

from ._accepting import is_refused

FILMS = ("Harrow Lane is a film directed by Ines Caldera. Harrow Lane is starring Milo Dunne. Harrow Lane has genre "
         "Animation. Milo Dunne starred in Copper Sky. Copper Sky was released in 2017.")
TOWN = ("Kelmouth is located in Scotland. Brannock Tower is located in Kelmouth. Brannock Tower was built in 1655. "
        "Kelmouth Tram Museum is located in Kelmouth. Kelmouth Tram Museum opened in 2004.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("text", "read"), [
    ("Harrow Lane is lovely, Ines Caldera directed it.", "Harrow Lane, Ines Caldera directed it."),
    ("Milo Dunne is so good in it, have you seen Copper Sky?", "Milo Dunne is in it."),
    ("Harrow Lane was directed by Ines Caldera.", "Harrow Lane was directed by Ines Caldera."),
])
def test_a_judgement_and_a_question_back_are_not_read(text: str, read: str) -> None:
    assert without_judgement(text) == read


@pytest.mark.parametrize(("question", "answer", "refused"), [
    ("Who made Harrow Lane?", "Harrow Lane is lovely, Ines Caldera directed it.", False),
    ("Who made Harrow Lane?", "Harrow Lane is lovely, Milo Dunne directed it.", True),
])
def test_chat_replies(checker: SupportChecker, question: str, answer: str, refused: bool) -> None:
    assert is_refused(checker, answer, [FILMS], question) is refused


@pytest.mark.parametrize(("claim", "supported"), [
    ("It was built in 1655 and the tram museum opened in 2004.", True),
    ("It was built in 1755 and the tram museum opened in 2004.", False),
])
def test_an_it_after_the_thing_by_its_common_word(checker: SupportChecker, claim: str, supported: bool) -> None:
    """"The tower, easily. | It was built in 1655": the "it" is the tower (it had been read as
    Kelmouth, the one name of the question, and the true year refused)."""
    result = checker.check(f"The tower, easily. {claim}", [Source(id="s", content=TOWN)],
                           "[Human]: Which is older, the tower or the tram museum in Kelmouth?")
    assert result.claims[1].supported is supported


@pytest.mark.xfail(strict=True, reason="known gap: a choice answer states a comparison of 'the tower' and 'the tram "
                   "museum', which the verifier reads poorly without the sources' names (the wrong choice 0.90)")
def test_a_wrong_choice_is_refused(checker: SupportChecker) -> None:
    assert is_refused(checker, "The tram museum, easily.", [TOWN], "Which is older, the tower or the tram museum in Kelmouth?")


KNOWN = "Orient Night is a 1934 novel by Agatha Vane. Agatha Vane also wrote The Tenth Key."
CHAT = "[Human]: Any mystery to start with?\n[Assistant]: Do you like trains?\n[Human]: I do!"


@pytest.mark.parametrize("reply", [
    "Start with Orient Night by Agatha Vane, it's a classic.",  # "it's a classic." was refused (0.00)
    "Orient Night by Agatha Vane. It's a powerful read!",
    "Try Orient Night by Agatha Vane. It's another witty one of hers.",
])
def test_praise_in_a_chat_reply_is_the_speakers(reply: str) -> None:
    checker = SupportChecker()
    result = checker.check(reply, [Source(id="k", content=KNOWN)], question=CHAT)
    assert all(c.status != "unsupported" and c.status != "contradicted" for c in result.claims), result.claims
    praise = [c for c in result.claims if "read" in c.text or "classic" in c.text or "witty" in c.text]
    assert praise and all(c.status == "not_checked" for c in praise)
    review = checker.check("It's a classic.", [Source(id="k", content=KNOWN)])  # no chat: a fact to check
    assert review.claims[0].status != "not_checked"
