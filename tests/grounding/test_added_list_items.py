"""An item added to a list the sources give.

"... made from 100 g plain flour, two eggs, 300 ml milk and a pinch of salt" beside a recipe that
lists the flour, eggs and milk only was read as supported (0.98):
:func:`lexguard.grounding.signals._listed.added_items` reads the added item as a thing no source
names. A list in other words, or one whose other items no sentence gives, is left alone.
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding import SupportChecker
from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
from lexguard.grounding.signals._listed import added_items
from tests.claim_statuses import statuses

SCONES = ("Cheese scones (makes 10): rub 50 g butter into 225 g self-raising flour, then stir in 100 g grated "
          "cheddar and 150 ml milk. Bake at 220C for 12 minutes.")
LAMP = ("The Arlo desk lamp has three brightness levels and a flexible neck. In the box: a USB-C cable, a clamp "
        "and a quick-start guide.")
UNIFORM = ("The Larkmead uniform is a navy blazer, a white shirt, the school tie, grey trousers or a grey skirt, and "
           "black shoes.")
CABIN = "Every cabin at Fernside includes a wood-burning stove, a full kitchen, a private hot tub and free Wi-Fi."
KIT = "The Vantor S2 kit includes a charger, two spare brushes, a travel case and a cleaning cloth."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (SCONES, "You need 50 g butter, 225 g self-raising flour, 100 g grated cheddar, 150 ml milk and a teaspoon of mustard."),
        (LAMP, "In the box you get a USB-C cable, a clamp, a quick-start guide and a spare bulb."),
        (KIT, "The kit includes a charger, two spare brushes, a wall bracket with screws and a cleaning cloth."),
        # after three items one sentence gives, one new word with its article will do
        (CABIN, "Each cabin comes with a wood-burning stove, a full kitchen, a private hot tub, a barbecue and free Wi-Fi."),
        (SCONES, "You need 50 g butter, 225 g self-raising flour, 100 g grated cheddar, a teaspoon of English mustard and 150 ml milk."),
        (UNIFORM, "The uniform is a navy blazer, a white shirt, the school tie, a grey jumper, grey trousers or a grey skirt, "
                  "and black shoes."),
    ],
)
def test_an_item_no_source_names_fails_the_list(checker: SupportChecker, source: str, answer: str) -> None:
    assert "supported" not in statuses(checker, source, answer)


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (KIT, "Inside the box you'll find a charger, a pair of spare brushes, a travel case and a cleaning cloth."),
        (LAMP, "In the box you get a USB-C cable, a clamp and a quick-start guide."),
    ],
)
def test_a_list_the_source_gives_is_supported(checker: SupportChecker, source: str, answer: str) -> None:
    assert statuses(checker, source, answer) == {"supported"}


def _index(*texts: str) -> SourceIndex:
    sources = [Source(id=f"s{i}", content=t) for i, t in enumerate(texts)]
    return SourceIndex(sources, chunk_sources(sources))


def test_the_added_item_is_the_finding() -> None:
    found = added_items("In the box you get a USB-C cable, a clamp, a quick-start guide and a spare bulb.", _index(LAMP))
    assert [m.text for m in found] == ["a spare bulb"]


def test_an_item_the_question_names_is_not_added() -> None:
    claim = "In the box you get a USB-C cable, a clamp, a quick-start guide and no spare bulb."
    assert added_items(claim, _index(LAMP), asked=frozenset({"spare", "bulb"})) == []


def test_a_list_no_sentence_gives_is_left_to_the_other_checks() -> None:
    claim = "The lamp suits offices, bedrooms, garden sheds and music studios."
    assert added_items(claim, _index(LAMP)) == []


def test_one_new_word_without_an_article_is_not_added() -> None:
    source = "The studio sells its music to retailers, musicians, radio stations and video game makers."
    claim = "Clients include retailers, musicians, radio stations, filmmakers and video game makers."
    assert added_items(claim, _index(source)) == []


def test_an_amount_of_a_thing_is_no_item() -> None:
    source = "The Corner Deli serves sandwiches, soups, salads, cakes, beer and wine."
    claim = "It serves sandwiches, soups, salads, cakes and a selection of beer."
    assert added_items(claim, _index(source)) == []


def test_a_clause_after_an_apposition_is_no_item() -> None:
    source = "Elmstead Barn is a converted 17th-century barn available for weddings from April to October."
    claim = "Weddings at Elmstead Barn, a converted 17th-century barn, take place between April and October."
    assert added_items(claim, _index(source)) == []
