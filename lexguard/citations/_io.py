"""Read QA items from JSONL (the ``lexguard citations`` input format).

Schema, one JSON object per line (blank lines and lines starting with ``#`` are skipped)::

    {
      "id": "q1",                       # optional, echoed in reports
      "answer": "Paris is the capital of France.",
      "citations": [                    # the model's citations
        {"source": "doc-1",             # required, non-empty
         "relevance": 0.9,              # required, 0..1
         "quote": "Paris is the capital",  # required, non-empty
         "evidence_idx": 0,             # enhanced: index into "evidence"
         "alignment_score": 0.8,        # enhanced: 0..1, >= 0.3
         "span_in_answer": "Paris is the capital of France."}  # enhanced: text of the answer
      ],
      "evidence": ["Paris is the capital of France."],          # optional
      "sources": [{"id": "doc-1", "content": "..."}]            # optional (or plain strings)
    }

Quotes are checked against ``sources`` (by id) when given, else against
``evidence[evidence_idx]``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from lexguard._errors import InputError
from lexguard._models import Source
from lexguard.citations._models import QAItem

__all__ = ["load_qa_items", "iter_qa_items", "item_from_mapping"]


def iter_qa_items(path: str | os.PathLike[str]) -> Iterator[QAItem]:
    """Yield the QA items of a JSONL file one by one.

    Raises:
        InputError: If the file cannot be read, or a line is not JSON or lacks an ``answer``
            (the message names the line).
    """
    file = Path(path)
    try:
        handle = file.open(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read {str(file)!r}: {exc}; check the path") from exc
    with handle:
        for lineno, line in enumerate(handle, start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                raw = json.loads(text)
            except json.JSONDecodeError as exc:
                raise InputError(f"{file}:{lineno}: not valid JSON ({exc.msg})") from exc
            try:
                item = item_from_mapping(raw, lineno)
            except (InputError, ValueError) as exc:
                raise InputError(f"{file}:{lineno}: {exc}") from exc
            if item.id is None:
                item = item.model_copy(update={"id": f"line {lineno}"})
            yield item


def load_qa_items(path: str | os.PathLike[str]) -> list[QAItem]:
    """Read every QA item of a JSONL file (schema in this module's docstring)."""
    return list(iter_qa_items(path))


def _list_field(raw: Mapping[str, Any], key: str, n: int) -> Sequence[Any]:
    value = raw.get(key) or ()
    if isinstance(value, str | bytes | Mapping) or not isinstance(value, Sequence):
        raise InputError(
            f"QA item {n}: {key!r} must be a list, not {type(value).__name__}; see the JSONL "
            "schema in lexguard.citations.load_qa_items"
        )
    return value


def item_from_mapping(raw: Any, n: int) -> QAItem:
    """A :class:`QAItem` from one decoded JSONL object (``n``: its number, for messages).

    Raises:
        InputError: If it has no ``answer`` string or a list field is not a list.
    """
    if not isinstance(raw, Mapping) or not isinstance(raw.get("answer"), str):
        raise InputError(
            f"QA item {n} needs an 'answer' string; see the JSONL schema in "
            "lexguard.citations.load_qa_items"
        )
    sources = _list_field(raw, "sources", n)
    _list_field(raw, "citations", n)
    _list_field(raw, "evidence", n)
    return QAItem(
        id=str(raw["id"]) if raw.get("id") is not None else None,
        answer=raw["answer"],
        citations=tuple(
            dict(c) if isinstance(c, Mapping) else {"_raw": c} for c in raw.get("citations") or ()
        ),
        evidence=tuple(str(e) for e in raw.get("evidence") or ()),
        sources=tuple(Source.from_any(s, i) for i, s in enumerate(sources)),
    )
