"""Reading logged answers (JSONL or Parquet) and writing results resumably (Parquet parts)."""

from __future__ import annotations

import gzip
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lexguard._errors import InputError
from lexguard._optional import require

__all__ = ["ID_KEYS", "PartWriter", "read_rows", "row_id"]

ID_KEYS = ("id", "response_id", "audit_id")


def _pyarrow() -> Any:
    return require("pyarrow", "pyarrow.parquet",
                   hint="Parquet needs pyarrow; install it with `pip install 'lexguard[ray]'` (or pyarrow)")


def row_id(row: dict[str, Any], index: int) -> str:
    """The row's id (``id`` / ``response_id`` / ``audit_id``), else ``row-<index>``."""
    for key in ID_KEYS:
        if row.get(key) not in (None, ""):
            return str(row[key])
    return f"row-{index}"


def read_rows(path: str | Path) -> Iterator[dict[str, Any]]:
    """Read ``.jsonl`` (optionally ``.gz``) or ``.parquet`` rows, each with an ``id``.

    Raises:
        InputError: If the file is missing, of another kind, or a line is not a JSON object.
    """
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path} does not exist; pass a .jsonl or .parquet file of logged answers")
    if path.suffix == ".parquet":
        _, pq = _pyarrow()
        for index, row in enumerate(pq.read_table(path).to_pylist()):
            yield {**row, "id": row_id(row, index)}
        return
    if not (path.suffix == ".jsonl" or path.name.endswith(".jsonl.gz")):
        raise InputError(f"{path}: use a .jsonl, .jsonl.gz or .parquet file")
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:  # type: ignore[operator]
        index = 0
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"{path}:{number} is not JSON ({exc.msg}); one object a line") from exc
            if not isinstance(row, dict):
                raise InputError(f"{path}:{number} is not a JSON object")
            yield {**row, "id": row_id(row, index)}
            index += 1


class PartWriter:
    """Results written as they come: Parquet parts beside ``out``, merged into ``out`` at the end.

    A run that stops (killed, crashed) leaves its parts; the next run over the same ``out``
    reads the ids already done (in ``out`` and in the parts) and skips them.

    Args:
        out: The final ``.parquet`` file.
        every: Write a part after this many results.
    """

    def __init__(self, out: str | Path, *, every: int = 256) -> None:
        self.out = Path(out)
        self.parts = self.out.with_name(self.out.name + ".parts")
        self.every = max(1, every)
        self._pending: list[dict[str, Any]] = []
        self._number = len(list(self.parts.glob("part-*.parquet"))) if self.parts.is_dir() else 0

    def _files(self) -> list[Path]:
        parts = sorted(self.parts.glob("part-*.parquet")) if self.parts.is_dir() else []
        return ([self.out] if self.out.exists() else []) + parts

    def done_ids(self) -> set[str]:
        """Ids already validated by earlier (possibly interrupted) runs."""
        _, pq = _pyarrow()
        done: set[str] = set()
        for file in self._files():
            done.update(str(v) for v in pq.read_table(file, columns=["id"]).column("id").to_pylist())
        return done

    def add(self, results: list[dict[str, Any]]) -> None:
        """Queue results; a part is written every ``every`` results."""
        self._pending.extend(results)
        if len(self._pending) >= self.every:
            self.flush()

    def flush(self) -> None:
        """Write the queued results as a new part (atomically: temp file, then rename)."""
        if not self._pending:
            return
        pa, pq = _pyarrow()
        self.parts.mkdir(parents=True, exist_ok=True)
        self._number += 1
        target = self.parts / f"part-{self._number:06d}.parquet"
        tmp = target.with_suffix(".tmp")
        pq.write_table(pa.Table.from_pylist(self._pending), tmp)
        tmp.replace(target)
        self._pending = []

    def finish(self) -> int:
        """Flush, merge every part into ``out``, remove the parts; return the rows in ``out``."""
        self.flush()
        pa, pq = _pyarrow()
        files = self._files()
        if not files:
            pq.write_table(pa.Table.from_pylist([]), self.out)
            return 0
        table = pa.concat_tables([pq.read_table(f) for f in files], promote_options="permissive")
        tmp = self.out.with_name(self.out.name + ".tmp")
        pq.write_table(table, tmp)
        tmp.replace(self.out)
        shutil.rmtree(self.parts, ignore_errors=True)
        return int(table.num_rows)
