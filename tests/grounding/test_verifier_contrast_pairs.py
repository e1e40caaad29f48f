"""The contrast pairs of the verifier's refining pass (``scripts/verifier_contrast.py``): each edit
changes the sentence, a near-copy stays supported, and the labels are the ones the docstring says."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from verifier_contrast import (  # noqa: E402
    _append_clause,
    _drop_tail,
    _rewrite,
    _swap_in_doc,
    _swap_phrases,
    _HEDGES,
    _QUANTIFIERS,
    contrast_pairs,
)
from verifier_data import BASELESS, CONTRADICTED, SUPPORTED  # noqa: E402

from lexguard._models import Source  # noqa: E402

SENTENCE = "The northern bridge was opened in 1932, and it carries six lanes of traffic."


def test_the_edits_change_the_sentence_in_the_named_way() -> None:
    rng = random.Random(1)
    assert _append_clause(SENTENCE, rng).startswith(SENTENCE[:-1] + ", ")
    assert _swap_in_doc(SENTENCE, ["1932", "1947", "4"], rng) == SENTENCE.replace("1932", "1947")
    assert _swap_in_doc(SENTENCE, ["1932"], rng) is None  # no other year: no swap
    swapped = _swap_phrases("Each morning the farmer feeds the horses in the barn.")
    assert swapped == "Each morning the horses feeds the farmer in the barn."
    assert (_swap_phrases("The frontend service sends requests to the backend service.")
            == "The backend service sends requests to the frontend service.")
    assert _rewrite("The drug may be harmful.", _HEDGES, rng) == "The drug is harmful."
    assert _rewrite("Some birds migrate.", _QUANTIFIERS, rng) == "All birds migrate."
    assert _drop_tail(SENTENCE) == "The northern bridge was opened in 1932."


def test_each_group_holds_a_supported_near_copy_and_labelled_edits() -> None:
    text = (
        "The northern bridge was opened in 1932, and it carries six lanes of traffic. "
        "Engineers from Delft designed the southern bridge, which opened in 1947. "
        "Some visitors walk across the bridge at night, according to the city council."
    )
    pairs = list(contrast_pairs([Source(id="s0", content=text)], ["Oslo Harbour"], random.Random(3), groups=30))
    kinds = {kind for _, _, _, kind in pairs}
    assert "c_near_copy" in kinds and len(kinds) >= 4
    for claim, evidence, label, kind in pairs:
        assert claim and evidence
        assert label == {"c_near_copy": SUPPORTED, "c_reported": SUPPORTED, "c_refuted": CONTRADICTED}.get(
            kind, label
        )
        assert label in (SUPPORTED, CONTRADICTED, BASELESS)
        if kind == "c_refuted":
            assert claim.rstrip(".").lower()[:20] in evidence.lower()  # the claim, mentioned to be denied


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_an_edit_is_never_the_sentence_itself(seed: int) -> None:
    text = "Marie Curie won the Nobel Prize in Physics in 1903. She won a second Nobel Prize in 1911."
    for claim, evidence, label, kind in contrast_pairs([Source(id="s0", content=text)], ["Ada Lovelace"],
                                                         random.Random(seed), groups=20):
        if label != SUPPORTED and kind != "c_refuted":
            assert claim.strip() not in {"Marie Curie won the Nobel Prize in Physics in 1903.",
                                         "She won a second Nobel Prize in 1911."}


def test_siblings_qualifiers_and_relative_clauses() -> None:
    """The fifth pass's edits: a sibling word (contradicted), an invented qualifier (baseless), and
    a near-copy without a relative clause that holds a negation (supported)."""
    from verifier_contrast import _near_copy, _qualify, _sibling

    rng = random.Random(3)
    assert _sibling("The CEO met the investors over lunch.", rng) in {
        f"The {a} met the investors over {b}." for a in ("CEO", "CFO", "COO", "CTO") for b in ("lunch", "breakfast", "dinner")
    } - {"The CEO met the investors over lunch."}
    assert _sibling("Sales were up 12% in May.", rng) == "Sales were down 12% in May."
    assert _sibling("They set up a shop.", rng) is None  # "up" of a phrasal verb is no direction
    qualified = _qualify("The man was arrested on Monday.", rng)
    assert qualified is not None and qualified.startswith("The man was ") and qualified.endswith(" arrested on Monday.")
    assert qualified != "The man was arrested on Monday."
    assert _qualify("The man ran home.", rng) is None
    near = {_near_copy("The driver, who was not injured, was taken to the station.", random.Random(s)) for s in range(20)}
    assert "The driver was taken to the station." in near
