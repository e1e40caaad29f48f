"""Shares of a part, places, changes and people as blind trials of the thirty-seventh session wrote
them: correct summaries refused for "nearly a third" of "27 of its 84 shops", "came second" of
"runners-up", "from 72 cents to 61 cents" of "61 cents ..., from ... 72 cents", "since the
shortlist"; wrong claims accepted for a runner-up who won, a birthplace and nationality swapped,
"most of" a tenth.
"""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._part_shares import share_given
from lexguard.grounding.signals._segments import crossed_value
from lexguard.grounding.signals._values import statement_conflicts
from lexguard.grounding.signals._written import ordinal_keys

from ._accepting import refuses_nothing

SHOPS = "Crumb & Co. will close 27 of its 84 shops by the end of March, putting around 310 jobs at risk."
EARNINGS = ("Net income for the quarter fell to $28.3 million, or 61 cents per share, from $33.9 million, or 72 cents "
            "per share, a year earlier.")
FINAL = ("In the final of the 2016 Aldmere Open, Tomasz Rellick defeated Javier Ostend 6-4, 3-6, 7-5 to win his "
         "first major title.")
MUSEUM = ("The Orsley Museum of Maritime History opened in 1954 on Quay Street. It holds about 40,000 objects, of "
          "which roughly one tenth are on public display.")
SURVEY = ("According to the 2020 national survey, 62 percent of households in Lormandy owned at least one bicycle, "
          "compared with 48 percent in 2010.")


@pytest.mark.parametrize(("claim", "given"), [
    ("It will close nearly a third of its shops.", True),
    ("It will close about a third of its shops.", True),
    ("It will close a third of its shops.", True),  # 32%, within 6% of a third
    ("It will close nearly half of its shops.", False),
    ("It will close a quarter of its shops.", False),
    ("It will close 32% of its shops.", False),  # a percentage: the shares' rule reads it
])
def test_a_share_of_a_part_given_in_one_phrase(claim: str, given: bool) -> None:
    share = next(m for m in numbers(claim) if m.text not in ("27", "84"))
    assert share_given(claim, share, [SHOPS]) is given


def test_a_runner_up_is_second() -> None:
    assert "ord:2" in ordinal_keys("Runners-up St Aldhelm's Grammar School sorted 44 items.")
    assert "ord:2" not in ordinal_keys("St Aldhelm's Grammar School sorted 44 items.")


@pytest.mark.parametrize(("claim", "crossed"), [
    ("Earnings per share fell from 72 cents to 61 cents.", False),
    ("Earnings per share fell from 61 cents to 72 cents.", True),
    ("Net income fell from $33.9 million to $28.3 million.", False),
    ("Net income fell from $28.3 million to $33.9 million.", True),
])
def test_a_change_told_the_other_way_round(claim: str, crossed: bool) -> None:
    assert any(crossed_value(claim, m, [EARNINGS]) for m in numbers(claim)) is crossed


@pytest.mark.parametrize(("claim", "source", "conflict"), [
    ("Tomasz Rellick finished as runner-up at the 2016 Aldmere Open.", FINAL, True),
    ("Javier Ostend finished as runner-up at the 2016 Aldmere Open.", FINAL, False),
    ("Marisol Vantreck is a Canadian-born Chilean glaciologist.",
     "Marisol Vantreck (born 1961) is a Chilean-born Canadian glaciologist.", True),
    ("Marisol Vantreck is a Chilean-born Canadian glaciologist.",
     "Marisol Vantreck (born 1961) is a Chilean-born Canadian glaciologist.", False),
    ("Most of the Orsley Museum of Maritime History's objects are on public display.", MUSEUM, True),
    ("In 2020 a majority of Lormandy households owned a bicycle.", SURVEY, False),  # 62%, not 2010's 48%
    ("In 2010 a majority of Lormandy households owned a bicycle.", SURVEY, True),
    ("Weekly sales jumped from about 40 to over 900 after the shortlisting.",
     "Sales had already risen sharply since the shortlist was announced, from around 40 copies a week to more than 900.",
     False),  # "since the shortlist": after it
    ("The deli will shut on Friday after decades on Quay Street.",
     "The deli, on Quay Street since 1988, will shut on Friday.", False),  # "since 1988" dates one event
])
def test_places_shares_and_orders(claim: str, source: str, conflict: bool) -> None:
    assert (statement_conflicts(claim, [source], [])["conflict"] is not None) is conflict


def test_a_surname_alone_is_the_person_named_in_full_before(checker_module: None = None) -> None:
    """"Former hospital administrator Imogen Thale, 52" beside "Debut novelist Imogen Thale ..." and
    "Thale, 52, a former hospital administrator from Colchester": "from Colchester" made Colchester
    a person with the title "administrator", and the claim's name was read as moved to her."""
    from lexguard.grounding import SupportChecker

    source = ("Debut novelist Imogen Thale has won the Harrow Lantern Prize for her novel. Thale, 52, a former hospital "
              "administrator from Colchester, wrote the book over nine years.")
    assert refuses_nothing(SupportChecker(), "Former hospital administrator Imogen Thale, 52, has won the Harrow "
                           "Lantern Prize.", source)
