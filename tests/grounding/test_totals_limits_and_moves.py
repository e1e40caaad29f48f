"""Totals an answer works out, limits it drops, moves and causes it turns round, and a few readings
around them.

- "The whole path is 6km: 2.5km, 2km and 1.5km" and "you'd pay £19 in total" (three prices) are
  right though no source holds the total (:mod:`lexguard.grounding.signals._totals`).
- "reduced by 40%" beside "reduced by up to 40%" states the most as what everyone gets
  (:func:`lexguard.grounding.signals._bounds.dropped_limit`); "the price goes up to £9" is a rise.
- "from settings.json into config.ini" beside "from config.ini into settings.json", "the drop in
  oxygen caused a bloom" beside "was caused by" (:func:`lexguard.grounding.signals._roles.swapped_ends`).
- "every branch" beside "selected branches" raises the quantifier; "over three years" is a span.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from tests.claim_statuses import statuses
from lexguard.grounding.claims._passages import passage_sentences

PATH = ("The Brook Path has three stretches. The first, from the car park to the weir, is 2.5km. The second, "
        "along the river, is 2km. The last, back through the meadow, is 1.5km.")
SHOW = "Entry to the Harlby Steam Fair is £11 for adults. Children under 12 get in for £5. A programme costs £3."
SALE = ("Marlow's winter sale runs from 2 to 16 January. Selected coats are reduced by up to 40%, and boots are "
        "reduced by up to 25%. After 6pm on Fridays the price of a lane goes up to £9.")
APP = ("On first launch, Tallyo 2.0 moves your settings from the old config.ini file into the new settings.json "
       "format. The config.ini file is kept as a backup.")
RIVER = ("The survey of the River Wend found that oxygen levels fell sharply in August. The authors concluded "
         "that the drop in oxygen was caused by an algal bloom.")
TRANSFER = ("Midfielder Owen Tate has transferred from Harlow Town to Bexley United for £900,000. He scored "
            "eleven goals for Harlow last season.")
BUDGET = "Kirkby Council has moved £1.6 million from its parks budget to its library budget to cover rising costs."
COLLECTIONS = ("Residents can book a bulky waste collection online for up to three items. The charge is £20, and "
               "collections take place on Tuesdays.")
BANK = ("From 3 June, selected Harrow Bank branches will open on Saturday mornings from 9:00 to 12:00. All "
        "branches will stay closed on Sundays. Harrow Bank has a three-year plan to refit its branches.")
SIGNED = "Penrith Albion have signed defender Cole Vance from Stourby Athletic on a two-year deal."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()



@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (PATH, "The whole Brook Path is 6km: 2.5km to the weir, 2km along the river and 1.5km back."),
        (SHOW, "For one adult and one child under 12 plus a programme, you'd pay £19 in total."),
        (SALE, "In Marlow's winter sale, selected coats are reduced by up to 40%."),
        (SALE, "After 6pm on Fridays a lane costs £9."),
        (APP, "Tallyo 2.0 moves your settings from config.ini into settings.json."),
        (RIVER, "The survey found that an algal bloom caused the drop in oxygen in the River Wend."),
        (BANK, "Harrow Bank plans to refit its branches over three years."),
        (TRANSFER, "Owen Tate has joined Bexley United from Harlow Town for £900,000."),
        (BUDGET, "Kirkby Council has moved £1.6 million from its parks budget to its library budget."),
        (COLLECTIONS, "Bulky waste collections cost £20, with collections taking place every Tuesday."),
        (SIGNED, "Cole Vance has left Stourby Athletic to join Penrith Albion."),
    ],
)
def test_right_answers_are_supported(checker: SupportChecker, source: str, answer: str) -> None:
    assert statuses(checker, source, answer) == {"supported"}


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (PATH, "The whole Brook Path is 7km: 2.5km to the weir, 2km along the river and 1.5km back."),
        (SHOW, "For one adult and one child under 12 plus a programme, you'd pay £20 in total."),
        (SALE, "In Marlow's winter sale, selected coats are reduced by 40%."),
        (APP, "Tallyo 2.0 moves your settings from settings.json into the older config.ini format."),
        (RIVER, "According to the survey, the sharp fall in oxygen in the River Wend in August caused an algal bloom."),
        (BANK, "From 3 June, every Harrow Bank branch will open on Saturday mornings from 9:00 to 12:00."),
        (TRANSFER, "Owen Tate has joined Harlow Town from Bexley United for £900,000."),
        (TRANSFER, "Owen Tate has left Bexley United to join Harlow Town."),
        (BUDGET, "Kirkby Council has moved £1.6 million from its library budget into its parks budget."),
        (COLLECTIONS, "Bulky waste collections cost £20 and take place every Saturday morning."),
        # the buyer signs a player from the seller
        (SIGNED, "Cole Vance has left Penrith Albion to join Stourby Athletic."),
    ],
)
def test_wrong_answers_are_refused(checker: SupportChecker, source: str, answer: str) -> None:
    assert statuses(checker, source, answer) & {"contradicted", "unsupported"}


def test_a_dot_inside_a_word_ends_no_sentence() -> None:
    assert list(passage_sentences("Settings move from config.ini to settings.json today. See example.com.")) == [
        "Settings move from config.ini to settings.json today.", "See example.com."]


def test_afterwards_with_a_condition_tells_no_order(checker: SupportChecker) -> None:
    """"Hands should be washed afterwards unless they are being treated" beside "Wash your hands
    after applying the cream, unless you are treating your hands" had been read as the other order."""
    source = "Apply a thin layer once a day. Wash your hands after applying the cream, unless you are treating your hands."
    assert statuses(checker, source, "Hands should be washed afterwards unless they are being treated.") == {
        "supported"}


GRANT = ("Groups applying to the Sedley Community Fund must request at least £500 and no more than £5,000. "
         "Applications close on 31 October.")
HALL = "The Brindle Hall can be booked for a minimum of 20 guests. Bookings close a week ahead."


@pytest.mark.parametrize(
    ("source", "answer", "reversed_"),
    [
        (GRANT, "Groups can request at most £500 from the Sedley Community Fund.", True),
        (GRANT, "Groups can request no more than £5,000 from the Sedley Community Fund.", False),
        (GRANT, "Groups can request at least £500 from the Sedley Community Fund.", False),
        (HALL, "The Brindle Hall can be booked for up to 20 guests.", True),
        (HALL, "The Brindle Hall can be booked for at least 20 guests.", False),
    ],
)
def test_a_floor_given_as_a_ceiling_is_refused(checker: SupportChecker, source: str, answer: str, reversed_: bool) -> None:
    from lexguard.grounding.signals._limits_given import reversed_limit
    from lexguard.grounding.signals._lexical import numbers

    value = next(m for m in numbers(answer) if m.key in ("500", "5000", "20"))
    assert reversed_limit(answer, value, [source]) is reversed_
    if reversed_:
        assert "supported" not in statuses(checker, source, answer)
