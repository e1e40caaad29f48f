"""A condition the claim leaves out (``signals/_conditions.py``): "Delivery is free." beside
"Delivery is free on orders over 50 euros" was accepted at 0.997 in a hostile trial."""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._conditions import dropped_condition

DELIVERY = "Delivery is free on orders over 50 euros; otherwise a flat fee of 4.95 euros applies."
PREGNANCY = "The medicine can be taken during pregnancy only if prescribed by a doctor."


@pytest.mark.parametrize(("claim", "source", "dropped"), [
    ("Delivery is free.", DELIVERY, True),
    ("Delivery is free on orders over 50 euros.", DELIVERY, False),
    ("The medicine can be taken during pregnancy.", PREGNANCY, True),
    ("The medicine can be taken during pregnancy if a doctor prescribes it.", PREGNANCY, False),
    ("You can take the medicine while pregnant, with a prescription.", PREGNANCY, False),
    ("A flat fee of 4.95 euros applies to smaller orders.", DELIVERY, False),  # another statement of the sentence
])
def test_a_claim_that_leaves_out_the_sources_condition_overstates_them(claim: str, source: str, dropped: bool) -> None:
    assert (dropped_condition(claim, [source]) is not None) is dropped


def test_the_checker_refuses_the_unconditional_answer() -> None:
    checker = SupportChecker()
    wrong = checker.check("Yes, delivery is free.", [Source(id="s", content=DELIVERY)], "Is delivery free?")
    assert wrong.recommendation != "accept"
    assert any(f.rule_id == "grounding.overstated" for f in wrong.findings)
    right = checker.check("Delivery is free on orders over 50 euros.", [Source(id="s", content=DELIVERY)])
    assert right.recommendation == "accept"
