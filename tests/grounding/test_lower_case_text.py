"""Text written in lower case (chat, lower-cased corpora) is read sentence by sentence.

A source such as "the woman , 31 , was found on monday . police said ..." was once one sentence
(a dot before a lower-case word never ended one), so the verifier read every claim against the
source's first words only, and an invented sentence passed. A word after a full stop now opens
a sentence in a block where no sentence opens with a capital; in text written with capitals a
lower-case word after a dot still goes on the sentence ("approx. the same").
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import GroundingConfig, SupportChecker
from lexguard.grounding.claims._sentences import split_sentences
from lexguard.grounding.claims._worthiness import FILLER_REASON, not_a_fact

# written by hand in the style of a lower-cased, tokenised news corpus
DOC = (
    "leeds -lrb- cnn -rrb- a 42-year-old cyclist has been taken to hospital after a crash with a bus in leeds city "
    "centre , police said on friday . the cyclist , who has not been named , was hit at the junction of park row at "
    "8.15 am . the bus driver stopped at the scene and helped officers . the road was closed for three hours while "
    "investigators examined the junction . inspector ruth hale said : ` we would like to hear from anyone who saw the "
    "crash . '"
)


def _cut(text: str) -> list[str]:
    return [text[s:e] for s, e in split_sentences(text)]


def test_lower_case_text_is_cut_into_sentences() -> None:
    assert len(_cut(DOC)) >= 5
    assert _cut("it was made in 2010. it premiered on amc! i loved it") == [
        "it was made in 2010.", "it premiered on amc!", "i loved it"]


@pytest.mark.parametrize("text, pieces", [
    ("Ask for approx. the same amount. Then pay.", 2),   # text with capitals: an abbreviation goes on
    ("The lab hired two Ph.D. students. They start soon.", 2),
    ("we met dr. smith today. he was kind.", 2),          # lower case: the abbreviation still goes on
])
def test_an_abbreviation_still_goes_on(text: str, pieces: int) -> None:
    assert len(_cut(text)) == pieces


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker(GroundingConfig())


@pytest.mark.parametrize("answer", [
    "the road was closed for three hours . the bus driver stopped at the scene and helped officers .",
    "A 42-year-old cyclist was hit by a bus at the junction of Park Row in Leeds. The bus driver helped officers.",
    # the 3-layer verifier read this contradicted (0.79) beside "who has not been named"; the 6-layer one does not
    "a 42-year-old cyclist was taken to hospital after a crash with a bus . the road was closed for three hours .",
])
def test_a_faithful_summary_of_a_lower_case_source_passes(checker: SupportChecker, answer: str) -> None:
    result = checker.check(answer, [Source(id="news", content=DOC)])
    assert result.recommendation == "accept", [(c.status, c.text) for c in result.claims]


@pytest.mark.parametrize("answer", [
    "A 42-year-old cyclist was hit by a bus in Leeds. The driver had been drinking and fled on foot.",
    pytest.param(
        "A 42-year-old cyclist was hit by a bus in Leeds. The cyclist later died in hospital.",
        marks=pytest.mark.xfail(strict=True, reason="known pass-through: both verifiers read 'died in hospital' as "
                                "supported by 'taken to hospital' (6 layers 0.90, 3 layers 0.49 with support 0.91); "
                                "the 3-layer default refused the answer only by misreading its true first sentence"),
    ),
    "A 24-year-old cyclist was hit by a bus in Leeds city centre.",
])
def test_an_invented_sentence_after_a_true_one_is_caught(checker: SupportChecker, answer: str) -> None:
    result = checker.check(answer, [Source(id="news", content=DOC)])
    assert result.recommendation != "accept", [(c.status, c.support, c.text) for c in result.claims]


@pytest.mark.parametrize("text", ["yeah!", "that's true!", "Wow!", "You're right.", "Great question!"])
def test_a_chat_acknowledgement_is_not_a_fact(text: str) -> None:
    assert not_a_fact(text) == FILLER_REASON


@pytest.mark.parametrize("text", ["Yeah, the tower is 300 metres tall.", "that's true, it opened in 1889."])
def test_an_acknowledgement_with_a_statement_is_a_fact(text: str) -> None:
    assert not_a_fact(text) is None


@pytest.mark.parametrize("text, pieces", [
    ("The Eiffel Tower is in Paris. it was built by aliens.", 2),  # a lower-case sentence after a full stop
    ("It costs $3. the rest is free.", 2),
    ("See e.g. the figure on page two.", 1),                         # an abbreviation goes on
    ("She holds a Ph.D. in chemistry from Leeds.", 1),               # a preposition goes on
    ("It weighs 3 lbs. in total.", 1),
])
def test_a_lower_case_sentence_in_text_with_capitals_is_its_own(text: str, pieces: int) -> None:
    assert len(_cut(text)) == pieces


def test_a_lower_case_sentence_appended_to_a_true_one_is_checked_on_its_own(checker: SupportChecker) -> None:
    """Read as one claim with the true sentence before it, "it was built by aliens" was accepted."""
    source = Source(id="t", content="The Eiffel Tower is a lattice tower in Paris. It was built from 1887 to 1889 "
                                    "by the company of the engineer Gustave Eiffel. It is 330 metres tall.")
    result = checker.check("The Eiffel Tower is in Paris. it was built by aliens.", [source])
    assert result.recommendation != "accept", [(c.status, c.support, c.text) for c in result.claims]
