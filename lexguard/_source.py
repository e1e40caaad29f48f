"""``Source``: a passage an answer must be grounded in (re-exported by :mod:`lexguard._models`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from lexguard._lazy import publish
from lexguard._value import ValueModel

__all__ = ["Source"]


class Source(ValueModel):
    """A passage the answer must be grounded in.

    Attributes:
        id: Stable identifier, cited back in :class:`Citation`: a document's ``metadata["id"]``, else
            ``metadata["source"]``, else its ``id`` (often a vector-store UUID), else ``"source-<n>"``.
        content: The passage text.
        metadata: Free-form metadata (title, page, section, url, ...), carried into citations.
        score: The retriever's relevance score, when the source came from a retriever.
    """

    id: str = ""
    content: str
    metadata: dict[str, Any] = Field(default_factory=dict)
    score: float | None = None

    @classmethod
    def from_any(cls, value: Any, index: int = 0) -> Source:
        """Coerce a string, a LangChain ``Document``, a dict or a ``Source`` into a ``Source``.

        Args:
            value: The object to convert.
            index: Position in the source list, used for a default id.

        Raises:
            InputError: If the value has no usable text.
        """
        from lexguard._errors import InputError

        default_id = f"source-{index}"
        if isinstance(value, Source):
            return value if value.id else value.model_copy(update={"id": default_id})
        if isinstance(value, str):
            return cls(id=default_id, content=value)
        page_content = getattr(value, "page_content", None)
        if isinstance(page_content, str):  # langchain_core.documents.Document
            metadata = dict(getattr(value, "metadata", None) or {})
            # a readable id the document carries beats a vector store's UUID
            doc_id = metadata.get("id") or metadata.get("source") or getattr(value, "id", None)
            score = metadata.get("score", metadata.get("relevance_score"))
            return cls(
                id=str(doc_id) if doc_id else default_id,
                content=page_content,
                metadata=metadata,
                score=float(score) if isinstance(score, int | float) else None,
            )
        if isinstance(value, dict):
            content = value.get("content", value.get("page_content", value.get("text")))
            if not isinstance(content, str):
                raise InputError(
                    f"source {index} is a dict without a 'content' string; "
                    "pass {'id': ..., 'content': '...'} or a plain string"
                )
            metadata = value.get("metadata") or {}
            score = value.get("score")
            if not isinstance(metadata, Mapping):
                raise InputError(f"source {index}: 'metadata' must be a dict, not {type(metadata).__name__}")
            if score is not None and (isinstance(score, bool) or not isinstance(score, int | float)):
                raise InputError(f"source {index}: 'score' must be a number or None, not {score!r}")
            return cls(id=str(value.get("id") or default_id), content=content, metadata=dict(metadata), score=score)
        raise InputError(
            f"source {index} has type {type(value).__name__}; "
            "pass a str, a langchain Document, a dict with 'content', or a lexguard.Source"
        )


publish("lexguard", Source)
