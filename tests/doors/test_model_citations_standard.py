"""Model citations in LangChain's standard content blocks and the providers' own shapes, matched
by url / document id / metadata / index, and numbered markers checked (issue 24, 2)."""

from __future__ import annotations

import pytest
from langchain_core.messages import AIMessage

from lexguard import Guard, Status

SOURCES = [
    {"id": "ggb", "content": "The Golden Gate Bridge opened in 1937. It is painted International Orange.",
     "metadata": {"url": "https://example.com/golden-gate", "title": "Bridges of America", "document_id": "doc-1"}},
    {"id": "bkb", "content": "The Brooklyn Bridge opened in 1883. It spans the East River.",
     "metadata": {"url": "https://example.com/brooklyn", "title": "Bridges of America", "document_id": "doc-2"}},
]
TEXT = "The Brooklyn Bridge opened in 1883."


@pytest.fixture(scope="module")
def guard() -> Guard:
    return Guard(max_retries=0)


def _block(annotation: dict, key: str = "annotations") -> AIMessage:
    return AIMessage(content=[{"type": "text", "text": TEXT, key: [annotation]}])


def _citations(report):
    return next(c for c in report.checks if c.check == "citations")


def _accepted(report) -> None:
    assert report.status == Status.VALID, (report.reason, [f.message for f in report.findings])
    assert _citations(report).outcome == "passed"


def test_standard_citation_block_is_matched_by_url_not_title(guard: Guard) -> None:
    # both sources share the title: the url names the right one
    message = _block({"type": "citation", "id": "lc_123", "url": "https://example.com/brooklyn",
                      "title": "Bridges of America", "cited_text": "The Brooklyn Bridge opened in 1883.",
                      "start_index": 0, "end_index": len(TEXT)})
    _accepted(guard.invoke({"answer": message, "sources": SOURCES}))


def test_standard_citation_with_a_quote_not_in_the_cited_url_is_refused(guard: Guard) -> None:
    message = _block({"type": "citation", "url": "https://example.com/golden-gate",
                      "cited_text": "The Brooklyn Bridge opened in 1883."})
    report = guard.invoke({"answer": message, "sources": SOURCES})
    assert report.status != Status.VALID
    assert any(f.rule_id == "citations.invalid" and f.source_id == "ggb" for f in report.findings)


def test_anthropic_native_citation_is_matched_by_document_index(guard: Guard) -> None:
    message = _block({"type": "char_location", "cited_text": "The Brooklyn Bridge opened in 1883.",
                      "document_index": 1, "document_title": "Bridges of America",
                      "start_char_index": 0, "end_char_index": 35}, key="citations")
    _accepted(guard.invoke({"answer": message, "sources": SOURCES}))


def test_anthropic_citation_translated_to_the_standard_block_keeps_its_document_index(guard: Guard) -> None:
    message = _block({"type": "citation", "title": "Bridges of America", "cited_text": "It spans the East River.",
                      "extras": {"document_index": 1, "start_char_index": 36, "end_char_index": 60}})
    _accepted(guard.invoke({"answer": message, "sources": SOURCES}))


def test_source_id_and_quote_citations_are_matched_by_id_and_metadata(guard: Guard) -> None:
    for cited in ("bkb", "doc-2", "https://example.com/brooklyn"):
        report = guard.invoke({"answer": TEXT, "sources": SOURCES,
                               "citations": [{"source_id": cited, "quote": "The Brooklyn Bridge opened in 1883"}]})
        _accepted(report)


def test_numbered_marker_pointing_at_the_wrong_source_is_a_finding(guard: Guard) -> None:
    report = guard.invoke({"answer": "The Brooklyn Bridge opened in 1883 [1].", "sources": SOURCES})
    assert report.status != Status.VALID
    (finding,) = [f for f in report.findings if f.rule_id == "citations.wrong_source"]
    assert finding.source_id == "ggb" and "bkb" in finding.message and "[1]" in finding.message


def test_numbered_markers_pointing_at_the_right_sources_pass(guard: Guard) -> None:
    answer = "The Golden Gate Bridge opened in 1937 [1]. The Brooklyn Bridge opened in 1883 [2]."
    _accepted(guard.invoke({"answer": answer, "sources": SOURCES}))


def test_numbered_marker_past_the_sources_is_invalid(guard: Guard) -> None:
    report = guard.invoke({"answer": "The Brooklyn Bridge opened in 1883 [7].", "sources": SOURCES})
    assert report.status != Status.VALID
    assert any(f.rule_id == "citations.invalid" and "[7]" in f.message for f in report.findings)


def test_url_citation_without_cited_text_checks_the_statement_against_the_url(guard: Guard) -> None:
    right = _block({"type": "citation", "url": "https://example.com/brooklyn", "start_index": 0,
                    "end_index": len(TEXT)})
    _accepted(guard.invoke({"answer": right, "sources": SOURCES}))
    wrong = _block({"type": "citation", "url": "https://example.com/golden-gate", "start_index": 0,
                    "end_index": len(TEXT)})
    report = guard.invoke({"answer": wrong, "sources": SOURCES})
    assert report.status != Status.VALID
    assert any(f.rule_id == "citations.wrong_source" for f in report.findings)


def test_the_citation_quality_score_and_gate_are_on_the_guards_report(guard: Guard) -> None:
    good = guard.invoke({"answer": TEXT, "sources": SOURCES,
                         "citations": [{"source_id": "bkb", "quote": "The Brooklyn Bridge opened in 1883"}]})
    data = _citations(good).data
    assert 0.0 < data["quality"] < 1.0 and data["gate"] in ("PASS", "WARN") and isinstance(data["gate_reasons"], list)
    bad = guard.invoke({"answer": TEXT, "sources": SOURCES,
                        "citations": [{"source_id": "ggb", "quote": "The Brooklyn Bridge opened in 1883"}]})
    assert _citations(bad).data["gate"] == "FAIL" and _citations(bad).data["quality"] < data["quality"]
