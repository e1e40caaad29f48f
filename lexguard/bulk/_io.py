"""Reading logged answers (JSONL or Parquet) and writing results resumably (Parquet parts)."""

from __future__ import annotations

import gzip
import json
import shutil
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from lexguard._errors import ConfigurationError, InputError
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


def _read_parquet(path: Path) -> list[dict[str, Any]]:
    """The rows of a Parquet file; what is not Parquet is an :class:`InputError` naming it."""
    pa, pq = _pyarrow()
    try:
        return pq.read_table(path).to_pylist()  # type: ignore[no-any-return]
    except (pa.ArrowException, OSError) as exc:
        raise InputError(
            f"{path} is not a Parquet file pyarrow can read ({_reason(exc)}); pass a .parquet file of "
            "logged answers, or save it as .jsonl (one JSON object a line)"
        ) from exc


def _reason(exc: BaseException) -> str:
    """The first line of ``exc``'s message, or its class name."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """The JSON objects of a ``.jsonl`` / ``.jsonl.gz`` file, one a line (blank lines skipped)."""
    gzipped = path.suffix == ".gz"
    opener = gzip.open if gzipped else open
    try:
        with opener(path, "rb") as handle:  # type: ignore[operator]
            for number, raw in enumerate(handle, start=1):
                try:
                    line = raw.decode("utf-8-sig" if number == 1 else "utf-8")
                except UnicodeDecodeError as exc:
                    raise InputError(
                        f"{path}:{number} is not UTF-8 text (byte {exc.start + 1} of the line); "
                        "save the file as UTF-8 and run again"
                    ) from exc
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InputError(f"{path}:{number} is not JSON ({exc.msg}); one object a line") from exc
                if not isinstance(row, dict):
                    raise InputError(f"{path}:{number} is not a JSON object")
                yield row
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise InputError(
            f"{path} is not a gzip file, or a damaged one ({_reason(exc)}); compress it with gzip, "
            "or drop the .gz ending if it is plain JSONL"
        ) from exc
    except OSError as exc:
        raise InputError(f"cannot read {path} ({exc.strerror or _reason(exc)}); check the path and its permissions") from exc


def read_rows(path: str | Path) -> Iterator[dict[str, Any]]:
    """Read ``.jsonl`` (optionally ``.gz``) or ``.parquet`` rows, each with an ``id``.

    Raises:
        InputError: If the file is missing, of another kind, unreadable (not UTF-8, not gzip,
            not Parquet), or a line is not a JSON object; the message names the file.
    """
    path = Path(path)
    if not path.exists():
        raise InputError(f"{path} does not exist; pass a .jsonl or .parquet file of logged answers")
    if path.suffix == ".parquet":
        rows: Iterator[dict[str, Any]] = iter(_read_parquet(path))
    elif path.suffix == ".jsonl" or path.name.endswith(".jsonl.gz"):
        rows = _read_jsonl(path)
    else:
        raise InputError(f"{path}: use a .jsonl, .jsonl.gz or .parquet file")
    for index, row in enumerate(rows):
        yield {**row, "id": row_id(row, index)}


class PartWriter:
    """Results written as they come: Parquet parts beside ``out``, merged into ``out`` at the end.

    A run that stops (killed, crashed) leaves its parts; the next run over the same ``out``
    reads the ids already done (in ``out`` and in the parts) and skips them.

    Args:
        out: The final ``.parquet`` file.
        every: Write a part after this many results.
        schema: The results' columns as ``(name, pyarrow type name)`` pairs (e.g.
            ``("id", "string")``): every part and ``out`` are written with it (an empty run too),
            and an existing ``out`` or part must hold these columns. ``None``: any columns with
            an ``id``, types inferred from the rows.
    """

    def __init__(self, out: str | Path, *, every: int = 256,
                 schema: Sequence[tuple[str, str]] | None = None) -> None:
        self.out = Path(out)
        self.parts = self.out.with_name(self.out.name + ".parts")
        self.every = max(1, every)
        self.schema = tuple(schema) if schema is not None else None
        self._pending: list[dict[str, Any]] = []
        self._number = len(list(self.parts.glob("part-*.parquet"))) if self.parts.is_dir() else 0

    def _files(self) -> list[Path]:
        parts = sorted(self.parts.glob("part-*.parquet")) if self.parts.is_dir() else []
        return ([self.out] if self.out.exists() else []) + parts

    def _arrow_schema(self) -> Any:
        pa, _ = _pyarrow()
        return None if self.schema is None else pa.schema([(name, getattr(pa, kind)()) for name, kind in self.schema])

    def _table(self, rows: list[dict[str, Any]]) -> Any:
        pa, _ = _pyarrow()
        return pa.Table.from_pylist(rows, schema=self._arrow_schema())

    def _cannot_write(self, exc: OSError) -> str:
        return (f"cannot write the results file {self.out} ({exc.strerror or _reason(exc)}); pass --out in a "
                f"folder you can write to (the run also writes the folder {self.parts.name} beside it)")

    def _check_file(self, file: Path) -> None:
        """Raise :class:`InputError` when ``file`` is not a results Parquet of this writer's schema."""
        pa, pq = _pyarrow()
        what = "an earlier run's part" if file.parent == self.parts else "the results file"
        todo = f"delete it{' (and ' + self.parts.name + ')' if file == self.out and self.parts.exists() else ''} or pass another --out"
        try:
            names = set(pq.read_schema(file).names)
        except (pa.ArrowException, OSError) as exc:
            raise InputError(f"{file} ({what}) is not a Parquet file ({_reason(exc)}); {todo}") from exc
        wanted = [name for name, _ in self.schema] if self.schema is not None else ["id"]
        missing = [name for name in wanted if name not in names]
        if missing:
            raise InputError(
                f"{file} ({what}) is not a lexguard results file: no {', '.join(repr(m) for m in missing)} "
                f"column{'s' if len(missing) > 1 else ''}; {todo}"
            )

    def check(self) -> None:
        """Check, before any row is validated, that earlier results can be read and ``out`` written.

        Raises:
            InputError: If ``out`` or a part beside it is not a results Parquet of this schema.
            ConfigurationError: If ``out`` (or its parts folder) cannot be written.
        """
        for file in self._files():
            self._check_file(file)
        created = not self.parts.exists()
        probe = self.parts / ".write-check"
        try:
            self.parts.mkdir(parents=True, exist_ok=True)
            probe.write_bytes(b"")
            probe.unlink()
            if created:
                self.parts.rmdir()
        except OSError as exc:
            raise ConfigurationError(self._cannot_write(exc)) from exc

    def done_ids(self) -> set[str]:
        """Ids already validated by earlier (possibly interrupted) runs.

        Raises:
            InputError: If ``out`` or a part is not a results Parquet (see :meth:`check`).
        """
        _, pq = _pyarrow()
        done: set[str] = set()
        for file in self._files():
            self._check_file(file)
            done.update(str(v) for v in pq.read_table(file, columns=["id"]).column("id").to_pylist())
        return done

    def add(self, results: list[dict[str, Any]]) -> None:
        """Queue results; a part is written every ``every`` results."""
        self._pending.extend(results)
        if len(self._pending) >= self.every:
            self.flush()

    def flush(self) -> None:
        """Write the queued results as a new part (atomically: temp file, then rename).

        Raises:
            ConfigurationError: If the part cannot be written.
        """
        if not self._pending:
            return
        _, pq = _pyarrow()
        self._number += 1
        target = self.parts / f"part-{self._number:06d}.parquet"
        tmp = target.with_suffix(".tmp")
        try:
            self.parts.mkdir(parents=True, exist_ok=True)
            pq.write_table(self._table(self._pending), tmp)
            tmp.replace(target)
        except OSError as exc:
            raise ConfigurationError(self._cannot_write(exc)) from exc
        self._pending = []

    def finish(self) -> int:
        """Flush, merge every part into ``out``, remove the parts; return the rows in ``out``.

        An empty run writes ``out`` with the schema and no rows, so a later run can resume it.

        Raises:
            ConfigurationError: If ``out`` cannot be written.
        """
        self.flush()
        pa, pq = _pyarrow()
        files = self._files()
        tables = [pq.read_table(f) for f in files]
        if not tables:
            tables = [self._table([])] if self.schema is not None else [pa.table({"id": pa.array([], pa.string())})]
        table = pa.concat_tables(tables, promote_options="permissive")
        tmp = self.out.with_name(self.out.name + ".tmp")
        try:
            pq.write_table(table, tmp)
            tmp.replace(self.out)
        except OSError as exc:
            raise ConfigurationError(self._cannot_write(exc)) from exc
        shutil.rmtree(self.parts, ignore_errors=True)
        return int(table.num_rows)
