"""Lexical evidence: numbers, entities, quotes, negation."""

from __future__ import annotations

from lexguard.grounding._lexical import LexicalProfile, entities, has_negation, numbers, quotes


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
