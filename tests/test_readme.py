"""The README's Python snippets run as written, against offline fakes for the names they assume
(``prompt``, ``llm``, ``retriever``, ``answer``, ``sources``, ...)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typing_extensions import TypedDict

from lexguard import Guard, ValidationReport

ROOT = Path(__file__).resolve().parents[1]
BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), flags=re.S)
NEEDS_A_LOCAL_MODEL = "NLIVerifier(\"/models/"  # the judge/NLI snippet names a model path the reader supplies


class MyState(TypedDict, total=False):
    answer: str
    sources: list
    question: str
    report: ValidationReport


def namespace() -> dict[str, Any]:
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


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_snippet_runs(index, monkeypatch):
    block = BLOCKS[index]
    if NEEDS_A_LOCAL_MODEL in block:
        pytest.skip("needs a local NLI model and a chat model of the reader's")
    monkeypatch.chdir(ROOT)
    exec(compile(block, f"README.md block {index}", "exec"), namespace())  # noqa: S102 - our own documentation
