"""News as it is written: highlights on lines of their own, ages beside names, headline words.

The article below is made up for these tests.
"""

from __future__ import annotations

import pytest

from lexguard import Source
from lexguard.grounding import SupportChecker, extract_claims
from lexguard.grounding.signals._ages import age_conflict, appositive_age, is_age
from lexguard.grounding.signals._bounds import bound_of, bound_verdict
from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._name_segments import moved_person
from lexguard.grounding.signals._segments import crossed_value
from lexguard.grounding.signals._statements import number_class

ARTICLE = (
    "A terrier who spent three days on a cliff ledge has been rescued by coastguards. "
    "Pip, a four-year-old terrier, went over the edge of a 120ft cliff near Polwenna on Sunday. "
    "Her owner, Carys Moreton, 41, from Bristol, searched the coast for two days. "
    "On Tuesday, walker Idris Penhale, 63, heard barking below the path and called the coastguard. "
    "The 41-year-old teacher said she had been close to giving up. "
    "A study that followed 12,480 dog owners aged 30 to 70 found most had walked near cliffs."
)


def _claims(answer: str) -> list[str]:
    return [c.text for c in extract_claims(answer)]


# -- lines of their own -------------------------------------------------------------------------


def test_highlight_lines_are_claims_of_their_own() -> None:
    answer = "Terrier rescued after three days on a cliff ledge\nOwner searched the coast for two days\nWalker, 63, heard barking"
    assert _claims(answer) == [
        "Terrier rescued after three days on a cliff ledge", "Owner searched the coast for two days", "Walker, 63, heard barking"]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("The terrier was rescued by the\nCoastguard on Tuesday.", ["The terrier was rescued by the\nCoastguard on Tuesday."]),
        ("The owner is Carys\nMoreton, a teacher.", ["The owner is Carys\nMoreton, a teacher."]),  # a name broken over lines
        ("The owner searched for\ntwo days.", ["The owner searched for\ntwo days."]),
        ("Key facts:\nThe terrier is four.", ["Key facts:\nThe terrier is four."]),
    ],
)
def test_a_wrapped_line_goes_on_its_sentence(answer: str, expected: list[str]) -> None:
    assert _claims(answer) == expected


def test_a_wrong_highlight_is_not_read_inside_a_right_one() -> None:
    answer = "Terrier rescued after three days on a cliff ledge\nHer owner, Carys Moreton, is from Cardiff"
    result = SupportChecker().check(answer, [Source(id="s", content=ARTICLE)])
    assert [c.supported for c in result.claims] == [True, False]


# -- ages beside names ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "age"),
    [("Carys Moreton, 41, from Bristol", True), ("walker Idris Penhale, 63, heard", True), ("a woman aged 41", True),
     ("By March, 41, and by May, 50", False), ("In 2019, 41 dogs were rescued", False)],
)
def test_an_age_beside_a_name_is_an_age(text: str, age: bool) -> None:
    """An age is of the class "age" (as "the 41-year-old"), no count and no length of time: "after 40
    minutes" beside "The 27-year-old singer ..." was read as given another value there."""
    mention = numbers(text)[-1] if "2019" in text else numbers(text)[0]
    assert (number_class(text, mention) == "age") is age
    assert is_age(text, mention) is age


def test_an_age_is_read_against_the_ages_the_sources_give_people() -> None:
    right = "Carys Moreton, 41, searched the coast."
    assert appositive_age(right, numbers(right)[0]) == "carys moreton"
    assert age_conflict(right, numbers(right)[0], [ARTICLE]) is None
    swapped = "Carys Moreton, 63, searched the coast."  # the walker's age: the sentence giving hers says otherwise
    assert "Moreton, 41" in (age_conflict(swapped, numbers(swapped)[0], [ARTICLE]) or "")
    other = "Idris Penhale, 41, heard barking."  # only the owner is 41, and the walker's age is given
    assert "Penhale, 63" in (age_conflict(other, numbers(other)[0], [ARTICLE]) or "")
    sister = "Priya Moreton, 41, said she had been close to giving up."  # the same surname, another person
    assert "Moreton, 41" in (age_conflict(sister, numbers(sister)[0], ["Carys Moreton, 41, and her mother, Priya Moreton, 66, searched."]) or "")
    unnamed = "Carys Moreton, 41, said she had been close to giving up."
    assert age_conflict(unnamed, numbers(unnamed)[0], ["Carys Moreton searched. The 41-year-old teacher gave up."]) is None


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Carys Moreton, 41, searched the coast for two days.", True),
        ("Walker Idris Penhale, 63, heard barking below the path.", True),
        ("Walker Idris Penhale, 41, heard barking below the path.", False),  # the owner's age
        ("Carys Moreton, 44, searched the coast for two days.", False),  # in no source: no sum of other numbers
        ("The 44-year-old owner searched the coast for two days.", False),
    ],
)
def test_an_age_is_said_of_the_person(claim: str, supported: bool) -> None:
    result = SupportChecker().check(claim, [Source(id="s", content=ARTICLE)])
    assert result.claims[0].supported is supported


