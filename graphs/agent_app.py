"""Agent app: ``create_agent`` with a retrieval tool and lexguard's ``GroundingMiddleware``.

Loadable by LangGraph tooling (``langgraph.json`` names ``graph``). Runs offline by default with
:class:`~lexguard.testing.ExtractiveChatModel` (it calls the search tool, then quotes the
best sentence); set ``LEXGUARD_CHAT_MODEL`` for a real model, or call :func:`make_agent`.
"""


import os
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models import BaseChatModel
from langchain_core.tools import tool

from lexguard import Guard
from lexguard.integrations import GroundingMiddleware
from lexguard.testing import ExtractiveChatModel, KeywordRetriever

__all__ = ["default_chat_model", "graph", "make_agent", "search_docs"]

SYSTEM_PROMPT = "Answer from the documentation only. Call search_docs before answering."
_RETRIEVER = KeywordRetriever()


@tool
def search_docs(query: str) -> str:
    """Search the documentation and return the best passages."""
    return "\n\n".join(doc.page_content for doc in _RETRIEVER.invoke(query))


def default_chat_model() -> BaseChatModel:
    """``init_chat_model($LEXGUARD_CHAT_MODEL)`` when set, else the offline extractive model."""
    name = os.environ.get("LEXGUARD_CHAT_MODEL")
    if name:
        from langchain.chat_models import init_chat_model

        return init_chat_model(name)
    return ExtractiveChatModel(max_sentences=1)


def make_agent(
    chat_model: BaseChatModel | None = None, *, guard: Guard | None = None, max_retries: int = 2, **middleware: Any
) -> Any:
    """Build the agent: the chat model, the ``search_docs`` tool and the grounding middleware.

    Args:
        chat_model: The agent's model (must support tool calling).
        guard: The guard the middleware validates with.
        max_retries: Retries per turn before the fallback.
        **middleware: Further ``GroundingMiddleware`` options (``fallback``, ``refusal_message``, ...).
    """
    grounding = GroundingMiddleware(guard, source_tools=["search_docs"], max_retries=max_retries, **middleware)
    return create_agent(
        chat_model or default_chat_model(),
        tools=[search_docs],
        system_prompt=SYSTEM_PROMPT,
        middleware=[grounding],
        name="agent_app",
    )


graph = make_agent()
