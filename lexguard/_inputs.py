"""Coerce what users pass (strings, messages, documents, dicts) into lexguard's types."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from lexguard._errors import InputError
from lexguard._models import Source
from lexguard._text import clean_text

__all__ = ["coerce_answer", "coerce_citations", "coerce_mutations", "coerce_sources", "is_truncated", "SOURCE_KEYS", "QUESTION_KEYS", "ANSWER_KEYS"]

ANSWER_KEYS = ("answer", "output", "response", "text", "generation")
SOURCE_KEYS = ("sources", "context", "documents", "docs")
QUESTION_KEYS = ("question", "query", "input")

_TRUNCATION_REASONS = {"length", "max_tokens", "MAX_TOKENS", "model_length"}
_MAX_NESTING = 32
"""Deepest ``{"answer": {"answer": ...}}`` nesting unwrapped before the input is refused."""


class _Read(list):  # type: ignore[type-arg]
    """A list that a ``coerce_*`` function returned: read at the door, so not read again.

    The guard reads its input once (``Guard`` at the door, or ``prepare`` in a bare graph); the
    readers after it (``prepare``, the checks' context) get this list back as it is, as long as it
    holds the very items it was made with. A list changed since (an item appended or replaced by
    a node of the user's graph), or one that lost the mark (a checkpointer that stores plain
    lists), is read again.
    """

    __slots__ = ("kind", "_items")

    def __init__(self, items: Iterable[Any], kind: str) -> None:
        super().__init__(items)
        self.kind = kind
        self._items = tuple(self)  # the items themselves (kept alive: no identity is reused)


def _already(value: Any, kind: str) -> bool:
    """Whether ``value`` is a list of ``kind`` read at the door and unchanged since."""
    if not isinstance(value, _Read) or value.kind != kind or len(value) != len(value._items):
        return False
    return all(a is b for a, b in zip(value, value._items, strict=True))


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

    The text is cleaned at the door (:func:`lexguard._text.clean_text`: lone surrogates become
    U+FFFD, one character for one, so spans still index the original).

    Raises:
        InputError: If no text can be found in ``value`` (or dicts nest too deeply).
    """
    for _depth in range(_MAX_NESTING):
        if not isinstance(value, dict):
            break
        for key in ANSWER_KEYS:
            if key in value:
                value = value[key]
                break
        else:
            raise InputError(
                f"the dict has no answer key (looked for {', '.join(ANSWER_KEYS)}); "
                "pass {'answer': '...', 'sources': [...]}"
            )
    else:
        raise InputError(
            f"the answer is nested in more than {_MAX_NESTING} dicts; pass {{'answer': '...'}}"
        )
    if isinstance(value, str):
        return clean_text(value)
    if hasattr(value, "content") or hasattr(value, "text"):
        try:
            text = _message_text(value)
        except Exception as exc:  # a message whose text accessor fails is not usable input
            raise InputError(f"cannot read the text of a {type(value).__name__}: {exc}") from exc
        if text is not None:
            return clean_text(text)
    raise InputError(
        f"cannot validate a {type(value).__name__}; pass a str, an AIMessage, or a dict with an 'answer'"
    )


def is_truncated(value: Any) -> bool:
    """True when ``value`` is a message whose finish reason says the output was cut off."""
    metadata = getattr(value, "response_metadata", None) or {}
    if not isinstance(metadata, dict):
        return False
    reason = metadata.get("finish_reason") or metadata.get("stop_reason")
    return isinstance(reason, str) and reason in _TRUNCATION_REASONS


def _clean_source(source: Source) -> Source:
    content, source_id = clean_text(source.content), clean_text(source.id)
    if content is source.content and source_id is source.id:
        return source
    return source.model_copy(update={"content": content, "id": source_id})


def coerce_sources(value: Any) -> list[Source]:
    """Return a list of :class:`Source` from ``None``, a string, a document, or an iterable of them.

    Contents and ids are cleaned at the door (:func:`lexguard._text.clean_text`).

    Raises:
        InputError: If an item cannot be turned into a source.
    """
    if value is None:
        return []
    if _already(value, "sources"):
        return value
    if isinstance(value, str | Source | dict) or hasattr(value, "page_content"):
        value = [value]
    if not isinstance(value, Iterable) or isinstance(value, bytes | bytearray):
        raise InputError(
            f"sources must be a list of str, Document, dict or Source, not {type(value).__name__}"
        )
    try:
        sources = [_clean_source(Source.from_any(item, index)) for index, item in enumerate(value)]
    except InputError:
        raise
    except (ValueError, TypeError) as exc:  # e.g. pydantic rejecting a field of a dict source
        raise InputError(f"sources could not be read: {exc}") from exc
    seen: dict[str, int] = {}
    unique: list[Source] = []
    for source in sources:  # keep ids unique so citations are unambiguous
        count = seen.get(source.id, 0)
        seen[source.id] = count + 1
        unique.append(source if count == 0 else source.model_copy(update={"id": f"{source.id}~{count}"}))
    return _Read(unique, "sources")


def _item_dict(value: Any) -> dict[str, Any] | None:
    """A mapping, or a pydantic model (``model_dump``), as a dict; ``None`` for anything else."""
    if isinstance(value, Mapping):
        return dict(value)
    dump = getattr(value, "model_dump", None)
    if callable(dump) and not isinstance(value, type):
        dumped = dump()
        return dict(dumped) if isinstance(dumped, Mapping) else None
    return None


def coerce_citations(value: Any) -> list[dict[str, Any]]:
    """Return the citations given with an answer (the ``citations`` input) as a list of dicts.

    ``None`` or an empty list is no citations. A list (or tuple) holds one dict per citation
    (``{"source": "source-0", "quote": "..."}``; a :class:`~lexguard.citations.ModelCitation` or
    other pydantic model is read as its dict). A single dict is read as a one-item list, as a
    single source is. Anything else (a string such as ``"[source-0] ..."``, a number, an item that
    is not a dict) is refused: a citation the guard cannot read is never skipped as "no citations".

    Raises:
        InputError: Naming the field, the item at fault and the shape to pass.
    """
    if value is None:
        return []
    if _already(value, "citations"):
        return value
    single = _item_dict(value)
    if single is not None:
        return _Read([single], "citations")
    if not isinstance(value, list | tuple):
        raise InputError(
            f"citations must be a list of dicts, not {type(value).__name__}; pass "
            "[{'source': 'source-0', 'quote': 'text quoted from the source'}, ...]"
        )
    citations: list[dict[str, Any]] = []
    for index, item in enumerate(value):
        citation = _item_dict(item)
        if citation is None:
            raise InputError(
                f"citations item {index} is a {type(item).__name__}, not a dict; pass each citation as "
                "{'source': 'source-0', 'quote': 'text quoted from the source'}"
            )
        citations.append(citation)
    return _Read(citations, "citations")


def coerce_mutations(value: Any) -> list[Any]:
    """Return the proposed state changes (the ``mutations`` input) as a list.

    ``None`` or an empty list is no mutations. A list (or tuple) is returned as given: the rule
    gate reads each item, and one that is not a valid mutation (no ``type``, not a dict) is an
    ``invalid_mutation`` finding there. A single dict (or ``Mutation``) is read as a one-item list.
    Anything else (a string, a number) is refused: a change the guard cannot read is never
    approved by being skipped.

    Raises:
        InputError: Naming the field and the shape to pass.
    """
    if value is None:
        return []
    if _already(value, "mutations"):
        return value
    if isinstance(value, Mapping) or (callable(getattr(value, "model_dump", None)) and not isinstance(value, type)):
        return _Read([value], "mutations")
    if not isinstance(value, list | tuple):
        raise InputError(
            f"mutations must be a list of dicts, not {type(value).__name__}; pass "
            "[{'type': 'transform_belief', 'target': 'fact-id', 'value': ...}, ...]"
        )
    return _Read(value, "mutations")
