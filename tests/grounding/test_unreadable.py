"""A word the verifier cannot read is not read: the claim is not checked, never accepted."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding._reading import UNREADABLE_REASON
from lexguard.grounding.verify._verifier import get_verifier

FERRY = [Source(id="f", content="The ferry Marisol left Dover at 9 am. It carried 212 passengers and 40 cars.")]


@pytest.mark.parametrize(
    ("text", "unreadable"),
    [
        ("The ferry left at 9 am. " + "q" * 300, ["q" * 300]),  # over 100 letters: one unknown token
        ("The sum was \u2211 of all the parts.", ["\u2211"]),  # a symbol the base model never saw
        ("Caf\u00e9 M\u00fcller opened in 1990.", []),  # accents are stripped, not unknown
        ("The capital is \u5317\u4eac.", []),  # the vocabulary holds CJK characters
        ("The pool is kept at 28\u2103.", []),  # its compatibility form "°C" is read: a unit
        ("Free Wi-Fi \u2717", ["\u2717"]),  # a cross mark means "no": unread, it would pass
    ],
)
def test_the_words_the_verifier_has_no_piece_for(text: str, unreadable: list[str]) -> None:
    assert get_verifier().unreadable(text) == unreadable


def test_a_claim_with_a_word_no_model_read_is_not_checked() -> None:
    """The verifier read "... at 9 am. qqqq...(300 letters)" as the true first sentence alone
    (0.97 supported), and the answer was accepted."""
    result = SupportChecker().check("The ferry Marisol left Dover at 9 am. " + "q" * 300, FERRY)
    assert result.claims[-1].status == "not_checked"
    assert result.claims[-1].reason == UNREADABLE_REASON
    assert result.recommendation != "accept"


def test_a_word_the_sources_hold_too_is_left_to_the_other_rules() -> None:
    sources = [Source(id="m", content="The sign at the ford reads \u2211 and warns of deep water.")]
    result = SupportChecker().check("The sign at the ford reads \u2211 and warns of deep water.", sources)
    assert all(c.reason != UNREADABLE_REASON for c in result.claims)
    assert result.recommendation == "accept"


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("\uff46\uff55\uff4c\uff4c price \uff11\uff12", "full price 12"),  # fullwidth letters and digits
        ("\U0001d401old", "Bold"),  # mathematical bold
        ("Caf\u00e9 in Krak\u00f3w, 10 m\u00b2", "Caf\u00e9 in Krak\u00f3w, 10 m\u00b2"),  # accents and superscripts kept
    ],
)
def test_styled_letters_are_read_as_plain_ones(text: str, read: str) -> None:
    """Fullwidth and mathematical letters are words the verifier has no piece for; read one for one
    as their plain forms, they are read (and the spans stay)."""
    from lexguard._text import unconfuse

    assert unconfuse(text) == read
    assert len(unconfuse(text)) == len(text)


def test_a_claim_in_styled_letters_is_checked_like_a_plain_one() -> None:
    styled = "".join(chr(0xFF41 + ord(c) - ord("a")) if c.islower() else c for c in "The ferry carried 212 passengers.")
    result = SupportChecker().check(styled, FERRY)
    assert result.claims[0].reason != UNREADABLE_REASON
    assert result.recommendation == "accept", [(c.status, c.reason) for c in result.claims]
