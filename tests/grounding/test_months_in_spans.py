"""A month inside a span of months the sources give is one they name: "so none in July" beside "no
sessions from April to September" (a correct negative the hostile trial refused as naming a
month no source holds), but only for a statement negated as the span's sentence is."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._dates import months_spanned

TOURS = ("Castle Brennock guided tours. Tours run on Saturdays from October to March. There are no tours from "
         "April to September because of the nesting season. Booking is essential.")


@pytest.mark.parametrize(
    ("text", "months"),
    [
        ("from April to September", {4, 5, 6, 7, 8, 9}),
        ("October\u2013March", {10, 11, 12, 1, 2, 3}),  # round the year's end
        ("between May and June", {5, 6}),
        ("May and June", set()),  # two months, no span
        ("Open daily. We may close early.", set()),
    ],
)
def test_spans_of_months(text: str, months: set[int]) -> None:
    assert months_spanned(text) == months


@pytest.mark.parametrize(
    ("answer", "accepted"),
    [
        ("No, there are no tours from April to September, so none in July.", True),
        ("Tours run on Saturdays in July.", False),  # July is in the span with no tours
        ("Yes, tours run on Saturdays in July.", False),
    ],
)
def test_a_month_inside_a_span(answer: str, accepted: bool) -> None:
    result = SupportChecker().check(answer, [Source(id="s", content=TOURS)], "Are there tours in July?")
    assert (result.recommendation == "accept") is accepted, [(c.text, c.status, c.support) for c in result.claims]


def test_a_span_of_another_thing_names_no_month_for_the_claim() -> None:
    source = Source(id="s", content="Harbour café and boat trips. Boat trips run from April to September. The café "
                                    "is closed in summer.")
    result = SupportChecker().check("The café is open in July.", [source])
    assert result.recommendation != "accept", [(c.text, c.status, c.support) for c in result.claims]


POOL = ("The Lidmoor outdoor pool opens daily from May to September. Lane swimming runs in May, June and July. "
        "The pool is drained for repairs in October and November.")


@pytest.mark.parametrize(
    ("claim", "month"),
    [
        ("Lane swimming runs from May to August.", "August"),
        ("The pool is drained for repairs from September to November.", "September"),
    ],
)
def test_a_span_stretched_past_its_statements_months_is_misplaced(claim: str, month: str) -> None:
    from lexguard.grounding.signals._month_spans import stretched_span

    found = stretched_span(claim, [POOL])
    assert [m.text for m, _ in found] == [month]


@pytest.mark.parametrize(
    "claim",
    [
        "Lane swimming runs from May to July.",
        "The outdoor pool opens daily from May to September.",
        "The pool is drained for repairs from October to November.",
        "Swimming is possible from June to July.",  # no sentence holds every word of it
    ],
)
def test_a_span_within_its_statements_months_is_left_alone(claim: str) -> None:
    from lexguard.grounding.signals._month_spans import stretched_span

    assert stretched_span(claim, [POOL]) == []
