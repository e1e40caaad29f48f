"""Map a per-row function over many rows, locally or on a Ray cluster (Ray Data).

A *worker factory* is a picklable zero-argument callable that builds the per-row function; it is
called once per worker (once in this process for the local engine, once per Ray actor), so a
model loads once per worker, not once per batch. Rows and results travel as JSON text, so any
row shape works and nothing depends on Arrow's type inference.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Literal

from lexguard._errors import ConfigurationError, LexguardError

__all__ = ["BulkEngineError", "Engine", "RowFn", "WorkerFactory", "map_rows", "ray_available"]

_RAY_START_TRIES = 3

Engine = Literal["local", "ray"]
RowFn = Callable[[dict[str, Any]], dict[str, Any]]
WorkerFactory = Callable[[], RowFn]


class BulkEngineError(LexguardError, RuntimeError):
    """The bulk engine could not run (e.g. a local Ray cluster did not start)."""


def ray_available() -> bool:
    """Whether Ray Data can be imported (``pip install 'lexguard[ray]'``)."""
    try:
        import ray.data  # noqa: F401
    except ImportError:
        return False
    return True


def _local(rows: Iterable[dict[str, Any]], factory: WorkerFactory, batch_size: int) -> Iterator[list[dict[str, Any]]]:
    fn = factory()
    batch: list[dict[str, Any]] = []
    for row in rows:
        batch.append(fn(row))
        if len(batch) >= batch_size:
            yield batch
            batch = []
    if batch:
        yield batch


class _RayWorker:
    """One Ray actor: builds the row function once, then maps batches of JSON rows."""

    def __init__(self, factory: WorkerFactory) -> None:
        self.fn = factory()

    def __call__(self, batch: dict[str, Any]) -> dict[str, Any]:
        import numpy as np

        results = [json.dumps(self.fn(json.loads(str(text)))) for text in batch["row"]]
        return {"i": batch["i"], "result": np.array(results, dtype=object)}


def _worker_env() -> dict[str, str]:
    """PYTHONPATH for Ray workers: this lexguard's folder, the working folder, the driver's path."""
    import lexguard

    paths = [str(Path(lexguard.__file__).resolve().parents[1]), os.getcwd()]
    paths += [p for p in sys.path if p and Path(p).is_dir() and p not in paths]
    return {"PYTHONPATH": os.pathsep.join(paths), "HF_HUB_OFFLINE": os.environ.get("HF_HUB_OFFLINE", "1")}


def _ray(
    rows: Iterable[dict[str, Any]], factory: WorkerFactory, batch_size: int, workers: int
) -> Iterator[list[dict[str, Any]]]:
    if not ray_available():
        raise ConfigurationError(
            "--engine ray needs Ray Data; install it with `pip install 'lexguard[ray]'` or use "
            "--engine local"
        )
    import ray

    started = False
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS") or None
        options: dict[str, Any] = {
            "address": address,
            "runtime_env": {"env_vars": _worker_env()},
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": logging.WARNING,
            "ignore_reinit_error": True,
        }
        if address is None:  # a local cluster sized to the workers asked for
            options.update(num_cpus=workers, object_store_memory=256 * 1024 * 1024)
        for attempt in range(1, _RAY_START_TRIES + 1):
            try:  # a busy machine can miss Ray's fixed 30 s start-up wait: try again
                ray.init(**options)
                break
            except Exception as exc:  # noqa: BLE001 - Ray raises a bare Exception here
                ray.shutdown()
                if attempt == _RAY_START_TRIES:
                    raise BulkEngineError(
                        f"Ray could not start ({type(exc).__name__}: {exc}) after {attempt} tries; "
                        "retry when the machine is less busy, set RAY_ADDRESS to a running cluster, "
                        "or use --engine local"
                    ) from exc
        started = True
    try:
        context = ray.data.DataContext.get_current()
        context.enable_progress_bars = False
        context.execution_options.preserve_order = False
        items = [{"i": i, "row": json.dumps(row)} for i, row in enumerate(rows)]
        if not items:
            return
        blocks = max(1, min(len(items) // max(1, batch_size), 4 * workers))
        ds = ray.data.from_items(items, override_num_blocks=blocks).map_batches(
            _RayWorker,
            fn_constructor_kwargs={"factory": factory},
            batch_size=batch_size,
            batch_format="numpy",
            compute=ray.data.ActorPoolStrategy(size=workers),
            num_cpus=1,
        )
        for batch in ds.iter_batches(batch_size=None, batch_format="numpy"):
            yield [json.loads(str(text)) for text in batch["result"]]
    finally:
        if started:
            ray.shutdown()


def map_rows(
    rows: Iterable[dict[str, Any]],
    factory: WorkerFactory,
    *,
    engine: Engine = "local",
    workers: int | None = None,
    batch_size: int = 16,
) -> Iterator[list[dict[str, Any]]]:
    """Apply the function built by ``factory`` to every row; yield result batches as they finish.

    Results come in completion order (with the Ray engine, not necessarily row order): let the
    function copy the row's id into its result.

    Args:
        rows: JSON-serialisable dicts.
        factory: Picklable zero-argument callable returning the per-row function (called once
            per worker, so a model loads once per worker).
        engine: ``local`` (this process, no Ray needed) or ``ray`` (Ray Data ``map_batches``
            over a pool of actors; connects to ``$RAY_ADDRESS`` when set, else starts a local
            cluster with ``workers`` CPUs and shuts it down at the end).
        workers: Ray actors (default: the machine's CPU count); ignored by the local engine.
        batch_size: Rows per batch handed to a worker.

    Raises:
        ConfigurationError: For an unknown engine, or ``ray`` without Ray installed.
    """
    if batch_size < 1:
        raise ConfigurationError(f"batch_size={batch_size} must be at least 1")
    if engine == "local":
        return _local(rows, factory, batch_size)
    if engine == "ray":
        count = workers if workers is not None else (os.cpu_count() or 1)
        if count < 1:
            raise ConfigurationError(f"workers={workers} must be at least 1")
        return _ray(rows, factory, batch_size, count)
    raise ConfigurationError(f"engine={engine!r}; use 'local' or 'ray'")
