"""A record's yes-or-no attributes read against what a claim says of them.

The verifier read a claim of several attributes against flattened lines ("attributes Restaurants
Take Out: True") poorly: right claims refused, a ``False`` attribute said to be there read as high
as a right one.
"""

from __future__ import annotations

import ast

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.evidence._index import SourceIndex, chunk_sources
from lexguard.grounding.evidence._records import expanded
from lexguard._models import Source
from lexguard.grounding.signals._lexical import content_words
from lexguard.grounding.signals._record_attributes import read_attributes, record_attributes
from lexguard.grounding.signals._record_checks import read_record
from tests.claim_statuses import statuses

DINER = repr({
    "name": "Copper Kettle Diner",
    "address": "4 Mill Row",
    "hours": {"Monday": "7:0-15:0", "Tuesday": "7:0-15:0", "Wednesday": "7:0-15:0", "Thursday": "7:0-15:0",
              "Friday": "7:0-21:0"},
    "attributes": {
        "BusinessParking": "{'garage': False, 'street': True, 'validated': False, 'lot': True, 'valet': False}",
        "RestaurantsReservations": False,
        "OutdoorSeating": True,
        "WiFi": "u'no'",
        "RestaurantsTakeOut": True,
        "RestaurantsGoodForGroups": None,
        "Ambience": {"casual": True, "romantic": False, "trendy": False},
    },
})
HOTEL = repr({"name": "Harbour View Hotel", "amenities": {"Pool": True, "Gym": False, "PetsAllowed": None}})


def _read(claim: str, record: str = DINER):
    parsed = expanded(ast.literal_eval(record))
    return read_attributes(claim, record_attributes(parsed), frozenset(content_words(parsed["name"])))


def _record(claim: str, *sources: str):
    items = [Source(id=f"s{i}", content=text) for i, text in enumerate(sources or (DINER,))]
    return read_record(claim, SourceIndex(items, chunk_sources(items)))


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(
    "claim",
    [
        "The diner offers outdoor seating and take-out, but it does not take reservations or offer Wi-Fi.",
        "There is street parking and a parking lot, but no valet or garage parking.",
        "Copper Kettle Diner has a casual ambience and offers takeout.",
        "It lacks WiFi, but the atmosphere is casual.",
        "While reservations are not accepted, there is street parking.",
        "Wi-Fi isn't offered.",
        "There is no Wi-Fi and the ambience is casual.",
        "There is street parking as there is no garage or valet service.",
        "There is street parking and a lot, but no garage, validated, or valet parking.",
        "It offers parking, but no Wi-Fi.",  # a group: a lot and street parking
        "It provides takeout to its customers.",
        "It does not take reservations or offer parking except for street parking.",
        # a negation denies nothing past a statement of its own (thirty-sixth session, a blind RAGTruth-style trial)
        "It does not take reservations, take-out is offered, and only street parking and a lot are available.",
        "It does not take reservations, and street parking is available.",
    ],
)
def test_attributes_as_the_record_gives_them_are_checked(claim: str) -> None:
    reading = _read(claim)
    assert reading.conflict is None and reading.ok and not reading.left


@pytest.mark.parametrize(
    ("claim", "line"),
    [
        ("The diner takes reservations.", "attributes restaurants reservations: False"),
        ("It offers free Wi-Fi and outdoor seating.", "attributes wi fi: no"),
        ("It does not offer takeout.", "attributes restaurants take out: True"),
        ("There is no outdoor seating, but it has a casual feel.", "attributes outdoor seating: True"),
        ("Valet parking is available.", "business parking valet: False"),
        ("The ambience is romantic.", "ambience romantic: False"),
        ("Outdoor seating is not available.", "attributes outdoor seating: True"),
        ("Takeout service is not available.", "attributes restaurants take out: True"),
        ("There is no parking.", "parking: yes"),
        ("It does not offer take-out, outdoor seating, or street parking.", "attributes restaurants take out: True"),
        ("It offers no garage, and no street parking.", "business parking street: True"),
        ("It does not take reservations, and it has no outdoor seating.", "attributes outdoor seating: True"),
        # a hostile review (thirty-sixth session): a negation read past a verb of its own hid the error
        ("It has no WiFi, takes reservations, and offers takeout.", "attributes restaurants reservations: False"),
    ],
)
def test_the_other_value_conflicts(claim: str, line: str) -> None:
    assert _read(claim).conflict == line


