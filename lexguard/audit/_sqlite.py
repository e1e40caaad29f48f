"""The default audit store: one SQLite file in WAL mode (stdlib ``sqlite3``)."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from lexguard._errors import ConfigurationError
from lexguard.audit._fallback import default_fallback_path
from lexguard.audit._models import AuditLabel, AuditRecord
from lexguard.audit._sql import UPSERT_LABEL, SQLAuditStore, SQLDialect, cutoff
from lexguard.audit._store import (
    AuditStoreError,
    Redactor,
    epoch,
    lock_timeout_from_env,
    retention_days_from_env,
)

__all__ = ["SQLiteAuditStore"]

_MIGRATIONS: tuple[str, ...] = (
    # 1: records, indexed by time, session and status
    """
    CREATE TABLE IF NOT EXISTS audit_records (
        audit_id    TEXT PRIMARY KEY,
        ts          REAL NOT NULL,
        session_id  TEXT,
        response_id TEXT,
        status      TEXT NOT NULL,
        record      TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS audit_records_ts ON audit_records (ts);
    CREATE INDEX IF NOT EXISTS audit_records_session ON audit_records (session_id);
    """,
    # 2: status index, human labels
    """
    CREATE INDEX IF NOT EXISTS audit_records_status ON audit_records (status, ts);
    CREATE TABLE IF NOT EXISTS audit_labels (
        audit_id    TEXT PRIMARY KEY REFERENCES audit_records (audit_id) ON DELETE CASCADE,
        label       TEXT NOT NULL CHECK (label IN ('correct', 'hallucinated')),
        note        TEXT,
        labelled_at REAL NOT NULL
    );
    """,
)
SCHEMA_VERSION = len(_MIGRATIONS)


class SQLiteAuditStore(SQLAuditStore):
    """The default audit store: one SQLite file in WAL mode (stdlib ``sqlite3``).

    Thread-safe (one connection behind a lock); several processes may write the same file
    (SQLite locking). Every write is its own transaction, so a process killed mid-run leaves a
    readable database holding every committed record. The file is opened lazily on first use,
    so constructing a store never fails; an unavailable file surfaces as
    :class:`AuditStoreError` from the first operation. The schema version is kept in
    ``PRAGMA user_version`` and forward migrations are applied on open.

    Args:
        path: Database file (parent folders are created), or ``":memory:"``.
        retention_days: Records older than this are purged; defaults to
            ``LEXGUARD_AUDIT_RETENTION_DAYS`` / ``AUDIT_RETENTION_DAYS`` or 90.
        redact: Optional hook applied to query/answer/source text before records are built.
        fallback_path: Where :func:`~lexguard.audit.record_report` appends records the store
            could not take; defaults to ``$LEXGUARD_AUDIT_FALLBACK``, else
            ``<path>.fallback.jsonl`` (:func:`~lexguard.audit._fallback.default_fallback_path`).
        purge_on_open: Purge expired records when the file is first opened.
        synchronous: SQLite ``synchronous`` pragma: ``FULL`` (durable on power loss, default)
            or ``NORMAL`` (faster; still never corrupt).
        timeout: Seconds a write waits for another process's lock before it fails (and the
            record goes to the fallback file); defaults to ``LEXGUARD_AUDIT_LOCK_TIMEOUT`` or 2.

    Raises:
        ConfigurationError: If ``retention_days`` (or an environment variable) is invalid.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        retention_days: int | None = None,
        redact: Redactor | None = None,
        fallback_path: str | os.PathLike[str] | None = None,
        purge_on_open: bool = True,
        synchronous: str = "FULL",
        timeout: float | None = None,
    ) -> None:
        if retention_days is not None and retention_days < 1:
            raise ConfigurationError(f"retention_days={retention_days} must be at least 1")
        if synchronous.upper() not in {"FULL", "NORMAL", "EXTRA"}:
            raise ConfigurationError(f"synchronous={synchronous!r}; use FULL, NORMAL or EXTRA")
        if timeout is not None and not timeout >= 0:
            raise ConfigurationError(f"timeout={timeout} must be a non-negative number of seconds")
        self.path = str(path)
        self.retention_days = (
            retention_days if retention_days is not None else retention_days_from_env()
        )
        self.redact = redact
        self.fallback_path = (
            Path(os.path.abspath(fallback_path)) if fallback_path is not None else default_fallback_path(self.path)
        )
        self._purge_on_open = purge_on_open
        self._synchronous = synchronous.upper()
        self.timeout = timeout if timeout is not None else lock_timeout_from_env()
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = None

    dialect = SQLDialect(records="audit_records", labels="audit_labels", mark="?", seq="rowid", time=epoch)

    def __repr__(self) -> str:
        return f"SQLiteAuditStore({self.path!r}, retention_days={self.retention_days})"

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version >= SCHEMA_VERSION:
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            for number, script in enumerate(_MIGRATIONS[version:], start=version + 1):
                for statement in script.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _connection(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        conn: sqlite3.Connection | None = None
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(
                self.path, timeout=self.timeout, check_same_thread=False, isolation_level=None
            )
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute(f"PRAGMA synchronous={self._synchronous}")
            conn.execute("PRAGMA foreign_keys=ON")
            self._migrate(conn)
        except (OSError, sqlite3.Error) as exc:
            if conn is not None:
                conn.close()
            raise AuditStoreError(
                f"cannot open the audit database {self.path!r}: {exc}; check that its folder "
                "exists and is writable and that no other process holds it locked"
            ) from exc
        self._conn = conn
        if self._purge_on_open:
            self._delete_before(cutoff(self.retention_days, None))
        return conn

    def _run(
        self, sql: str, params: Sequence[object] = ()
    ) -> tuple[list[tuple[Any, ...]], int]:
        """Execute one statement under the lock; return its rows and rowcount."""
        with self._lock:
            try:
                cursor = self._connection().execute(sql, tuple(params))
                return cursor.fetchall(), cursor.rowcount
            except sqlite3.Error as exc:
                raise AuditStoreError(f"audit database {self.path!r}: {exc}") from exc

    def _fetch(self, sql: str, params: Sequence[object] = ()) -> list[Sequence[Any]]:
        return list(self._run(sql, params)[0])

    def _where(self) -> str:
        return repr(self.path)

    def write(self, record: AuditRecord) -> str:
        """Insert ``record`` in its own transaction and return its audit id.

        Raises:
            AuditStoreError: If the database is unavailable, stays locked longer than
                ``timeout`` or the id already exists.
        """
        self._run(self._insert_sql(), self._row(record))
        return record.audit_id

    def _put_label(self, value: AuditLabel) -> bool:
        with self._lock:
            if self.get(value.audit_id) is None:
                return False
            self._run(
                "INSERT INTO audit_labels (audit_id, label, note, labelled_at) "
                f"VALUES (?, ?, ?, ?) {UPSERT_LABEL}",
                (value.audit_id, value.label, value.note, epoch(value.labelled_at)),
            )
        return True

    def _delete_before(self, before: datetime) -> int:
        return self._run("DELETE FROM audit_records WHERE ts < ?", (epoch(before),))[1]

    def integrity_check(self) -> bool:
        """Run SQLite's ``PRAGMA integrity_check``; ``True`` when the file is sound."""
        rows, _ = self._run("PRAGMA integrity_check")
        return bool(rows) and rows[0][0] == "ok"

    def close(self) -> None:
        """Close the connection (a later call reopens it)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
