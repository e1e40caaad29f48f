"""Issue 13 item 4: the knowledge check honours its own and the validation's time budget."""

from __future__ import annotations

from lexguard._limits import validation_budget
from lexguard._models import Status
from lexguard.knowledge import KnowledgeConfig, KnowledgeContext, KnowledgeValidator, check_knowledge
from lexguard.knowledge._linking import link_entities

CONTEXT = KnowledgeContext.from_dict(
    {"entities": [{"name": f"Service {i}", "properties": {"version": i}} for i in range(20)]}
)
TEXT = " ".join(f"Service {i % 25} runs Version {i}. Acme Router X{i} talks to Zeta Corp." for i in range(300))


class TickingClock:
    """A clock that advances one second per reading."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.now += 1.0
        self.readings += 1
        return self.now


def test_linking_stops_when_the_budget_is_spent():
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 1

    partial = link_entities(TEXT, CONTEXT, stop=stop)
    full = link_entities(TEXT, CONTEXT)
    assert len(partial) < len(full)


def test_a_spent_budget_during_linking_checks_no_claim_and_says_so():
    clock = TickingClock()
    report = KnowledgeValidator(CONTEXT, KnowledgeConfig(time_budget_s=3.0), clock=clock).validate(TEXT)
    assert report.status in (Status.INCONCLUSIVE, Status.INVALID)
    assert report.reason and "time budget" in report.reason
    assert clock.readings < 50  # linking stopped early instead of reading the whole text


def test_the_validation_budget_bounds_the_knowledge_check_too():
    config = KnowledgeConfig(time_budget_s=None)
    assert check_knowledge(TEXT, CONTEXT, config).reason is None
    with validation_budget(0.0):
        report = check_knowledge(TEXT, CONTEXT, config)
    assert report.status in (Status.INCONCLUSIVE, Status.INVALID)
    assert "time budget" in (report.reason or "")


def test_citation_markers_are_not_unverifiable_numbers():
    """Issue 13 item 8 (knowledge check): "[1]" is a reference, not a value."""
    ctx = KnowledgeContext.from_dict({"entities": [{"name": "Service X", "properties": {"version": 2}}]})
    config = KnowledgeConfig(flag_unverifiable_numbers=True)
    for text in ("Service X runs version 2 [1].", "Service X runs version 2 [source-3]."):
        assert check_knowledge(text, ctx, config).findings == ()
    assert check_knowledge("Service X has 7 nodes [2].", ctx, config).findings  # 7 is still a value


def test_overlong_names_are_refused():
    """Found by scripts/fuzz.py: a 30,000-character name made linking hang."""
    import pytest

    from lexguard import InputError

    with pytest.raises(InputError, match="more than 200"):
        KnowledgeContext.from_dict({"entities": [{"name": "\u200b" * 30_000 + " x"}]})
    with pytest.raises(InputError, match="more than 200"):
        KnowledgeContext.from_dict({"entities": [{"name": "x", "aliases": ["y" * 201]}]})
