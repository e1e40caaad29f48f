"""Integration surfaces: agent middleware, streaming, custom events, MCP server, report HTML.

* :class:`GroundingMiddleware`: LangChain v1 agent middleware (``create_agent(middleware=[...])``)
  that checks the final answer against the sources in the conversation and sends the model back
  with feedback (needs the optional ``langchain`` package).
* :class:`SentenceStreamer`: sentence-by-sentence checking of a token stream (what
  ``Guard.stream`` / ``astream`` / ``transform`` use).
* :func:`create_mcp_server`: the ``lexguard mcp`` Model Context Protocol server (needs ``mcp``).
* :func:`render_report_html`: a :class:`~lexguard.ValidationReport` as HTML
  (``report._repr_html_`` in notebooks).
* ``lexguard.*`` custom callback events (see :mod:`lexguard._events`).

Names resolve lazily, so importing this package pulls in no optional dependency.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lexguard._lazy import lazy_exports

if TYPE_CHECKING:  # pragma: no cover
    from lexguard.testing import DEMO_PASSAGES, ExtractiveChatModel, KeywordRetriever
    from lexguard._events import (
        DECISION_EVENT,
        HALT_EVENT,
        MIDDLEWARE_EVENT,
        SENTENCE_EVENT,
        aemit_event,
        emit_event,
    )
    from lexguard.render._html import render_report_html
    from lexguard.integrations._mcp import create_mcp_server
    from lexguard.integrations._middleware import GroundingMiddleware, GroundingState
    from lexguard._streaming import SentenceStreamer, SentenceVerdict

_LAZY = {
    "DECISION_EVENT": "lexguard._events",
    "HALT_EVENT": "lexguard._events",
    "MIDDLEWARE_EVENT": "lexguard._events",
    "SENTENCE_EVENT": "lexguard._events",
    "aemit_event": "lexguard._events",
    "emit_event": "lexguard._events",
    "DEMO_PASSAGES": "lexguard.testing",
    "ExtractiveChatModel": "lexguard.testing",
    "KeywordRetriever": "lexguard.testing",
    "GroundingMiddleware": "lexguard.integrations._middleware",
    "GroundingState": "lexguard.integrations._middleware",
    "SentenceStreamer": "lexguard._streaming",
    "SentenceVerdict": "lexguard._streaming",
    "create_mcp_server": "lexguard.integrations._mcp",
    "render_report_html": "lexguard.render._html",
}

__all__ = sorted(_LAZY)


# GroundingMiddleware's public home is the package root (``lexguard.GroundingMiddleware``)
__getattr__, __dir__ = lazy_exports(
    "lexguard.integrations", _LAZY, globals(), homes={"GroundingMiddleware": "lexguard"}
)
