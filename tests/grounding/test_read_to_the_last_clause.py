"""A wrong statement joined to a right one by "and" is read on its own, and so is a source's.

Hostile cases of the thirteenth session's trial: "... increases charging speed by up to 20% and
slightly increases its maximum capacity" beside a source that says the update *decreases* it; a
denied report written without "that"; "closed following a cliff fall" read as the other order.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._antonyms import ANTONYMS, antonym_keys
from lexguard.grounding.signals._clauses import clauses
from lexguard.grounding.signals._order import order_conflict
from lexguard.grounding.signals._polarity import polarity_conflict
from lexguard.grounding.signals._refuted import denied_statements

UPDATE = ("Version 3.1 of the Lumo desk lamp app speeds up pairing by about a third. However, the update slightly "
          "reduces the brightest setting, to keep the lamp cool. It installs itself overnight.")
COACH = ("After the 1-1 draw, Hollin Rovers manager Aoife Brandt said the team's passing had improved steadily "
         "since the spring. She conceded, however, that their home form had worsened and said the players needed "
         "more patience.")


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("The update speeds up pairing by a third and slightly raises the brightest setting.",
         ["The update speeds up pairing by a third", "and slightly raises the brightest setting."]),
        ("She said the passing had improved and that their home form had improved too.",
         ["She said the passing had improved", "and that their home form had improved too."]),
        ("The update reduces the brightest setting, to keep the lamp cool.",
         ["The update reduces the brightest setting", "to keep the lamp cool."]),
        # lists of things are no statements: no verb after "and", or no object after it
        ("It comes in red, blue and green.", []),
        ("Bring a torch and the booking form.", []),
    ],
)
def test_where_and_opens_a_statement_of_its_own(text: str, parts: list[str]) -> None:
    assert clauses(text) == parts


@pytest.mark.parametrize(
    "claim",
    [
        "Version 3.1 speeds up pairing by about a third and slightly increases the brightest setting.",
        "The update speeds up pairing by about a third and slightly raises the brightest setting.",
    ],
)
def test_a_flip_in_the_last_statement_of_a_long_sentence(claim: str) -> None:
    assert polarity_conflict(claim, [UPDATE]) is not None


def test_a_flip_after_and_that() -> None:
    claim = "Aoife Brandt said the team's passing had improved steadily since the spring and that their home form had also improved."
    assert polarity_conflict(claim, [COACH]) is not None
    right = "Aoife Brandt said the team's passing had improved steadily since the spring and that their home form had worsened."
    assert polarity_conflict(right, [COACH]) is None


@pytest.mark.parametrize(("a", "b"), [("improved", "worsened"), ("better", "worse"), ("increase", "reduce"),
                                      ("improving", "deteriorating")])
def test_more_opposites(a: str, b: str) -> None:
    assert antonym_keys(b) & set().union(*(ANTONYMS.get(k, frozenset()) for k in antonym_keys(a)))


@pytest.mark.parametrize(
    ("sentence", "denied"),
    [
        ("The brewery said on Friday that reports it would shut its Kelby site in spring were false.",
         "it would shut its Kelby site in spring"),
        ("Claims the pier would be demolished were untrue, the council said.", "the pier would be demolished"),
    ],
)
def test_a_denied_report_without_that(sentence: str, denied: str) -> None:
    assert denied in denied_statements(sentence)


def test_what_a_report_of_a_place_is_not() -> None:
    assert denied_statements("Reports from the harbour were false alarms.") == []


def test_a_denied_report_asserted_is_refused() -> None:
    source = Source(id="news", content="Kelby Brewing said on Friday that reports the company would shut its Kelby "
                                       "site next spring were false. A spokesperson said the site was hiring.")
    checker = SupportChecker()
    wrong = checker.check("Kelby Brewing will shut its Kelby site next spring.", [source])
    assert wrong.recommendation != "accept", [(c.text, c.status, c.support) for c in wrong.claims]


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("The towpath is closed until further notice after a landslip.", False),
        ("A landslip happened after the towpath was closed.", True),
    ],
)
def test_following_tells_the_order_after_does(claim: str, conflict: bool) -> None:
    source = "The towpath between Arley and Kemp Lock is closed until further notice following a landslip."
    assert (order_conflict(claim, [source]) is not None) is conflict


def test_the_following_day_is_no_order() -> None:
    source = "The festival opened on Friday, and the following day the parade crossed the town."
    assert order_conflict("The festival opened before the parade crossed the town.", [source]) is None


@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("Fuel prices will rise this winter, as suppliers are reporting smaller stocks.",
         ["Fuel prices will rise this winter", "as suppliers are reporting smaller stocks."]),
        ("Rents rose, as well as wages.", []),
        ("She moved north, as a result of the merger.", []),
    ],
)
def test_as_after_a_comma_opens_a_statement_of_its_own(text: str, parts: list[str]) -> None:
    assert clauses(text) == parts


FORECAST = ("Growers say the cold spring could push up strawberry prices across the county this summer. Farms have "
            "reported smaller harvests. The surveyor estimates that the repairs to the market hall will take about "
            "six weeks.")


@pytest.mark.parametrize(
    ("claim", "overstated"),
    [
        # a dropped hedge in the first statement of a sentence that goes on with ", as ..."
        ("The cold spring will push up strawberry prices across the county this summer, as farms are reporting "
         "smaller harvests.", True),
        ("The cold spring could push up strawberry prices across the county this summer, as farms are reporting "
         "smaller harvests.", False),
        # "estimates that ... will": the "will" is the estimate's
        ("The repairs to the market hall will take six weeks.", True),
        ("The surveyor estimates the repairs to the market hall will take about six weeks.", False),
    ],
)
def test_a_hedge_dropped_before_as_or_an_estimate_stated_as_fact(claim: str, overstated: bool) -> None:
    from lexguard.grounding.signals._overstated import overstatement

    assert (overstatement(claim, [FORECAST]) is not None) is overstated


@pytest.mark.parametrize(
    ("source", "wrong", "right"),
    [
        # "<subject> then ..." and "Only then ..." go on from the sentence before
        ("Before the ballot, members heard from the tenants' association. The board then voted 6-1 to approve the "
         "new rules.",
         "The board voted 6-1 to approve the new rules and afterwards heard from the tenants' association.",
         "The board heard from the tenants' association and then voted 6-1 to approve the new rules."),
        ("First, fix the two legs to the frame with the short bolts. Next, clip the shelf onto the frame. Only then "
         "tighten the long bolts on the top rail.",
         "Clip the shelf onto the frame once you have tightened the long bolts on the top rail.",
         "Clip the shelf onto the frame before you tighten the long bolts on the top rail."),
        # "In later life ..."
        ("Mara Quist trained as a weaver in Bruges before moving to Ghent, where she opened her first studio. In "
         "later life she lectured at the Ostend Academy.",
         "Mara Quist lectured at the Ostend Academy before opening her first studio in Ghent.",
         "Mara Quist opened her first studio in Ghent and later lectured at the Ostend Academy."),
    ],
)
def test_orders_told_across_two_sentences(source: str, wrong: str, right: str) -> None:
    assert order_conflict(wrong, [source]) is not None
    assert order_conflict(right, [source]) is None


def test_a_possibility_keeps_the_sources_hedge() -> None:
    from lexguard.grounding.signals._overstated import overstatement

    source = ("A three-way title is possible, as Alder, Brook and Colne will go into the last round of the season "
              "each with 4-1 records.")
    claim = "There is a possibility of a three-way title as Alder, Brook and Colne have 4-1 records going into the last round."
    assert overstatement(claim, [source]) is None


def test_a_raised_quantifier_before_a_participle_by() -> None:
    from lexguard.grounding.signals._overstated import overstatement

    source = ("Several tenants of Alder Court reported no hot water on Sunday morning. Engineers found a failed "
              "pump and replaced it by noon.")
    claim = "Every tenant of Alder Court had no hot water on Sunday morning, caused by a failed pump that engineers replaced."
    assert clauses(claim) == ["Every tenant of Alder Court had no hot water on Sunday morning",
                              "caused by a failed pump that engineers replaced."]
    assert overstatement(claim, [source]) is not None
