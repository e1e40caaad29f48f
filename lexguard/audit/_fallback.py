"""The fallback file: records a store could not take, appended as JSON lines, and their replay.

**Where records go** (one documented place per store, :func:`fallback_locations`):

1. the store's fallback file: ``$LEXGUARD_AUDIT_FALLBACK`` when set, else ``<database>.fallback.jsonl``
   next to a SQLite database, else ``lexguard-audit-fallback.jsonl`` in the working directory
   (made absolute when the store is built), and at most :data:`MAX_PARTS` - 1 roll-over parts
   ``<file>.1``, ``<file>.2``, ... when the file cannot grow (``EFBIG`` from ``ulimit -f``, a full
   disk);
2. when that folder cannot be written (read-only, missing, full): its *twin* in the temp folder,
   ``<tmp>/lexguard-audit/<hash of the file's absolute path>-<file name>``, with the same parts;
3. when no file can take the record: an ERROR line on the ``lexguard.audit`` logger holding the
   whole record, and :func:`write_fallback` returns ``None`` (the record is *not* acknowledged).

A record is appended whole or not at all: a write that fails part-way is truncated back, and a
record larger than the process's file-size limit is not attempted. An empty part created by a
failed write is removed. :func:`recover_records` (``lexguard audit recover``) reads every place
of step 1 and 2 and counts what it found, wrote and could not parse.

Writers append under an exclusive ``flock`` and re-check, once they hold it, that the path still
names the file they opened, so a recovery (which renames the file before reading it) never
misses a line appended during it.
"""

from __future__ import annotations

import errno
import hashlib
import logging
import os
import re
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from lexguard.audit._models import AuditRecord

try:  # POSIX; elsewhere the in-process lock alone serialises writers
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

try:
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None  # type: ignore[assignment]

__all__ = [
    "DEFAULT_FALLBACK",
    "FALLBACK_ENV",
    "MAX_PARTS",
    "FallbackRecovery",
    "default_fallback_path",
    "fallback_files",
    "fallback_locations",
    "read_fallback",
    "recover_fallback",
    "recover_records",
    "write_fallback",
]

FALLBACK_ENV = "LEXGUARD_AUDIT_FALLBACK"
DEFAULT_FALLBACK = "lexguard-audit-fallback.jsonl"
MAX_PARTS = 8
"""Files per place: the fallback file and at most seven roll-over parts."""
_TEMP_FOLDER = "lexguard-audit"
_SIZE_ERRORS = frozenset({errno.EFBIG, errno.ENOSPC, errno.EDQUOT})
_lock = threading.Lock()
_log = logging.getLogger("lexguard.audit")


def default_fallback_path(database: str | None = None) -> Path:
    """The fallback file of a store: ``$LEXGUARD_AUDIT_FALLBACK``, else ``<database>.fallback.jsonl``
    for a SQLite file, else ``lexguard-audit-fallback.jsonl`` in the working directory; absolute.

    Args:
        database: The SQLite database file, or ``None`` (PostgreSQL, in memory).
    """
    configured = os.environ.get(FALLBACK_ENV, "").strip()
    if configured:
        return Path(os.path.abspath(configured))
    if database and database != ":memory:":
        return Path(os.path.abspath(f"{database}.fallback.jsonl"))
    return Path(os.path.abspath(DEFAULT_FALLBACK))


