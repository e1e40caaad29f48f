"""A discourse marker that opens a claim is no part of what it states.

"In short, yes: sale items can be returned for a full refund" beside "Sale items can be exchanged
but not refunded" was accepted (0.94) while the sentence alone was refused: the verifier read the
marker with the statement. The marker stays in the claim as written; the support check reads the
claim without it (:func:`lead_marker_end`; a marker that sums up, "Overall, ", only before a yes
or no), and a "yes" or "no" after it answers the question.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.claims._meta_split import lead_marker_end
from lexguard.grounding.claims._questions import answer_word
from lexguard.grounding.claims._worthiness import plain_text
from tests.claim_statuses import statuses

SHOP = ("Orders from the Tarn Valley outdoor shop leave within two working days. Unused items can be returned "
        "within 30 days. Clearance items can be exchanged but not refunded.")
MARKERS = ["In short, ", "In short, yes: ", "Just to be clear, ", "As the page explains, ", "Good news: ",
           "To sum up, ", "Basically, "]


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize("marker", MARKERS)
def test_a_wrong_statement_after_a_marker_is_refused(checker: SupportChecker, marker: str) -> None:
    assert "supported" not in statuses(checker, SHOP, f"{marker}clearance items can be refunded.")


@pytest.mark.parametrize("marker", MARKERS)
@pytest.mark.parametrize(
    "statement", ["clearance items can be returned for a full refund.", "orders leave within two working days."]
)
def test_a_marker_changes_no_verdict(checker: SupportChecker, marker: str, statement: str) -> None:
    bare = statement[0].upper() + statement[1:]
    assert statuses(checker, SHOP, f"{marker}{statement}") == statuses(checker, SHOP, bare)


@pytest.mark.parametrize("marker", ["In short, ", "Just to be clear, ", "As the page explains, "])
def test_a_right_statement_after_a_marker_is_supported(checker: SupportChecker, marker: str) -> None:
    assert statuses(checker, SHOP, f"{marker}unused items can be returned within 30 days.") == {"supported"}


def test_the_marker_is_read_as_spaces_and_the_claim_keeps_it() -> None:
    text = "Just to be clear, clearance items can be exchanged."
    assert lead_marker_end(text) == len("Just to be clear, ")
    assert plain_text(text) == " " * len("Just to be clear, ") + "clearance items can be exchanged."
    # a marker that sums up is read with its claim, a summary (the verifier learned to read it so)
    assert plain_text("Overall, the shop is well liked.") == "Overall, the shop is well liked."
    assert plain_text("In short, yes: the shop is open.").strip() == "the shop is open."
    assert lead_marker_end("In short.") == 0  # nothing after it: no marker of a statement


def test_a_yes_or_no_after_a_marker_answers_the_question() -> None:
    word = answer_word("In short, no: clearance items cannot be refunded.")
    assert word is not None and word.yes is False
    assert answer_word("Absolutely, the shop is open.") is not None  # a yes-word that is a marker too stays a yes
    assert answer_word("Overall, the shop is open.") is None


def test_a_hope_that_it_helps_with_the_readers_plans_is_no_fact() -> None:
    source = "The Old Forge café is open on Sunday from 10am to 2pm. Card payments are accepted."
    answer = "Yes, it is open on Sunday from 10am to 2pm. I hope this helps with planning your visit!"
    claims = SupportChecker().check(answer, [Source(id="s", content=source)], "Is the café open on Sunday?").claims
    assert [c.status for c in claims] == ["supported", "not_checked"]


def test_a_hope_that_it_clears_things_up_opens_no_fact() -> None:
    source = "The Beck Lane library opens at 9am. Story time is every Saturday at 10:30am in the children's corner."
    answer = "Hope that clears it up, and just so you know, story time is every Saturday at 10:30am."
    claims = SupportChecker().check(answer, [Source(id="s", content=source)], "When is story time?").claims
    assert [c.status for c in claims] == ["not_checked", "not_checked", "supported"]
