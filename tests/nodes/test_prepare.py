"""The ``prepare`` node reads every input the checks use; one it cannot read is never accepted.

Like an unreadable answer or sources, a knowledge graph, ``citations`` or ``mutations`` of the
wrong shape give an ``input`` result with a critical finding: the attempt goes to the fallback,
inconclusive, with a reason naming the field and the shape to pass (inside a graph a bad input
never crashes the graph). ``Guard.invoke`` refuses the same inputs at its door with an
``InputError`` naming the same field, as it refuses bad sources.
"""

from __future__ import annotations

import pytest

from lexguard import Guard, GuardConfig, InputError, Status, Verdict, build_guard_graph
from tests.fakes import SubstringChecker

ANSWER = "Service X runs version 3 and depends on Database Z."
SOURCES = [ANSWER]


def graph(**config):
    return build_guard_graph(GuardConfig(max_retries=0, **config), checker=SubstringChecker())


def guard() -> Guard:
    return Guard(checker=SubstringChecker(), audit=False, max_retries=0)


def assert_refused(report, *needles: str) -> None:
    assert report.verdict == Verdict.FALLBACK and not report.accepted
    assert report.status == Status.INCONCLUSIVE
    for needle in needles:
        assert needle in (report.reason or ""), report.reason


def assert_door_refuses(state, *needles: str) -> None:
    with pytest.raises(InputError) as error:
        guard().invoke(state)
    for needle in needles:
        assert needle in str(error.value), str(error.value)


ENTITY = {"id": "svc-x", "name": "Service X", "properties": {"version": 2}}


@pytest.mark.parametrize("knowledge, needles", [
    ({"entites": [ENTITY]}, ("knowledge", "'entites'", "did you mean 'entities'")),
    ({"nodes": [ENTITY]}, ("knowledge", "'nodes'", "'entities', 'relationships'")),
    ({"entities": [{**ENTITY, "propertes": ENTITY["properties"]}]}, ("'propertes'", "'properties'")),
    ("Service X has version 2", ("knowledge", "str")),
])
def test_a_knowledge_graph_it_cannot_read_is_refused_not_passed(knowledge, needles):
    state = {"answer": ANSWER, "sources": SOURCES, "knowledge": knowledge}
    assert_refused(graph().invoke(state)["report"], *needles)
    assert_door_refuses(state, *needles)


async def test_a_knowledge_graph_it_cannot_read_is_refused_on_the_async_path():
    out = await graph().ainvoke({"answer": ANSWER, "sources": SOURCES, "knowledge": {"entites": [ENTITY]}})
    assert_refused(out["report"], "'entites'")


def test_a_readable_knowledge_graph_is_still_checked():
    report = guard().invoke({"answer": ANSWER, "sources": SOURCES, "knowledge": {"entities": [ENTITY]}})
    assert report.verdict == Verdict.FALLBACK and report.status == Status.INVALID  # version 3 != 2


EIFFEL = ["The Eiffel Tower is 330 metres tall. It was completed in 1889 in Paris."]
TALL = "The Eiffel Tower is 330 metres tall."


@pytest.mark.parametrize("citations, needles", [
    ("[source-0] version 9", ("citations", "str", "list of dicts")),
    ([1, None], ("citations", "item 0", "int")),
    ([{"source": "source-0", "quote": "330 metres"}, "330 metres"], ("citations", "item 1", "str")),
    (5, ("citations", "int")),
])
def test_citations_of_the_wrong_shape_are_refused_not_skipped(citations, needles):
    state = {"answer": TALL, "sources": EIFFEL, "citations": citations}
    assert_refused(graph().invoke(state)["report"], *needles)
    assert_door_refuses(state, *needles)


def test_a_single_citation_dict_is_read_as_a_one_item_list():
    state = {"answer": TALL, "sources": EIFFEL, "citations": {"source": "source-0", "quote": "version 9"}}
    report = guard().invoke(state)
    assert not report.accepted and report.status == Status.INVALID
    assert [f.kind for f in report.findings] == ["invalid_citation"]
    good = guard().invoke({**state, "citations": {"source": "source-0", "quote": "330 metres tall"}})
    assert good.accepted


@pytest.mark.parametrize("mutations, needles", [
    ("king is dead", ("mutations", "str", "list")),
    (5, ("mutations", "int")),
])
def test_mutations_of_the_wrong_shape_are_refused_not_skipped(mutations, needles):
    state = {"answer": TALL, "sources": EIFFEL, "mutations": mutations}
    assert_refused(graph().invoke(state)["report"], *needles)
    assert_door_refuses(state, *needles)


def test_a_single_mutation_dict_is_read_as_a_one_item_list():
    state = {"answer": TALL, "sources": EIFFEL, "mutations": {"target": "king", "value": "dead"}}
    report = guard().invoke(state)  # no type: an invalid mutation, as it is in a list
    assert not report.accepted and "invalid_mutation" in [f.kind for f in report.findings]
    protected = guard_protecting("king").invoke(
        {**state, "mutations": {"type": "transform_belief", "target": "king", "value": "dead"}})
    assert not protected.accepted and "protected_state" in [f.kind for f in protected.findings]


def guard_protecting(fact_id: str) -> Guard:
    return Guard(checker=SubstringChecker(), audit=False, max_retries=0, gate={"protected_targets": [fact_id]})
