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
from lexguard.grounding.claims._antecedents import Meant
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
    found = crossed_pair("He's with the Rivergate Falcons.", _index(TEAMS), Meant(person="Tomas Brezny"))
    assert found is not None and found[0].text == "Rivergate Falcons"


@pytest.mark.parametrize(
    "claim",
    ["Corbin Ashgrove wrote The Tin Observatory.", "Corbin Ashgrove is the author of The Tin Observatory.",
     "Ruth Penhale met Corbin Ashgrove.", "Ruth Penhale stars in The Tin Observatory."],
)
def test_no_other_relation_where_the_sources_give_it_or_none_is_a_credit(claim: str) -> None:
    assert other_relation(claim, _index(BOOK)) is None


@pytest.mark.parametrize(
    "claim",
    [
        "Ruth Penhale penned The Tin Observatory.",  # a verb the sources give no other pair
        "Ruth Penhale directed The Tin Observatory.",  # no one directed it, in the sources
        "Ruth Penhale is the director of The Tin Observatory.",
    ],
)
def test_a_credit_the_sources_give_in_another_role_only_is_refused(claim: str) -> None:
    found = other_relation(claim, _index(BOOK))
    assert found is not None and found == (found[0], "The Tin Observatory is starring Ruth Penhale.")
    assert found[0].text == "Ruth Penhale"


def test_a_credit_given_by_a_role_noun_is_the_claim_s_relation() -> None:
    """"X is the author of Y" credits what "X wrote Y" says; another book "written by X" is no
    other relation of the two (a correct chat reply had been refused)."""
    books = _index("Marsh Light is written by Ona Petrak. Ona Petrak is the author of Cold Harbour.")
    assert other_relation("Ona Petrak wrote Cold Harbour.", books) is None
    assert other_relation("Ona Petrak directed Cold Harbour.", _index(
        "Marsh Light is directed by Ona Petrak. Ona Petrak is the author of Cold Harbour.")) is not None


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


# --- credits given in another role, and a thing given to its sibling (``_credit_roles``, ``given_to_sibling``)

FILM = ("The Salt Orchard is directed by Mireille Vantongeren.Mireille Vantongeren directed Paper Lanterns."
        "The Salt Orchard starring Osric Dalby.Paper Lanterns release year 2011")
NOVELS = ("The Glass Meridian is written by Tomasz Wielgorski. Tomasz Wielgorski wrote Ashes Over Kestrel Bay. "
          "The Glass Meridian won award Halden Prize. Ashes Over Kestrel Bay release year 2009")


@pytest.mark.parametrize(
    ("wrong", "right"),
    [
        ("Osric Dalby directed The Salt Orchard.", "Osric Dalby stars in The Salt Orchard."),
        ("Mireille Vantongeren starred in Paper Lanterns, which is well worth a look if you enjoyed her work.",
         "Mireille Vantongeren directed Paper Lanterns, which is well worth a look if you enjoyed her work."),
        ("Mireille Vantongeren wrote The Salt Orchard alongside Osric Dalby.",
         "Mireille Vantongeren directed The Salt Orchard, which stars Osric Dalby."),
        ("Ashes Over Kestrel Bay took the Halden Prize.", "The Glass Meridian took the Halden Prize."),
    ],
)
def test_a_credit_in_another_role_or_a_sibling_s_prize_is_refused(
    checker: SupportChecker, wrong: str, right: str
) -> None:
    source = NOVELS if "Prize" in wrong else FILM
    assert not refuses_nothing(checker, wrong, source)
    assert refuses_nothing(checker, right, source)


def test_an_author_said_to_have_won_the_book_s_prize_is_no_sibling() -> None:
    from lexguard.grounding.signals._pairs import given_to_sibling

    assert given_to_sibling("Tomasz Wielgorski won the Halden Prize.", _index(NOVELS)) is None
    found = given_to_sibling("Ashes Over Kestrel Bay won the Halden Prize.", _index(NOVELS))
    assert found is not None and found[1] == "The Glass Meridian won award Halden Prize."


def test_it_is_the_thing_the_chat_asked_about(checker: SupportChecker) -> None:
    chat = "[Human]: I want to watch The Salt Orchard tonight. [Assistant]: Good choice. [Human]: Who's behind it?"
    result = checker.check("Osric Dalby directed it.", [Source(id="kb", content=FILM)], chat)
    assert any(c.supported is False for c in result.claims)
    result = checker.check("Mireille Vantongeren directed it.", [Source(id="kb", content=FILM)], chat)
    assert all(c.supported is not False for c in result.claims)


POEMS = ("Lamplight Psalms is written by Ines Varga-Lowe. Ines Varga-Lowe wrote The Salt Hours. "
         "Ines Varga-Lowe spouse Aurelio Brandt. Aurelio Brandt nationality Chilean.")
TOWERS = ("Halden Tower is designed by Petra Solvang.Halden Tower located in Marrowick."
          "Petra Solvang designed Cinder Library.Cinder Library located in Oskvale.")


@pytest.mark.parametrize(
    ("source", "question", "answer", "refused"),
    [
        (POEMS, "[Human]: Who wrote The Salt Hours?", "Aurelio Brandt wrote that one.", True),  # her credit
        (POEMS, "[Human]: Who wrote The Salt Hours?", "Ines Varga-Lowe wrote that one.", False),
        (POEMS, "[Human]: Who wrote The Salt Hours?", "Aurelio Brandt wrote The Salt Hours.", True),
        (TOWERS, "[Human]: Where is Halden Tower?", "It's in Oskvale.", True),  # the sibling building's place
        (TOWERS, "[Human]: Where is Halden Tower?", "It's in Marrowick.", False),
        (FILM, "[Human]: What's The Salt Orchard like?", "It's a drama directed by Mireille Vantongeren.", False),
        (FILM, "[Human]: Any film tips?", "How about The Salt Orchard? It's directed by Mireille Vantongeren and "
         "stars Osric Dalby.", False),  # two relations of "it", none between the two names
    ],
)
def test_a_credit_or_a_place_given_to_another_is_refused(
    checker: SupportChecker, source: str, question: str, answer: str, refused: bool
) -> None:
    result = checker.check(answer, [Source(id="kb", content=source)], question)
    assert result.inconclusive_reason is None
    assert any(c.supported is False for c in result.claims) is refused