# -- bounds ------------------------------------------------------------------------------------


def test_over_a_thing_a_measure_describes_is_no_bound() -> None:
    claim = "Terrier went over 120ft cliff"
    assert bound_of(claim, numbers(claim)[0]) is None
    tall = "The cliff is over 120ft tall"
    assert bound_of(tall, numbers(tall)[0]) is not None


def test_a_condition_on_another_number_leaves_a_bound_a_measure() -> None:
    claim = "A study followed more than 12,000 dog owners aged 30 to 70."
    mention = next(m for m in numbers(claim) if m.key == "12000")
    assert bound_verdict(claim, mention, [ARTICLE]) is True
    wrong = "A study followed more than 13,000 dog owners aged 30 to 70."
    mention = next(m for m in numbers(wrong) if m.key == "13000")
    assert bound_verdict(wrong, mention, [ARTICLE]) is False


# -- names written another way -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim", "source", "supported"),
    [
        ("The company is French.", "The company is based in France.", True),
        ("The Dutch team won the final.", "The team from the Netherlands won the final.", True),
        ("A Welsh village was flooded.", "A village in Wales was flooded.", True),
        ("The miners in Peru were freed.", "The Peruvian miners were freed.", True),
        ("The British tourist was injured.", "A tourist from the UK was injured.", True),
        ("The Italian striker scored twice.", "The striker, from Spain, scored twice.", False),
    ],
)
def test_a_country_and_its_people_name_each_other(claim: str, source: str, supported: bool) -> None:
    result = SupportChecker().check(claim, [Source(id="s", content=source)])
    assert result.claims[0].supported is supported


def test_an_acronym_the_sources_spell_out_is_read_as_their_phrase() -> None:
    source = ("Two people died when a train hit a truck. The National Transportation Safety Board said it was "
              "sending a team of investigators to the scene.")
    result = SupportChecker().check("The NTSB is sending investigators to the scene.", [Source(id="s", content=source)])
    assert result.claims[0].supported is True


# -- advice quoted in a story ------------------------------------------------------------------

ADVICE = ("Pip went over the edge of a 120ft cliff near Polwenna on Sunday. A coastguard spokesman said: "
          "'If your dog goes over a cliff, do not go after it. Call 999.'")


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("The terrier went over a cliff near Polwenna.", True),  # an event, not the advice's flip
        ("If your dog goes over a cliff, go after it.", False),  # advice against advice
        ("Owners should go after a dog that goes over a cliff.", False),
    ],
)
def test_a_prohibition_flips_advice_not_events(claim: str, supported: bool) -> None:
    result = SupportChecker().check(claim, [Source(id="s", content=ADVICE)])
    assert result.claims[0].supported is supported


# -- money as British news writes it, peoples in names, a cause after ", as" -------------------


@pytest.mark.parametrize(("text", "key"), [("£1.2million", "1.2e+06"), ("£210million", "2.1e+08"),
                                           ("1.5billion users", "1.5e+09"), ("£1.2m", "1.2e+06"), ("10km", "10")])
def test_a_scale_word_glued_to_its_number_scales_it(text: str, key: str) -> None:
    assert numbers(text)[0].key == key


@pytest.mark.parametrize(
    ("claim", "source", "supported"),
    [
        ("Gang steals snuff boxes worth about £1.2m", "Thieves stole snuff boxes valued at about £1.2million.", True),
        ("Gang steals snuff boxes worth about £2.1m", "Thieves stole snuff boxes valued at about £1.2million.", False),
        ("Hana Gebremedhin of Ethiopia won the race.", "Ethiopian runner Hana Gebremedhin won the race.", True),
        ("Hana Gebremedhin of Kenya won the race.", "Ethiopian runner Hana Gebremedhin won the race.", False),
        ("Briton Ellie Marsh was second.", "She finished ahead of Britain's Ellie Marsh, who was second.", True),
    ],
)
def test_values_and_peoples_as_news_writes_them(claim: str, source: str, supported: bool) -> None:
    result = SupportChecker().check(claim, [Source(id="s", content=source)])
    assert result.claims[0].supported is supported


PRICES = ("House prices fell 0.6 per cent in October. Prices are now 2.1 per cent lower than a year ago, the biggest "
          "annual fall since 2012. The lender said the average two-year fixed mortgage rate stood at 5.4 per cent.")


