"""A part of a claim that only another document's subject holds.

"Halvorsen Foods grew revenue by 6% ... and plans to open a new plant in Ostrava" beside a
document about Halvorsen and one about another firm's Ostrava plant was read as supported (0.99):
every word is in the sources, the plant is the other firm's.
:func:`lexguard.grounding.signals._borrowed_parts.borrowed_part` fails such a claim; a claim that
joins what two documents say of their own subjects stays supported.
"""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._borrowed_parts import borrowed_part
from tests.claim_statuses import statuses

MILLS = ("Harwick Mills reported sales of £88 million for the year, up 4%. Its chair, Nadia Orme, said demand for "
         "wool blankets had held up well.")
TANNERY = ("Oakvale Tannery said it will build a new finishing plant in Leeds next spring. The plant will employ "
           "120 people. Its sales fell to £41 million.")
LAKE = "Brindle Water covers 60 hectares. It has a sailing club and a cafe open daily from 10am to 4pm."
WOOD = "Gorsey Wood is a nature reserve of 45 hectares. It has an otter hide beside the mill stream and a sculpture trail."
RIDER_A = "Cyclist Hana Ito won the women's road race in Kessford in 3:41:09, her first win of the season."
MUSEUM_A = "The Larch Hill Museum of Transport is free to enter. Its collection includes a 1912 steam tram."
MUSEUM_B = "The Weyford Textile Museum charges £9 for adults. A working Victorian loom is demonstrated every Saturday."
READERS = "The Inkleaf Lite has a 6-inch screen and 8 GB of storage. The Inkleaf Plus has a 7-inch screen and is waterproof."
COURTS = ("Court A has a clay surface and costs £12 an hour. Court B has a grass surface and costs £15 an hour. "
          "Court B is the only court with floodlights. Both courts can be booked online.")
RIDER_B = "Pavel Roos won the men's road race in 4:02:33 after attacking on the final climb at Broom Hill."


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    ("sources", "answer"),
    [
        ([MILLS, TANNERY], "Harwick Mills reported sales of £88 million and will build a new finishing plant in Leeds."),
        ([LAKE, WOOD], "Brindle Water covers 60 hectares and has a sailing club, plus an otter hide beside the mill stream."),
        ([RIDER_A, RIDER_B], "Hana Ito won the women's road race in 3:41:09 after attacking on the final climb at Broom Hill."),
        # a word both names share ("Museum") does not make the other document the claim's
        ([MUSEUM_A, MUSEUM_B], "The Larch Hill Museum of Transport has a 1912 steam tram and a working Victorian loom "
                               "demonstrated every Saturday."),
        # a sibling item of one document: the floodlights are Court B's
        ([COURTS], "Court A has a clay surface, costs £12 an hour and is the only court with floodlights."),
    ],
)
def test_a_part_another_document_says_of_its_subject_fails(checker: SupportChecker, sources: list[str],
                                                            answer: str) -> None:
    assert "supported" not in statuses(checker, sources, answer)


@pytest.mark.parametrize(
    ("sources", "answer"),
    [
        ([MILLS, TANNERY], "Harwick Mills reported sales of £88 million, while Oakvale Tannery will build a plant in Leeds."),
        ([LAKE, WOOD], "Brindle Water has a sailing club and a cafe, and Gorsey Wood has an otter hide."),
        ([RIDER_A, RIDER_B], "Hana Ito won the women's road race in 3:41:09, her first win of the season."),
        ([COURTS], "Court A has a clay surface, costs £12 an hour and can be booked online."),
        # a part that names the other item, and the parts after it, are about that item ("Plus" is a name)
        ([READERS], "The Inkleaf Lite has a 6-inch screen, while the Inkleaf Plus is waterproof and has a 7-inch screen."),
    ],
)
def test_what_each_document_says_of_its_own_subject_is_supported(checker: SupportChecker, sources: list[str],
                                                                 answer: str) -> None:
    assert statuses(checker, sources, answer) == {"supported"}


def test_the_other_documents_sentence_is_the_evidence() -> None:
    claim = "Brindle Water has a cafe, plus an otter hide beside the mill stream."
    found = borrowed_part(claim, [("a", LAKE), ("b", WOOD)])
    assert found is not None and "otter hide" in found


def test_a_document_that_names_the_subject_keeps_the_part() -> None:
    both = WOOD + " Brindle Water, nearby, has an otter hide too."
    assert borrowed_part("Brindle Water has an otter hide beside the mill stream.", [("a", LAKE), ("b", both)]) is None


def test_a_claim_without_a_named_subject_is_left_alone() -> None:
    assert borrowed_part("It has an otter hide beside the mill stream.", [("a", LAKE), ("b", WOOD)]) is None


