"""Lexical evidence: numbers, entities, quotes, negation."""

from __future__ import annotations

import pytest

from lexguard.grounding.signals._entities import entities
from lexguard.grounding.signals._lexical import LexicalProfile, has_negation, numbers, quotes


def test_numbers_are_normalised() -> None:
    found = {m.text: m.key for m in numbers("It cost $1,500 in 1999, about 1.5 thousand dollars, up 25% over twelve months.")}
    assert found["$1,500"] == found["1.5 thousand"] == "1500"
    assert found["1999"] == "1999" and found["25"] == "25" and found["twelve"] == "12"


def test_number_spans_point_into_the_text() -> None:
    text = "Revenue was 3.2 million."
    (m,) = numbers(text)
    assert text[m.span[0] : m.span[1]] == "3.2 million" and m.key == "3.2e+06"


def test_entities_skip_sentence_initial_function_words() -> None:
    text = "However, the Eiffel Tower was built by Gustave Eiffel. The U.S. Army and Bank of America agreed."
    assert [m.text for m in entities(text)] == ["Eiffel Tower", "Gustave Eiffel", "U.S. Army", "Bank of America"]


def test_profile_matches_entities_by_words_and_phrases() -> None:
    profile = LexicalProfile(["Gustave Eiffel's company designed the towers of Paris."])
    assert profile.has_entity(entities("Gustave Eiffel")[0].key)
    assert profile.has_entity(entities("They saw Paris")[0].key)
    assert profile.has_entity(entities("in California")[0].key) is False
    assert LexicalProfile(["state: CA"]).has_entity(entities("in California")[0].key)
    assert LexicalProfile(["Wi Fi: yes"]).has_entity(entities("has free WiFi")[0].key)
    assert not profile.has_entity(entities("Gustave Courbet")[0].key)


def test_quotes_and_negation() -> None:
    assert [m.text for m in quotes('He called it "a triumph of engineering" twice.')] == ["a triumph of engineering"]
    assert quotes("It's John's car.") == []
    assert has_negation("The bridge didn't open.") and has_negation("It was never painted.")
    assert not has_negation("The bridge opened in 1937.")


# --- fast paths must equal the reference implementations they replaced -------------------------

import regex  # noqa: E402

from lexguard.grounding.signals import _lexical  # noqa: E402

_SENTENCE_START_REGEX = regex.compile(r"(?:^|[.!?:;\n\"\u201c(*\-\u2022]\s*)$")
"""The regex the prefix test replaced (it rescanned the whole prefix for every mention)."""


def test_whitespace_set_is_exactly_regex_backslash_s() -> None:
    matched = "".join(chr(c) for c in range(0x3100) if regex.match(r"\s", chr(c)))
    assert matched == _lexical._WHITESPACE
    assert "\x1c" not in _lexical._WHITESPACE and "\x1c".isspace()  # why str.rstrip() would differ


def test_sentence_start_test_equals_the_regex_at_every_position() -> None:
    texts = [
        "",
        " Paris",
        "  \t",
        "Hello. World",
        "a\n  b",
        "x \n",
        "said: \u201cYes",
        "(Note) - Paris \u2022 Rome;\u3000Oslo",
        "x.\x1c Lima",
        "end?\u2003\u2003Kyiv",
        "a-b - c*d",
        "one\r\ntwo",
    ]
    for text in texts:
        for start in range(len(text) + 1):
            expected = _SENTENCE_START_REGEX.search(text[:start]) is not None
            assert _lexical._at_sentence_start(text, start) is expected, (text, start)


def test_leading_space_is_not_a_sentence_start() -> None:
    # the old regex's ``^`` branch matches only an empty prefix: " Paris" keeps its name
    assert [m.text for m in entities(" Paris is big.")] == ["Paris"]
    assert [m.text for m in entities(" Customers are many.")] == ["Customers"]
    assert entities("Customers are many.") == []
    assert entities("Big.\n  Customers are many.") == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Step 2: Sauté the onions.", []),  # an accented ordinary word
        ("2. Marking-to-market: each day's gains are settled.", []),  # ordinary words joined
        ("Wetter-than-average weather is likely.", []),
        ("Al-Shabaab claimed the attack.", ["Al-Shabaab"]),
        ("Rolls-Royce cut 500 jobs.", ["Rolls-Royce"]),
        ("Málaga is warm in March.", ["Málaga", "March"]),
    ],
)
def test_a_sentence_opening_word_is_a_name_only_when_its_words_are_not_common(text: str, names: list[str]) -> None:
    assert [m.text for m in entities(text)] == names


