"""Labelled benchmark rows (the schema of RAGTruth-style JSONL files)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from lexguard._errors import ConfigurationError, InputError

__all__ = ["LABELS", "EvalRow", "load_probes", "load_rows"]

LABELS = ("supported", "hallucinated")
"""The accepted labels (read in any case, surrounding spaces ignored)."""


class EvalRow(BaseModel):
    """One labelled response.

    Attributes:
        id: Row id.
        task: Task name (``qa``, ``summarization``, ``data2text``, ...).
        question: The user query or task instruction (``""`` when none).
        sources: Passages the answer must be grounded in.
        answer: The response under test.
        label: ``supported`` or ``hallucinated``, read in any case (stored lower-case); any other
            value (``yes``, ``correct``, a boolean, ...) is a validation error, never counted as
            supported.
        spans: Gold ``[start, end]`` character spans of hallucinated text in ``answer``.
        meta: Anything else.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: str
    task: str = "unknown"
    question: str = ""
    sources: list[str]
    answer: str
    label: str
    spans: list[tuple[int, int]] = Field(default_factory=list)
    meta: dict[str, Any] = Field(default_factory=dict)

    @field_validator("label", mode="before")
    @classmethod
    def _known_label(cls, value: Any) -> str:
        if isinstance(value, str) and value.strip().lower() in LABELS:
            return value.strip().lower()
        # a ConfigurationError is a ValueError: pydantic reports it as a validation error of the row
        raise ConfigurationError(f"label {value!r} is not accepted; use 'supported' or 'hallucinated' (any case)")

    @property
    def hallucinated(self) -> bool:
        """Whether the gold label is ``hallucinated``."""
        return self.label == "hallucinated"


def _read(path: Path) -> Iterator[str]:
    if path.suffix == ".gz":
        import gzip

        with gzip.open(path, "rt", encoding="utf-8") as handle:
            yield from handle
    else:
        with path.open(encoding="utf-8") as handle:
            yield from handle


def _row_id(raw: Any) -> str:
    row_id = raw.get("id") if isinstance(raw, dict) else None
    return f" (row id {row_id!r})" if row_id is not None else ""


def _problems(exc: ValidationError) -> str:
    """The validation errors on one line: ``field: message; ...``."""
    parts = []
    for error in exc.errors():
        where = ".".join(str(part) for part in error.get("loc", ())) or "row"
        message = str(error.get("msg", "")).removeprefix("Value error, ")
        parts.append(f"{where}: {message}")
    return "; ".join(parts) or str(exc).replace("\n", " ")


def load_rows(path: str | Path, *, limit: int | None = None) -> list[EvalRow]:
    """Read a JSONL benchmark file (optionally gzipped).

    Args:
        path: The file.
        limit: Read at most this many rows.

    Raises:
        InputError: If the file is missing or a line is not a valid row (e.g. a label other
            than ``supported`` / ``hallucinated``): the message names the line and row id.
    """
    path = Path(path)
    if not path.exists():
        raise InputError(f"benchmark file {path} does not exist; pass a JSONL file of labelled rows")
    rows: list[EvalRow] = []
    for number, line in enumerate(_read(path), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            rows.append(EvalRow.model_validate(raw))
        except json.JSONDecodeError as exc:
            raise InputError(
                f"{path}:{number} is not a valid benchmark row (not JSON: {exc}); "
                "each line must be a JSON object with id, sources, answer, label and spans"
            ) from exc
        except ValidationError as exc:
            raise InputError(f"{path}:{number}{_row_id(raw)} is not a valid benchmark row ({_problems(exc)}); "
                             "each line must be a JSON object with id, sources, answer, label "
                             "('supported' or 'hallucinated') and spans") from exc
        if limit is not None and len(rows) >= limit:
            break
    return rows


def load_probes() -> list[EvalRow]:
    """The shipped probe suite: hand-written (passage, answer) cases, one category per row.

    Hallucinated categories: negation, antonym, number, entity_swap, role_swap, invented,
    other_topic, short_hallucinated; supported: extractive, paraphrase, derived_number, meta,
    short. The category is the row's ``task``, so :func:`~lexguard.eval.evaluate` reports
    each category's catch rate (hallucinated) or false-flag rate (supported).
    """
    from importlib import resources

    text = resources.files("lexguard").joinpath("data/probes.jsonl").read_text("utf-8")
    rows = []
    for line in text.splitlines():
        if line.strip():
            raw = json.loads(line)
            rows.append(EvalRow(**{**raw, "task": raw["category"], "meta": {"note": raw.get("note", "")}}))
    return rows
