"""Property-based tests over the public entry points (issue 13): whatever the input, each entry
point returns a result or raises a ``LexguardError``, and the guard never accepts an answer after
one of its checks failed. Bounded examples; ``scripts/fuzz.py`` runs the long version."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lexguard import Guard, LexguardError
from lexguard._limits import LimitsConfig
from lexguard._text import clean_text, comparison_key, split_fenced
from lexguard.citations import validate_citations, validate_source
from lexguard.gate import GateConfig, evaluate_gate, load_rules
from lexguard.grounding.claims._sentences import split_sentences
from lexguard.knowledge import KnowledgeConfig, KnowledgeContext, check_knowledge
from lexguard.parsing import parse_output
from tests.fakes import SubstringChecker

PIECES = st.sampled_from([
    "The tower is 330 m tall.", "It opened in 1889.", "\ud83d", "\udc00", "\x00", "\u200b", "\u00ad",
    "\u202e", "\u0435", "ﬁ", "e\u0301", "😀", "```\ncode\n```", "```", "[source-0]", "[1]", "- item",
    "Dr. Smith", "U.S.", "3.5", "...", "!!!", ";", "secret", "s\u0435cret", "(", "[", "*", "\n\n",
])
TEXT = st.one_of(st.text(max_size=200), st.lists(PIECES, max_size=12).map(" ".join),
                 st.tuples(st.sampled_from(["a", " ", ".", "!", "*a ", "[a "]), st.integers(1, 3000))
                 .map(lambda t: t[0] * t[1]))
SCALAR = st.one_of(st.none(), st.integers(), st.floats(allow_nan=True), st.booleans(), st.binary(max_size=5))
VALUE = st.recursive(
    st.one_of(TEXT, SCALAR),
    lambda children: st.one_of(st.lists(children, max_size=3),
                               st.dictionaries(st.sampled_from(["answer", "content", "sources", "id", "x"]),
                                               children, max_size=3)),
    max_leaves=8,
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

GUARD = Guard(checker=SubstringChecker(), max_retries=1,
              limits=LimitsConfig(max_answer_chars=20_000, time_budget_s=10.0),
              gate=GateConfig(prohibited_patterns=("secret", r"/(\w+\s?)+password/"), regex_timeout_s=0.05))


def _no_accept_after_failure(report) -> None:
    if report.verdict == "accept":
        kinds = {f.kind for f in report.findings}
        assert not kinds & {"check_error", "rule_timeout"}, report
        assert all(v.status in ("ok", "skipped") for v in report.verifiers), report


def _handled(call):
    try:
        return call()
    except LexguardError:
        return None


@SETTINGS
@given(answer=st.one_of(TEXT, VALUE), sources=st.one_of(st.lists(TEXT, max_size=3), VALUE))
def test_guard_invoke(answer, sources):
    report = _handled(lambda: GUARD.invoke({"answer": answer, "sources": sources}))
    if report is not None:
        _no_accept_after_failure(report)
        assert 0.0 <= report.confidence <= 1.0
        report.model_dump_json()  # serialisable: nothing unencodable reached the report


@pytest.mark.slow
@SETTINGS
@given(answer=TEXT, sources=st.lists(TEXT, max_size=3))
def test_guard_ainvoke_and_stream(answer, sources):
    report = _handled(lambda: asyncio.run(GUARD.ainvoke({"answer": answer, "sources": sources})))
    if report is not None:
        _no_accept_after_failure(report)
    _handled(lambda: list(GUARD.stream({"answer": answer, "sources": sources})))


@SETTINGS
@given(text=TEXT, patterns=st.lists(st.one_of(TEXT, TEXT.map(lambda t: f"/{t}/")), max_size=3))
def test_gate(text, patterns):
    config = _handled(lambda: GateConfig(prohibited_patterns=tuple(patterns), regex_timeout_s=0.05,
                                         regex_budget_s=0.2))
    if config is not None:
        result = evaluate_gate(text, config)
        assert all(f.severity != "soft" for f in result.failures if f.reason == "rule_timeout")


@SETTINGS
@given(data=st.dictionaries(st.sampled_from(["constraints", "prohibited_patterns", "forbidden_topics", "custom_rules",
                                             "settings", "version", "x"]), VALUE, max_size=3))
def test_load_rules(data):
    _handled(lambda: load_rules(data))


@SETTINGS
@given(value=VALUE, truncated=st.booleans())
def test_parse_output(value, truncated):
    _handled(lambda: parse_output(value, truncated=truncated))


@SETTINGS
@given(entities=VALUE, relationships=VALUE, text=TEXT)
def test_knowledge(entities, relationships, text):
    context = _handled(lambda: KnowledgeContext.from_dict({"entities": entities, "relationships": relationships}))
    if context is not None:
        check_knowledge(text, context, KnowledgeConfig(time_budget_s=2.0))


@SETTINGS
@given(answer=st.one_of(TEXT, SCALAR), citations=VALUE, evidence=st.one_of(st.none(), VALUE))
def test_validate_citations(answer, citations, evidence):
    _handled(lambda: validate_citations(answer, citations, evidence=evidence))


@pytest.fixture(scope="module")
def code_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("root")
    (root / "a.py").write_text("x = 1\n")
    (root.parent / "outside.py").write_text("secret = 1\n")
    (root / "out.py").symlink_to(root.parent / "outside.py")
    (root / "loop").symlink_to("loop")
    if hasattr(os, "mkfifo"):
        os.mkfifo(root / "pipe")
    return root


@SETTINGS
@given(path=st.one_of(TEXT, st.sampled_from(["a.py", "out.py", "loop", "pipe", "../x", "/etc/passwd", "."])),
       start=st.integers(-2, 5))
def test_validate_source_never_raises_for_a_path(code_root, path, start):
    check = validate_source({"path": path, "start_line": start, "content": "x = 1"}, code_root)
    assert "secret" not in (check.cited_text or "")
    if check.decision == "REJECT":
        assert check.reasons


@SETTINGS
@given(text=TEXT)
def test_text_utilities(text):
    cleaned = clean_text(text)
    assert len(cleaned) == len(text)
    cleaned.encode("utf-8")
    key = comparison_key(text)
    start, end = key.span_of(0, len(key.text))
    assert 0 <= start <= end <= len(text)
    parts = split_fenced(text)
    assert "".join(text[s:e] for s, e, _ in parts) == text
    for s, e in split_sentences(text):
        assert 0 <= s < e <= len(text)