def test_lazy_profile_attributes_equal_eager_values() -> None:
    profile = LexicalProfile(["The Eiffel Tower opened in 1889.", "It is 330 metres tall."])
    assert profile.text == "the eiffel tower open in 1889 it is 330 metr tall"
    assert profile.padded == f" {profile.text} " and profile.squashed == profile.text.replace(" ", "")
    assert profile.numbers == {"1889", "330"}
    assert profile.words == {"eiffel", "tower", "open", "1889", "330", "metr", "tall"}


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Napoleon built the tower.", ["Napoleon"]),
        ("Edison did.", ["Edison"]),
        ("Customers said it was slow. Despite that, sales grew.", []),
        ("Unfortunately the passages are silent.", []),
        ("Paris is the capital.", ["Paris"]),
        # a field label opening a line is not a name ("Builder" was an unknown name)
        ("Builder: Gustave Eiffel's company", ["Gustave Eiffel's"]),
        ("Opening Hours: 9 to 5", []),
        ("Gustave Eiffel: the engineer", ["Gustave Eiffel"]),
        ("Napoleon: exiled to Elba.", ["Napoleon", "Elba"]),
        ("- Sauvestre: designed the tower.", ["Sauvestre"]),
    ],
)
def test_a_sentence_initial_word_is_a_name_unless_usually_lower_case(text: str, names: list[str]) -> None:
    assert [m.text for m in entities(text)] == names


@pytest.mark.parametrize(
    ("text", "key"),
    [("It is 330 m tall.", "330"), ("It cost $3 m.", "3e+06"), ("a €5 bn deal", "5e+09"), ("3.2 million people", "3.2e+06")],
)
def test_a_one_letter_scale_counts_only_for_money(text: str, key: str) -> None:
    """"330 m tall" is metres, not 330 million; "$3 m" is three million."""
    assert [m.key for m in numbers(text)] == [key]


@pytest.mark.parametrize(
    ("text", "number", "key"),
    [
        ("It cost 9_500_000 francs to build.", "9_500_000", "9.5e+06"),
        ("It cost 1_500_000 francs.", "1_500_000", "1.5e+06"),
        ("It has 10_00 rooms.", "10_00", "1000"),  # "_" joins digit groups of any size
        ("It was completed in ¹⁶⁵⁰ in Paris.", "¹⁶⁵⁰", "1650"),
        ("It was completed in ₁₆₅₀.", "₁₆₅₀", "1650"),
        ("It weighs 10⁴ tonnes.", "10⁴", "10000"),  # a power of ten
    ],
)
def test_underscored_and_superscript_numbers_are_read(text: str, number: str, key: str) -> None:
    [m] = numbers(text)
    assert (m.text, m.key) == (number, key)
    assert text[m.span[0] : m.span[1]] == number  # spans index the text as given


@pytest.mark.parametrize("text", ["It is 330 metres tall.¹", "It is 330 metres tall¹.", "It opened in 1889² in Paris."])
def test_a_footnote_marker_is_no_number(text: str) -> None:
    assert [m.key for m in numbers(text)] == (["330"] if "330" in text else ["1889"])



def test_the_strict_number_rule_reads_underscores_and_superscripts() -> None:
    profile = LexicalProfile(["It cost 1,500,000 francs to build. It was completed in 1889."])
    for claim, known in [("It cost 9_500_000 francs.", False), ("It cost 1_500_000 francs.", True),
                         ("It was completed in ¹⁶⁵⁰.", False), ("It was completed in ¹⁸⁸⁹.", True)]:
        assert all(m.key in profile.numbers for m in numbers(claim)) is known, claim


@pytest.mark.parametrize(
    "written",
    ["1,500,000", "1 500 000", "1\u202f500\u202f000", "1\u00a0500\u00a0000", "1\u2009500\u2009000", "1'500'000",
     "1\u2019500\u2019000", "1.500.000", "1_500_000", "1,500,000.0"],
)
def test_group_separators_give_one_value(written: str) -> None:
    text = f"It cost {written} francs."
    [m] = numbers(text)
    assert m.key == "1.5e+06" and m.text == written and text[m.span[0] : m.span[1]] == written


@pytest.mark.parametrize(
    ("text", "keys"),
    [
        ("It is 3.5 m wide.", ["3.5"]),
        ("It cost 1.500 francs.", ["1.5"]),  # one dot group: a decimal or a thousand, left as read
        ("Pages 1 500 and 2.", ["1", "500", "2"]),  # one plain-space group: ambiguous, two numbers
        ("In 2010 500 people came.", ["2010", "500"]),
        ("It cost 1.500.000,50 francs.", ["1.5e+06"]),
        ("Version 1.2.3 is out.", ["1.2"]),
    ],
)
def test_ambiguous_groupings_are_left_as_they_were(text: str, keys: list[str]) -> None:
    assert [m.key for m in numbers(text)] == keys


def test_the_strict_number_rule_reads_other_separators() -> None:
    profile = LexicalProfile(["It cost 1,500,000 francs to build. It was completed in 1889."])
    for claim, known in [("It cost 1 500 000 francs.", True), ("It cost 1\u202f500\u202f000 francs.", True),
                         ("It cost 1'500'000 francs.", True), ("It cost 1.500.000 francs.", True),
                         ("It cost 1.600.000 francs.", False), ("It cost 1 500 francs.", False)]:
        assert all(m.key in profile.numbers for m in numbers(claim)) is known, claim


@pytest.mark.parametrize(
    ("text", "key"),
    [("The club paid £2.4m for him.", "2.4e+06"), ("It cost $3.5bn.", "3.5e+09"), ("a $5k bonus", "5000"),
     ("version 2.4.1", "2.4"), ("2.4m people", "2.4")],  # a glued scale counts after money only
)
def test_a_scale_glued_to_money(text: str, key: str) -> None:
    assert [m.key for m in numbers(text)] == [key]
