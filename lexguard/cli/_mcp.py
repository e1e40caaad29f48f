"""``lexguard mcp``: serve validation as Model Context Protocol tools over stdio."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lexguard.cli._options import ThresholdOption

__all__ = ["mcp"]


def mcp(
    rules: Annotated[
        Path | None,
        typer.Option("--rules", exists=True, dir_okay=False, metavar="FILE", help="Rules file (YAML/JSON) the guard enforces."),
    ] = None,
    threshold: ThresholdOption = None,
) -> None:
    """Run the lexguard MCP server on stdio (tools: validate_answer, validate_citations, check_rules).

    Add it to an MCP client (a desktop assistant, an agent framework) as the command
    "lexguard mcp". Needs the optional mcp SDK (the "mcp" extra of lexguard).
    """
    from lexguard._config import GuardConfig
    from lexguard._guard import Guard
    from lexguard.integrations._mcp import create_mcp_server

    overrides: dict[str, object] = {}
    if threshold is not None:
        overrides["confidence_threshold"] = threshold
    if rules is not None:
        from lexguard.gate import GateConfig

        overrides["gate"] = GateConfig.from_rules(rules)
    guard = Guard(config=GuardConfig(**overrides))
    create_mcp_server(guard).run("stdio")