@pytest.mark.parametrize(
    "claim",
    [
        "It is good for groups.",  # the record leaves it empty
        "It offers outdoor seating with heaters.",  # a word no attribute gives
        "There is no information about Wi-Fi or reservations.",  # the record gives both: the refusal rules'
        "There is no information about groups or outdoor seating.",  # it gives one
        "Customers say it has no outdoor seating.",  # what someone said
        "It offers outdoor seating for 40 people.",  # a figure
        "It offers outdoor seating and catering.",  # "catering" is no word of offering
        "It offers takeout and free parking.",  # "free" of the parking: no word of the record's
        "It offers takeout and has a bar.",
        "It is known as a romantic spot.",  # a reputation, not the record's
        "It does not offer valet or garage parking, customers can use the lot or park on the street.",  # "lot" alone
        "It does not take cheques or hand out menus.",  # "take ... out" is no takeout
        "Despite having no particular ambience, it feels casual.",  # no group of the ambience
    ],
)
def test_what_the_record_does_not_settle_is_not_checked(claim: str) -> None:
    reading = _read(claim)
    assert reading.conflict is None and not (reading.ok and not reading.left)


def test_what_the_record_leaves_empty_is_rightly_said_not_given() -> None:
    record = repr({"name": "Lark Deli", "hours": None, "attributes": {"WiFi": None, "Ambience": None, "OutdoorSeating": True}})
    for claim in ("The hours of operation are not specified, but it offers outdoor seating.",
                  "There is no information about Wi-Fi or the ambiance.",
                  "Unfortunately, the data does not include its hours or Wi-Fi."):
        reading = _read(claim, record)
        assert reading.ok and not reading.left, claim
    assert not _read("The hours are not specified, and it has free Wi-Fi.", record).ok  # Wi-Fi left empty


def test_wifi_one_pays_for_is_no_free_wifi() -> None:
    record = repr({"name": "Tern Hotel", "attributes": {"WiFi": "paid", "OutdoorSeating": False}})
    assert _read("It does not offer free Wi-Fi or outdoor seating.", record).ok
    assert _read("It offers free WiFi.", record).conflict == "attributes wi fi: paid"
    assert _read("Wi-Fi is available.", record).ok


def test_any_record_of_yes_or_no_values_is_read() -> None:
    assert _read("The hotel has a pool but no gym.", HOTEL).ok
    assert _read("The hotel has a gym.", HOTEL).conflict == "amenities gym: False"
    assert not _read("Pets are allowed at the hotel.", HOTEL).ok  # left empty


def test_hours_and_attributes_together_are_checked_whole() -> None:
    right = "Copper Kettle Diner is open from 7 am to 3 pm Monday to Thursday and offers takeout and outdoor seating."
    assert _record(right).ok and not _record(right).left
    assert _record(right.replace("takeout", "reservations")).conflict is not None
    assert _record(right.replace("3 pm", "4 pm")).conflict is not None
    assert not _record(right.replace("outdoor seating", "great pancakes")).ok


def test_attributes_are_not_read_beside_other_sources() -> None:
    other = "The Copper Kettle Diner on Mill Row has no outdoor seating since the terrace closed."
    assert _record("It offers outdoor seating.", DINER, other).named is False


def test_the_check_accepts_right_attributes_and_refuses_wrong_ones(checker: SupportChecker) -> None:
    assert statuses(checker, DINER, "The diner offers outdoor seating and takeout but does not take reservations.") == {"supported"}
    assert statuses(checker, DINER, "The diner offers outdoor seating and takes reservations.") == {"contradicted"}


def test_a_capital_no_inside_a_name_negates_nothing() -> None:
    record = repr({"name": "Dock No 5", "attributes": {"OutdoorSeating": True}})
    assert _read("Dock No 5 offers outdoor seating.", record).ok


async def test_a_judge_that_reads_a_record_checked_claim_as_unsupported_still_weighs() -> None:
    from lexguard.grounding.verify._judge import SelfRAGJudge
    from tests.fakes import FakeStructuredChatModel

    verdicts = {"RelevanceVerdict": [{"relevance": "relevant", "relevant_source_ids": ["s0"], "reason": "it"}],
                "SupportVerdict": [{"support": "not_supported", "source_id": None, "reason": "no"}],
                "UsefulnessVerdict": [{"rating": 5, "reason": "ok"}]}
    judge = SelfRAGJudge(FakeStructuredChatModel(by_tool=verdicts), retries=0)
    answer = "The diner offers outdoor seating and takeout but does not take reservations."
    sources = [Source(id="s0", content=DINER)]
    alone = SupportChecker().check(answer, sources)
    judged = await SupportChecker(judge=judge).acheck(answer, sources)
    assert alone.claims[0].supported
    assert judged.claims[0].support < alone.claims[0].support and not judged.claims[0].supported


def test_a_key_s_verb_after_the_thing_names_it() -> None:
    """"credit cards are not accepted" names "accepts credit cards" (a hostile review, thirty-sixth
    session: the words were left unread, and the verifier accepted the claim)."""
    record = repr({"name": "Lupo Trattoria", "attributes": {"BusinessAcceptsCreditCards": True, "RestaurantsReservations": False}})
    assert _read("Credit cards are not accepted.", record).conflict == "attributes business accepts credit cards: True"
    assert _read("Credit cards are accepted, but reservations are not.", record).ok
