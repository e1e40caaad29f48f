"""Correct French and German answers are not refused as ``unknown_entity`` (issue 24, 6): their
function words ("Elle", "Cette", "Sie") and German nouns are not names."""

from __future__ import annotations

import pytest

from lexguard import Guard, Status
from lexguard.grounding.signals._entities import entities


@pytest.mark.parametrize("text, names", [
    ("Elle a été achevée en 1889.", []),
    ("Cette tour mesure 330 mètres.", []),
    ("Les travaux ont duré deux ans.", []),
    ("La Tour Eiffel a été conçue par Gustave Eiffel.", ["Tour Eiffel", "Gustave Eiffel"]),
    ("Der Eiffelturm ist ein Bauwerk aus Eisen in der Hauptstadt Frankreichs.", []),
    ("Sie wurde 1889 gebaut.", []),
    ("Gustave Eiffel designed it in Paris.", ["Gustave Eiffel", "Paris"]),  # English unchanged
])
def test_function_words_and_german_nouns_are_no_names(text: str, names: list[str]) -> None:
    assert [m.text for m in entities(text)] == names


@pytest.fixture(scope="module")
def guard() -> Guard:
    return Guard(audit=False, max_retries=0)


@pytest.mark.parametrize("question, answer, source", [
    ("Wie hoch ist der Eiffelturm?", "Der Turm ist 330 Meter hoch. Er wurde zur Weltausstellung gebaut.",
     "Der Eiffelturm ist 330 Meter hoch. Er wurde für die Weltausstellung 1889 errichtet."),
    ("Was ist der Eiffelturm?", "Der Eiffelturm ist ein Bauwerk aus Eisen in der Hauptstadt Frankreichs.",
     "Der Eiffelturm ist ein 330 Meter hoher Turm aus Eisen in Paris, der Hauptstadt von Frankreich."),
    ("Quelle est la hauteur de la tour ?", "Cette tour mesure 330 mètres. Elle a été achevée en 1889.",
     "La tour Eiffel mesure 330 mètres. La construction a été achevée en 1889."),
])
def test_correct_french_and_german_answers_are_not_refused_as_unknown_entities(
        guard: Guard, question: str, answer: str, source: str) -> None:
    report = guard.invoke({"question": question, "answer": answer, "sources": [source]})
    assert not [f for f in report.findings if f.kind == "unknown_entity"], [f.message for f in report.findings]
    assert report.status == Status.VALID, (report.reason, [f.message for f in report.findings])
