"""The twenty-eighth session's cases, written by hand after a contrastive claim/evidence trial:
a bound read against an estimate, a count given without a figure, a length of time read against
its start and end, a multiple of another value, a rank said with "ranks", a possessive name."""

from __future__ import annotations

import pytest

from lexguard.grounding import SupportChecker
from lexguard.grounding.signals._changes import change_reading
from lexguard.grounding.signals._elapsed import elapsed_reading
from lexguard.grounding.signals._lexical import numbers
from lexguard.grounding.signals._multiples import multiple_reading
from lexguard.grounding.signals._statements import number_class
from lexguard.grounding.signals._vague_counts import read_vague, vague_conflict, vague_counts

from ._accepting import refuses_nothing

ALBUM = ("Saltwater Hymns is the third album by the Irish folk duo Fenwick & Rowe. By March 2023 it had "
         "sold roughly 840,000 copies worldwide.")
HERONS = ("The grey heron colony at Marrow Fen is the largest in the county. A survey in 2022 counted around "
          "240 nesting pairs, and some 60 volunteers took part.")
PIER = ("The Brackwater Pier restoration was a long project. Work began in June 2016 and was finished in "
        "September 2019, when the pier reopened to the public.")
FILM = ("Glass Orchard is a 2021 mystery film directed by Tove Randahl. Made on a budget of $30 million, "
        "it grossed $97 million worldwide.")
HARBOUR = ("Kelvik is a port town in Troms county, Norway. It is the county's third-largest town by population.")
PROBE = ("Nerida is a European Space Agency orbiter launched in 2020 to study Venus. Its "
         "mission is planned to end in 2027.")


@pytest.fixture(scope="module")
def checker() -> SupportChecker:
    return SupportChecker()


