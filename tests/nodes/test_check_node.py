"""A check node reads the state's inputs itself: wired without ``prepare`` (custom wiring), a
single mutation dict is still checked, and mutations it cannot read are an ``input`` result that
stops the attempt, never an empty list that passes."""

from __future__ import annotations

from lexguard import GuardConfig
from lexguard.checks import RulesCheck
from lexguard.nodes import CheckNode, context_of

ANSWER = "The king is alive."
CHANGE = {"type": "transform_belief", "target": "king", "value": "dead"}


def node() -> CheckNode:
    config = GuardConfig(gate={"protected_targets": ["king"]})
    return CheckNode(RulesCheck(config), config)


def only_result(update: dict) -> object:
    (result,) = update["results"]
    return result


def test_a_single_mutation_dict_is_read_as_one_mutation():
    assert context_of({"answer": ANSWER, "mutations": CHANGE}).mutations == (CHANGE,)
    result = only_result(node()({"answer": ANSWER, "mutations": CHANGE}))
    assert result.outcome.value == "failed"
    assert [f.kind for f in result.findings] == ["protected_state"]


async def test_a_single_mutation_dict_is_read_on_the_async_path():
    result = only_result(await node().acall({"answer": ANSWER, "mutations": CHANGE}))
    assert [f.kind for f in result.findings] == ["protected_state"]


def test_mutations_it_cannot_read_stop_the_attempt():
    for bad in ("the king is dead", 5):
        result = only_result(node()({"answer": ANSWER, "mutations": bad}))
        assert result.outcome.value == "inconclusive" and result.stop
        assert [f.severity.value for f in result.findings] == ["critical"]
        assert "mutations" in (result.reason or ""), result.reason


def test_a_mutation_list_and_no_mutations_are_read_as_before():
    assert context_of({"answer": ANSWER, "mutations": [CHANGE]}).mutations == (CHANGE,)
    assert context_of({"answer": ANSWER}).mutations == ()
    assert only_result(node()({"answer": ANSWER})).outcome.value == "passed"
