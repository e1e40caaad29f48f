"""The documentation's Python snippets, and the offline fakes for the names they assume
(``prompt``, ``llm``, ``retriever``, ``answer``, ``sources``, ...).

Shared by ``tests/test_readme.py`` (README.md) and ``tests/test_docs.py`` (docs/*.md,
ARCHITECTURE.md), so a snippet runs the same wherever it is moved.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from typing_extensions import TypedDict

from lexguard import Guard, ValidationReport

__all__ = ["DOC_PAGES", "NEEDS_A_LOCAL_MODEL", "ROOT", "MyState", "namespace", "python_blocks", "without_code"]

ROOT = Path(__file__).resolve().parents[1]
DOC_PAGES = sorted((ROOT / "docs").glob("*.md"))
NEEDS_A_LOCAL_MODEL = "NLIVerifier(\"/models/"  # the judge/NLI snippet names a model path the reader supplies

_FENCE = re.compile(r"^```.*?^```", flags=re.S | re.M)


def python_blocks(path: Path) -> list[str]:
    """The ```` ```python ```` blocks of a markdown file, in order."""
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


def without_code(text: str) -> str:
    """Markdown text with its fenced blocks removed (a ``# comment`` in a bash block is no heading)."""
    return _FENCE.sub("", text)


class MyState(TypedDict, total=False):
    answer: str
    sources: list
    question: str
    report: ValidationReport


def namespace() -> dict[str, Any]:
    """Globals for one snippet: offline stand-ins for the names the snippets take as given."""
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.prompts import ChatPromptTemplate
    from langgraph.graph import StateGraph

    from lexguard.testing import KeywordRetriever

    answer = "The Golden Gate Bridge opened in 1937. It connects San Francisco to Marin County."
    return {
        "prompt": ChatPromptTemplate.from_messages([("human", "{question}")]),
        "llm": FakeListChatModel(responses=[answer]),
        "retriever": KeywordRetriever(),
        "Guard": Guard,  # imported by the README's first snippet
        "StateGraph": StateGraph,
        "MyState": MyState,
        "generate": lambda state: {"answer": answer},
        "answer": answer,
        "sources": ["The Golden Gate Bridge opened in 1937. It connects San Francisco to Marin County."],
        "question": "When did the Golden Gate Bridge open?",
    }
