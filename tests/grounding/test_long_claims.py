"""A claim of thousands of values is read in time linear in them.

Found in the twenty-third session: "Kerry Dawes, 35, " repeated 800 times in one claim took 87 s
to check, because the rules that read each value beside the claim's others (crossed pairs, values
in their place, counts of times, the times a value is qualified by) rescanned the whole claim, or
every other value, for each value. The guard's time budget made such an answer inconclusive, never
accepted, but a reader's work must not grow with the square of what it reads. Wall-clock times
are never asserted: the Python calls made are counted instead (``sys.setprofile``), which grow 2x
from N to 2N values when the reading is linear and 4x when it is quadratic.
"""

from __future__ import annotations

import sys

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._crossed_pairs import crossed_pairs
from lexguard.grounding.signals._lexical import Mention
from lexguard.grounding.signals._statement_values import OtherValues

SOURCE = "Kerry Dawes, 35, from Ashcombe, said the council plans to switch off 9,000 lights in 2024."


def _calls(run) -> int:
    count = 0

    def profile(frame, event, arg):  # noqa: ARG001 - the profiler's signature
        nonlocal count
        if event == "call":
            count += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def _growth(run_with) -> float:
    run_with(20)  # warm caches and lazy imports
    return _calls(lambda: run_with(400)) / _calls(lambda: run_with(200))


def test_crossed_pairs_reads_a_long_claim_in_linear_work():
    def run(n: int) -> None:
        crossed_pairs("Kerry Dawes, 35, " * n + "won in 2023 with 1,840 runners.",
                      ["In 2022, the race had 1,840 finishers. In 2023, 2,115 runners finished."])

    assert _growth(run) < 2.6


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


def test_support_check_reads_a_long_claim_in_linear_work(checker: SupportChecker) -> None:
    def run(n: int) -> None:
        checker.check("Kerry Dawes, 35, " * n + "said so.", [Source(id="s", content=SOURCE)])

    assert _growth(run) < 2.6


def test_crossed_pairs_still_finds_the_value_of_another_case():
    found = crossed_pairs(
        "In 2023, 1,840 runners finished the race.",
        ["In 2022, the race had 1,840 finishers. In 2023, 2,115 runners finished."],
    )
    assert [m.text for m, _ in found] == ["1,840"]


@pytest.mark.parametrize(("mention", "kind", "expected"), [
    (Mention("20 April", (0, 8), "date:04-20"), "number", {"#7"}),  # its day and month are its own
    (Mention("7", (20, 21), "7"), "number", {"#date:04-20", "#20", "april"}),
    (Mention("April", (3, 8), "april"), "name", {"#date:04-20", "#20", "#7"}),  # a name keeps its date
])
def test_other_values_leave_out_a_numbers_other_readings(mention, kind, expected):
    values = [
        (Mention("20 April", (0, 8), "date:04-20"), "number", frozenset({"#date:04-20"})),
        (Mention("20", (0, 2), "20"), "number", frozenset({"#20"})),
        (Mention("April", (3, 8), "april"), "name", frozenset({"april"})),
        (Mention("7", (20, 21), "7"), "number", frozenset({"#7"})),
    ]
    own = next(t for m, _, t in values if m.span == mention.span and m.key == mention.key)
    assert OtherValues(values, frozenset()).of(mention, kind, own) == expected
