"""Bulk validation of logged answers, locally or on a Ray cluster.

* :func:`validate_batch`: validate a JSONL / Parquet log into a Parquet file, resumably
  (``lexguard validate-batch``).
* :func:`predict_rows`: evaluation predictions on any engine (``lexguard eval --engine ray``).
* :func:`map_rows`: the engines themselves: ``local`` (this process, no Ray needed) or ``ray``
  (Ray Data ``map_batches`` over a pool of actors, one model per actor).

Ray is optional: ``pip install 'lexguard[ray]'``.
"""

from lexguard.bulk._engines import BulkEngineError, Engine, RowFn, WorkerFactory, map_rows, ray_available
from lexguard.bulk._eval import CheckerWorker, predict_rows
from lexguard.bulk._io import PartWriter, read_rows, row_id
from lexguard.bulk._validate import GuardWorker, load_factory, validate_batch
from lexguard._lazy import publish_all

__all__ = [
    "BulkEngineError",
    "CheckerWorker",
    "Engine",
    "GuardWorker",
    "PartWriter",
    "RowFn",
    "WorkerFactory",
    "load_factory",
    "map_rows",
    "predict_rows",
    "ray_available",
    "read_rows",
    "row_id",
    "validate_batch",
]

publish_all(__name__, globals())