@pytest.mark.parametrize(("answer", "refused"), [
    ("By March 2023 Saltwater Hymns had sold more than 800,000 copies worldwide.", False),
    ("By March 2023 Saltwater Hymns had sold fewer than 800,000 copies worldwide.", True),
    ("By March 2023 Saltwater Hymns had sold more than 900,000 copies worldwide.", True),
])
def test_an_estimate_is_read_to_the_digit_it_is_rounded_to(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"roughly 840,000" had allowed anything from 756,000 to 924,000, so "more than 800,000"
    was refused as not surely met."""
    assert refuses_nothing(checker, answer, ALBUM) is not refused


def test_a_number_word_is_no_year_and_a_count_counts_its_noun() -> None:
    claim = "The colony had more than a thousand Spotify streams and 20 new nests."
    assert [number_class(claim, m) for m in numbers(claim)] == ["count stream", "count nest"]
    source = "It had 1,200 streams on Spotify."
    assert number_class(source, numbers(source)[0]) == "count stream"


def test_vague_counts_and_their_ranges() -> None:
    found = vague_counts("Tens of thousands of fans, several hundred stewards and dozens of medics came.")
    assert [(c.mention.text, round(c.low), round(c.high)) for c in found] == [
        ("Tens of thousands of", 13333, 150000), ("several hundred", 133, 1350), ("dozens of", 16, 180)]
    claim = "A few hundred herons nested there."
    assert read_vague(claim, vague_counts(claim)[0], ["Around 240 herons nested there."]).met is True
    claim = "Thousands of herons nested there."
    assert read_vague(claim, vague_counts(claim)[0], ["More than 240 herons nested there."]).met is None
    assert vague_conflict("Dozens of herons nested there.", ["More than 240 herons nested there."]) is not None


@pytest.mark.parametrize(("answer", "refused"), [
    ("A few hundred pairs of grey herons were nesting at Marrow Fen in 2022.", False),
    ("Several thousand pairs of grey herons were nesting at Marrow Fen in 2022.", True),
    ("Hundreds of volunteers took part in the 2022 heron survey at Marrow Fen.", True),
])
def test_a_count_without_a_figure_is_read_against_the_figure(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"a few hundred" was the number 100, in no source; "hundreds of" was no number at all."""
    assert refuses_nothing(checker, answer, HERONS) is not refused


def test_a_length_of_time_against_a_start_and_an_end() -> None:
    def reading(claim: str) -> bool | None:
        mention = next(m for m in numbers(claim) if m.text not in ("Brackwater",))
        return elapsed_reading(claim, mention, [PIER])

    assert reading("The restoration took more than three years.") is True
    assert reading("The restoration took less than three years.") is False
    assert reading("The restoration lasted 39 months.") is True
    assert reading("The restoration lasted 30 months.") is False
    assert reading("The pier reopened three years after work began.") is True
    assert reading("The pier is 300 years old.") is None  # no length of a span


@pytest.mark.parametrize(("answer", "refused"), [
    ("The Brackwater Pier restoration took more than three years.", False),
    ("The restoration of Brackwater Pier took just over three years.", False),
    ("The Brackwater Pier restoration took less than three years.", True),
    ("The Brackwater Pier restoration took five years.", True),
])
def test_a_length_of_time_is_read_against_its_dates(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert refuses_nothing(checker, answer, PIER) is not refused


def test_a_multiple_of_another_value() -> None:
    claim = "Glass Orchard grossed more than three times its budget."
    assert multiple_reading(claim, numbers(claim)[0], [FILM]).met is True
    claim = "Glass Orchard grossed less than twice its $30 million budget."
    assert multiple_reading(claim, numbers(claim)[0], [FILM]).met is False
    claim = "Glass Orchard was shown three times the next week."
    assert multiple_reading(claim, numbers(claim)[0], [FILM]) is None


@pytest.mark.parametrize(("answer", "refused"), [
    ("Glass Orchard took in more than three times its $30 million budget.", False),
    ("Glass Orchard grossed less than double its budget.", True),
    ("Glass Orchard took in more than four times its $30 million budget.", True),
])
def test_a_multiple_is_read_against_both_values(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"less than double its budget" holds no number, and the verifier, which does no arithmetic,
    passed it (0.86)."""
    assert refuses_nothing(checker, answer, FILM) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Kelvik ranks third among the towns of Troms county by population.", False),
    ("Kelvik ranks second among the towns of Troms county by population.", True),
])
def test_a_rank_said_with_ranks(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert refuses_nothing(checker, answer, HARBOUR) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("ESA's Nerida orbiter is planned to end its mission in 2027.", False),
    ("NASA's Nerida orbiter is planned to end its mission in 2027.", True),
])
def test_a_name_with_its_owner(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"ESA's Aurelis" was one name no source gives; the agency and its probe are each given."""
    assert refuses_nothing(checker, answer, PROBE) is not refused


NOBEL = "Irena Solberg won the Halden Prize for Poetry in 2004. She won a second, for Fiction, in 2012."
TRAM = ("The Selby Road tram line will open in spring 2027, a year late, and cost £240m, about £50m more than "
        "planned. The original budget, set in 2021, was £190m.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Irena Solberg won the Halden Prize for Fiction in 2004.", True),  # 2004 is the poetry prize's year
    ("Irena Solberg won the Halden Prize for Fiction in 2012.", False),  # was refused: anchored to the 2004 sentence
    ("Irena Solberg won the Halden Prize for Poetry in 2004.", False),
    ("The Selby Road tram line will open in spring 2027, a year late, at a cost of £240m against an original "
     "2021 budget of £190m.", False),  # a long sentence joining two statements
    ("The Selby Road tram line will open in spring 2027, a year late, at a cost of £240m against an original "
     "2020 budget of £190m.", True),
])
def test_a_value_is_read_with_the_words_before_it(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert refuses_nothing(checker, answer, NOBEL + " " + TRAM) is not refused


def test_a_time_qualifies_only_the_values_near_it(checker: SupportChecker) -> None:
    source = ("Marlow's Deli, on Quay Street since 1988, will shut on Friday. Its owner said rent had risen from "
              "£900 a month in 2020 to £2,400 now.")
    answer = ("Marlow's Deli will shut on Friday after decades on Quay Street, its owner citing rent that has risen "
              "from £900 to £2,400 a month since 2020.")
    assert refuses_nothing(checker, answer, source)


def test_the_dates_a_claim_names_among_more() -> None:
    source = ("Work on the Tarrow Canal began in 1821, the canal opened to boats in May 1826, and it was "
              "closed in 1962.")
    claim = "The Tarrow Canal opened to boats five years after work began."
    assert elapsed_reading(claim, numbers(claim)[0], [source]) is True
    claim = "The Tarrow Canal opened to boats eight years after work began."
    assert elapsed_reading(claim, numbers(claim)[0], [source]) is False


def test_a_name_of_another_statement_before_a_value_is_no_other_subject(checker: SupportChecker) -> None:
    """"rises in the Kolmen Hills and flows 426 kilometres": the hills name where it rises, and the
    426 kilometres are still the river's."""
    source = "The Osva is a river that rises in the Tamber Hills and flows 388 kilometres north to the Baltic Sea."
    assert refuses_nothing(checker, "The Osva flows for over three hundred kilometres to the Baltic Sea.", source)
    assert not refuses_nothing(checker, "The Osva flows for over four hundred kilometres to the Baltic Sea.", source)


TOWN = ("Harlow Cross is a village in the Vale of Ember. At the 2021 census it had 3,940 residents, up from "
        "3,610 in 2011. Its school had 210 pupils in 2011 and 180 in 2021.")
SHOW = ("The fourth series of Dunmere aired in 2022. Its last episode drew 5.1 million viewers, up from the "
        "2.4 million who watched its first.")


@pytest.mark.parametrize(("answer", "refused"), [
    ("Harlow Cross grew by more than 300 residents between 2011 and 2021.", False),
    ("Harlow Cross grew by more than 500 residents between 2011 and 2021.", True),
    ("The number of pupils at the Harlow Cross school fell between 2011 and 2021.", False),
    ("The number of pupils at the Harlow Cross school rose between 2011 and 2021.", True),
])
def test_a_change_is_read_against_its_two_values(checker: SupportChecker, answer: str, refused: bool) -> None:
    """"grew by more than 1,500" beside 13,480 and 14,870 passed (0.97): nothing read the change."""
    assert refuses_nothing(checker, answer, TOWN) is not refused


@pytest.mark.parametrize(("answer", "refused"), [
    ("Twice as many people watched the last episode of Dunmere's fourth series as watched its first.", False),
    ("Three times as many people watched the last episode of Dunmere's fourth series as watched its first.", True),
])
def test_a_multiple_of_one_thing_against_another(checker: SupportChecker, answer: str, refused: bool) -> None:
    assert refuses_nothing(checker, answer, SHOW) is not refused


def test_a_sentence_is_no_length_of_the_span_of_another_event() -> None:
    """Found in news trials: "jailed for five years and four months" was read against the dates
    between which the thefts were made."""
    source = "She made 312 transfers between May 2018 and February 2022, the court heard."
    for claim in ("She was jailed for five years and four months.", "She was jailed for two years after the trial."):
        assert all(elapsed_reading(claim, m, [source]) is None for m in numbers(claim))
    claim = "The transfers ran for almost four years."
    assert elapsed_reading(claim, numbers(claim)[0], [source]) is None  # "ran" is not the sentence's verb


@pytest.mark.parametrize(("answer", "source"), [
    # a multiple the evidence states itself is no value of the evidence
    ("About 12% of the county's households rent, double the national average.",
     "Some 12% of the county's households rent, which is double the national average."),
    # "twice this week" says how often, not a multiple
    ("The geyser erupted twice this week, sending steam 40 metres high.",
     "The geyser has erupted twice this week, sending steam up to 40 metres into the air, rangers said."),
    # "heights" is no name: the 65 feet stays the young trees'
    ("Young redwoods grow fast, reaching heights of 65 feet in 20 years.",
     "Young redwoods grow fast and can reach 65 feet in 20 years. Growing to heights of 300 feet at maturity, "
     "they are the tallest trees on Earth."),
])
def test_values_of_multiples_and_their_words_read_right(checker: SupportChecker, answer: str, source: str) -> None:
    assert refuses_nothing(checker, answer, source)


def test_a_rank_written_as_a_word() -> None:
    from lexguard.grounding.signals._ranks import rank_within

    source = ["The single peaked at number four on the Dutch singles chart."]
    claim = "The single reached the top five of the Dutch singles chart."
    assert rank_within(claim, numbers(claim)[0], source).met
    claim = "The single reached the top three of the Dutch singles chart."
    assert not rank_within(claim, numbers(claim)[0], source).met


def test_an_act_opening_a_sentence_is_no_part_of_a_name() -> None:
    from lexguard.grounding.signals._entities import entities

    assert [e.text for e in entities("Restoring Harwick Mill took four years.")] == ["Harwick Mill"]
    assert [e.text for e in entities("Building the Orla Viaduct took six years.")] == ["Orla Viaduct"]
    assert [e.text for e in entities("Browning Street Station closed in 1967.")] == ["Browning Street Station"]


def test_a_voyage_read_to_the_day() -> None:
    source = ["The survey ship Calder left Aberdeen on 2 April 1961 and returned on 20 May 1961."]
    for claim, met in [("The voyage lasted under two months.", True), ("The voyage lasted 48 days.", True),
                       ("The Calder spent nearly three months at sea.", False), ("The voyage lasted 30 days.", False)]:
        assert elapsed_reading(claim, numbers(claim)[0], source) is met


@pytest.mark.parametrize(("answer", "source", "refused"), [
    ("Mara Quist placed outside the top three in the women's 1500 metres.",
     "Mara Quist finished sixth in the women's 1500 metres at the 2021 Baltic Games.", False),
    ("Mara Quist placed outside the top three in the women's 1500 metres.",
     "Mara Quist finished second in the women's 1500 metres at the 2021 Baltic Games.", True),
    ("Mara Quist finished in the top five in the women's 1500 metres.",
     "Mara Quist finished sixth in the women's 1500 metres at the 2021 Baltic Games.", True),
])
def test_a_place_inside_or_outside_the_top(checker: SupportChecker, answer: str, source: str, refused: bool) -> None:
    assert refuses_nothing(checker, answer, source) is not refused


def test_a_word_that_describes_is_no_change() -> None:
    """Found in RAGTruth dev: "the fastest growing industry" in a claim with one year was read as a
    rise against a poll's "51%, down from 58%" of that year."""
    source = ["In 2015 solar power was a $90 million industry in Norland. A 2015 survey found 44% of "
              "residents favoured more panels, down from 52% the year before."]
    assert change_reading("In 2015 solar power was the fastest growing industry in Norland.", source) is None


@pytest.mark.parametrize(("place", "refused"), [("fifth", True), ("third", False)])
def test_a_medal_said_of_a_place_off_the_podium(checker: SupportChecker, place: str, refused: bool) -> None:
    source = f"At the 2023 Harbour Games, Oskar Hale finished {place} in the men's 5000 metres in 13:41.20."
    answer = "Oskar Hale won a medal in the men's 5000 metres at the 2023 Harbour Games."
    assert refuses_nothing(checker, answer, source) is not refused


def test_a_rank_of_another_clause_is_not_the_claims() -> None:
    from lexguard.grounding.signals._ranks import rank_within

    source = ["Harbour Lights are a Welsh folk band formed in 2011. Three of their four albums reached the top ten "
              "of the UK Albums Chart, and their 2016 single \"Tidewater\" peaked at number two on the UK Singles Chart."]
    claim = "Most of Harbour Lights' albums have reached the UK top ten."
    assert rank_within(claim, numbers(claim)[0], source) is None  # the single's rank is no album's


def test_a_multiple_the_evidence_states_of_the_head_noun() -> None:
    """Found in a news trial: "nearly double the utility's annual emergency budget" took "utility"
    for the base, and read $1.2 million as the base of itself."""
    source = ["The council said it had spent $2.4 million on road repairs this year, nearly double its annual "
              "repair budget of $1.3 million."]
    claim = "The council spent $2.4 million on repairs, nearly double the council's annual repair budget."
    mention = next(m for m in numbers(claim) if m.text == "double")
    assert multiple_reading(claim, mention, source).met
    claim = "The council spent $2.4 million on repairs, more than triple the council's annual repair budget."
    mention = next(m for m in numbers(claim) if m.text == "triple")
    assert multiple_reading(claim, mention, source).met is False


def test_a_bound_before_an_article_is_read(checker: SupportChecker) -> None:
    """"more than a dozen volunteers" is a bound of 12 (its article read), which "over ten" meets."""
    source = "The choir has more than a dozen singers and about 90 supporters."
    assert refuses_nothing(checker, "The choir has over ten singers.", source)
    assert not refuses_nothing(checker, "The choir has over twenty singers.", source)
