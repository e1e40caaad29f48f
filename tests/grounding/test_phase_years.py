"""A year a span of the sources would give, given to the other end of the event.

Found in a blind contrast trial: "Work on the bridge was finished in 1887." beside "The bridge
was completed in 1893 after six years of construction" was accepted: 1887 is 1893 - 6, the year
work began, and the rule of worked-out numbers took it for that.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._phase_years import other_end_year

BRIDGE = ("The Varnholt Bridge, which spans the Iselde River at Marrow Ford, was completed in 1893 after six "
          "years of construction. It was designed by the engineer Tomasz Reil.")
STARTED = "Work on the Calder Library started in 1961 and took four years."


@pytest.mark.parametrize(("claim", "source", "other"), [
    ("Work on the Varnholt Bridge was finished in 1887.", BRIDGE, True),
    ("The Varnholt Bridge opened in 1887.", BRIDGE, True),
    ("Work on the Varnholt Bridge began in 1887.", BRIDGE, False),  # the start: 1893 - 6
    ("Construction started in 1887 and ended in 1893.", BRIDGE, False),  # both ends: no one end named
    ("It was finished six years after work began in 1887.", BRIDGE, False),  # a word of a worked-out year
    ("Work on the Calder Library began in 1965.", STARTED, True),
    ("The Calder Library was completed in 1965.", STARTED, False),  # the end: 1961 + 4
])
def test_a_worked_year_given_to_the_other_end(claim: str, source: str, other: bool) -> None:
    year = next(m for m in numbers(claim) if m.key.isdigit() and m.key not in source)
    assert other_end_year(claim, year, [source]) is other


@pytest.mark.parametrize(("claim", "refused"), [
    ("Work on the Varnholt Bridge over the Iselde was finished in 1887.", True),
    ("The Varnholt Bridge opened in 1887.", True),
    ("Work on the Varnholt Bridge over the Iselde began in 1887.", False),
])
def test_the_checker_refuses_the_other_end(claim: str, refused: bool) -> None:
    report = SupportChecker().check(claim, [Source(id="s", content=BRIDGE)])
    assert (report.claims[0].status in ("contradicted", "unsupported")) is refused