ROOMS = ("Classic rooms at the Fenwick Inn have a double bed and a shower. Superior rooms have a four-poster bed, "
         "a freestanding bath and a garden view. Breakfast is served in all rooms.")
HOUSES = ("The Meadow Rise scheme has two house types. Two-bedroom houses have a study and one parking space. "
          "Three-bedroom houses have a conservatory and a double garage.")
BOARDS = ("The Surfline-200 board is 7 feet long and has a soft top. The Surfline-400 board is 9 feet long and has "
          "a carbon fin box.")


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (ROOMS, "Classic rooms at the Fenwick Inn have a double bed and a freestanding bath."),
        (HOUSES, "The two-bedroom houses at Meadow Rise have a study and a conservatory."),
        (BOARDS, "The Surfline-200 board is 7 feet long and has a carbon fin box."),
    ],
)
def test_a_feature_of_another_variant_fails(checker: SupportChecker, source: str, answer: str) -> None:
    assert "supported" not in statuses(checker, source, answer)
    assert borrowed_part(answer, [("s0", source)]) is not None


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        (ROOMS, "Classic rooms at the Fenwick Inn have a double bed and a shower."),
        (ROOMS, "Superior rooms have a four-poster bed and a freestanding bath, while Classic rooms have a shower."),
        (HOUSES, "The two-bedroom houses at Meadow Rise have a study and one parking space."),
        (BOARDS, "The Surfline-400 board is 9 feet long and has a carbon fin box."),
    ],
)
def test_a_variants_own_features_are_not_borrowed(source: str, answer: str) -> None:
    assert borrowed_part(answer, [("s0", source)]) is None


def test_a_tier_word_in_lower_case_names_no_variant() -> None:
    source = "The Basic plan gives 10 GB of storage. The Premium plan adds a standard support line and backups."
    assert borrowed_part("The Basic plan gives 10 GB of storage and a standard support line.", [("s0", source)]) is not None
    # "a standard router" is no tier: nothing here to borrow from
    router = "Every plan comes with a standard router. Installation takes two hours."
    assert borrowed_part("The plan comes with a standard router and installation.", [("s0", router)]) is None


def test_the_name_a_variant_stands_in_is_its_own() -> None:
    # "Covewell" is the brand of every tier: the Bronze sentence names it, the Silver one does not
    source = ("Covewell Bronze cover pays for accidents only, up to £1,500. Silver covers accidents and illness up "
              "to £3,000 a year. Gold adds dental treatment.")
    assert borrowed_part("Covewell Silver covers accidents and illness, up to £3,000 a year.", [("s0", source)]) is None


def test_a_premier_tiers_feature_is_not_the_plus_tiers() -> None:
    from lexguard.grounding.signals._borrowed_parts import borrowed_part

    gym = ("Basic membership (£20 a month) gives gym access from 6am to 10pm. Plus membership (£30 a month) adds "
           "unlimited classes. Premier membership (£45 a month) adds sauna and steam room use.")
    assert borrowed_part("Plus membership costs £30 a month and adds unlimited classes and sauna and steam room use.",
                         [("s", gym)]) is not None
    assert borrowed_part("Premier membership adds sauna and steam room use.", [("s", gym)]) is None


LODGES = ("Pinfold Lodges has two cabins. Otter Lodge sleeps two and has a log burner. Badger Lodge sleeps five, has a "
          "sauna and a games room, but no log burner. Both lodges have parking for one car.")


@pytest.mark.parametrize(
    ("answer", "borrowed"),
    [
        ("Otter Lodge sleeps two and has a sauna and a games room.", True),
        ("Otter Lodge sleeps two and has a log burner and parking for one car.", False),  # "Both lodges"
        ("Badger Lodge sleeps five and has a sauna, while Otter Lodge has the log burner.", False),
    ],
)
def test_a_part_said_of_another_of_two_places_of_one_kind_is_borrowed(answer: str, borrowed: bool) -> None:
    assert (borrowed_part(answer, [("s", LODGES)]) is not None) is borrowed


SUITES = ("The Harbour Hotel has three room types. Standard rooms have a double bed and a garden view, from £95 per "
          "night. Superior rooms have a king-size bed and a sea view, from £130 per night.")


@pytest.mark.parametrize(
    ("answer", "borrowed"),
    [
        ("Superior rooms have a king-size bed and a garden view.", True),
        ("Superior rooms (king-size bed, from £130) have sea views, while standard rooms overlook the garden.", False),
    ],
)
def test_a_part_that_names_a_sibling_in_lower_case_is_that_siblings(answer: str, borrowed: bool) -> None:
    assert (borrowed_part(answer, [("s", SUITES)]) is not None) is borrowed
