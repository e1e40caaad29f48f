"""The support check reads the answer and the sources without zero-width characters and maps
what it found back to the answer as given."""

from __future__ import annotations

import pytest

from lexguard import Guard, Verdict
from tests.fakes import SubstringChecker

SOURCE = "The bridge opened in 1932. It is 503 metres long."


@pytest.mark.parametrize("mark", ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"])
def test_a_zero_width_character_inside_a_number_does_not_break_it(mark):
    answer = f"The bridge opened in 19{mark}32."
    report = Guard(checker=SubstringChecker(), sources=[SOURCE.replace("503", f"5{mark}03")]).invoke(answer)
    assert report.verdict == Verdict.ACCEPT, report.reason
    (claim,) = report.claims
    assert claim.span == (0, len(answer)) and claim.text == answer  # the answer as given
    assert claim.citations[0].claim == answer


def test_finding_spans_point_into_the_answer_as_given():
    answer = "The\u200b bridge opened in 1932. It was\ufeff painted gold in 1990."
    report = Guard(checker=SubstringChecker(), sources=[SOURCE], max_retries=0,
                   repair_without_generator=False).invoke(answer)
    spans = [f.span for f in report.findings if f.span is not None]
    assert spans and all(answer[start:end] == "It was\ufeff painted gold in 1990." for start, end in spans)
    assert [answer[slice(*c.span)] for c in report.claims] == [c.text for c in report.claims]


@pytest.mark.slow
def test_the_support_checker_reads_a_number_split_by_a_zero_width_space():
    guard = Guard(sources=["The Eiffel Tower is 330 metres tall."])
    assert guard.validate_answer("The Eiffel Tower is 3\u200b30 metres tall.").accepted
    answer = "The Eiffel Tower is 3\u200b50 metres tall."
    spans = [f.span for f in guard.validate_answer(answer).findings if f.kind == "contradicted_value"]
    assert [answer[slice(*span)] for span in spans] == ["3\u200b50"]


def test_knowledge_as_the_only_evidence_does_not_pass_claims_it_never_read() -> None:
    """A new user's trial: with no sources the support check stood down for the graph, and the
    knowledge check passed "The moon is made of cheese." (it names nothing in the graph) and
    "Service X was built by aliens." (the graph says nothing of it). The support check now reads
    the claims against the graph written out as facts."""
    from lexguard import Guard

    guard = Guard(audit=False, max_retries=0)
    graph = {"entities": [{"id": "svc-x", "name": "Service X", "properties": {"version": 2}}]}
    unread = guard.invoke({"answer": "Service X runs version 2. The moon is made of cheese.", "knowledge": graph})
    assert unread.verdict.value != "accept" and "support" in unread.reason
    named = guard.invoke({"answer": "Service X was built by aliens.", "knowledge": graph})  # a review's case
    assert named.verdict.value != "accept"
    read = guard.invoke({"answer": "Sure, here is the answer: Service X runs version 2.", "knowledge": graph})
    assert read.verdict.value == "accept"