def fallback_locations(path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """The two places records of fallback file ``path`` may be in: ``path`` and its temp-folder twin."""
    primary = Path(os.path.abspath(path))
    digest = hashlib.sha256(str(primary).encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return primary, Path(tempfile.gettempdir()) / _TEMP_FOLDER / f"{digest}-{primary.name}"


def _part(path: Path, number: int) -> Path:
    return path if number == 0 else path.with_name(f"{path.name}.{number}")


def _size_limit() -> int | None:
    if resource is None:  # pragma: no cover - Windows
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_FSIZE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def _write_whole(fd: int, data: bytes) -> None:
    """Append ``data`` at the end of ``fd``, or leave the file as it was and raise ``OSError``."""
    start = os.fstat(fd).st_size
    limit = _size_limit()
    if limit is not None and start + len(data) > limit:
        raise OSError(errno.EFBIG, "the record does not fit under the file-size limit")
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except OSError:
        try:
            os.ftruncate(fd, start)  # never leave a torn line
        finally:
            raise


def _append_locked(path: Path, data: bytes) -> None:
    """Append ``data`` to ``path`` under an exclusive lock, whole and durably (fsync).

    An empty file this call created is removed again when the write fails.
    """
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    while True:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if not same:  # renamed by a recovery meanwhile: append to the new file
                continue
            try:
                _write_whole(fd, data)
            except OSError:
                if os.fstat(fd).st_size == 0:
                    path.unlink(missing_ok=True)
                raise
            return
        finally:
            os.close(fd)


def _write_at(base: Path, line: bytes) -> Path | None:
    """Append ``line`` to ``base`` or one of its parts; ``None`` when none takes it."""
    for number in range(MAX_PARTS):
        target = _part(base, number)
        try:
            _append_locked(target, line)
            return target
        except OSError as exc:
            if exc.errno not in _SIZE_ERRORS:
                return None  # not a size problem: the next part would fail the same way
            limit = _size_limit()
            if limit is not None and len(line) > limit:
                return None  # no file of this process can hold it
    return None


def write_fallback(record: AuditRecord, path: str | os.PathLike[str]) -> Path | None:
    """Append ``record`` as one whole JSON line at ``path`` (or a part), else at its temp twin.

    Returns:
        The file written, or ``None`` when no file could take the record whole: the record is
        then logged at ERROR level on the ``lexguard.audit`` logger and is not acknowledged.
    """
    line = (record.model_dump_json() + "\n").encode("utf-8")
    with _lock:
        for base in fallback_locations(path):
            target = _write_at(base, line)
            if target is not None:
                return target
    _log.error("audit record could not be written anywhere: %s", line.decode("utf-8").rstrip())
    return None


def _files_at(base: Path) -> list[Path]:
    if not base.parent.is_dir():
        return []
    pattern = re.compile(re.escape(base.name) + r"(\.\d+)?(\.recovering-\d+)?")
    found = [p for p in base.parent.iterdir() if pattern.fullmatch(p.name) and p.is_file()]
    return sorted(found, key=lambda p: (len(p.name), p.name))


def fallback_files(path: str | os.PathLike[str]) -> list[Path]:
    """The files that may hold records of fallback file ``path``: it, its parts, its temp-folder
    twin and the twin's parts, and files a recovery left behind (``*.recovering-*``)."""
    return [file for base in fallback_locations(path) for file in _files_at(base)]


def _read_one(file: Path) -> tuple[list[AuditRecord], int]:
    records: list[AuditRecord] = []
    bad = 0
    with file.open("rb") as handle:
        for raw in handle:
            if not raw.strip():
                continue
            try:
                records.append(AuditRecord.model_validate_json(raw))
            except ValueError:
                bad += 1
                _log.warning("skipping an unreadable (torn) line of %s", file)
    return records, bad


def read_fallback(path: str | os.PathLike[str]) -> list[AuditRecord]:
    """Read the records of every file of :func:`fallback_files` (unreadable lines are skipped)."""
    return [record for file in fallback_files(path) for record in _read_one(file)[0]]


@dataclass(frozen=True)
class FallbackRecovery:
    """What a recovery found.

    Attributes:
        files: The files read.
        found: Records read from them.
        written: Records written to the store (the others were in it already).
        unparseable: Lines that are no record (kept in the ``*.recovered`` file).
    """

    files: tuple[Path, ...]
    found: int
    written: int
    unparseable: int


def _claim(file: Path) -> Path:
    """Rename ``file`` aside for this recovery and wait for a writer that opened it before."""
    if ".recovering-" in file.name:
        work = file
    else:
        work = file.with_name(f"{file.name}.recovering-{os.getpid()}")
        os.replace(file, work)
    if fcntl is not None:
        with work.open("rb") as handle:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    return work


def _retire(work: Path) -> None:
    done = work.with_name(re.sub(r"\.recovering-\d+$", "", work.name) + ".recovered")
    if done.exists():
        with done.open("ab") as out, work.open("rb") as src:
            out.write(src.read())
        work.unlink()
    else:
        os.replace(work, done)


def recover_records(store: object, path: str | os.PathLike[str]) -> FallbackRecovery:
    """Move the records of every file of :func:`fallback_files` into ``store``, with counts.

    Each file is renamed to ``<name>.recovering-<pid>`` (writers that come later start a new
    file), read, written record by record (records already in the store are skipped), then
    renamed to ``<name>.recovered``. If a write fails the error propagates and the
    ``.recovering`` file stays; the next recovery picks it up.

    Args:
        store: The audit store (anything with ``get`` and ``write``).
        path: The store's fallback file.
    """
    files = fallback_files(path)
    found = written = bad = 0
    for file in files:
        work = _claim(file)
        records, unparseable = _read_one(work)
        found, bad = found + len(records), bad + unparseable
        for record in records:
            if store.get(record.audit_id) is None:  # type: ignore[attr-defined]
                store.write(record)  # type: ignore[attr-defined]
                written += 1
        _retire(work)
    return FallbackRecovery(files=tuple(files), found=found, written=written, unparseable=bad)


def recover_fallback(store: object, path: str | os.PathLike[str]) -> int:
    """:func:`recover_records`, returning only how many records were written."""
    return recover_records(store, path).written
