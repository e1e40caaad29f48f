"""A runner-up beside another place, a minority beside a percentage before the name, "the tallest"
beside "the second-highest", and "a smaller surface area" beside two areas.

Found in a blind contrastive trial (minimal edits of an evidence sentence), where each passed as
supported; the cases here are written anew.
"""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._comparisons import comparison_conflict
from lexguard.grounding.signals._medals import medal_conflict
from lexguard.grounding.signals._ranks import rank_conflict
from lexguard.grounding.signals._shares import share_conflict

CHOIR = "At the 2011 Northern Brass Contest in Ellery, the Fenwick Colliery Band placed third out of 18 bands."
VOTE = "In the 2009 ballot, 41 percent of residents in the parish of Holm backed the plan to close the ferry."
PEAK = "At 3,102 metres, Sgurr Ardan is the third-highest summit in the Calder Hills, after Ben Torra and Ben Lusk."
LAKES = "Loch Varra covers about 18 square kilometres, making it smaller than nearby Loch Eilt, which covers 23 square kilometres."


@pytest.mark.parametrize(("claim", "other"), [
    ("The Fenwick Colliery Band was runner-up among the 18 bands at the 2011 Northern Brass Contest.", True),
    ("The Fenwick Colliery Band finished third at the 2011 Northern Brass Contest.", False),
])
def test_a_runner_up_beside_another_place(claim: str, other: bool) -> None:
    assert (medal_conflict(claim, [CHOIR]) == CHOIR) is other
    assert medal_conflict(claim, [CHOIR.replace("third", "second")]) is None


@pytest.mark.parametrize(("claim", "other"), [
    ("A majority of Holm's residents backed closing the ferry in the 2009 ballot.", True),
    ("A minority of Holm's residents backed closing the ferry in the 2009 ballot.", False),
    ("Less than half of Holm's residents backed closing the ferry in the 2009 ballot.", False),
])
def test_a_share_in_words_beside_the_percentage_before_the_name(claim: str, other: bool) -> None:
    assert (share_conflict(claim, [VOTE]) == VOTE) is other


@pytest.mark.parametrize(("claim", "other"), [
    ("Sgurr Ardan is the tallest mountain in the Calder Hills.", True),
    ("Sgurr Ardan is the second-tallest mountain in the Calder Hills.", True),
    ("Sgurr Ardan is the third-tallest mountain in the Calder Hills.", False),
    ("Sgurr Ardan is one of the tallest mountains in the Calder Hills.", False),
])
def test_tall_and_high_rank_on_one_scale(claim: str, other: bool) -> None:
    assert (rank_conflict(claim, [PEAK]) == PEAK) is other


@pytest.mark.parametrize(("claim", "other"), [
    ("Loch Varra has a greater surface area than Loch Eilt.", True),
    ("Loch Varra has a smaller surface area than Loch Eilt.", False),
    ("Loch Varra has fewer visitors than Loch Eilt.", False),  # a count the sources do not give
])
def test_a_measure_named_by_a_word_the_sources_give_as_a_value(claim: str, other: bool) -> None:
    assert (comparison_conflict(claim, [LAKES]) is not None) is other
