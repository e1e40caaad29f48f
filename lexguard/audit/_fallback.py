"""The fallback file: records a store could not take, appended as JSON lines, and their replay.

Writers append under an exclusive ``flock`` and re-check, once they hold it, that the path still
names the file they opened, so :func:`recover_fallback` (which renames the file before reading
it) never misses a line appended during a recovery. A file that hits the file-size limit
(``EFBIG``, e.g. ``ulimit -f``) or a full disk rolls over to ``<name>.1``, ``<name>.2``, ...;
:func:`read_fallback` and :func:`recover_fallback` read every part.
"""

from __future__ import annotations

import errno
import logging
import os
import re
import tempfile
import threading
from pathlib import Path

from lexguard.audit._models import AuditRecord

try:  # POSIX; elsewhere the in-process lock alone serialises writers
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "DEFAULT_FALLBACK",
    "FALLBACK_ENV",
    "fallback_files",
    "read_fallback",
    "recover_fallback",
    "write_fallback",
]

FALLBACK_ENV = "LEXGUARD_AUDIT_FALLBACK"
DEFAULT_FALLBACK = "lexguard-audit-fallback.jsonl"
_MAX_PARTS = 10_000
_lock = threading.Lock()
_log = logging.getLogger("lexguard.audit")


def _part(path: Path, number: int) -> Path:
    return path if number == 0 else path.with_name(f"{path.name}.{number}")


def _append_locked(path: Path, data: bytes) -> None:
    """Append ``data`` to ``path`` under an exclusive lock, durably (fsync)."""
    path.parent.mkdir(parents=True, exist_ok=True)
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
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fsync(fd)
            return
        finally:
            os.close(fd)


def write_fallback(record: AuditRecord, path: str | os.PathLike[str]) -> Path | None:
    """Append ``record`` as one JSON line to ``path`` (rolling over to ``path.N`` when the file
    cannot grow), else to the temp folder.

    Returns:
        The file written, or ``None`` when nothing could be written (the record is then
        logged at ERROR level on the ``lexguard.audit`` logger, so it still is not lost).
    """
    line = (record.model_dump_json() + "\n").encode("utf-8")
    with _lock:
        for base in (Path(path), Path(tempfile.gettempdir()) / DEFAULT_FALLBACK):
            for number in range(_MAX_PARTS):
                target = _part(base, number)
                try:
                    _append_locked(target, line)
                    return target
                except OSError as exc:
                    if exc.errno not in (errno.EFBIG, errno.ENOSPC, errno.EDQUOT):
                        break  # not a size problem: the next part would fail the same way
                    if number and not target.exists():
                        break  # even an empty new part cannot take it
    _log.error("audit record could not be written anywhere: %s", line.decode("utf-8").rstrip())
    return None


def fallback_files(path: str | os.PathLike[str]) -> list[Path]:
    """``path`` and its roll-over parts (``path.1``, ...), plus files a recovery left behind
    (``path.recovering-*``), that exist."""
    base = Path(path)
    if not base.parent.is_dir():
        return []
    pattern = re.compile(re.escape(base.name) + r"(\.\d+)?(\.recovering-\d+)?")
    found = [p for p in base.parent.iterdir() if pattern.fullmatch(p.name) and p.is_file()]
    return sorted(found, key=lambda p: (len(p.name), p.name))


def _read_one(file: Path) -> list[AuditRecord]:
    records: list[AuditRecord] = []
    with file.open("rb") as handle:
        for raw in handle:
            if not raw.strip():
                continue
            try:
                records.append(AuditRecord.model_validate_json(raw))
            except ValueError:
                _log.warning("skipping an unreadable (torn) line of %s", file)
    return records


def read_fallback(path: str | os.PathLike[str]) -> list[AuditRecord]:
    """Read the records of a fallback file and its parts (torn lines, from a crash or a full
    disk, are skipped)."""
    records: list[AuditRecord] = []
    for file in fallback_files(path):
        records.extend(_read_one(file))
    return records


def recover_fallback(store: object, path: str | os.PathLike[str]) -> int:
    """Move the records of a fallback file (and its parts) into ``store``.

    Each file is first renamed to ``<name>.recovering-<pid>`` (writers that come later start a
    new file), read, written record by record (records already in the store are skipped), then
    renamed to ``<name>.recovered``. If a write fails, the error propagates and the
    ``.recovering`` file stays; the next recovery picks it up.

    Args:
        store: The audit store (anything with ``get`` and ``write``).
        path: The fallback file.

    Returns:
        How many records were written.
    """
    written = 0
    for file in fallback_files(path):
        if ".recovering-" in file.name:
            work = file
        else:
            work = file.with_name(f"{file.name}.recovering-{os.getpid()}")
            os.replace(file, work)
        if fcntl is not None:  # wait for a writer that opened the file before the rename
            with work.open("rb") as handle:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        for record in _read_one(work):
            if store.get(record.audit_id) is None:  # type: ignore[attr-defined]
                store.write(record)  # type: ignore[attr-defined]
                written += 1
        done = work.with_name(re.sub(r"\.recovering-\d+$", "", work.name) + ".recovered")
        if done.exists():
            with done.open("ab") as out, work.open("rb") as src:
                out.write(src.read())
            work.unlink()
        else:
            os.replace(work, done)
    return written
