"""A name the sources write another way is given; an invented or swapped name stays unknown."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import LexicalProfile

SOURCE = (
    "{'name': 'Casa Verde', 'state': 'TX', 'attributes': {'WiFi': 'free', 'HasTV': 'True'}} "
    "Sugar Ray Leonard beat him in Zimbabwe. The United States joined the UN in 1945; the U.K. "
    "followed. Marie Curie won in Sweden. Barack Obama met Mark Udall and Beyoncé. A Roth IRA is a savings "
    "account. Trucks may not cross the bridge over the Euphrates. Tampa Bay fans saw a ray of hope."
)


def _known(sentence: str) -> dict[str, bool]:
    profile = LexicalProfile([SOURCE])
    return {m.text: profile.has_entity(m.key, m.text) for m in entities(sentence)}


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("They offer free Wi-Fi.", "Wi-Fi"),  # other punctuation
        ("The bar has a TV.", "TV"),  # run together in a field name
        ("The bar has several TVs.", "TVs"),  # a plural acronym
        ("It is in the US.", "US"),  # an acronym of a source phrase
        ("It joined the United Nations.", "United Nations"),  # the expansion of a source acronym
        ("It is in the UK.", "UK"),  # a dotted source acronym
        ("It is in Texas.", "Texas"),  # a state by its postal code
        ("It was won by Sugar Ray Leonard Jr. later.", "Sugar Ray Leonard Jr"),  # a suffix the source leaves out
        ("Zimbabwean fans cheered.", "Zimbabwean"),  # a people beside its place
        ("Swedish fans cheered.", "Swedish"),
        ("US President Barack Obama spoke.", "US President Barack Obama"),  # titles the source leaves out
        ("Senator Mark Udall spoke.", "Senator Mark Udall"),
        ("The US's plan failed.", "US's"),  # a possessive
        ("Beyonce sang.", "Beyonce"),  # accents
        ("Despite Marie Curie's work, it failed.", "Marie Curie's"),  # an opening connective is no name
        ("Withdrawals from Roth IRAs are tax-free.", "Roth IRAs"),  # a plural of a name
    ],
)
def test_a_name_written_another_way_is_given(sentence: str, name: str) -> None:
    assert _known(sentence)[name] is True


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("It is in the EU.", "EU"),  # no such acronym or phrase
        ("It was won by Sugar Ray Robinson.", "Sugar Ray Robinson"),  # a swapped surname
        ("Pierre Curie won it.", "Pierre Curie"),  # a swapped first name
        ("Austrian fans cheered.", "Austrian"),  # another country's people
        ("It is in Oregon.", "Oregon"),  # another state
        ("The Julian Leonard prize.", "Julian Leonard"),  # a demonym suffix inside a name is not read
        ("Senator Mark Twain spoke.", "Senator Mark Twain"),  # a title does not excuse a swapped name
        ("President Michelle Obama spoke.", "President Michelle Obama"),
        ("Trucks may not cross the Euphrates River.", "Euphrates River"),  # "the Euphrates" may be another place
        ("They beat the Tampa Bay Rays.", "Tampa Bay Rays"),  # no singular of it either ("Rays")
    ],
)
def test_an_invented_or_swapped_name_stays_unknown(sentence: str, name: str) -> None:
    assert _known(sentence)[name] is False


@pytest.mark.parametrize(
    "sentence",
    [
        "Eleven people were hurt.",  # a number in words (numbers are checked as numbers)
        "Twenty-Five people came.",
        "Dear [Supervisor's Name], I write to ask for leave.",  # a template placeholder
        "Please sign here, <Your Name>.",
        "Specializing in tacos, the cafe opened.",  # a participle opening the sentence
        "A normal temperature is 99.8 F to 101.3 F. Additionally, the pulse stays under 50.",  # a unit, then a sentence
        "The pool is kept at 28 C. Then the heating is switched off.",
        "Summarize what you heard.",  # a word with no noun reading opening a sentence
        "Step 3: Optional. Add the salt.",
    ],
)
def test_words_that_are_no_names_are_not_read_as_names(sentence: str) -> None:
    assert entities(sentence) == []


def test_a_name_in_brackets_is_still_a_name() -> None:
    assert [m.text for m in entities("The tower was built by [Napoleon Bonaparte].")] == ["Napoleon Bonaparte"]


def test_a_trailing_quote_does_not_hide_a_source_word() -> None:
    profile = LexicalProfile(["{'state': 'TX', 'city': 'Austin'}"])
    assert profile.has_phrase("tx") and profile.has_phrase("austin")


@pytest.mark.parametrize(
    ("name", "given"),
    [("Lib Dem", True), ("Sat", True), ("Feb", True), ("Green", False), ("Li Dem", False), ("Liberty", False)],
)
def test_a_clipped_name_is_given_by_the_words_it_clips(name: str, given: bool) -> None:
    from lexguard.grounding.signals._names import NameFacts

    facts = NameFacts("The Liberal Democrat candidate spoke on Saturday 8 February.")
    assert facts.gives(name, name.lower()) is given


def test_an_initial_after_a_number_that_is_no_unit_stays_a_name() -> None:
    assert [m.text for m in entities("The prize went to J. K. Rowling in 1999.")] == ["J. K. Rowling"]


NEWS = (
    "After a short rest, the team flew from Seattle to Tampa, Fla. to face the Rays. When an Argentinian "
    "journalist wrote to him, the Pope called. New Western arrivals bought carpets; many Londoners stayed home. "
    "Ill. voters and a Miss. Smith are no states."
)


@pytest.mark.parametrize(
    ("sentence", "name", "given"),
    [
        ("They flew to Tampa, Florida.", "Florida", True),  # the state by its AP abbreviation after a place
        ("They flew to Tampa, Georgia.", "Georgia", False),
        ("It happened in Illinois.", "Illinois", False),  # "Ill." without a place and a comma is no state
        ("It happened in Mississippi.", "Mississippi", False),  # nor is "Miss."
        ("An Argentine journalist wrote.", "Argentine", True),  # two people words of one country
        ("An Argentinean journalist wrote.", "Argentinean", True),
        ("A Chilean journalist wrote.", "Chilean", False),
        ("Few Westerners stayed.", "Westerners", True),  # "-ers" of a capitalised source word
        ("Many Parisians stayed home.", "Parisians", False),
    ],
)
def test_places_and_peoples_as_news_writes_them(sentence: str, name: str, given: bool) -> None:
    profile = LexicalProfile([NEWS])
    assert {m.text: profile.has_entity(m.key, m.text) for m in entities(sentence)}[name] is given


def test_a_quarter_spaced_is_the_quarter() -> None:
    from lexguard.grounding.signals._lexical import numbers

    assert [m.key for m in numbers("Second quartile (Q 2) is the median")] == ["quarter:2"]
    assert [m.key for m in numbers("the second quartile (Q2)")] == ["quarter:2"]
    assert [m.key for m in numbers("in q 2 of them")] == ["2"]  # a lower-case letter is no quarter


def test_one_list_of_honorifics_serves_every_name_rule() -> None:
    from lexguard.grounding.signals._honorifics import HONORIFIC_PATTERN, HONORIFICS
    from lexguard.grounding.signals._names import core_name

    assert {"mrs", "dr", "cllr"} <= HONORIFICS
    assert core_name("Cllr Dev Sharma") == "Dev Sharma"
    assert core_name("Dr. Lisa Brennan") == "Lisa Brennan"
    import regex

    assert regex.fullmatch(HONORIFIC_PATTERN, "Mrs.") and not regex.fullmatch(HONORIFIC_PATTERN, "mrs")
