"""A guard process under one machine fault: ``python -m tests.audit._faults FAULT DB N``.

Faults: ``disk-full`` (every write into the database's folder fails with ``ENOSPC``, files can
still be created: what made 10,000 empty parts), ``read-only`` (the folder refuses to open files
for writing, ``EROFS``), ``ulimit-f`` (``RLIMIT_FSIZE`` of a few records), ``ulimit-f-tiny`` (less than one record), ``typo``
(``LEXGUARD_AUDIT_RETENTION_DAYS=90d``). Prints each run's audit id when the guard returned one
(an acknowledged record), ``refused: ...`` when the guard could not be built, then ``done``.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import sys
import warnings
from pathlib import Path
from typing import Any

_real_open, _real_write = os.open, os.write


def _under(folder: str, fd_or_path: int | str | os.PathLike[str]) -> bool:
    try:
        path = os.readlink(f"/proc/self/fd/{fd_or_path}") if isinstance(fd_or_path, int) else os.fspath(fd_or_path)
    except OSError:
        return False
    return os.path.abspath(path).startswith(folder + os.sep)


def _inject(fault: str, folder: str) -> None:
    """Simulate the fault for Python's file writes (the SQLite store fails on its own, below)."""
    if fault == "disk-full":

        def write(fd: int, data: Any) -> int:
            if _under(folder, fd):
                raise OSError(errno.ENOSPC, "No space left on device")
            return _real_write(fd, data)

        os.write = write  # type: ignore[assignment]
    elif fault == "read-only":

        def open_(path: Any, flags: int, mode: int = 0o777, **kwargs: Any) -> int:
            if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and _under(folder, path):
                raise OSError(errno.EROFS, "Read-only file system", os.fspath(path))
            return _real_open(path, flags, mode, **kwargs)

        os.open = open_  # type: ignore[assignment]
    elif fault == "ulimit-f":
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (6000, 6000))  # a few records, no database
    elif fault == "ulimit-f-tiny":
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))  # less than one record
    elif fault == "typo":
        os.environ["LEXGUARD_AUDIT_RETENTION_DAYS"] = "90d"


def _store(fault: str, db: str) -> Any:
    from lexguard.audit import SQLiteAuditStore

    class FaultyDisk(SQLiteAuditStore):
        """SQLite on the faulty folder: its C library writes fail as the folder's would."""

        def write(self, record: Any) -> str:
            message = "database or disk is full" if fault == "disk-full" else "attempt to write a readonly database"
            raise sqlite3.OperationalError(message)

    return FaultyDisk(db) if fault in ("disk-full", "read-only") else db


def main() -> None:
    fault, db, runs = sys.argv[1], os.path.abspath(sys.argv[2]), int(sys.argv[3])
    from lexguard import Guard, LexguardError
    from lexguard.audit import AuditWarning
    from tests.fakes import SubstringChecker

    warnings.simplefilter("ignore", AuditWarning)
    _inject(fault, str(Path(db).parent))
    try:
        guard = Guard(audit=_store(fault, db), checker=SubstringChecker(), max_retries=0)
    except LexguardError as exc:
        print(f"refused: {exc}", flush=True)
        return
    for i in range(runs):
        report = guard.invoke({"answer": "Paris is the capital of France.",
                               "sources": ["Paris is the capital of France."], "question": f"{fault}-{i}"})
        if report.metadata.get("audit_id"):
            print(report.metadata["audit_id"], flush=True)
    print("done", flush=True)


if __name__ == "__main__":
    main()
