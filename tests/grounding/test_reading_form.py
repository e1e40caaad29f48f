"""The support checker reads the answer and the sources as a reader sees them, used alone or in a
guard: invisible characters do not split words, and a right-to-left override is read in the order
it is displayed. The result's spans point into the answer as given."""

from __future__ import annotations

import pytest

from lexguard._text import reading_form
from lexguard.grounding import SupportChecker

SOURCE = "The Eiffel Tower is in Paris. It was completed in 1889."


def test_reading_form_reverses_an_override_run_and_maps_back() -> None:
    key = reading_form("in \u202eemoR\u202c now")
    assert key.text == "in Rome now"
    assert key.original[slice(*key.span_of(3, 7))] == "\u202eemoR\u202c"  # with its marks
    assert reading_form("plain text").starts is None
    assert reading_form("3\u200b30").text == "330"


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.slow
def test_a_right_to_left_override_cannot_hide_a_wrong_place(checker: SupportChecker) -> None:
    """Found by a hostile trial: "\u202eemoR\u202c" displays as "Rome" and was accepted against Paris
    (the checker read "emoR", a word no source holds, and the verifier let it pass)."""
    answer = "The Eiffel Tower is in \u202eemoR\u202c."
    result = checker.check(answer, [SOURCE])
    assert result.recommendation == "regenerate"
    (claim,) = result.claims
    assert claim.supported is False
    assert answer[slice(*claim.span)] == claim.text and "\u202e" in claim.text  # the answer as given


@pytest.mark.slow
def test_the_checker_alone_reads_through_zero_width_characters(checker: SupportChecker) -> None:
    """Used without a guard, the checker read "Eif\u200bfel" and "18\u200b89" as other words."""
    answer = "The Eif\u200bfel Tower was completed in 18\u200b89."
    result = checker.check(answer, [SOURCE.replace("Paris", "Par\u200bis")])
    assert result.recommendation == "accept", [(c.text, c.support) for c in result.claims]
    assert [answer[slice(*c.span)] for c in result.claims] == [c.text for c in result.claims]
    assert result.claims[0].text == answer


def test_a_span_across_an_override_covers_the_whole_run_and_its_marks() -> None:
    """Found in review: a span that began outside a reversed run and ended inside it was cut
    short, so the claim reported (and a repair that removed it) left out the wrong words."""
    answer = "The tower is in Paris. \u202e005 si rewoT leffiE ehT\u202c metres tall."
    key = reading_form(answer)
    assert key.text == "The tower is in Paris. The Eiffel Tower is 500 metres tall."
    start = key.text.index("The Eiffel")
    assert answer[slice(*key.span_of(start, len(key.text)))] == "\u202e005 si rewoT leffiE ehT\u202c metres tall."
    assert answer[slice(*key.span_of(0, start - 1))] == "The tower is in Paris."


@pytest.mark.slow
def test_a_filtered_answer_keeps_no_part_of_a_reversed_claim() -> None:
    from lexguard import Guard, GuardConfig

    answer = "The Eiffel Tower is in Paris. \u202e005 si rewoT leffiE ehT\u202c metres tall."
    guard = Guard(config=GuardConfig(on_fail={"support": "filter"}, max_retries=0), sources=[SOURCE], audit=False)
    report = guard.invoke(answer)
    assert "\u202e" not in (report.answer or "") and "rewoT" not in (report.answer or "")


def test_a_span_after_an_override_leaves_the_previous_close_mark_with_its_run() -> None:
    """Found in review: a span grew backwards over the previous claim's closing mark, so removing
    it left that override unclosed and the rest of the answer displayed reversed."""
    answer = "Claim one is \u202e.esrever\u202cClaim two is plain. Claim three."
    key = reading_form(answer)
    start = key.text.index("Claim two")
    end = key.text.index("plain.") + len("plain.")
    assert answer[slice(*key.span_of(start, end))] == "Claim two is plain."
