"""Inputs read once: a knowledge graph given to ``Guard.invoke`` is read by the door into a frozen
``KnowledgeContext`` that ``prepare``, the knowledge check and the support check use as it is
(it was built three times on one invoke: the door, ``prepare`` and the knowledge check each read
the mapping, or the JSON file, again)."""

from __future__ import annotations

import json

import pytest

from lexguard import Guard, InputError, Status
from lexguard.knowledge import KnowledgeContext
from tests.fakes import SubstringChecker

SOURCES = ["Service X runs version 2.", "Service X runs version 3."]
KNOWLEDGE = {"entities": [{"id": "svc-x", "name": "Service X", "properties": {"version": 2}}]}


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    from_dict, from_json = KnowledgeContext.from_dict.__func__, KnowledgeContext.from_json.__func__

    def counted_dict(cls, data, *args, **kwargs):
        calls.append("dict")
        return from_dict(cls, data, *args, **kwargs)

    def counted_json(cls, path, *args, **kwargs):
        calls.append("json")
        return from_json(cls, path, *args, **kwargs)

    monkeypatch.setattr(KnowledgeContext, "from_dict", classmethod(counted_dict))
    monkeypatch.setattr(KnowledgeContext, "from_json", classmethod(counted_json))
    return calls


def _guard() -> Guard:
    return Guard(checker=SubstringChecker(), audit=False)


def test_a_knowledge_mapping_is_read_once_per_invoke(reads: list[str]) -> None:
    report = _guard().invoke({"answer": "Service X runs version 2.", "sources": SOURCES, "knowledge": KNOWLEDGE})
    assert report.status == Status.VALID, report.reason
    assert reads == ["dict"]


def test_a_knowledge_file_is_read_once_and_still_checked(reads: list[str], tmp_path) -> None:
    path = tmp_path / "graph.json"
    path.write_text(json.dumps(KNOWLEDGE), encoding="utf-8")
    report = _guard().invoke({"answer": "Service X runs version 3.", "sources": SOURCES, "knowledge": path})
    assert report.answer == "Service X runs version 2." and report.attempts == 2  # found and fixed
    assert any(f.kind == "contradicted_value" for f in report.history[0].findings)
    assert reads.count("json") == 1


def test_a_streamed_knowledge_graph_is_read_once(reads: list[str]) -> None:
    """Streaming read the graph when it arrived and again for the whole-answer checks."""
    guard = Guard(checker=SubstringChecker(), audit=False, return_type="text")
    chunks = [{"sources": SOURCES, "knowledge": KNOWLEDGE}, {"answer": "Service X runs "}, {"answer": "version 2."}]
    text = "".join(guard.transform(iter(chunks)))
    assert text == "Service X runs version 2."
    assert reads == ["dict"]


# Sources, citations and mutations: read at the door, handed on marked as read (they were read
# again by ``prepare`` and, for mutations, a third time by the checks' context).


@pytest.fixture
def source_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    from lexguard._models import Source

    calls: list[int] = []
    original = Source.from_any.__func__

    def counted(cls, item, index=0, *args, **kwargs):
        calls.append(index)
        return original(cls, item, index, *args, **kwargs)

    monkeypatch.setattr(Source, "from_any", classmethod(counted))
    return calls


def test_sources_are_read_once_per_invoke(source_reads: list[int]) -> None:
    report = _guard().invoke({"answer": "Service X runs version 2.", "sources": SOURCES})
    assert report.status == Status.VALID, report.reason
    assert source_reads == [0, 1]


def test_mutations_and_citations_are_read_once_and_still_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    from lexguard import _inputs

    calls: list[str] = []
    for name in ("_item_dict",):
        original = getattr(_inputs, name)
        monkeypatch.setattr(_inputs, name, lambda v, _o=original: calls.append("citation") or _o(v))
    guard = Guard(checker=SubstringChecker(), audit=False)
    report = guard.invoke({
        "answer": "Service X runs version 2.", "sources": SOURCES,
        "citations": [{"source": "source-0", "quote": "Service X runs version 2."}],
        "mutations": [{"type": "no_such_type"}],
    })
    assert calls == ["citation", "citation"]  # the single-dict test, then the one item: once
    assert report.status != Status.VALID
    assert "invalid_mutation" in [f.kind for f in report.findings]  # the unreadable mutation is still a finding


def test_a_value_read_once_is_returned_as_it_is_and_a_plain_list_is_read_again() -> None:
    from lexguard._inputs import coerce_mutations, coerce_sources

    read = coerce_sources(["a", "a"])
    assert coerce_sources(read) is read and [s.id for s in read] == ["source-0", "source-1"]
    again = coerce_sources(list(read))  # a checkpointer that stored a plain list: same result
    assert again == read and again is not read
    mutations = coerce_mutations({"type": "x"})
    assert coerce_mutations(mutations) is mutations == [{"type": "x"}]
    with pytest.raises(InputError):  # a mark is per kind: read mutations are no sources
        coerce_sources(mutations)


def test_a_read_list_changed_after_the_door_is_read_again() -> None:
    """The mark survives ``append``: an item added by a node of the user's graph (a dict, a string,
    a duplicate id) must still be read, not handed on raw."""
    from lexguard._inputs import coerce_citations, coerce_sources
    from lexguard._models import Source

    sources = coerce_sources(["Service X runs version 2."])
    sources.append({"content": "Service X runs version 3."})
    sources.append(sources[0])
    again = coerce_sources(sources)
    assert again is not sources
    assert all(isinstance(s, Source) for s in again) and len({s.id for s in again}) == 3
    citations = coerce_citations([{"source": "source-0", "quote": "q"}])
    citations.append("junk")
    with pytest.raises(InputError):
        coerce_citations(citations)


def test_mutations_are_read_once_per_invoke(monkeypatch: pytest.MonkeyPatch) -> None:
    from lexguard import _inputs

    made: list[str] = []
    original = _inputs._Read.__init__

    def counted(self, items, kind):
        made.append(kind)
        original(self, items, kind)

    monkeypatch.setattr(_inputs._Read, "__init__", counted)
    _guard().invoke({"answer": "Service X runs version 2.", "sources": SOURCES, "mutations": [{"type": "no_such_type"}]})
    assert made.count("mutations") == 1 and made.count("sources") == 1
