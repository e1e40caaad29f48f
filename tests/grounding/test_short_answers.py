"""A short answer is read as the statement it makes with its question (``claims/_short_answers``).

"Who founded the Marlow Theatre?" - "Thomas Crane." was read by the verifier as a question with a
name after it, a shape it never saw in training, and accepted beside a source that names Edith
Crane as the founder and her brother Thomas as the manager.
"""

from __future__ import annotations

import doctest

import pytest

from lexguard.grounding.claims import _short_answers
from lexguard.grounding.claims._short_answers import answer_statement
from lexguard.grounding.verify._stacker import verifier_claim_text


@pytest.mark.parametrize(
    ("question", "answer", "statement"),
    [
        ("Who designed the Harbour Bridge?", "Lena Ortiz.", "Lena Ortiz designed the Harbour Bridge."),
        ("Who painted the mural?", "Omar Vance did.", "Omar Vance painted the mural."),
        ("What colour is the roof of the chapel?", "Red.", "The roof of the chapel is Red."),
        ("Which river is the longest in the region?", "The Alder.", "The longest in the region is the Alder."),
        ("Which firm builds the trams?", "Kessel Works.", "Kessel Works builds the trams."),
        ("What year did the mill close?", "1961.", "The mill closed in 1961."),
        ("When was the chapel rebuilt?", "In 1702.", "The chapel was rebuilt in 1702."),
        ("Where is the observatory?", "Tenerife", "The observatory is in Tenerife."),
        ("Where is Anneke Vollmar from?", "Saltmarsh Cove.", "Anneke Vollmar is from Saltmarsh Cove."),
        ("What year did the mill close?", "1961, I believe.", "The mill closed in 1961."),
        ("How many rooms does the inn have?", "Twelve.", "The inn has Twelve rooms."),
        ("How long is the tunnel?", "3.2 km", "The tunnel is 3.2 km."),
        ("What is the capital of Norway?", "Oslo.", "The capital of Norway is Oslo."),
        ("What caused the outage?", "A failed switch.", "A failed switch caused the outage."),
        ("what time does the market open", "7 a.m.", "The market opens at 7 a.m."),
    ],
)
def test_a_short_answer_becomes_the_statement_it_makes(question: str, answer: str, statement: str) -> None:
    assert answer_statement(question, answer) == statement


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Who wrote the play?", "Ada Brooks wrote it down."),  # a statement of its own
        ("When did the mill close?", "It closed in 1961."),
        ("What happened to the ferry?", "Sank."),  # an event told by the answer
        ("Who wrote the play?", "Ada Brooks, in 1890."),
        ("Was the mill closed in 1961?", "Yes."),  # yes/no: read by _polar
        ("Why is the sea salty?", "Minerals."),
        ("", "Oslo."),
        (None, "Oslo."),
    ],
)
def test_answers_that_are_not_bare_or_questions_of_other_shapes_are_left_alone(question, answer) -> None:
    assert answer_statement(question, answer) is None


def test_the_verifier_reads_the_statement_and_other_short_claims_after_their_question() -> None:
    assert verifier_claim_text("Lena Ortiz.", "Who designed the bridge?") == "Lena Ortiz designed the bridge."
    assert verifier_claim_text("Minerals.", "Why is the sea salty?") == "Why is the sea salty? Minerals."
    long = "The bridge was designed by Lena Ortiz in 1931."
    assert verifier_claim_text(long, "Who designed the bridge?") == long


def test_the_module_examples_run() -> None:
    assert doctest.testmod(_short_answers).failed == 0


@pytest.mark.parametrize(("question", "answer", "read"), [
    ("Who wrote the play?", "Ada Brooks wrote it.", "Ada Brooks wrote the play."),
    ("Who directed the film?", "Tobin Reyes made it.", "Tobin Reyes directed the film."),
    ("Who directed the film?", "He was Tobin Reyes.", "Tobin Reyes directed the film."),
])
def test_a_name_said_to_do_what_is_asked_is_the_answer(question: str, answer: str, read: str) -> None:
    """Thirty-sixth session (a hostile review): "Tobin Reyes made it." and "He was Tobin Reyes." to
    "Who directed ...?" were statements of their own, read by the verifier without the question,
    and a wrong name passed."""
    assert answer_statement(question, answer) == read
