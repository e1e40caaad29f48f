"""Citations the model produced, inside the guard: one the guard cannot read is never skipped.

A citation in ``additional_kwargs["citations"]`` or in a content block's annotations that is no
citation dict (a string such as a bare URL, a number, the whole field as one string) makes the
``citations`` check inconclusive with the reason, so the answer is not accepted; readable
citations beside it are still validated.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage

from lexguard import Guard, InputError, Status, Verdict
from lexguard.checks import CheckContext, CitationsCheck, model_citations
from tests.fakes import SubstringChecker

ANSWER = "The bridge opened in 1932."
SOURCES = [{"id": "bridge", "content": "The bridge opened in 1932. It is 503 metres long."}]
GOOD = {"source": "bridge", "quote": "The bridge opened in 1932"}
BAD = {"source": "bridge", "quote": "It was painted gold in 1990 by a team"}


def guard() -> Guard:
    return Guard(checker=SubstringChecker(), sources=SOURCES, audit=False, max_retries=0)


def citations_result(report: Any) -> Any:
    return next(r for r in report.checks if r.check == "citations")


def blocks(annotations: Any) -> list[dict[str, Any]]:
    return [{"type": "text", "text": ANSWER, "annotations": annotations}]


@pytest.mark.parametrize("message, needle", [
    (AIMessage(content=ANSWER, additional_kwargs={"citations": ["https://example.com/bridge"]}), "item 0"),
    (AIMessage(content=ANSWER, additional_kwargs={"citations": "bridge"}), "str"),
    (AIMessage(content=ANSWER, additional_kwargs={"citations": [GOOD, 7]}), "item 1"),
    (AIMessage(content=blocks(["bridge"])), "annotations"),
])
def test_a_model_citation_it_cannot_read_makes_the_answer_inconclusive(message, needle):
    report = guard().invoke(message)
    assert not report.accepted and report.verdict == Verdict.FLAG
    assert report.status == Status.INCONCLUSIVE
    result = citations_result(report)
    assert result.outcome.value == "inconclusive" and needle in (result.reason or ""), result.reason
    assert "citations" in (report.reason or "")


def test_an_invalid_readable_citation_beside_an_unreadable_one_still_fails():
    message = AIMessage(content=ANSWER, additional_kwargs={"citations": [BAD, "https://example.com"]})
    report = guard().invoke(message)
    result = citations_result(report)
    assert result.outcome.value == "failed" and not report.accepted
    assert [f.kind for f in result.findings] == ["invalid_citation", "not_checked"]


def test_a_single_citation_dict_in_additional_kwargs_is_read():
    assert guard().invoke(AIMessage(content=ANSWER, additional_kwargs={"citations": GOOD})).accepted
    report = guard().invoke(AIMessage(content=ANSWER, additional_kwargs={"citations": BAD}))
    assert [f.kind for f in report.findings] == ["invalid_citation"]


def test_readable_model_citations_are_still_accepted():
    assert guard().invoke(AIMessage(content=ANSWER, additional_kwargs={"citations": [GOOD]})).accepted


def test_model_citations_refuses_given_citations_it_cannot_read():
    with pytest.raises(InputError, match="citations item 0"):
        model_citations(ANSWER, ANSWER, ["junk"])
    assert model_citations(ANSWER, ANSWER, [GOOD]) == [GOOD]


def test_the_check_reports_unreadable_citations_by_itself():
    context = CheckContext(citations=tuple(model_citations(
        AIMessage(content=ANSWER, additional_kwargs={"citations": ["x"]}), ANSWER)))
    result = CitationsCheck().check(ANSWER, context)
    assert result.outcome.value == "inconclusive"
    assert [f.severity.value for f in result.findings] == ["soft"]
