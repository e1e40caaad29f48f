"""One claim-worthiness pass (``grounding/claims/_worthiness.py``).

Fillers were marked at extraction by the rule-based extractor only, and meta statements by a
second pass at scoring time. Now one function (``not_a_fact``) says what is not a fact, the
rule-based extractor asks it of every sentence and the support check runs it over the claims of
any extractor, so an LLM's or a custom extractor's claims are judged the same way.
"""

from __future__ import annotations

import pytest

from lexguard import Claim, Source
from lexguard.grounding import SupportChecker, extract_claims
from lexguard.grounding.claims._worthiness import FILLER_REASON, META_REASON, not_a_fact
from lexguard.nodes._repair import says_something
from tests.fakes import CountingEncoder

SOURCES = [Source(id="bridge", content="The bridge opened in 1932. It is 503 metres long.")]


class SentenceExtractor:
    """A custom extractor: one claim per line, nothing marked."""

    def extract(self, text: str) -> list[Claim]:
        claims, pos = [], 0
        for line in text.split("\n"):
            start = text.index(line, pos)
            claims.append(Claim(index=len(claims), text=line, span=(start, start + len(line))))
            pos = start + len(line)
        return claims


def test_a_custom_extractors_sign_off_is_not_a_hallucination() -> None:
    """A sign-off only the rule-based extractor knew as a filler was scored as an unsupported
    fact when another extractor returned it."""
    answer = "The bridge opened in 1932.\nHave a great day!"
    result = SupportChecker(encoder=CountingEncoder(), claim_extractor=SentenceExtractor()).check(answer, SOURCES)
    fact, sign_off = result.claims
    assert fact.supported is True
    assert sign_off.status == "not_checked" and sign_off.kind == "meta" and sign_off.reason == FILLER_REASON
    assert result.hallucination_rate == 0.0 and not result.inconclusive


def test_the_extractor_marks_meta_statements_as_it_marks_fillers() -> None:
    """A section title is known as a meta statement at extraction (it was known only when
    scored), so a repair that leaves only one states nothing to check."""
    answer = "Sure!\n\n## History\n\nThe bridge opened in 1932."
    claims = extract_claims(answer)
    assert [(c.text, c.status, c.reason) for c in claims] == [
        ("Sure!", "not_checked", FILLER_REASON), ("History", "not_checked", META_REASON),
        ("The bridge opened in 1932.", None, None)]
    assert not says_something("## History")
    assert says_something("The bridge opened in 1932.")


def test_meta_statements_are_read_as_the_models_read_them() -> None:
    assert not_a_fact("No, the passages do not mention who built it.") == META_REASON  # "No," answers
    assert not_a_fact("**The passages do not mention who built it.**") == META_REASON
    assert not_a_fact("The bridge is 503 metres long [1].") is None


@pytest.mark.parametrize("text", ["Great question!", "Of course!", "Good question.", "Of course, here is the summary:"])
def test_interjections_with_a_space_are_meta(text: str) -> None:
    """The meta pattern is verbose, where a literal space is ignored: "of course" and "great question"
    were read as "ofcourse" / "greatquestion", so "Great question!" was a fact to check."""
    from lexguard.grounding.claims._meta import is_meta_statement

    assert is_meta_statement(text)


@pytest.mark.parametrize("text", ["Thanks for asking.", "Thank you so much for your question!", "Thanks for reaching out."])
def test_thanks_for_the_question_is_a_filler(text: str) -> None:
    """"Thanks for asking." was read as a fact: the verifier gave it 0.73, under the threshold."""
    assert not_a_fact(text) == FILLER_REASON


def test_thanks_that_names_a_fact_is_checked() -> None:
    assert not_a_fact("Thanks for asking about the 5 pm train, which runs daily.") is None


def test_an_interjection_before_a_fact_leaves_the_fact_checked() -> None:
    from lexguard.grounding.claims._meta import is_meta_statement

    assert not is_meta_statement("Of course the bridge opened in 1932.")


@pytest.mark.parametrize("answer", [
    "Let me know if you need more, but the tower is in Berlin.",
    "Feel free to ask; the tower is 500 metres tall.",
])
def test_a_fact_after_an_opening_sign_off_is_checked(answer: str) -> None:
    """"Let me know ..." opened a sentence and swallowed it whole as meta (the pattern ends in
    ``.*``): the fact after ", but" was never checked."""
    from lexguard.grounding.claims._meta import is_meta_statement

    assert not is_meta_statement(answer)
    sources = ["The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It is 330 metres tall."]
    result = SupportChecker().check(answer, [Source(id="s0", content=sources[0])])
    assert any(c.status in ("contradicted", "unsupported") for c in result.claims), result.claims
    assert is_meta_statement("Let me know if you want more details about the tower and its history.")


@pytest.mark.parametrize("text", ["No problem!", "Absolutely, I can clarify that.", "Sure - happy to help.", "I'll be happy to help.",
                                  "I'd be glad to help with that.", "Let me check that."])
def test_courtesies_are_fillers(text: str) -> None:
    """A hostile trial's correct answers were refused for "No problem!" (0.03) and "Absolutely, I can
    clarify that." (0.70) before them."""
    assert not_a_fact(text) is not None


@pytest.mark.parametrize("text", ["No problem, the shop opens at 9am.", "No, it is closed on Sundays.",
                                  "Let me check that the gate opens at 9am: it does."])
def test_a_courtesy_that_carries_a_fact_is_checked(text: str) -> None:
    assert not_a_fact(text) is None


@pytest.mark.parametrize("text", ["Happy to help with that.", "Glad to help with this one!", "Hope that clears it up.",
                                  "I hope this answers your question."])
def test_a_sign_off_about_the_help_is_a_filler(text: str) -> None:
    """"Happy to help | with that." was cut after "help", and "with that." read as a claim (0.76)."""
    assert not_a_fact(text) == FILLER_REASON
