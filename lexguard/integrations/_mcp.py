"""The lexguard MCP server: validation as Model Context Protocol tools (``lexguard mcp``).

Needs the optional ``mcp`` SDK (``pip install 'lexguard[mcp]'``). Tools:

``validate_answer``
    Validate an answer against source passages (the full guard: parse, rules, support check).
``validate_citations``
    Check the citations a model produced for an answer and apply the quality gate.
``check_rules``
    Check text against a rule set (inline mapping, rules file, or prohibited/required patterns).

Every tool returns the full report as structured content (the JSON of
:class:`~lexguard.ValidationReport`, :class:`~lexguard.citations.CitationReport` or
:class:`~lexguard.gate.GateResult` plus its findings), so an orchestrator can act on it.
``check_rules`` adds ``outcome`` (``passed`` / ``failed`` / ``inconclusive``) and, when the text
was not fully checked (no rules at all, a rule without usable patterns, a search that ran out of
time), ``passed: false`` with a ``reason``: nothing is reported passed that was not checked.
Arguments a tool does not take are a tool error naming them (the schemas say
``additionalProperties: false``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, Any

from pydantic import Field

from lexguard._errors import LexguardError, MissingDependencyError
from lexguard._guard import Guard

__all__ = ["create_mcp_server", "SERVER_NAME"]

SERVER_NAME = "lexguard"

_INSTRUCTIONS = (
    "lexguard checks LLM output before anyone acts on it. Call validate_answer with the answer and the "
    "source passages it must be grounded in; a report with status 'valid' and verdict 'accept' means the "
    "answer is supported. Unsupported claims are listed under 'findings' with their spans and evidence."
)


def _server_class() -> Any:
    try:
        from mcp.server.mcpserver import MCPServer

        return MCPServer
    except ImportError:
        try:  # mcp 1.x
            from mcp.server.fastmcp import FastMCP

            return FastMCP
        except ImportError as exc:
            raise MissingDependencyError(
                "the lexguard MCP server needs the 'mcp' SDK: pip install 'lexguard[mcp]'"
            ) from exc


def _tool_error_class() -> type[Exception]:
    try:
        from mcp.server.mcpserver.exceptions import ToolError
    except ImportError:  # mcp 1.x
        from mcp.server.fastmcp.exceptions import ToolError
    return ToolError


@contextmanager
def _as_tool_errors() -> Iterator[None]:
    """Report bad input as a tool error whose text reaches the client (it says what to fix)."""
    try:
        yield
    except (LexguardError, ValueError) as exc:
        raise _tool_error_class()(str(exc)) from exc


def _sources(sources: list[Any] | None) -> list[Any]:
    return list(sources or [])


def _refuse_unknown_arguments(server: Any, name: str) -> None:
    """Make the tool ``name`` refuse arguments it does not take, with a message naming them.

    The SDK builds each tool's argument model from the function's signature and ignores extra
    keys; a misspelt or unsupported argument (``knowledge`` for ``validate_answer``) would be
    dropped silently and the answer checked without it. The model is swapped for one that
    refuses them, and the published schema says ``additionalProperties: false``.
    """
    from pydantic import create_model, model_validator

    tool = server._tool_manager.get_tool(name)  # noqa: SLF001 - the SDK offers no public hook
    base = tool.fn_metadata.arg_model
    known = {field.alias or key for key, field in base.model_fields.items()}

    def known_only(cls: Any, data: Any) -> Any:
        unknown = sorted(set(data) - known) if isinstance(data, dict) else []
        if unknown:
            names = ", ".join(repr(key) for key in unknown)
            raise ValueError(
                f"unknown argument{'s' if len(unknown) > 1 else ''} {names} for {name}; it takes "
                f"{', '.join(sorted(known))} (remove the others; the tool does not read them)"
            )
        return data

    strict = create_model(base.__name__, __base__=base,
                          __validators__={"known_only": model_validator(mode="before")(classmethod(known_only))})
    tool.fn_metadata.arg_model = strict
    tool.parameters["additionalProperties"] = False


def _rules_checked(config: Any) -> int:
    """How many rules ``evaluate_gate`` would apply to a text with ``config`` (no mutations).

    Raises:
        ConfigurationError: If ``config.rules_file`` cannot be loaded.
    """
    from lexguard.gate import GateConfig

    if not config.enabled:
        return 0
    file = GateConfig.from_rules(config.rules_file) if config.rules_file is not None else GateConfig()
    return sum(
        len(getattr(config, key)) + len(getattr(file, key))
        for key, switch in (("prohibited_patterns", "check_constraints"), ("required_patterns", "check_constraints"),
                            ("constraints", "check_constraints"), ("canonical_facts", "check_canonical_facts"),
                            ("forbidden_topics", "check_knowledge"), ("custom_rules", "check_custom_rules"))
        if getattr(config, switch)
    )


_NO_RULES = (
    "no rules to check: the call gave no rules, prohibited_patterns or required_patterns and the server "
    "has none (start it with 'lexguard mcp --rules FILE', or pass rules in the call)"
)


def _rules_outcome(data: dict[str, Any], result: Any, count: int) -> dict[str, Any]:
    """Add ``outcome`` (and ``reason``) to a ``check_rules`` result; not checked is never passed."""
    timeouts = [f["message"] for f in data["findings"] if f.get("kind") == "rule_timeout"]
    not_run = [*result.unchecked, *timeouts]
    if count == 0:
        data.update(passed=False, outcome="inconclusive", reason=_NO_RULES, unchecked=[*data["unchecked"], _NO_RULES])
    elif not result.passed:
        data["outcome"] = "failed"
    elif not_run:
        data.update(passed=False, outcome="inconclusive", reason="rules not checked: " + "; ".join(not_run))
    else:
        data["outcome"] = "passed"
    return data


def create_mcp_server(guard: Guard | None = None, *, name: str = SERVER_NAME) -> Any:
    """Build the MCP server (an ``mcp`` ``MCPServer``; call ``.run("stdio")`` to serve).

    Args:
        guard: The guard behind ``validate_answer`` (default: ``Guard()`` with the bundled model).
            Its gate config is also the default rule set of ``check_rules``.
        name: Server name announced to clients.
    """
    base = guard or Guard()
    reporting = Guard(
        config=base.config, sources=list(base.sources), checker=base.checker, audit=base.audit, return_type="report"
    )
    server = _server_class()(name=name, instructions=_INSTRUCTIONS)
    _add_validate_answer(server, reporting)
    _add_validate_citations(server)
    _add_check_rules(server, base)
    for tool_name in ("validate_answer", "validate_citations", "check_rules"):
        _refuse_unknown_arguments(server, tool_name)
    return server


def _add_validate_answer(server: Any, reporting: Guard) -> None:
    """Register ``validate_answer``: the full guard (``reporting`` returns reports) on an answer."""

    @server.tool(
        name="validate_answer",
        description="Validate an LLM answer against source passages; returns the full validation report.",
    )
    async def validate_answer(
        answer: Annotated[str, Field(description="The answer text to validate.")],
        sources: Annotated[
            list[str | dict[str, Any]] | None,
            Field(description="Source passages: strings, or objects with 'content' (and optional 'id', 'metadata')."),
        ] = None,
        question: Annotated[str | None, Field(description="The user question, when known.")] = None,
    ) -> dict[str, Any]:
        with _as_tool_errors():
            report = await reporting.ainvoke({"answer": answer, "sources": _sources(sources), "question": question})
        return report.model_dump(mode="json")


def _add_validate_citations(server: Any) -> None:
    """Register ``validate_citations``: the citation checks and quality gate, off the event loop."""

    @server.tool(
        name="validate_citations",
        description="Check citations a model produced for an answer (required fields, quotes against sources, "
        "spans in the answer) and apply the FAIL/WARN/PASS quality gate.",
    )
    async def validate_citations(
        answer: Annotated[str, Field(description="The answer text.")],
        citations: Annotated[
            list[dict[str, Any]],
            Field(description="Citations: objects with source, relevance, quote and optionally evidence_idx, "
                  "alignment_score, span_in_answer."),
        ],
        sources: Annotated[list[str | dict[str, Any]] | None, Field(description="Source passages.")] = None,
        evidence: Annotated[list[str] | None, Field(description="Evidence list that evidence_idx indexes.")] = None,
    ) -> dict[str, Any]:
        from lexguard.citations import validate_citations as run

        with _as_tool_errors():
            report = await asyncio.to_thread(run, answer, citations, evidence=evidence, sources=_sources(sources))
        return report.model_dump(mode="json")


def _add_check_rules(server: Any, base: Guard) -> None:
    """Register ``check_rules``: the rule gate on a text, ``base``'s gate config by default."""

    @server.tool(
        name="check_rules",
        description="Check text against a rule set: an inline rules mapping (lexguard rules schema) and/or "
        "prohibited_patterns / required_patterns (default: the server's rules). Returns the gate result and "
        "findings; 'outcome' is passed, failed or inconclusive (no rules to check, or rules not checked: "
        "then passed is false and 'reason' says why).",
    )
    async def check_rules(
        text: Annotated[str, Field(description="The text to check.")],
        rules: Annotated[dict[str, Any] | None, Field(description="Rules mapping (same schema as a rules file).")] = None,
        prohibited_patterns: Annotated[
            list[str] | None, Field(description="Patterns the text must not contain.")
        ] = None,
        required_patterns: Annotated[list[str] | None, Field(description="Patterns the text must contain.")] = None,
    ) -> dict[str, Any]:
        from lexguard.gate import evaluate_gate

        given = {"prohibited_patterns": prohibited_patterns, "required_patterns": required_patterns}
        with _as_tool_errors():
            config = _call_rules(rules, given, base.config.gate)
            count = _rules_checked(config)
        result = await asyncio.to_thread(evaluate_gate, text, config)
        data = result.model_dump(mode="json")
        data["findings"] = [f.model_dump(mode="json") for f in result.findings]
        return _rules_outcome(data, result, count)


def _call_rules(rules: dict[str, Any] | None, given: dict[str, list[str] | None], default: Any) -> Any:
    """The gate config of one ``check_rules`` call: the call's ``rules`` mapping (else ``default``)
    with the call's patterns (``given``, by field; ``None`` for none) added to its own.

    Raises:
        ConfigurationError: If ``rules`` does not follow the rules schema.
    """
    from lexguard.gate import GateConfig

    extra = {k: v for k, v in given.items() if v is not None}
    config = GateConfig.from_rules(rules) if rules is not None else default
    updates = {key: (*getattr(config, key), *patterns) for key, patterns in extra.items()}
    if updates:
        config = GateConfig(**{**{k: getattr(config, k) for k in GateConfig.model_fields}, **updates})
    return config
