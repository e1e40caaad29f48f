"""Repair without an LLM: the offending claims go, and so does what they leave behind."""

from __future__ import annotations

from lexguard._models import Claim
from lexguard.nodes._repair import drop_unsupported


def _claim(answer: str, text: str, supported: bool) -> Claim:
    start = answer.index(text)
    return Claim(index=0, text=text, span=(start, start + len(text)), supported=supported)


def test_a_dropped_table_row_leaves_no_empty_cells_and_the_table_keeps_its_shape() -> None:
    answer = "| fact | value |\n|---|---|\n| height | 330 metres |\n| builder | aliens |"
    claims = [_claim(answer, "height | 330 metres", True), _claim(answer, "builder | aliens", False)]
    assert drop_unsupported(answer, claims, []) == "| fact | value |\n|---|---|\n| height | 330 metres |"


def test_a_dropped_bullet_leaves_no_bare_marker() -> None:
    answer = "- Built in 1889\n- Built by aliens"
    claims = [_claim(answer, "Built in 1889", True), _claim(answer, "Built by aliens", False)]
    assert drop_unsupported(answer, claims, []) == "- Built in 1889"


def test_trim_to_pass_cuts_sentences_as_the_support_check_does() -> None:
    """The filter's trim cut once at every full stop: "Dr." alone passed a two-word limit and was
    handed on as the answer. It now cuts with the support check's sentence splitter."""
    from lexguard.nodes._repair import trim_to_pass

    text = "Dr. Smith opened the clinic in 1990. It has 40 beds (e.g. in 3.5 wards). It is open daily."
    assert trim_to_pass(text, lambda t: len(t.split()) <= 3) is None
    assert trim_to_pass(text, lambda t: len(t.split()) <= 12) == "Dr. Smith opened the clinic in 1990."
    assert trim_to_pass(text, lambda t: len(t.split()) <= 16) == (
        "Dr. Smith opened the clinic in 1990. It has 40 beds (e.g. in 3.5 wards).")
