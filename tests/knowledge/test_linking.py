"""Entity linking: exact names and aliases, misspellings, unknown proper nouns."""

from __future__ import annotations

from lexguard.knowledge import link_entities
from tests.knowledge.catalogue import catalogue


def _by_text(text):
    return {m.text: m for m in link_entities(text, catalogue())}


def test_names_and_aliases_link_case_insensitively_with_spans():
    text = "service x reads from DBZ and from Database Z."
    mentions = link_entities(text, catalogue())
    assert [(m.text, m.entity_id) for m in mentions] == [
        ("service x", "svc-x"),
        ("DBZ", "db-z"),
        ("Database Z", "db-z"),
    ]
    assert all(text[m.span[0] : m.span[1]] == m.text for m in mentions)


def test_letters_only_misspelling_links_to_entity():
    m = _by_text("Databse Z is fast.")["Databse Z"]
    assert m.entity_id == "db-z" and m.distance == 1 and m.matched == "Database Z"


def test_digit_change_is_unknown_with_closest_suggestion():
    m = _by_text("The Acme Router X300 is cheap.")["Acme Router X300"]
    assert m.entity_id is None
    assert m.suggestion == "Acme Router X200" and m.suggestion_distance == 1


def test_unknown_proper_noun_without_close_name():
    m = _by_text("Service X streams events to Kafka.")["Kafka"]
    assert m.entity_id is None and m.suggestion is None


def test_sentence_initial_common_words_and_property_values_are_not_mentions():
    mentions = _by_text("The owner is Team Atlas. Customers like it. In March, Service X shipped.")
    assert set(mentions) == {"Service X"}
