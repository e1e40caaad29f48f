"""Input coercion at the door (issue 13 items 1 and 7)."""

from __future__ import annotations

import pytest

from lexguard import Guard, InputError
from lexguard._inputs import coerce_answer, coerce_citations, coerce_mutations, coerce_sources
from lexguard._models import Status, Verdict
from tests.fakes import SubstringChecker

EIFFEL = "The Eiffel Tower was built between 1887 and 1889."


class StrictChecker(SubstringChecker):
    """Fails like a tokenizer does on text that cannot be encoded as UTF-8."""

    def check(self, answer, sources, question=None):
        answer.encode("utf-8")
        for source in sources:
            source.content.encode("utf-8")
        return super().check(answer, sources, question)


def test_a_lone_surrogate_no_longer_switches_the_check_off():
    guard = Guard(checker=StrictChecker(), repair_without_generator=False)
    report = guard.invoke({"answer": "The Eiffel Tower was built by aliens in 1650\ud83d.",
                           "sources": [EIFFEL + "\udc00"]})
    assert report.verdict != Verdict.ACCEPT
    assert report.status == Status.INVALID
    assert [c.supported for c in report.claims] == [False]


def test_answer_and_sources_are_cleaned_with_spans_kept():
    assert coerce_answer({"answer": "ab\ud83dc"}) == "ab\ufffdc"
    (source,) = coerce_sources([{"id": "s\udc00", "content": "x\ud800y"}])
    assert source.content == "x\ufffdy" and source.id == "s\ufffd"


def test_deeply_nested_answers_are_an_input_error_not_a_recursion_error():
    value = "x"
    for _ in range(3_000):
        value = {"answer": value}
    with pytest.raises(InputError, match="nested"):
        coerce_answer(value)


@pytest.mark.parametrize("sources", [5, 0.0, b"bytes", [object()], [{"content": 5}]])
def test_bad_sources_are_input_errors(sources):
    with pytest.raises(InputError):
        coerce_sources(sources)


def test_the_graph_on_its_own_cleans_the_question_too():
    seen = []

    class Spy(StrictChecker):
        def check(self, answer, sources, question=None):
            seen.append(question)
            question.encode("utf-8")
            return super().check(answer, sources, question)

    from lexguard import build_guard_graph

    graph = build_guard_graph(checker=Spy())
    report = graph.invoke({"answer": EIFFEL, "sources": [EIFFEL], "question": "When\ud83d?"})["report"]
    assert seen == ["When\ufffd?"] and report.verdict == Verdict.ACCEPT


def test_citations_are_read_as_a_list_of_dicts():
    from lexguard.citations import ModelCitation

    cited = {"source": "source-0", "quote": "330 metres"}
    assert coerce_citations(None) == [] and coerce_citations([]) == []
    assert coerce_citations(cited) == [cited]  # one dict: a one-item list
    assert coerce_citations((cited, ModelCitation(**cited)))[1]["quote"] == "330 metres"


@pytest.mark.parametrize(("citations", "needle"), [
    ("[source-0] version 9", "not str"), (5, "not int"), ([1, None], "item 0 is a int"),
    ([{"source": "s"}, "quote"], "item 1 is a str"),
])
def test_citations_of_the_wrong_shape_are_input_errors(citations, needle):
    with pytest.raises(InputError, match=needle):
        coerce_citations(citations)


def test_mutations_are_read_as_a_list():
    change = {"type": "transform_belief", "target": "king", "value": "dead"}
    assert coerce_mutations(None) == [] and coerce_mutations(change) == [change]
    assert coerce_mutations((change, 1)) == [change, 1]  # items are the rule gate's to judge
    for bad in ("king is dead", 5, b"x"):
        with pytest.raises(InputError, match="mutations must be a list"):
            coerce_mutations(bad)
