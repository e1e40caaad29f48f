"""The thirty-fifth session's news cases, written by hand after a blind news trial: a quote given to
the wrong person with "saying" before it, and a verdict where the article gives a plea."""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._legal_stages import verdict_for_plea

from ._accepting import is_refused


class _Source:
    def __init__(self, content: str) -> None:
        self.content = content


class _Index:
    def __init__(self, *texts: str) -> None:
        self.sources = [_Source(t) for t in texts]


COUNCIL = ("Council leader Priya Nandra said the authority had been left with \"no easy choices\" after a rise in "
           "the cost of adult social care. The opposition leader, Owen Fitch, said a petition against the cuts "
           "had gathered 4,100 signatures in a week.")
COURT = ("A builder who conned pensioners out of £180,000 has been jailed for five years. Marek Doyle, 41, of "
         "Halesworth, targeted 19 homeowners between 2021 and 2023, Norwich Crown Court heard. Doyle pleaded guilty "
         "to fraud. Judge Anne Kirby said he had preyed on people who lived alone.")


@pytest.mark.parametrize(("claim", "misplaced"), [
    ("A petition has gathered 4,100 signatures, with opposition leader Owen Fitch saying the council had been "
     "left with \"no easy choices\".", True),
    ("A petition has gathered 4,100 signatures, with council leader Priya Nandra saying the authority had been "
     "left with \"no easy choices\".", False),
    ("Residents, including Owen Fitch, Lena Ashe and Priya Nandra, are calling the cuts \"no easy choices\".", False),
])
def test_a_quote_after_saying_names_its_speaker(claim: str, misplaced: bool) -> None:
    from lexguard.grounding.signals._quoted_speakers import misquoted

    assert bool(misquoted(claim, _Index(COUNCIL))) is misplaced


def test_a_verdict_where_the_sources_give_a_plea() -> None:
    claim = "Marek Doyle was jailed for five years after being found guilty of conning 19 pensioners."
    assert verdict_for_plea(claim, [COURT]) == "Doyle pleaded guilty to fraud."
    assert verdict_for_plea("Marek Doyle admitted conning 19 pensioners.", [COURT]) is None
    assert verdict_for_plea(claim, [COURT + " A jury found his partner guilty of the same fraud."]) is None
    assert verdict_for_plea("Marek Doyle was not found guilty of any offence before 2021.", [COURT]) is None


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("answer", "refused"), [
    ("Marek Doyle was jailed for five years after being found guilty of conning 19 homeowners.", True),
    ("Marek Doyle was jailed for five years after admitting conning 19 homeowners.", False),
])
def test_plea_or_verdict_in_a_summary(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert is_refused(checker, answer, [COURT]) is refused


@pytest.mark.parametrize(("claim", "wrong"), [
    ("Lotte Brenner was in her late thirties when she finished mapping the Arvel glaciers.", True),
    ("Lotte Brenner was in her late forties when she finished mapping the Arvel glaciers.", False),
    ("Lotte Brenner was in her forties when she finished mapping the Arvel glaciers.", False),
    ("Lotte Brenner was in her early forties when she finished mapping the Arvel glaciers.", True),
])
def test_a_decade_of_life_at_an_event(claim: str, wrong: bool) -> None:
    """"in her late thirties when she finished ..." beside a birth year and the event's year (a
    contrast trial's pair; only a decade at death was read before)."""
    from lexguard.grounding.signals._lifetimes import life_decade_conflict

    source = ["Lotte Brenner (born 1931) was a glaciologist. She completed her survey of the Arvel glaciers in 1979."]
    assert (life_decade_conflict(claim, source) is not None) is wrong
