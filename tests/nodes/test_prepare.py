"""The ``prepare`` node reads every input the checks use; one it cannot read is never accepted.

Like an unreadable answer or sources, a knowledge graph, ``citations`` or ``mutations`` of the
wrong shape give an ``input`` result with a critical finding: the attempt goes to the fallback,
inconclusive, with a reason naming the field and the shape to pass.
"""

from __future__ import annotations

import pytest

from lexguard import Guard, GuardConfig, Status, Verdict, build_guard_graph
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
    assert_refused(guard().invoke(state), *needles)


async def test_a_knowledge_graph_it_cannot_read_is_refused_on_the_async_path():
    report = await guard().ainvoke({"answer": ANSWER, "sources": SOURCES, "knowledge": {"entites": [ENTITY]}})
    assert_refused(report, "'entites'")


def test_a_readable_knowledge_graph_is_still_checked():
    report = guard().invoke({"answer": ANSWER, "sources": SOURCES, "knowledge": {"entities": [ENTITY]}})
    assert report.verdict == Verdict.FALLBACK and report.status == Status.INVALID  # version 3 != 2
