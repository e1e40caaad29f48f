"""Two names the sources pair otherwise (``grounding/signals/_pairs.py``) and a doer with one
relation word (``grounding/signals/_doers.py``).

Beside verbalised knowledge triples ("Dario Fenn plays for Kestrel Bay Rovers. ... Marta Ilves
plays for Ashford Comets. Dario Fenn won award Golden Boot."), "Marta Ilves won the Golden Boot",
"Kestrel Bay Rovers have Marta Ilves in their squad" and "Ruth Penhale wrote The Tin Observatory"
(she stars in it; Corbin Ashgrove wrote it) were accepted: every name is in the sources, and the
verifier read them as supported.
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
from lexguard.grounding.signals._pairs import crossed_pair, other_relation

from ._accepting import refuses_nothing

CLUBS = ("Dario Fenn plays for Kestrel Bay Rovers.Kestrel Bay Rovers won award Northern Shield."
         "Marta Ilves plays for Ashford Comets.Dario Fenn won award Golden Boot.")
TEAMS = ("Lena Okafor plays for the Rivergate Falcons. The Rivergate Falcons won the Coastal Cup. "
         "Tomas Brezny plays for the Highmoor Stags.")
BOOK = ("The Tin Observatory is written by Corbin Ashgrove. The Tin Observatory is starring Ruth Penhale. "
        "The Tin Observatory has genre Fantasy. Corbin Ashgrove is from Wexbridge.")


def _index(text: str) -> SourceIndex:
    sources = [Source(id="kb", content=text)]
    return SourceIndex(sources, chunk_sources(sources))


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("source", "wrong"),
    [
        (CLUBS, "Marta Ilves won the Golden Boot."),
        (CLUBS, "Marta Ilves won the Northern Shield."),
        (CLUBS, "Kestrel Bay Rovers have Marta Ilves in their squad."),
        (CLUBS, "Marta Ilves is in the Kestrel Bay Rovers squad."),
        (TEAMS, "Tomas Brezny is with the Rivergate Falcons."),
        (TEAMS, "The Highmoor Stags have Lena Okafor."),
        (BOOK, "Ruth Penhale wrote The Tin Observatory."),
    ],
)
def test_a_name_given_another_partner_is_refused(checker: SupportChecker, source: str, wrong: str) -> None:
    assert not refuses_nothing(checker, wrong, source)


@pytest.mark.parametrize(
    ("source", "right"),
    [
        (CLUBS, "Dario Fenn won the Golden Boot."),
        (CLUBS, "Dario Fenn is in the Kestrel Bay Rovers squad."),
        (TEAMS, "Lena Okafor is with the Rivergate Falcons."),
        (BOOK, "Ruth Penhale stars in The Tin Observatory."),
        (BOOK, "Corbin Ashgrove wrote The Tin Observatory."),
    ],
)
def test_a_pair_the_sources_give_is_accepted(checker: SupportChecker, source: str, right: str) -> None:
    assert refuses_nothing(checker, right, source)


@pytest.mark.parametrize(
    "claim",
    [
        "Lena Okafor and Tomas Brezny are both great.",  # a list, no relation between them
        "Tomas Brezny met Lena Okafor.",  # both players: the same side of "plays"
        "Tomas Brezny won the Coastal Cup.",  # another relation than the one his sentence states
        "Lena Okafor+ and Tomas Brezny play.",  # a list, whatever marks stand between its names
    ],
)
def test_no_crossing_where_the_pairs_do_not_cross(claim: str) -> None:
    assert crossed_pair(claim, _index(TEAMS)) is None


def test_the_crossing_names_the_statement_that_pairs_otherwise() -> None:
    found = crossed_pair("Tomas Brezny is with the Rivergate Falcons.", _index(TEAMS))
    assert found is not None
    assert found[0].text == "Rivergate Falcons"
    assert found[1] == "Tomas Brezny plays for the Highmoor Stags."


def test_a_pronoun_the_chat_named_is_read_as_that_person() -> None:
    found = crossed_pair("He's with the Rivergate Falcons.", _index(TEAMS), person="Tomas Brezny")
    assert found is not None and found[0].text == "Rivergate Falcons"


@pytest.mark.parametrize(
    "claim",
    [
        "Ruth Penhale penned The Tin Observatory.",  # a verb the sources give no other pair
        "Ruth Penhale directed The Tin Observatory.",  # no one directed it, in the sources
        "Corbin Ashgrove wrote The Tin Observatory.",
    ],
)
def test_no_other_relation_without_a_rival(claim: str) -> None:
    assert other_relation(claim, _index(BOOK)) is None


def test_another_relation_names_the_person_given_it_wrongly() -> None:
    found = other_relation("Ruth Penhale wrote The Tin Observatory.", _index(BOOK))
    assert found is not None
    assert found[0].text == "Ruth Penhale"
    assert found[1] == "The Tin Observatory is written by Corbin Ashgrove."


def test_a_long_anchor_s_doer_may_do_something_else(checker: SupportChecker) -> None:
    """The one-word relation counts with the claim's other name only in a short statement: here
    "this new power" is what will impact the competition, not Julie Chen Moonves."""
    source = ("Gameplay could get messy with the Power of Multiplicity. Julie Chen Moonves revealed that "
              "this new power will impact the Veto Competition.")
    assert refuses_nothing(checker, "The Power of Multiplicity could impact the Veto Competition.", source)