@pytest.mark.parametrize(("first", "second", "supported"), [("2.1", "5.4", True), ("5.4", "2.1", False)])
def test_a_cause_after_as_is_a_statement_of_its_own(first: str, second: str, supported: bool) -> None:
    claim = (f"Prices are down {first} per cent on a year earlier, the steepest annual drop since 2012, as an average "
             f"two-year fixed mortgage rate of {second} per cent squeezes buyers.")
    result = SupportChecker().check(claim, [Source(id="s", content=PRICES)])
    assert result.claims[0].supported is supported


def test_a_headline_drops_the_article_of_a_preposition_not_a_bound() -> None:
    source = "The lander carries five payloads for NASA under a $94million contract."
    right = SupportChecker().check("Five payloads are for NASA under $94m contract", [Source(id="s", content=source)])
    wrong = SupportChecker().check("Five payloads are for NASA under $84m contract", [Source(id="s", content=source)])
    assert (right.claims[0].supported, wrong.claims[0].supported) == (True, False)


def test_a_highlight_that_opens_with_a_name_is_a_line_of_its_own() -> None:
    assert _claims("Lander launched bound for the Moon\nHouston firm aims to land in March") == [
        "Lander launched bound for the Moon", "Houston firm aims to land in March"]


# -- people and firms in their roles -------------------------------------------------------------

ZOO = ("A gorilla has been born at Cedar Falls Zoo. Primate curator Dr Lisa Brennan, 44, said the birth was 'a huge "
       "moment' for the zoo. Zoo director Mark Ellison, 60, said every birth matters.")
LAUNCH = ("The Selene-1 lander, built by Houston-based Corvid Space Systems, lifted off from Cape Canaveral on top of "
          "a Tempest rocket operated by launch company Ardent Aerospace.")


def test_a_title_the_sources_give_another_person_is_refused() -> None:
    swapped = "Zoo director Dr Lisa Brennan said the birth was a huge moment."
    assert [m.text for m, _ in moved_person(swapped, [ZOO])] == ["Lisa Brennan"]
    assert moved_person("Primate curator Dr Lisa Brennan said the birth was a huge moment.", [ZOO]) == []
    assert moved_person("Curator Lisa Brennan said the birth was a huge moment.", [ZOO]) == []


def test_a_firm_named_after_two_words_of_what_it_is_keeps_its_role() -> None:
    wrong = "The Selene-1 lander, built by Ardent Aerospace, lifted off from Cape Canaveral on a Tempest rocket."
    right = "The Selene-1 lander, built by Corvid Space Systems, lifted off from Cape Canaveral on a Tempest rocket."
    assert [m.text for m, _ in moved_person(wrong, [LAUNCH])] == ["Ardent Aerospace"]
    assert moved_person(right, [LAUNCH]) == []


WAITS = ("Patients in the North East and Yorkshire faced the longest waits, with a median wait of 31 weeks, compared "
         "with 19 weeks in London.")


@pytest.mark.parametrize(("place", "crossed"), [("London", True), ("the North East", False)])
def test_a_measure_after_with_is_said_of_the_clause_before(place: str, crossed: bool) -> None:
    claim = f"Patients in {place} faced the longest waits, with a median of 31 weeks."
    mention = next(m for m in numbers(claim) if m.key == "31")
    assert (crossed_value(claim, mention, [WAITS]) is not None) is crossed


# -- times to the second, bounds read where their value is stated --------------------------------

RACE = "Hana Gebremedhin won the Edinburgh Coastal Marathon on Sunday, crossing the line in 2hr 19min 42sec."


@pytest.mark.parametrize(("time", "supported"), [("2:19:42", True), ("2:18:42", False), ("2 hours 19 minutes 42 seconds", True)])
def test_a_race_time_is_one_value(time: str, supported: bool) -> None:
    result = SupportChecker().check(f"Hana Gebremedhin won the marathon in {time}.", [Source(id="s", content=RACE)])
    assert result.claims[0].supported is supported


FIRE = ("A wildfire has forced around 3,200 people from their homes, officials said on Tuesday. "
        + "Crews worked through the night. " * 12
        + "At least 47 homes and 19 outbuildings have been destroyed.")


@pytest.mark.parametrize(("count", "supported"), [("Around 3,200", True), ("Around 4,200", False)])
def test_a_bound_is_read_where_the_sources_state_its_value(count: str, supported: bool) -> None:
    answer = f"{count} people evacuated and at least 47 homes destroyed"
    result = SupportChecker().check(answer, [Source(id="s", content=FIRE)])
    assert result.claims[0].supported is supported


