"""The MCP server through the SDK's in-process client, and ``lexguard mcp`` over stdio."""

from __future__ import annotations

import sys

import pytest

mcp = pytest.importorskip("mcp")
from mcp import Client  # noqa: E402

from lexguard import Guard, ValidationReport  # noqa: E402
from lexguard.gate import GateConfig  # noqa: E402
from lexguard.integrations import create_mcp_server  # noqa: E402
from tests.fakes import SubstringChecker  # noqa: E402

SERVE = "import sys; from lexguard.cli import main; sys.argv = ['lexguard', 'mcp']; main()"
SOURCES = ["The bridge opened in 1932. It is 503 metres long."]


def server(**config):
    return create_mcp_server(Guard(checker=SubstringChecker(), max_retries=0, **config))


async def test_lists_the_three_tools_with_schemas():
    async with Client(server()) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == {"validate_answer", "validate_citations", "check_rules"}
    assert tools["validate_answer"].input_schema["required"] == ["answer"]
    assert "sources" in tools["validate_answer"].input_schema["properties"]


async def test_validate_answer_returns_the_full_report_as_structured_content():
    async with Client(server()) as client:
        good = await client.call_tool("validate_answer", {"answer": "The bridge opened in 1932.", "sources": SOURCES})
        bad = await client.call_tool(
            "validate_answer",
            {"answer": "It was painted gold in 1990.", "sources": [{"id": "doc", "content": SOURCES[0]}],
             "question": "Colour?"},
        )
    assert not good.is_error
    report = ValidationReport.model_validate(good.structured_content)
    assert report.accepted and report.citations[0].source_id == "source-0"
    bad_report = ValidationReport.model_validate(bad.structured_content)
    assert bad_report.verdict == "fallback"
    assert bad_report.question == "Colour?"
    assert bad_report.findings[0].kind == "unsupported"
    assert '"verdict": "fallback"' in bad.content[0].text


async def test_validate_citations_and_check_rules():
    async with Client(server(gate=GateConfig(prohibited_patterns=("secret",)))) as client:
        cites = await client.call_tool(
            "validate_citations",
            {"answer": "The bridge opened in 1932.", "sources": [{"id": "s0", "content": SOURCES[0]}],
             "citations": [{"source": "s0", "relevance": 0.9, "quote": "opened in 1932"},
                           {"source": "s0", "relevance": 0.9, "quote": "made of chocolate"}]},
        )
        default_rules = await client.call_tool("check_rules", {"text": "the secret code"})
        inline = await client.call_tool(
            "check_rules", {"text": "Hello there.", "rules": {"required_patterns": ["thank you"]}, "prohibited_patterns": ["there"]}
        )
    checks = cites.structured_content["checks"]
    assert [c["valid"] for c in checks] == [True, False]
    assert cites.structured_content["gate"]["outcome"] in {"FAIL", "WARN", "fail", "warn"}
    assert default_rules.structured_content["passed"] is False
    assert default_rules.structured_content["findings"][0]["rule_id"] == "prohibited:secret"
    rule_ids = {f["rule_id"] for f in inline.structured_content["findings"]}
    assert rule_ids == {"required:thank you", "prohibited:there"}


async def test_bad_rules_come_back_as_a_tool_error():
    async with Client(server()) as client:
        result = await client.call_tool("check_rules", {"text": "x", "rules": {"version": 99}})
    assert result.is_error


@pytest.mark.slow
async def test_cli_serves_over_stdio():
    from mcp import StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-c", SERVE])
    async with Client(params) as client:
        names = {t.name for t in (await client.list_tools()).tools}
        result = await client.call_tool("check_rules", {"text": "abc", "prohibited_patterns": ["b"]})
    assert names == {"validate_answer", "validate_citations", "check_rules"}
    assert result.structured_content["passed"] is False


async def test_bad_input_error_text_reaches_the_client():
    async with Client(server()) as client:
        result = await client.call_tool("validate_answer", {"answer": "x", "sources": [{"content": "a", "score": "hi"}]})
    assert result.is_error
    assert "score" in result.content[0].text


async def test_validate_answer_runs_are_audited(tmp_path):
    from lexguard.audit import SQLiteAuditStore

    store = SQLiteAuditStore(tmp_path / "audit.db")
    mcp_server = create_mcp_server(Guard(checker=SubstringChecker(), max_retries=0, audit=store))
    async with Client(mcp_server) as client:
        result = await client.call_tool("validate_answer", {"answer": "The bridge opened in 1932.", "sources": SOURCES})
    assert result.structured_content["metadata"]["audit_id"]
    assert store.count() == 1


async def test_check_rules_takes_the_one_spelling_only():
    async with Client(server()) as client:
        new = await client.call_tool("check_rules", {"text": "abc", "prohibited_patterns": ["b"]})
        old = await client.call_tool("check_rules", {"text": "abc", "prohibited": ["b"]})
    assert new.structured_content["findings"][0]["rule_id"] == "prohibited:b"
    assert "deprecations" not in new.structured_content
    assert old.is_error and "prohibited" in old.content[0].text


# -- nothing is reported passed that was not checked; unknown arguments are refused -------------------


async def test_check_rules_without_any_rule_is_not_passed():
    async with Client(server()) as client:
        none = await client.call_tool("check_rules", {"text": "my password is x"})
        empty = await client.call_tool("check_rules", {"text": "my password is x", "rules": {}})
    for result in (none, empty):
        assert not result.is_error
        data = result.structured_content
        assert data["passed"] is False and data["outcome"] == "inconclusive"
        assert "no rules" in data["reason"] and "--rules" in data["reason"]


async def test_check_rules_with_an_explicit_empty_mapping_does_not_fall_back_to_the_server_rules():
    async with Client(server(gate=GateConfig(prohibited_patterns=("secret",)))) as client:
        result = await client.call_tool("check_rules", {"text": "the secret code", "rules": {}})
    assert result.structured_content["passed"] is False
    assert result.structured_content["outcome"] == "inconclusive"
    assert result.structured_content["findings"] == []


async def test_check_rules_outcome_passed_and_failed():
    async with Client(server()) as client:
        ok = await client.call_tool("check_rules", {"text": "abc", "prohibited_patterns": ["z"]})
        bad = await client.call_tool("check_rules", {"text": "abc", "prohibited_patterns": ["b"]})
    assert ok.structured_content["passed"] is True and ok.structured_content["outcome"] == "passed"
    assert "reason" not in ok.structured_content
    assert bad.structured_content["passed"] is False and bad.structured_content["outcome"] == "failed"


@pytest.mark.parametrize(("tool", "arguments", "unknown"), [
    ("validate_answer", {"answer": "The bridge opened in 1932.", "sources": SOURCES, "knowledge": []}, "knowledge"),
    ("check_rules", {"text": "abc", "prohibited_patterns": ["b"], "rule": {}}, "rule"),
    ("validate_citations", {"answer": "a", "citations": [], "quotes": []}, "quotes"),
])
async def test_unknown_tool_arguments_are_an_error_naming_them(tool, arguments, unknown):
    async with Client(server()) as client:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        result = await client.call_tool(tool, arguments)
    assert result.is_error
    text = result.content[0].text
    assert f"unknown argument '{unknown}'" in text and "takes" in text
    assert tools[tool].input_schema.get("additionalProperties") is False
