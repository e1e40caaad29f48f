"""The guard graph with a knowledge context in the state: support_check checks it, self_correct
repairs auto-fixable findings without calling the generator."""

from __future__ import annotations

from lexguard import FindingKind, GuardConfig, Status, Verdict, build_guard_graph
from lexguard.knowledge import KnowledgeKind
from tests.fakes import RecordingGenerator, SubstringChecker
from tests.knowledge.catalogue import CATALOGUE, catalogue


def graph(generator=None, **config):
    """The guard without the support check: these tests are about the knowledge check and its
    repairs (with no sources the support check reads the graph's facts; see
    tests/checks/test_builtin.py)."""
    if config.setdefault("checks", ["parse", "rules", "knowledge", "citations"]) is None:
        del config["checks"]  # the default checks
    return build_guard_graph(GuardConfig(**config), generator=generator, checker=SubstringChecker())


def test_clean_answer_with_knowledge_and_no_sources_is_accepted():
    answer = "Service X is at version 2 and depends on Database Z."
    out = graph().invoke({"answer": answer, "knowledge": CATALOGUE})
    report = out["report"]
    assert report.verdict == Verdict.ACCEPT and report.status == Status.VALID
    assert report.findings == ()  # no "no sources" warning: the graph was the evidence
    assert report.attempts == 1


def test_auto_fixable_finding_is_repaired_without_the_generator():
    fake = RecordingGenerator(["should not be used"])
    out = graph(generator=fake.runnable()).invoke({"answer": "Service X has version: 3.", "knowledge": catalogue()})
    report = out["report"]
    assert fake.inputs == []
    assert report.verdict == Verdict.ACCEPT
    assert report.answer == "Service X has version: 2."
    assert report.corrected_text == "Service X has version: 2."
    assert report.original_answer == "Service X has version: 3."
    assert report.attempts == 2
    first = report.history[0]
    assert [f.kind for f in first.findings] == [KnowledgeKind.CONTRADICTED_VALUE]
    assert first.findings[0].stage == "knowledge"


async def test_auto_fix_on_the_async_path():
    out = await graph().ainvoke({"answer": "Database Z has max connections: 50.", "knowledge": CATALOGUE})
    assert out["report"].answer == "Database Z has max connections: 500."


def test_finding_that_is_not_auto_fixable_goes_to_the_generator():
    fake = RecordingGenerator(["The Acme Router X200 is a router."])
    out = graph(generator=fake.runnable()).invoke(
        {"answer": "The Acme Router X300 is a router.", "knowledge": CATALOGUE}
    )
    report = out["report"]
    assert len(fake.inputs) == 1
    assert "Acme Router X200" in fake.inputs[0][-1].content  # the suggestion is fed back
    assert report.verdict == Verdict.ACCEPT and report.answer == "The Acme Router X200 is a router."


def test_knowledge_findings_add_to_source_findings():
    sources = ["Service X has version 3."]
    out = graph().invoke({"answer": "Service X has version 3.", "sources": sources, "knowledge": CATALOGUE})
    kinds = [f.kind for f in out["report"].history[0].findings]
    assert KnowledgeKind.CONTRADICTED_VALUE in kinds


def test_without_knowledge_nothing_changes():
    out = graph(checks=None).invoke({"answer": "Service X has version: 3."})
    report = out["report"]
    assert [f.kind for f in report.findings] == [FindingKind.NO_SOURCES]
    assert report.answer == "Service X has version: 3."
