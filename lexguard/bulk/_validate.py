"""Validate logged answers in bulk: one guard per worker, results as flat rows."""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lexguard._errors import ConfigurationError
from lexguard.bulk._engines import Engine, RowFn, map_rows
from lexguard.bulk._io import PartWriter, read_rows

__all__ = ["GuardWorker", "load_factory", "validate_batch"]

RESULT_SCHEMA = (
    ("id", "string"), ("status", "string"), ("verdict", "string"), ("accepted", "bool_"),
    ("confidence", "float64"), ("hallucination_rate", "float64"), ("claims", "int64"),
    ("unsupported_claims", "int64"), ("findings", "string"), ("reason", "string"), ("error", "string"),
    ("seconds", "float64"),
)
"""The columns of ``validate_batch``'s results file, with their pyarrow types."""

RESULT_COLUMNS = tuple(name for name, _ in RESULT_SCHEMA)


def load_factory(spec: str) -> Callable[[], Any]:
    """Import ``"package.module:attribute"`` (a class or a zero-argument function).

    Raises:
        ConfigurationError: If it cannot be imported or is not callable.
    """
    module, _, attribute = spec.partition(":")
    try:
        value: Any = importlib.import_module(module)
        for part in attribute.split(".") if attribute else ():
            value = getattr(value, part)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ConfigurationError(
            f"cannot import {spec!r} ({type(exc).__name__}: {exc}); use 'package.module:name'"
        ) from exc
    if not attribute or not callable(value):
        raise ConfigurationError(f"{spec!r} is not a callable; use 'package.module:name'")
    return value


@dataclass(frozen=True)
class GuardWorker:
    """Worker factory for :func:`validate_batch`: builds one guard (one model) per worker.

    Attributes:
        checker: ``"module:callable"`` building the support checker; ``None`` for the bundled
            :class:`~lexguard.grounding.SupportChecker`.
        config: ``GuardConfig`` fields. Defaults: no retries and no repair, so the logged answer
            itself is judged.
    """

    checker: str | None = None
    config: tuple[tuple[str, Any], ...] = ()

    def __call__(self) -> RowFn:
        from lexguard._guard import Guard

        settings = {"max_retries": 0, "repair_without_generator": False, **dict(self.config)}
        checker = load_factory(self.checker)() if self.checker else None
        guard = Guard(checker=checker, audit=False, **settings)
        guard.checker  # load the model now, once per worker

        def validate(row: dict[str, Any]) -> dict[str, Any]:
            started = time.perf_counter()
            payload = {k: v for k, v in row.items() if k != "id"}
            try:
                report = guard.invoke(payload)
            except Exception as exc:  # noqa: BLE001 - a bad row is reported, never accepted
                return {
                    "id": row["id"], "status": "error", "verdict": "fallback", "accepted": False,
                    "confidence": 0.0, "hallucination_rate": None, "claims": 0, "unsupported_claims": 0,
                    "findings": "[]", "reason": None, "error": f"{type(exc).__name__}: {exc}",
                    "seconds": time.perf_counter() - started,
                }
            findings = [
                {"kind": str(f.kind), "severity": str(f.severity), "message": f.message, "span": f.span}
                for f in report.findings
            ]
            return {
                "id": row["id"], "status": str(report.status), "verdict": str(report.verdict),
                "accepted": report.accepted, "confidence": report.confidence,
                "hallucination_rate": report.hallucination_rate, "claims": len(report.claims),
                "unsupported_claims": len(report.unsupported_claims),
                "findings": json.dumps(findings, ensure_ascii=False), "reason": report.reason,
                "error": None, "seconds": time.perf_counter() - started,
            }

        return validate


def validate_batch(
    source: str | Path,
    out: str | Path,
    *,
    engine: Engine = "local",
    workers: int | None = None,
    batch_size: int = 16,
    worker: Callable[[], RowFn] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    checkpoint_every: int = 256,
) -> dict[str, int]:
    """Validate every row of ``source`` (JSONL or Parquet) into ``out`` (Parquet), resumably.

    Rows whose id is already in ``out`` (or in the parts an interrupted run left beside it) are
    skipped. Each row needs an answer (``answer``/``response``/...) and usually ``sources``
    (``context``/...) and a ``question``; ``id`` (or ``response_id``/``audit_id``) names it.

    An empty input writes ``out`` with these columns and no rows. (With a custom ``worker``,
    ``out`` holds the columns its rows have, and only ``id`` is required of an existing ``out``.)

    Args:
        source: Input file.
        out: Output Parquet file: one row per input row, columns ``id``, ``status``,
            ``verdict``, ``accepted``, ``confidence``, ``hallucination_rate``, ``claims``,
            ``unsupported_claims``, ``findings`` (JSON), ``reason``, ``error``, ``seconds``.
        engine: ``local`` or ``ray`` (see :func:`~lexguard.bulk.map_rows`).
        workers: Ray actors.
        batch_size: Rows per batch.
        worker: Worker factory (default: :class:`GuardWorker` with the bundled model).
        on_progress: Called with ``(done, total)`` after each batch.
        checkpoint_every: Results per Parquet part (what an interruption can cost at most).

    Returns:
        ``{"total", "skipped", "validated", "rows"}``: rows in the input, already done, done now,
        and in ``out``.

    Raises:
        InputError: If the input cannot be read (missing, not UTF-8, not gzip, not Parquet, a
            line that is not a JSON object), or ``out`` (or a part an earlier run left beside it)
            exists but is not a results Parquet with these columns.
        ConfigurationError: If ``out`` cannot be written (checked before any row is
            validated), the engine is unknown or unavailable, or the ids repeat.
    """
    worker = worker or GuardWorker()
    schema = RESULT_SCHEMA if isinstance(worker, GuardWorker) else None  # a custom worker's own columns
    writer = PartWriter(out, every=checkpoint_every, schema=schema)
    writer.check()  # a foreign or unwritable --out is refused before any row is validated
    rows, todo = _rows_to_validate(source, writer.done_ids())
    finished = len(rows) - len(todo)
    if on_progress is not None:
        on_progress(finished, len(rows))
    for batch in map_rows(todo, worker, engine=engine, workers=workers, batch_size=batch_size):
        writer.add(batch)
        finished += len(batch)
        if on_progress is not None:
            on_progress(finished, len(rows))
    total_out = writer.finish()
    return {"total": len(rows), "skipped": len(rows) - len(todo), "validated": len(todo), "rows": total_out}


def _rows_to_validate(
    source: str | Path, done: set[str]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Read ``source`` and pick the rows whose id is not ``done`` yet.

    Returns:
        Every row of the input, and the rows still to validate, in input order.

    Raises:
        ConfigurationError: If the ids repeat (a run could not resume).
    """
    rows = list(read_rows(source))
    ids = [r["id"] for r in rows]
    if len(set(ids)) != len(ids):
        raise ConfigurationError(f"{source}: ids repeat; give each row a unique 'id' so runs can resume")
    todo = [r for r in rows if r["id"] not in done]
    return rows, todo
