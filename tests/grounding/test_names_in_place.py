"""A one-word name read against its place: within one document, only a swap of who did something.

A document states its setting once ("in Kenya") and its people by one part of their name
("Dillard"); a claim that names the country a city is in, a person's first name or a title was
read as a value from elsewhere in the source and refused. Names moved between documents, full
names moved within one, and one-word names swapped as the doer of one statement still are.
"""

from __future__ import annotations

import pytest

from lexguard._models import Source
from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
from lexguard.grounding.signals._binding import misplaced_values


def _misplaced(sources: list[str], claim: str) -> list[str]:
    docs = [Source(id=f"s{i}", content=text) for i, text in enumerate(sources)]
    index = SourceIndex(docs, chunk_sources(docs))
    return [item.mention.text for item in misplaced_values(claim, index, list(range(len(index.chunks))))]


FLOODS = ("Floods closed roads across Bavaria on Monday. "
          "In Passau, the river rose to a record 12.8 metres, the city council said.")
MIDWIFE = ("Jill (Duggar) Dillard gave birth on Sunday. "
           "Dillard, who trained as a midwife, had prepared for a late arrival.")
MOURNING = ("Gunmen attacked a college in Garissa on Thursday, the President's office said. "
            "Kenyatta declared three days of national mourning for the victims.")
CHAT = ("Mira: I'll send the draft contract to the supplier.\n"
        "Tomas: I'll book the van for Monday's delivery.")
SETTINGS = ("Open the Bluetooth panel from the taskbar. Right-click the Bluetooth icon and select Disable "
            "to save battery. When you need it again, select Enable in the same menu.")
TOWNS = ["Kestel has a population of about 31,000 and is known for its annual onion market.",
         "Dornach has about 44,000 residents. Its main sight is a 13th-century abbey."]


@pytest.mark.parametrize(
    ("sources", "claim"),
    [
        ([FLOODS], "In Bavaria, the river rose to a record 12.8 metres."),  # Passau is in Bavaria
        ([MIDWIFE], "Jill, who trained as a midwife, had prepared for a late arrival."),  # Jill Dillard
        ([MOURNING], "The President declared three days of national mourning for the victims."),  # a title
    ],
)
def test_a_one_word_name_of_the_same_document_is_not_misplaced(sources: list[str], claim: str) -> None:
    assert _misplaced(sources, claim) == []


@pytest.mark.parametrize(
    ("sources", "claim", "name"),
    [
        ([CHAT], "Mira will book the van for Monday's delivery.", "Mira"),  # Tomas will
        (TOWNS, "Dornach is known for its annual onion market.", "Dornach"),  # another document's subject
        ([SETTINGS], "Right-click the Bluetooth icon and select Enable to save battery.", "Enable"),  # after the same verb
    ],
)
def test_a_one_word_doer_swapped_or_moved_between_documents_is_misplaced(
    sources: list[str], claim: str, name: str
) -> None:
    assert _misplaced(sources, claim) == [name]


OPENING = ["Councillor Rhian Okoye opened the refurbished Tanner Street Baths on Friday morning. The work added a "
           "sauna and a teaching pool.",
           "The same day, head coach Dev Malik started a junior squad at the Millbrook club."]


@pytest.mark.parametrize(
    ("claim", "moved"),
    [
        # the claim's subject carries the title the other source gives that person
        ("Head coach Dev Malik opened the refurbished Tanner Street Baths on Friday.", ["Dev Malik"]),
        ("Councillor Rhian Okoye opened the refurbished Tanner Street Baths on Friday.", []),
        ("Head coach Dev Malik started a junior squad at the Millbrook club.", []),
        # a title the sources do not give that person is no reading of who did it
        ("Swim teacher Dev Malik opened the refurbished Tanner Street Baths on Friday.", []),
    ],
)
def test_a_titled_name_moved_from_another_source(claim: str, moved: list[str]) -> None:
    assert _misplaced(OPENING, claim) == moved


URN = ("Case 9: brass carriage clock. The clock was presented to the village's first stationmaster, Amos Thorne, "
       "when he retired. His granddaughter, Ada Thorne, gave it to the museum in 1961.")
PATH = ("The new canal towpath at Brinklow was opened on Friday by the mayor, Cllr Jas Bhatti. The path was designed "
        "by landscape architect Nell Okoro and built by Fenwick Civils over four months.")


@pytest.mark.parametrize(
    ("sources", "claim", "moved"),
    [
        # an apposition says who a name is, not what it did; a relative of the same name is another person
        ([URN], "The clock was given to the museum in 1961 by Amos Thorne, the village's first stationmaster.",
         ["Amos Thorne"]),
        ([URN], "The clock was given to the museum in 1961 by Ada Thorne, the granddaughter of Amos Thorne.", []),
        ([URN], "It was presented to Amos Thorne, the village's first stationmaster, when he retired.", []),
        ([PATH], "It was designed by the mayor, Cllr Jas Bhatti.", ["Cllr Jas Bhatti"]),
        ([PATH], "It was opened on Friday by the mayor, Cllr Jas Bhatti.", []),
        ([PATH], "It was designed by landscape architect Nell Okoro.", []),
    ],
)
def test_an_apposition_or_a_relative(sources: list[str], claim: str, moved: list[str]) -> None:
    assert _misplaced(sources, claim) == moved


def test_a_relative_the_claim_names_too_is_no_rival() -> None:
    sources = ["The whole family came. Ada Thorne and John Paul Thorne were there, too. Later, Jacob Thorne arrived "
               "with the children."]
    claim = "Family members present included John Paul Thorne, Ada Thorne and Jacob Thorne."
    assert _misplaced(sources, claim) == []


def test_a_place_and_its_state_is_no_apposition() -> None:
    assert _misplaced(["Harbour Bay, Florida. The town was founded in 1908."],
                      "Here is a brief history of Harbour Bay, FL: it was founded in 1908.") == []


DESK = ("Chat log, Monday 09:15. Agent (Priya): I've noted the fault with your fridge and sent it to our repairs "
        "team. Customer: Thanks. Agent (Priya): Owen from the repairs team will ring you within three working days "
        "to book a visit.")


@pytest.mark.parametrize(
    ("claim", "moved"),
    [
        # a speaker label names who speaks, not who will do what the turn says
        ("Priya will ring you within three working days to book a visit.", ["Priya"]),
        ("Owen will ring you within three working days to book a visit.", []),
        ("Priya noted the fault with your fridge and sent it to the repairs team.", []),
    ],
)
def test_a_speaker_label_is_no_doer_of_the_turn(claim: str, moved: list[str]) -> None:
    assert _misplaced([DESK], claim) == moved