APPROVALS = ("Mortgage approvals fell to 41,300 in October, the lowest since January. Average two-year fixed rates "
             "stood at 5.2 per cent, compared with 1.9 per cent two years ago.")


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Approvals fell to 41,300, the lowest since January, as two-year fixed rates stood at 5.2 per cent.", True),
        ("Approvals fell to 5.2 per cent, the lowest since January.", False),  # the rate as the approvals' value
        ("Approvals fell to 5.2 per cent, the lowest since January, as two-year fixed rates stood at 41,300.", False),
    ],
)
def test_a_value_after_the_words_the_sources_give_another_value_after(claim: str, supported: bool) -> None:
    result = SupportChecker().check(claim, [Source(id="s", content=APPROVALS)])
    assert result.claims[0].supported is supported


def test_minutes_and_seconds_as_results_give_them() -> None:
    assert [m.key for m in numbers("in 0:34:12")][0] == [m.key for m in numbers("in 34min 12sec")][0] == "duration:2052"
    assert "0" not in [m.key for m in numbers("in 0:34:12")]


# -- found by the third trial ---------------------------------------------------------------------


def test_a_later_clause_with_a_subject_of_its_own_keeps_it() -> None:
    source = "No one was injured, but passengers described chaos on board as toilets stopped working and food ran out."
    result = SupportChecker().check("Passengers said toilets stopped working and food ran out.", [Source(id="s", content=source)])
    assert result.claims[0].supported is True


@pytest.mark.parametrize(("claim", "supported"), [("The town has flooded four times in ten years.", True),
                                                  ("The town has flooded four times in 12 years.", False)])
def test_a_decade_is_ten_years(claim: str, supported: bool) -> None:
    source = "The market town has flooded four times in the past decade, and a new scheme was approved on Monday."
    assert SupportChecker().check(claim, [Source(id="s", content=source)]).claims[0].supported is supported


def test_a_plural_before_its_verb_is_no_name() -> None:
    assert [e.text for e in entities("Councillors have approved the scheme.")] == []
    assert [e.text for e in entities("Jones said the scheme was approved.")] == ["Jones"]


def test_an_age_of_one_of_two_people_with_one_surname() -> None:
    source = ("A 16-year-old schoolboy has won the chess championship. Aarav Mehta, seeded 14th, finished half a point ahead. "
              "His mother, Priya Mehta, 47, said the family watched every round.")
    for claim in ("Aarav Mehta, 16, wins the chess championship", "The 16-year-old, seeded 14th, finished half a point ahead."):
        assert SupportChecker().check(claim, [Source(id="s", content=source)]).claims[0].supported is True
    wrong = SupportChecker().check("Aarav Mehta, 47, wins the chess championship", [Source(id="s", content=source)])
    assert wrong.claims[0].supported is False


def test_a_bound_is_not_read_where_its_value_measures_another_thing() -> None:
    source = ("Bramble went over the edge of a 150ft cliff on Saturday. " + "Her owners searched the coast. " * 8
              + "On Wednesday a fisherman spotted her on a ledge around 60ft below the clifftop.")
    wrong = "A fisherman spotted the dog on a ledge about 150ft below the clifftop."
    right = "A fisherman spotted the dog on a ledge about 60ft below the clifftop."
    assert SupportChecker().check(wrong, [Source(id="s", content=source)]).claims[0].supported is False
    assert SupportChecker().check(right, [Source(id="s", content=source)]).claims[0].supported is True


def test_a_value_the_sources_give_after_the_same_words_is_their_own() -> None:
    source = ("2 Add the onions and let cook for 10 minutes. 3 Let it cook for three more minutes and it is ready. "
              "4 Serve with rice.")
    result = SupportChecker().check("Let it cook for three more minutes.", [Source(id="s", content=source)])
    assert result.claims[0].supported is True


FEES = ("Card sign-ups rose 12 percent in the first year without late fees. The fees had brought in about $70,000 a "
        "year, less than one percent of the library's budget.")


def test_one_percent_written_in_words_is_a_value() -> None:
    """"less than one percent" is the value "less than 1 percent" states: read as no value, a
    summary's "sign-ups rose, and fees were less than 1 percent of the budget" was refused for the
    12 percent beside "rose"."""
    assert [m.key for m in numbers("less than one percent of the budget")] == ["1"]
    assert [m.key for m in numbers("one of the best")] == []
    for claim, supported in (("Sign-ups rose, and fees were less than 1 percent of the budget.", True),
                             ("Sign-ups rose, and fees were less than 1 percent of the budget, about $90,000.", False)):
        result = SupportChecker().check(claim, [Source(id="s", content=FEES)])
        assert all(c.supported is supported for c in result.claims)
