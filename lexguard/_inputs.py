"""Coerce what users pass (strings, messages, documents, dicts) into lexguard's types."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from lexguard._errors import InputError
from lexguard._models import Source

__all__ = ["coerce_answer", "coerce_sources", "is_truncated", "SOURCE_KEYS", "QUESTION_KEYS", "ANSWER_KEYS"]

ANSWER_KEYS = ("answer", "output", "response", "text", "generation")
SOURCE_KEYS = ("sources", "context", "documents", "docs")
QUESTION_KEYS = ("question", "query", "input")

_TRUNCATION_REASONS = {"length", "max_tokens", "MAX_TOKENS", "model_length"}


def _message_text(message: Any) -> str | None:
    text = getattr(message, "text", None)
    if isinstance(text, str):
        return text
    if callable(text):  # older langchain-core: BaseMessage.text()
        value = text()
        return value if isinstance(value, str) else None
    content = getattr(message, "content", None)
    return content if isinstance(content, str) else None


def coerce_answer(value: Any) -> str:
    """Return the answer text of a string, a chat message, a generation chunk or a dict.

    Raises:
        InputError: If no text can be found in ``value``.
    """
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in ANSWER_KEYS:
            if key in value:
                return coerce_answer(value[key])
        raise InputError(
            f"the dict has no answer key (looked for {', '.join(ANSWER_KEYS)}); "
            "pass {'answer': '...', 'sources': [...]}"
        )
    if hasattr(value, "content") or hasattr(value, "text"):
        text = _message_text(value)
        if text is not None:
            return text
    raise InputError(
        f"cannot validate a {type(value).__name__}; pass a str, an AIMessage, or a dict with an 'answer'"
    )


def is_truncated(value: Any) -> bool:
    """True when ``value`` is a message whose finish reason says the output was cut off."""
    metadata = getattr(value, "response_metadata", None) or {}
    reason = metadata.get("finish_reason") or metadata.get("stop_reason")
    return reason in _TRUNCATION_REASONS


def coerce_sources(value: Any) -> list[Source]:
    """Return a list of :class:`Source` from ``None``, a string, a document, or an iterable of them.

    Raises:
        InputError: If an item cannot be turned into a source.
    """
    if value is None:
        return []
    if isinstance(value, str | Source | dict) or hasattr(value, "page_content"):
        value = [value]
    if not isinstance(value, Iterable):
        raise InputError(
            f"sources must be a list of str, Document, dict or Source, not {type(value).__name__}"
        )
    sources = [Source.from_any(item, index) for index, item in enumerate(value)]
    seen: dict[str, int] = {}
    unique: list[Source] = []
    for source in sources:  # keep ids unique so citations are unambiguous
        count = seen.get(source.id, 0)
        seen[source.id] = count + 1
        unique.append(source if count == 0 else source.model_copy(update={"id": f"{source.id}~{count}"}))
    return unique
