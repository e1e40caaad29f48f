"""Check configurations that cannot work are refused with a ``ConfigurationError`` when the guard
is built (never a plain ``ValueError`` from LangGraph or the enum, never on the first call)."""

from __future__ import annotations

import pytest

from lexguard import ConfigurationError, Guard, Verdict, build_guard_graph
from lexguard.checks import DEFAULT_CHECKS, BaseCheck
from tests.fakes import SubstringChecker

SOURCE = "The bridge opened in 1932. It is 503 metres long."
GOOD = "The bridge opened in 1932."


class Named(BaseCheck):
    """A check that always passes, named as the test says."""

    name = "named"

    def check(self, answer, context):
        return self.passed()


class BadAction:
    """A check object (no ``BaseCheck``) whose ``on_fail`` is no failure action."""

    name = "bad_action"
    on_fail = "nonsense"

    def check(self, answer, context):
        raise AssertionError("never run")


def build(*checks, **kwargs):
    return Guard(checks=[*DEFAULT_CHECKS, *checks], checker=SubstringChecker(), audit=False, **kwargs)


@pytest.mark.parametrize("name", [
    "__start__", "__end__",  # LangGraph's own nodes
    "prepare", "decide", "self_correct", "finalize", "fallback",  # the guard's nodes
    "__error_handler__support", "__mine",  # LangGraph's internal names start with "__"
    "a:b", "x|y",  # LangGraph's namespace separators
    "", "   ",  # no name
])
def test_a_check_name_the_graph_cannot_take_is_a_configuration_error_when_the_guard_is_built(name):
    with pytest.raises(ConfigurationError, match="rename the check"):
        build(Named(name=name))
    with pytest.raises(ConfigurationError, match="rename the check"):
        build_guard_graph(checks=[*DEFAULT_CHECKS, Named(name=name)], checker=SubstringChecker())


def test_a_duplicate_check_name_is_a_configuration_error():
    with pytest.raises(ConfigurationError, match="used twice"):
        build(Named(name="support"))


@pytest.mark.parametrize("entry", [
    {"use": "support", "on_fail": "nonsense"},
    {"use": "support", "on_fail": 3},
    {"use": "tests.checks.test_registry:Named", "on_fail": "explode"},
])
def test_an_unknown_on_fail_in_a_check_entry_is_a_configuration_error(entry):
    with pytest.raises(ConfigurationError, match="reask, fix, filter, refuse, record or raise"):
        Guard(checks=["parse", entry], checker=SubstringChecker(), audit=False)


def test_an_unknown_on_fail_of_a_check_object_is_a_configuration_error():
    with pytest.raises(ConfigurationError, match="on_fail"):
        Named(on_fail="nonsense")
    with pytest.raises(ConfigurationError, match="bad_action.*'nonsense'"):
        build(BadAction())


def test_a_check_object_with_a_valid_on_fail_string_works():
    class Refuses(BadAction):
        name = "refuses"
        on_fail = "refuse"

        def check(self, answer, context):
            return Named(name="refuses", on_fail="refuse").failed([Named().finding("No.")])

    report = build(Refuses(), sources=[SOURCE]).invoke(GOOD)
    assert report.verdict == Verdict.FALLBACK and "on_fail='refuse'" in report.reason


def test_the_reserved_names_cover_every_node_of_the_guard_graph():
    from lexguard.checks._registry import RESERVED_NAMES

    nodes = set(build_guard_graph(checker=SubstringChecker()).get_graph().nodes)
    own = {n for n in nodes - set(DEFAULT_CHECKS) if not n.startswith("__error_handler__")}
    assert own <= RESERVED_NAMES, own - RESERVED_NAMES
